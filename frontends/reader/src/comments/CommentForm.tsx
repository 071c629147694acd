import { COMMENT_CONTENT_MAX, codePointLength, commentContentProblem, normalizeCommentContent } from '@pencraft/rules';
import { ApiError, Button, TextField } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useReaderTranslation } from '../i18n.js';

/**
 * Writing a comment, a reply or an edit: plain text with a counter, checked by the same rules as the server
 * (@pencraft/rules), and the server's own localized refusal (InvalidContent, CommentsCountExceed, ...) shown
 * under it. The text stays when sending fails.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  /** Sends the text; rejects with the server's ApiError. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useReaderTranslation();
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const normalized = normalizeCommentContent(text);
  const length = codePointLength(normalized);
  const problem = commentContentProblem(normalized);
  const fieldError =
    problem === 'contentLength'
      ? t('comments.tooLong', { max: COMMENT_CONTENT_MAX })
      : problem === 'contentRequired' && tried
        ? t('comments.required')
        : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit(text);
      setText('');
      setTried(false);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('comments.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pc-comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        multiline
        label={label}
        hint={t('comments.hint')}
        placeholder={t('comments.placeholder')}
        value={text}
        rows={initial ? 4 : 3}
        autoFocus={autoFocus}
        error={fieldError}
        counter={t('comments.counter', { count: length, max: COMMENT_CONTENT_MAX })}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {failure && (
        <p className="pc-field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="pc-comment-form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
