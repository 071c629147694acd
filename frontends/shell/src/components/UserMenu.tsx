import { Spinner, useSession } from '@pencraft/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const SignedInMenu = lazy(() => import('./UserMenuPanel.js').then((m) => ({ default: m.SignedInMenu })));

function Loading() {
  return (
    <div className="pc-user pc-user--loading">
      <Spinner size="small" />
    </div>
  );
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { state } = useSession();
  const location = useLocation();

  if (state.status === 'loading') return <Loading />;

  if (state.status === 'visitor') {
    const next = location.pathname === '/login' || location.pathname === '/register' ? '' : location.pathname;
    const query = next && next !== '/' ? `?next=${encodeURIComponent(next)}` : '';
    return (
      <div className="pc-user">
        <Link className="pc-button pc-button--ghost" to={`/login${query}`}>
          {t('nav.signIn')}
        </Link>
        <Link className="pc-button pc-button--primary pc-user__register" to={`/register${query}`}>
          {t('nav.register')}
        </Link>
      </div>
    );
  }

  // The signed-in menu's code loads for a signed-in user only.
  return (
    <Suspense fallback={<Loading />}>
      <SignedInMenu user={state.user} />
    </Suspense>
  );
}
