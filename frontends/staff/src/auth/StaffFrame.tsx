import { Button, Spinner, useDocumentMeta } from '@pencraft/ui';
import type Keycloak from 'keycloak-js';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useStaffTranslation } from '../i18n.js';
import { createStaffApi, type StaffApi } from '../lib/api.js';
import { signIn, signOut, staffUserOf, startStaffAuth, type StaffRole, type StaffUser } from './keycloak.js';
import '../staff.css';

type AuthState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'signedOut'; keycloak: Keycloak }
  | { status: 'signedIn'; keycloak: Keycloak; user: StaffUser };

export interface StaffContext {
  api: StaffApi;
  user: StaffUser;
}

/** Who works in moderation (the review queue, reports, bans, the audit log). */
export const MODERATION_ROLES: readonly StaffRole[] = ['moderator', 'admin'];
/** Who works on payouts (the gateway's staffRole finance, which an admin passes too). */
export const FINANCE_ROLES: readonly StaffRole[] = ['finance', 'admin'];
/** Who manages partner clients (issue #18): admins only. */
export const ADMIN_ROLES: readonly StaffRole[] = ['admin'];

export const SECTIONS = [
  { path: '/staff/queue', key: 'queue', roles: MODERATION_ROLES },
  { path: '/staff/reports', key: 'reports', roles: MODERATION_ROLES },
  { path: '/staff/bans', key: 'bans', roles: MODERATION_ROLES },
  { path: '/staff/audit', key: 'audit', roles: MODERATION_ROLES },
  { path: '/staff/feedback', key: 'feedback', roles: MODERATION_ROLES },
  { path: '/staff/badges', key: 'badges', roles: MODERATION_ROLES },
  { path: '/staff/payouts', key: 'payouts', roles: FINANCE_ROLES },
  { path: '/staff/partners', key: 'partners', roles: ADMIN_ROLES },
] as const;

/** Whether a staff member holds one of the roles. */
export const holds = (user: StaffUser, roles: readonly StaffRole[]) => user.roles.some((role) => roles.includes(role));

function useStaffAuth(): { state: AuthState; retry: () => void } {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    startStaffAuth().then(
      ({ keycloak, authenticated }) => {
        if (!live) return;
        const user = authenticated ? staffUserOf(keycloak) : undefined;
        setState(user ? { status: 'signedIn', keycloak, user } : { status: 'signedOut', keycloak });
        // A refresh refused later (the Keycloak session ended elsewhere) signs the console out.
        keycloak.onAuthLogout = () => live && setState({ status: 'signedOut', keycloak });
      },
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}

/**
 * The frame of every staff page: signs the staff member in with Keycloak (a button that leads to Keycloak's own login
 * page, PKCE), then shows the console's navigation (the sections their roles open), who is signed in and "Sign out".
 * Someone signed in without one of the page's `roles` (moderation's by default; the home page takes any staff role)
 * is told so (the gateway refuses their calls anyway). `children` gets the API of this session.
 */
export function StaffFrame({
  title,
  roles = MODERATION_ROLES,
  children,
}: {
  title: string;
  roles?: readonly StaffRole[];
  children: (context: StaffContext) => ReactNode;
}) {
  const { t, i18n } = useStaffTranslation();
  const { state, retry } = useStaffAuth();
  const [leaving, setLeaving] = useState(false);
  useDocumentMeta(`${title} — ${t('console')} — Pencraft`);
  const keycloak = state.status === 'signedIn' ? state.keycloak : undefined;
  const api = useMemo(() => (keycloak ? createStaffApi(keycloak) : undefined), [keycloak]);

  if (state.status === 'loading') {
    return (
      <div className="pc-container pc-page pc-staff pc-staff--center">
        <Spinner size="large" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="pc-container pc-page pc-staff">
        <h1 className="pc-staff__title">{t('console')}</h1>
        <div className="pc-notice" role="alert">
          <p>{t('auth.unavailable')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('common:actions.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (state.status === 'signedOut') {
    return (
      <div className="pc-container pc-page pc-staff pc-staff--narrow">
        <h1 className="pc-staff__title">{t('console')}</h1>
        <p className="pc-staff__text">{t('auth.intro')}</p>
        <Button
          busy={leaving}
          onClick={() => {
            setLeaving(true);
            void signIn(state.keycloak, i18n.language).catch(() => setLeaving(false));
          }}
        >
          {t('auth.signIn')}
        </Button>
      </div>
    );
  }

  const { user } = state;
  const staff = holds(user, roles);
  const signOutButton = (
    <Button
      variant="secondary"
      busy={leaving}
      onClick={() => {
        setLeaving(true);
        void signOut(state.keycloak).catch(() => setLeaving(false));
      }}
    >
      {t('auth.signOut')}
    </Button>
  );
  if (!staff || !api) {
    return (
      <div className="pc-container pc-page pc-staff pc-staff--narrow">
        <h1 className="pc-staff__title">{t('console')}</h1>
        <p className="pc-notice" role="alert">
          {roles.includes('moderator')
            ? t('auth.noRole', { username: user.username })
            : roles.includes('finance')
              ? t('auth.noFinanceRole', { username: user.username })
              : t('auth.noAdminRole', { username: user.username })}
        </p>
        {signOutButton}
      </div>
    );
  }

  return (
    <div className="pc-container pc-page pc-staff">
      <div className="pc-staff__bar">
        <nav className="pc-staff__nav" aria-label={t('nav.label')}>
          <ul>
            {SECTIONS.filter((section) => holds(user, section.roles)).map((section) => (
              <li key={section.key}>
                <NavLink to={section.path}>{t(`nav.${section.key}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="pc-staff__who">
          <span>
            {t('auth.signedInAs')} <strong>{user.username}</strong>
            <span className="pc-staff__roles"> ({user.roles.map((role) => t(`roles.${role}`)).join(', ')})</span>
          </span>
          {signOutButton}
        </div>
      </div>
      <h1 className="pc-staff__title">{title}</h1>
      {children({ api, user })}
    </div>
  );
}
