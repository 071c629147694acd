// Staff authentication through the gateway on real servers: the test stack's Keycloak (realm pencraft, imported by
// the devstack) issues the tokens, the gateway verifies them against the realm's published keys. A moderator's
// token opens staff routes; an admin's also opens admin-only ones; and every token that is not a current access token
// of the realm for this API, with the role, is refused: forged (own key under the realm key's id), expired (a real
// 1-second token, waited out), for another audience, from another issuer (the master realm), without the role.
import {
  clientCredentialsToken,
  CONSOLE_CLIENT_ID,
  loadSecrets,
  TESTS_CLIENT_ID,
} from '../../packages/devstack/src/index.ts';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import {
  bearer,
  claimsOf,
  expiredToken,
  forgedToken,
  keycloakConfig,
  staffToken,
  userTokenWithoutRole,
  wrongAudienceToken,
  wrongIssuerToken,
} from '../support/keycloak.ts';
import { freshDatabase, httpBase, resetMessaging, stack, startService, type TestDatabase } from '../support/stack.ts';
import { errorCode, typedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('staffauth');
  apps.push(await startService('identity', db.name));
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', RATE_LIMIT_PER_MINUTE: '5000' }));
  base = httpBase('gateway');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

/** A caller with no session (a fresh cookie jar each time), the staff's credentials only in the call's headers. */
const staffApi = (language = 'en') => typedApi(new ApiClient(base, language));
const me = (headers: Record<string, string> = {}) => staffApi().GET('/api/staff/me', { headers });
const authStatus = (headers: Record<string, string>) => staffApi().GET('/api/staff/auth-status', { headers });

describe('the staff console configuration', () => {
  it('names the Keycloak browsers reach, the realm and the console client, to anyone', async () => {
    const { status, data: body } = await staffApi().GET('/api/staff/config');
    expect(status).toBe(200);
    const { url, realm } = keycloakConfig();
    expect(body).toEqual({ url, realm, clientId: CONSOLE_CLIENT_ID });
    // The issuer the gateway requires is the one Keycloak announces for that address.
    const discovery = (await (await fetch(`${url}/realms/${realm}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      code_challenge_methods_supported: string[];
    };
    expect(discovery.issuer).toBe(keycloakConfig().issuer);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });
});

describe('staff routes', () => {
  it('accept a moderator: who they are comes from the verified token', async () => {
    const token = await staffToken('moderator');
    const { status, data: body } = await me(bearer(token));
    expect(status).toBe(200);
    expect(body).toEqual({ sub: claimsOf(token).sub, username: 'moderator', roles: ['moderator'] });
  });

  it('accept an admin on moderator routes and admin-only routes', async () => {
    const token = await staffToken('admin');
    const who = await me(bearer(token));
    expect(who.data).toMatchObject({ username: 'admin', roles: ['moderator', 'admin'] });
    const status = await authStatus(bearer(token));
    expect(status.status).toBe(200);
    expect(status.data).toEqual({
      issuer: keycloakConfig().issuer,
      audience: 'pencraft-api',
      realm: 'pencraft',
      keysReachable: true,
      keyCount: expect.any(Number),
    });
    expect(status.data!.keyCount).toBeGreaterThanOrEqual(1);
  });

  it('refuse a moderator on an admin-only route (403 Forbidden)', async () => {
    const answer = await authStatus(bearer(await staffToken('moderator')));
    expect([answer.status, errorCode(answer)]).toEqual([403, 'Forbidden']);
    const { headers } = answer;
    expect(headers.get('www-authenticate')).toContain('insufficient_scope');
  });

  it('refuse a real realm user without a staff role (403 Forbidden)', async () => {
    const token = await userTokenWithoutRole();
    expect(claimsOf(token).aud).toContain('pencraft-api');
    const answer = await me(bearer(token));
    expect([answer.status, errorCode(answer)]).toEqual([403, 'Forbidden']);
  });

  it('ask for a token when there is none, or the header is not a bearer token (401 Unauthorized)', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Basic bW9kZXJhdG9yOng=' },
      { authorization: 'Bearer' },
    ]) {
      const answer = await me(headers);
      expect([answer.status, errorCode(answer)]).toEqual([401, 'Unauthorized']);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="pencraft"/);
    }
  });

  it('are not opened by a session cookie: only the bearer token counts', async () => {
    const answer = await me({ cookie: 'pc_su=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    expect([answer.status, errorCode(answer)]).toEqual([401, 'Unauthorized']);
  });

  it.each([
    ['forged: the same claims signed with another key under the realm key id', () => forgedToken()],
    ['forged: claiming the admin role', () => forgedToken({ realm_access: { roles: ['moderator', 'admin'] } })],
    ['for another audience (a realm client without the pencraft-api audience)', () => wrongAudienceToken()],
    ["from another issuer (Keycloak's master realm)", () => wrongIssuerToken()],
    ['not a token at all', () => Promise.resolve('not.a.token')],
  ])('refuse a token %s (401 TokenRejected)', async (_name, make) => {
    const answer = await me(bearer(await make()));
    expect([answer.status, errorCode(answer)]).toEqual([401, 'TokenRejected']);
    expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('refuse a real moderator token once it has expired, which they accepted while it was current', async () => {
    const token = await expiredToken();
    expect(claimsOf(token).realm_access?.roles).toContain('moderator');
    expect(claimsOf(token).aud).toContain('pencraft-api');
    const answer = await me(bearer(token));
    expect([answer.status, errorCode(answer)]).toEqual([401, 'TokenRejected']);
  });

  it('accept a fresh token of the short-lived client (so the expiry above is what refused it)', async () => {
    // The same client's token, used at once (1 s lifetime plus the gateway's 5 s tolerance).
    const token = await clientCredentialsToken(stack, TESTS_CLIENT_ID, loadSecrets(stack).keycloakTestsSecret);
    const { status, data: body } = await me(bearer(token));
    expect(status).toBe(200);
    expect(body).toMatchObject({ roles: ['moderator'] });
  });

  it('word the refusal in the language asked for', async () => {
    const answer = await staffApi('az').GET('/api/staff/me', { headers: bearer(await forgedToken()) });
    expect(answer.status).toBe(401);
    expect(answer.error!.error.message).toBe('Giriş müddəti bitib və ya etibarsızdır. Yenidən daxil olun.');
  });
});
