import { useDocumentMeta, useSession } from '@pencraft/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** Where the link sent to a new e-mail address lands (/api/atrium/deduce redirects here with the result). */
export function EmailChangedPage() {
  const { t } = useTranslation('shell');
  const { state, refresh } = useSession();
  const [params] = useSearchParams();
  const ok = params.get('result') === 'ok';
  useDocumentMeta(`${t('emailChange.title')} — Pencraft`);

  useEffect(() => {
    if (ok) void refresh();
  }, [ok, refresh]);

  return (
    <div className="pc-container pc-page pc-auth">
      <div className="pc-auth__card">
        <h1>{t('emailChange.title')}</h1>
        {ok ? (
          <p className="pc-form-success" role="status">
            {t('emailChange.ok')}
          </p>
        ) : (
          <p className="pc-form-error" role="alert">
            {t('emailChange.failed')}
          </p>
        )}
        <Link className="pc-button pc-button--primary" to={state.status === 'user' ? '/' : '/login'}>
          {state.status === 'user' ? t('confirm.continue') : t('confirm.signIn')}
        </Link>
      </div>
    </div>
  );
}
