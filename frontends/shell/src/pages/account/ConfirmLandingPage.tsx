import { useDocumentMeta, useSession } from '@pencraft/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { stepPath } from '../../lib/onboarding.js';

/**
 * Where the confirmation link of the registration mail lands: /api/atrium/wrap checks the link and redirects here
 * with the result. A signed-in person goes on with the registration steps.
 */
export function ConfirmLandingPage() {
  const { t } = useTranslation('shell');
  const { state, refresh } = useSession();
  const [params] = useSearchParams();
  const ok = params.get('result') === 'ok';
  useDocumentMeta(`${t('confirm.title')} — Pencraft`);

  // The session (if any) was read before the link confirmed the account: read it again.
  useEffect(() => {
    if (ok) void refresh();
  }, [ok, refresh]);

  return (
    <div className="pc-container pc-page pc-auth">
      <div className="pc-auth__card">
        <h1>{t('confirm.title')}</h1>
        {ok ? (
          <p className="pc-form-success" role="status">
            {t('confirm.landingOk')}
          </p>
        ) : (
          <p className="pc-form-error" role="alert">
            {t('confirm.landingFailed')}
          </p>
        )}
        {state.status === 'user' ? (
          <Link className="pc-button pc-button--primary" to={ok ? stepPath('profile') : '/register/confirm'}>
            {t('confirm.continue')}
          </Link>
        ) : (
          <Link className="pc-button pc-button--primary" to="/login">
            {t('confirm.signIn')}
          </Link>
        )}
      </div>
    </div>
  );
}
