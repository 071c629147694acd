// Keycloak tokens for the suites that call staff routes (auth: 'staff'): real tokens of the test stack's realm
// (packages/devstack/keycloak/pencraft-realm.json, started by the global setup with the other servers), and the
// tokens the gateway must refuse. Every password and token handed out here is remembered for the log-hygiene check.
import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { Page } from 'playwright-core';
import {
  clientCredentialsToken,
  CONSOLE_CLIENT_ID,
  KEYCLOAK_BOOTSTRAP_ADMIN,
  keycloakPublicUrl,
  loadSecrets,
  passwordToken,
  staffCredentials as devstackStaffCredentials,
  TESTS_CLIENT_ID,
  TESTS_NO_AUDIENCE_CLIENT_ID,
  type StaffRole,
} from '../../packages/devstack/src/index.ts';
import { rememberSecret } from './log-hygiene.ts';
import { stack } from './stack.ts';

export type { StaffRole };

/** What the staff console is told by GET /api/staff/config on the test stack, plus the tokens' issuer. */
export function keycloakConfig(): { url: string; realm: string; clientId: string; issuer: string } {
  const url = keycloakPublicUrl(stack);
  const realm = stack.infra.keycloak.realm;
  return { url, realm, clientId: CONSOLE_CLIENT_ID, issuer: `${url}/realms/${realm}` };
}

/** The demo staff account of a role (for signing in on Keycloak's real login page). */
export function staffCredentials(role: StaffRole = 'moderator'): { username: string; password: string } {
  const credentials = devstackStaffCredentials(stack, role);
  rememberSecret(credentials.password);
  return credentials;
}

/**
 * Opens `path` of the staff console at `site`, signs the demo account of `role` in on Keycloak's own login page (the
 * console's "Sign in as staff" button) and waits to be back on `path`.
 */
export async function signInOnKeycloakPage(
  page: Page,
  site: string,
  path: string,
  role: StaffRole = 'moderator',
): Promise<void> {
  await page.goto(`${site}${path}`);
  await page.getByRole('button', { name: 'Sign in as staff' }).click();
  await page.waitForURL((url) => url.port === String(stack.infra.keycloak.port));
  const { username, password } = staffCredentials(role);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
  await page.waitForURL((url) => url.origin === site && `${url.pathname}${url.search}` === path);
}

/**
 * A password grant, asked again after a short pause when Keycloak answers invalid_grant: with brute-force detection
 * on, grants for one user at the same moment (two suites on two workers, each asking for the same account's token)
 * are sometimes refused. A wrong password is refused every time, so three refusals still fail.
 */
async function grant(...args: Parameters<typeof passwordToken>): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await passwordToken(...args);
    } catch (error) {
      if (attempt >= 3 || !/invalid_grant/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt + Math.random() * 250));
    }
  }
}

function remembered(token: string): string {
  rememberSecret(token);
  return token;
}

/** A real access token of the demo moderator (or admin: both roles), as the console holds after signing in. */
const staffTokens = new Map<StaffRole, { token: string; until: number }>();

/**
 * A staff token of the demo account of `role`, kept for a minute (the realm's tokens live 5 minutes): a password
 * grant on every call of a polling suite makes Keycloak refuse some (invalid_grant).
 */
export async function staffToken(role: StaffRole = 'moderator'): Promise<string> {
  const cached = staffTokens.get(role);
  if (cached && cached.until > Date.now()) return cached.token;
  const { username, password } = staffCredentials(role);
  const token = remembered(await grant(stack, username, password));
  staffTokens.set(role, { token, until: Date.now() + 60_000 });
  return token;
}

/** `{ authorization: 'Bearer <token>' }` for fetch headers. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A real token of the realm, for the API's audience, of a user without any staff role: 403 Forbidden. */
export async function userTokenWithoutRole(): Promise<string> {
  const password = loadSecrets(stack).keycloakNoStaffPassword;
  rememberSecret(password);
  return remembered(await grant(stack, 'nostaff', password));
}

/** A real moderator token of the realm from a client without the pencraft-api audience: 401 TokenRejected. */
export async function wrongAudienceToken(): Promise<string> {
  const { username, password } = staffCredentials('moderator');
  return remembered(await grant(stack, username, password, { clientId: TESTS_NO_AUDIENCE_CLIENT_ID }));
}

/** A real token of the same Keycloak's master realm (another issuer, another key): 401 TokenRejected. */
export async function wrongIssuerToken(): Promise<string> {
  const password = loadSecrets(stack).keycloakBootstrapPassword;
  rememberSecret(password);
  return remembered(await grant(stack, KEYCLOAK_BOOTSTRAP_ADMIN, password, { clientId: 'admin-cli', realm: 'master' }));
}

/**
 * A real moderator token of the realm that has expired: the test-only client pencraft-tests issues 1-second tokens
 * to a service account with the moderator role; this waits until it is past exp plus the gateway's 5-second clock
 * tolerance (about 7 s).
 */
export async function expiredToken(): Promise<string> {
  const token = remembered(
    await clientCredentialsToken(stack, TESTS_CLIENT_ID, loadSecrets(stack).keycloakTestsSecret),
  );
  const { exp } = claimsOf(token);
  const wait = (exp ?? 0) * 1000 + 5_000 + 1_500 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return token;
}

/** The same token as a moderator's, signed with a key of our own under the realm key's id: 401 TokenRejected. */
export async function forgedToken(overrides: JWTPayload = {}): Promise<string> {
  const real = await staffToken('moderator');
  const header = JSON.parse(Buffer.from(real.split('.')[0]!, 'base64url').toString('utf8')) as { kid?: string };
  const { privateKey } = await generateKeyPair('RS256');
  const token = await new SignJWT({ ...claimsOf(real), ...overrides })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(header.kid ? { kid: header.kid } : {}) })
    .sign(privateKey);
  return remembered(token);
}

/** The claims of a token, unverified (for tests that look at what Keycloak issued). */
export function claimsOf(token: string): JWTPayload & { realm_access?: { roles?: string[] }; azp?: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as JWTPayload;
}
