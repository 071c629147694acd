import { Button } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useEditorTranslation } from '../i18n.js';
import { draftsApi } from '../lib/drafts-api.js';
import { errorMessage } from '../lib/errors.js';
import { Panel } from './Panel.js';

const absolute = (path: string) => `${globalThis.location?.origin ?? ''}${path}`;

/**
 * The shareable preview link of the draft: anyone holding it reads the draft for 30 days; refreshing makes a new link
 * and the old one stops working (POST /api/drafts/{id}/preview). Only the draft's owner has one. The server keeps only
 * the token's hash, so the link is shown when it is made; later the panel says until when it works.
 */
export function PreviewLink({ draftId, expiresAt }: { draftId: string | null; expiresAt: string | null }) {
  const { t, i18n } = useEditorTranslation();
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [expires, setExpires] = useState<string | null>(expiresAt);
  // When the panel opened: whether the link still works is told against it (a render stays pure).
  const [openedAt] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();

  async function create() {
    if (!draftId) return;
    const refreshing = url !== null || expires !== null;
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      const answer = await draftsApi.preview(draftId);
      setUrl(absolute(answer.url || `/preview/${answer.token}`));
      setExpires(answer.expiresAt);
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
            {expires ? t('preview.refresh') : t('preview.create')}
          </Button>
        )}
      </div>
      {url && <p className="pc-field__hint">{t('preview.refreshHint')}</p>}
      {!url && expires && <p className="pc-field__hint">{t('preview.shownOnce')}</p>}
      {expires && (
        <p className="pc-field__hint">
          {t(Date.parse(expires) > openedAt ? 'preview.expires' : 'preview.expired', {
            date: new Date(expires).toLocaleDateString(i18n.language),
          })}
        </p>
      )}
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
