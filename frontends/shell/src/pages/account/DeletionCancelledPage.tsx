import { useDocumentMeta, useSession } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** Where the cancel link of the deletion notice lands (/api/atrium/crawl redirects here with the result). */
export function DeletionCancelledPage() {
  const { t } = useTranslation('shell');
  const { state } = useSession();
  const [params] = useSearchParams();
  const ok = params.get('status') === 'cancelled';
  useDocumentMeta(`${t('deletion.landingTitle')} — Pencraft`);
  return (
    <div className="pc-container pc-page pc-auth">
      <div className="pc-auth__card">
        <h1>{t('deletion.landingTitle')}</h1>
        {ok ? (
          <p className="pc-form-success" role="status">
            {t('deletion.landingOk')}
          </p>
        ) : (
          <p className="pc-form-error" role="alert">
            {t('deletion.landingFailed')}
          </p>
        )}
        <Link className="pc-button pc-button--primary" to={state.status === 'user' ? '/' : '/login'}>
          {state.status === 'user' ? t('confirm.continue') : t('confirm.signIn')}
        </Link>
      </div>
    </div>
  );
}
