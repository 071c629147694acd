import { Button } from '@pencraft/ui';
import { Link } from 'react-router';
import { useEditorTranslation } from '../i18n.js';
import type { SaverSnapshot } from '../lib/saver.js';

/**
 * The save state (editing, saving, saved, failed) announced politely to screen readers, with what a failure means
 * for the writer's text and what happens next.
 */
export function SaveStatus({ id, snapshot, onRetry }: { id: string; snapshot: SaverSnapshot; onRetry: () => void }) {
  const { t, i18n } = useEditorTranslation();
  const { state, failure } = snapshot;
  const time = snapshot.savedAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' }).format(snapshot.savedAt)
    : '';
  return (
    <div className="pc-save">
      <p id={id} className={`pc-save-state pc-save-state--${state}`} role="status" aria-live="polite">
        <span className="pc-save-state__dot" aria-hidden="true" />
        <span className="pc-visually-hidden">{t('status.label')}: </span>
        <span data-save-state={state}>{t(`status.${state}`)}</span>
        {state === 'saved' && time && <span className="pc-save-state__time"> · {t('status.savedAt', { time })}</span>}
      </p>
      {failure && failure.kind !== 'conflict' && (
        <div className="pc-save__problem" role="alert">
          <p>
            {failure.kind === 'network'
              ? t('status.offline', { seconds: Math.max(1, Math.round(failure.retryInMs / 1000)) })
              : t('status.refused', { message: failure.message })}{' '}
            {snapshot.keptLocally ? t('status.keptLocally') : t('status.notKeptLocally')}
          </p>
          {failure.kind === 'refused' && /^Max.*Count/.test(failure.code) ? (
            <Link className="pc-button pc-button--secondary" to="/drafts">
              {t('drafts.open')}
            </Link>
          ) : (
            <Button variant="secondary" onClick={onRetry}>
              {t('status.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
