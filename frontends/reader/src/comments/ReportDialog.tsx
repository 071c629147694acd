import { codePointLength, REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '@pencraft/rules';
import { ApiError, Button, TextField } from '@pencraft/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useReaderTranslation } from '../i18n.js';

/**
 * Reporting a comment (or an article: `title` names it): one of the six reasons of SPEC.md and an optional note. The
 * server's refusals (AlreadyReportedComment, AlreadyReportedArticle, ReportsCountExceed, ...) are shown in the
 * dialog, in the reader's language.
 */
export function ReportDialog({
  open,
  title,
  onSend,
  onClose,
}: {
  open: boolean;
  /** The dialog's heading; the comment report's by default. */
  title?: string;
  /** Sends the report; rejects with the server's ApiError. */
  onSend: (reason: ReportReason, note: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useReaderTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const noteTooLong = codePointLength(note.trim()) > REPORT_NOTE_MAX;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setNote('');
      setTried(false);
      setFailure(undefined);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  async function send(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!reason || noteTooLong || busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSend(reason, note.trim());
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('comments.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className="pc-dialog pc-report-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="pc-report-dialog__body" onSubmit={(event) => void send(event)} noValidate>
        <h2 id={titleId} className="pc-dialog__title">
          {title ?? t('comments.reportTitle')}
        </h2>
        <fieldset className="pc-report-dialog__reasons" aria-invalid={tried && !reason ? true : undefined}>
          <legend className="pc-field__label">{t('comments.reportReason')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="pc-report-dialog__reason">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {t(`comments.reasons.${value}`)}
            </label>
          ))}
          {tried && !reason && <p className="pc-field__error">{t('comments.chooseReason')}</p>}
        </fieldset>
        <TextField
          multiline
          rows={3}
          label={t('comments.reportNote')}
          value={note}
          error={noteTooLong ? t('comments.noteTooLong', { max: REPORT_NOTE_MAX }) : undefined}
          counter={t('comments.counter', { count: codePointLength(note.trim()), max: REPORT_NOTE_MAX })}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {failure && (
          <p className="pc-field__error" role="alert">
            {failure}
          </p>
        )}
        <div className="pc-comment-dialog__actions">
          <Button type="submit" busy={busy}>
            {t('comments.reportSend')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
