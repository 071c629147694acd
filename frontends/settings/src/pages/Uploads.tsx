import { api, Button, EmptyState, errorMessage, formatDateTime, useFeedback, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { ConfirmDialog } from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import { ImageRow, type UploadedImage as Image } from '../uploads/ImageRow.js';
import '../uploads/uploads.css';

/**
 * /settings/uploads: the uploads log (GET /api/ttin/logs/img), the editor images of the signed-in user newest first,
 * older pages appended on demand; an unused one is deleted (DELETE /api/publication/f) after a confirmation.
 */
export default function Uploads() {
  const { t: ts } = useSettingsTranslation();
  const { t } = useTranslation('uploads');
  const id = useId();
  const feedback = useFeedback();
  const log = useLoad((signal) => api.get('/api/ttin/logs/img', { signal }), [], t('common:dialog.failure'));
  const [moreBusy, setMoreBusy] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const [deleting, setDeleting] = useState<Image>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

  const page = log.state.status === 'ready' ? log.state.data : undefined;

  const loadMore = () => {
    if (!page?.nextCursor) return;
    setMoreBusy(true);
    setMoreError(undefined);
    api
      .get('/api/ttin/logs/img', { params: { query: { cursor: page.nextCursor } } })
      .then(
        (next) => log.set({ items: [...page.items, ...next.items], nextCursor: next.nextCursor }),
        (failure: unknown) => setMoreError(errorMessage(failure, t('common:dialog.failure'))),
      )
      .finally(() => setMoreBusy(false));
  };

  const remove = async () => {
    if (!deleting || !page) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await api.delete('/api/publication/f', { params: { query: { key: deleting.key } } });
      log.set({ ...page, items: page.items.filter((image) => image.key !== deleting.key) });
      setDeleting(undefined);
      feedback.success(t('deleted'));
    } catch (failure) {
      setDeleteError(errorMessage(failure, t('common:dialog.failure')));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <SettingsFrame title={ts('sections.uploads.title')}>
      {() => (
        <Panel id={`${id}-title`} title={t('title')}>
          <p className="pc-settings__text">{t('text')}</p>
          <p className="pc-settings__text">{t('notListed')}</p>
          <Loaded state={log.state} onRetry={log.reload}>
            {(data) =>
              data.items.length === 0 ? (
                <EmptyState title={t('empty')} />
              ) : (
                <>
                  <ul className="pc-settings__list pc-settings__rows" data-uploads>
                    {data.items.map((image) => (
                      <ImageRow
                        key={image.key}
                        image={image}
                        busy={deleteBusy}
                        onDelete={(chosen) => {
                          setDeleteError(undefined);
                          setDeleting(chosen);
                        }}
                      />
                    ))}
                  </ul>
                  {data.nextCursor && (
                    <div className="pc-settings__actions">
                      <Button variant="secondary" busy={moreBusy} onClick={loadMore}>
                        {t('more')}
                      </Button>
                    </div>
                  )}
                  <FormError message={moreError} />
                </>
              )
            }
          </Loaded>
          <ConfirmDialog
            open={deleting !== undefined}
            title={t('confirmTitle')}
            text={t('confirmText')}
            confirmLabel={t('confirm')}
            cancelLabel={t('cancel')}
            variant="danger"
            busy={deleteBusy}
            error={deleteError}
            onConfirm={() => void remove()}
            onClose={() => setDeleting(undefined)}
          >
            {deleting && (
              <img
                className="pc-uploads__confirm-thumb"
                src={deleting.thumbnail.url}
                width={deleting.thumbnail.width}
                height={deleting.thumbnail.height}
                alt={t('alt', { date: formatDateTime(deleting.uploadedAt, t) })}
              />
            )}
          </ConfirmDialog>
        </Panel>
      )}
    </SettingsFrame>
  );
}
