import { Button } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useEditorTranslation } from '../i18n.js';
import { draftsApi } from '../lib/drafts-api.js';
import { errorMessage } from '../lib/errors.js';
import { Panel } from './Panel.js';

const absolute = (path: string) => `${globalThis.location?.origin ?? ''}${path}`;

/**
 * The shareable preview link of the draft: anyone holding it reads the draft; refreshing makes a new link and the
 * old one stops working (POST /api/drafts/{id}/preview). Only the draft's owner has one.
 */
export function PreviewLink({ draftId, token }: { draftId: string | null; token: string | null }) {
  const { t } = useEditorTranslation();
  const id = useId();
  const [url, setUrl] = useState<string | null>(token ? absolute(`/preview/${token}`) : null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();

  async function create() {
    if (!draftId) return;
    const refreshing = url !== null;
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      const answer = await draftsApi.preview(draftId);
      setUrl(absolute(answer.url || `/preview/${answer.token}`));
      setMessage(refreshing ? t('preview.refreshed') : t('preview.created'));
    } catch (e) {
      setError(errorMessage(e, t('common:dialog.failure')));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setMessage(t('preview.copied'));
    } catch {
      // Clipboard refused (permissions): the field is selected for a manual copy.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setMessage(t('preview.copyManually'));
    }
  }

  return (
    <Panel id={`${id}-title`} title={t('preview.title')}>
      <p className="pc-write__hint">{draftId ? t('preview.text') : t('preview.afterSave')}</p>
      {url && (
        <div className="pc-field">
          <label className="pc-field__label" htmlFor={`${id}-url`}>
            {t('preview.link')}
          </label>
          <input
            id={`${id}-url`}
            className="pc-input"
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
          />
        </div>
      )}
      <div className="pc-write__panel-actions">
        {url ? (
          <>
            <Button variant="secondary" onClick={() => void copy()}>
              {t('preview.copy')}
            </Button>
            <a className="pc-button pc-button--ghost" href={url} target="_blank" rel="noopener noreferrer">
              {t('preview.openLink')}
            </a>
            <Button variant="ghost" busy={busy} onClick={() => void create()}>
              {t('preview.refresh')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" busy={busy} disabled={!draftId} onClick={() => void create()}>
            {t('preview.create')}
          </Button>
        )}
      </div>
      {url && <p className="pc-field__hint">{t('preview.refreshHint')}</p>}
      <p className="pc-write__note" role="status">
        {message}
      </p>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </Panel>
  );
}
