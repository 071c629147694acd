import { Button } from '@pencraft/ui';
import { useEffect, useId, useRef } from 'react';
import { useEditorTranslation } from '../i18n.js';

/**
 * The draft was saved elsewhere (another tab or device) after this browser's copy was made: nothing is sent until
 * the writer chooses which version to keep. Escape and the backdrop do not close it: a choice is needed.
 */
export function ConflictDialog({
  open,
  busy,
  error,
  onKeepMine,
  onTakeTheirs,
}: {
  open: boolean;
  busy: boolean;
  error: string | undefined;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { t } = useEditorTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="pc-dialog pc-conflict"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="pc-dialog__body">
        <h2 id={titleId} className="pc-dialog__title">
          {t('conflict.title')}
        </h2>
        <div id={textId}>
          <p className="pc-dialog__message">{t('conflict.text')}</p>
          <p className="pc-dialog__message">{t('conflict.choices')}</p>
        </div>
        {error && (
          <p className="pc-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="pc-conflict__actions">
          <Button onClick={onKeepMine} busy={busy} autoFocus>
            {t('conflict.keepMine')}
          </Button>
          <Button variant="secondary" onClick={onTakeTheirs} disabled={busy}>
            {t('conflict.takeTheirs')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
