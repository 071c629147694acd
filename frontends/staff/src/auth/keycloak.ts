// Staff sign-in with Keycloak (keycloak-js): the authorization code flow with PKCE S256 against the realm the
// gateway names at run time (GET /api/staff/config). One Keycloak instance per page (keycloak-js refuses a second
// init); its tokens live in memory only.
//
// No iframe at all: the site's CSP (frame-src) and X-Frame-Options forbid framing, so there is no login-status
// iframe and no silent check-sso page. Instead a tab that signed in remembers only that fact (sessionStorage
// `pc_staff_sso`, no token): after a reload it runs check-sso as a top-level redirect with prompt=none, which comes
// back signed in while the Keycloak session lasts. A visitor who never signed in is not bounced through Keycloak.
import Keycloak from 'keycloak-js';

/** The realm roles the console knows: moderation (moderator), payouts (finance), everything (admin). */
export const STAFF_ROLES = ['moderator', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffUser {
  sub: string;
  username: string;
  name: string | undefined;
  roles: StaffRole[];
}

export interface StaffConfig {
  url: string;
  realm: string;
  clientId: string;
}

const SSO_FLAG = 'pc_staff_sso';
/** Seconds of validity a token must still have before a call (else it is refreshed first). */
export const MIN_VALIDITY = 30;

export interface StaffAuth {
  keycloak: Keycloak;
  authenticated: boolean;
}

let started: Promise<StaffAuth> | undefined;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export async function fetchStaffConfig(signal?: AbortSignal): Promise<StaffConfig> {
  const response = await fetch('/api/staff/config', {
    credentials: 'omit',
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`staff config: ${response.status}`);
  const body = (await response.json()) as Partial<StaffConfig>;
  if (typeof body.url !== 'string' || typeof body.realm !== 'string' || typeof body.clientId !== 'string') {
    throw new Error('staff config: url, realm and clientId expected');
  }
  return { url: body.url, realm: body.realm, clientId: body.clientId };
}

/** Whether the address holds Keycloak's answer to a login (the code, or an error such as login_required). */
function isCallback(): boolean {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  return fragment.has('state') && (fragment.has('code') || fragment.has('error'));
}

/** Starts keycloak-js once for the page; later calls get the same answer. */
export function startStaffAuth(): Promise<StaffAuth> {
  started ??= (async () => {
    const config = await fetchStaffConfig();
    const keycloak = new Keycloak(config);
    const remembered = storage()?.getItem(SSO_FLAG) === '1';
    const authenticated = await keycloak.init({
      pkceMethod: 'S256',
      responseMode: 'fragment',
      checkLoginIframe: false,
      // check-sso comes back here; an address Keycloak would refuse is cleaned first.
      redirectUri: returnAddress(window.location.href),
      // check-sso only for a tab that signed in before, or to finish a login that just came back.
      ...(remembered && !isCallback() ? { onLoad: 'check-sso' as const } : {}),
    });
    if (authenticated) storage()?.setItem(SSO_FLAG, '1');
    else storage()?.removeItem(SSO_FLAG);
    // A refresh that fails (the Keycloak session ended) leaves the console signed out.
    keycloak.onAuthRefreshError = () => {
      storage()?.removeItem(SSO_FLAG);
      keycloak.clearToken();
    };
    return { keycloak, authenticated };
  })();
  // A failure (Keycloak or the config unreachable) may be retried.
  started.catch(() => {
    started = undefined;
  });
  return started;
}

/** Who the token says the user is (the gateway checks the same claims). */
export function staffUserOf(keycloak: Keycloak): StaffUser | undefined {
  const token = keycloak.tokenParsed as (Record<string, unknown> & { realm_access?: { roles?: unknown } }) | undefined;
  if (!token || typeof token.sub !== 'string') return undefined;
  const roles = Array.isArray(token.realm_access?.roles) ? (token.realm_access.roles as unknown[]) : [];
  return {
    sub: token.sub,
    username: typeof token.preferred_username === 'string' ? token.preferred_username : token.sub,
    name: typeof token.name === 'string' ? token.name : undefined,
    roles: roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(r)),
  };
}

/**
 * OAuth's own parameter names: Keycloak refuses a return address that carries one ("Invalid parameter:
 * redirect_uri"), so a page whose address has, say, a `state` filter could not be signed in to or checked.
 */
const OAUTH_PARAMS = ['state', 'code', 'session_state', 'iss', 'error', 'error_description', 'error_uri'];

/** The address Keycloak sends the browser back to: this page without its fragment and OAuth's parameter names. */
export function returnAddress(href: string): string {
  const url = new URL(href);
  url.hash = '';
  for (const name of OAUTH_PARAMS) url.searchParams.delete(name);
  return url.toString();
}

/**
 * Sends the browser to Keycloak's login page; it comes back to `returnTo` (this page by default). The tab remembers
 * a sign-in only once it is done (startStaffAuth): a login page left without signing in brings no check-sso bounce
 * through Keycloak on the next visit.
 */
export function signIn(keycloak: Keycloak, language: string, returnTo = window.location.href): Promise<void> {
  return keycloak.login({ redirectUri: returnAddress(returnTo), locale: language });
}

/** Ends the Keycloak session and comes back to /staff. */
export function signOut(keycloak: Keycloak): Promise<void> {
  storage()?.removeItem(SSO_FLAG);
  return keycloak.logout({ redirectUri: `${window.location.origin}/staff` });
}

/** A valid access token for a call (refreshed when it has less than MIN_VALIDITY seconds left). */
export async function accessToken(keycloak: Keycloak): Promise<string> {
  await keycloak.updateToken(MIN_VALIDITY);
  if (!keycloak.token) throw new Error('not signed in');
  return keycloak.token;
}
