// The partner surface's authentication mechanics (issue #18) on real servers and the test stack's real Keycloak: an
// admin registers partner clients through the staff API (identity makes them in Keycloak), their client-credentials
// tokens open /api/v1 routes with the registry's scopes, and the gateway refuses every other credential: none, not a
// token, expired (a real 1-second token of the realm, waited out), for another audience, of a realm client that is
// no partner, of a revoked client (within PARTNER_CACHE_SECONDS, 2 s in the test profile), without the route's scope,
// an unknown personal access token. CORS answers preflights for registered origins only and allows an actual request
// from its client's origins only. A client created with a limit of 3 a minute gets 429 TooManyRequests with
// Retry-After and the RateLimit headers on the fourth request. A writer's personal access token opens the routes of
// its scopes under the per-writer limits; a client holding act acts for the writer whose token it sends in
// Pencraft-Acting-Token, with the scopes both hold. (The whole partner journey is partner.int-spec.ts.)
import { PARTNER_DAILY_QUOTA_DEFAULT } from '@pencraft/rules';
import {
  clientCredentialsToken,
  loadSecrets,
  TESTS_CLIENT_ID,
  type AppHandle,
} from '../../packages/devstack/src/index.ts';
import { suiteFetch, useClientAddress } from '../support/client-address.ts';
import { bearer, claimsOf, expiredToken, keycloakConfig, staffToken, wrongAudienceToken } from '../support/keycloak.ts';
import {
  bareCall,
  partnerToken,
  personalAccessToken,
  registerPartnerClient,
  removePartnerClients,
  type PartnerClient,
} from '../support/partners.ts';
import { signUp } from '../support/reader-fixtures.ts';
import { freshDatabase, httpBase, resetMessaging, stack, startService, type TestDatabase } from '../support/stack.ts';
import type { BodyOf } from '../support/typed-api.ts';
import { freshRateWindow } from '../support/rate-window.ts';

const CLIENT_ADDRESS = '127.0.0.134';
const run = Date.now().toString(36);
const ORIGIN = `https://app-${run}.partner-auth.example`;

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
/** A real token of the short-lived tests client, waited out while the other cases run. */
let expired: Promise<string>;

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('partner_auth');
  // Started together; each one that started is stopped afterwards even if the other failed.
  const started = await Promise.allSettled([startService('identity', db.name), startService('articles', db.name)]);
  for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', RATE_LIMIT_PER_MINUTE: '5000' }));
  base = httpBase('gateway');
  expired = expiredToken();
  expired.catch(() => undefined);
});

afterAll(async () => {
  await removePartnerClients();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

const register = (name: string, body: Omit<BodyOf<'createPartnerClient'>, 'name'>) =>
  registerPartnerClient(base, { name: `${name} ${run}`, ...body });

const call = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  bareCall(base, path, { method, headers });

describe('partner client tokens', () => {
  let reader: PartnerClient;
  let token: string;

  beforeAll(async () => {
    reader = await register('Auth Reader', { scopes: ['read'], origins: [ORIGIN], rateLimitPerMinute: 100 });
    token = await partnerToken(reader);
  });

  it("open the routes of the registry's scopes, with the client's limits announced", async () => {
    expect(claimsOf(token).azp).toBe(reader.clientId);
    const answer = await call('/api/v1/categories', bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toBe(
      `"minute";q=100;w=60, "day";q=${PARTNER_DAILY_QUOTA_DEFAULT};w=86400`,
    );
    expect(answer.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/);
    // No per-address budget: the site's RateLimit-Limit/-Remaining are not sent.
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuse a route whose scope the client does not hold (403 with insufficient_scope)', async () => {
    const answer = await call('/api/v1/search?q=dag', bearer(token));
    expect([answer.status, answer.code]).toEqual([403, 'Forbidden']);
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer realm="pencraft", error="insufficient_scope", scope="search"',
    );
  });

  it('ask for a credential when there is none or it is no bearer (401 Unauthorized), cookies do not count', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Basic YTpi' },
      { cookie: 'pc_su=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    ];
    for (const headers of refused) {
      const answer = await call('/api/v1/categories', headers);
      expect([answer.status, answer.code]).toEqual([401, 'Unauthorized']);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="pencraft"');
    }
  });

  it.each([
    ['not a token at all', async () => 'not.a.token'],
    ['for another audience', () => wrongAudienceToken()],
    [
      'of a realm client that is no registered partner',
      () => clientCredentialsToken(stack, TESTS_CLIENT_ID, loadSecrets(stack).keycloakTestsSecret),
    ],
    ['an unknown personal access token', async () => `pcp_${'Q'.repeat(43)}`],
    ['expired (a real 1-second token, waited out)', () => expired],
  ])('refuse a credential %s (401 TokenRejected, invalid_token)', async (_name, make) => {
    const answer = await call('/api/v1/categories', bearer(await make()));
    expect([answer.status, answer.code]).toEqual([401, 'TokenRejected']);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="pencraft", error="invalid_token"');
  });

  it("answer CORS preflights for registered origins only, and requests from the client's origins only", async () => {
    const preflight = (origin: string, path = '/api/v1/categories') =>
      call(
        path,
        {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, pencraft-acting-token',
        },
        'OPTIONS',
      );
    const allowed = await preflight(ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Pencraft-Acting-Token',
    );
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight('https://elsewhere.example')).status).toBe(403);
    // Nothing else on the API answers cross-origin.
    const site = await preflight(ORIGIN, '/api/articles');
    expect([site.status, site.headers.get('access-control-allow-origin')]).toEqual([405, null]);

    const fromClient = await call('/api/v1/categories', { ...bearer(token), origin: ORIGIN });
    expect(fromClient.status).toBe(200);
    expect(fromClient.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(fromClient.headers.get('access-control-expose-headers')).toContain('RateLimit');
    const fromElsewhere = await call('/api/v1/categories', { ...bearer(token), origin: 'https://elsewhere.example' });
    expect([fromElsewhere.status, fromElsewhere.code]).toEqual([403, 'Forbidden']);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a revoked client', () => {
  it('is refused within the cache period, its token still unexpired', async () => {
    const client = await register('Auth Revoked', { scopes: ['read'] });
    const token = await partnerToken(client);
    expect((await call('/api/v1/categories', bearer(token))).status).toBe(200);
    expect(
      (await call(`/api/staff/partners/${client.id}/revoke`, bearer(await staffToken('admin')), 'POST')).status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // PARTNER_CACHE_SECONDS of the test profile
    const answer = await call('/api/v1/categories', bearer(token));
    expect([answer.status, answer.code]).toEqual([401, 'TokenRejected']);
    expect(claimsOf(token).exp! * 1000).toBeGreaterThan(Date.now());
  });
});

describe('limits', () => {
  it('answer 429 TooManyRequests with Retry-After and the RateLimit headers beyond the per-minute limit', async () => {
    const client = await register('Auth Small', { scopes: ['read'], rateLimitPerMinute: 3 });
    const token = await partnerToken(client);
    // Four requests within one window: not in its last seconds.
    await freshRateWindow(10);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call('/api/v1/categories', bearer(token)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const refused = answers[3]!;
    expect(refused.code).toBe('TooManyRequests');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toMatch(/^"minute";q=3;w=60, "day";q=\d+;w=86400$/);
    expect(refused.headers.get('ratelimit')).toMatch(new RegExp(`^"minute";r=0;t=${retryAfter}, "day";r=\\d+;t=\\d+$`));
    expect(answers.map((a) => a.headers.get('ratelimit')?.match(/^"minute";r=(\d+)/)?.[1])).toEqual([
      '2',
      '1',
      '0',
      '0',
    ]);
  });
});

describe('personal access tokens', () => {
  let readToken: string;
  let actToken: string;

  beforeAll(async () => {
    const writer = await signUp(base, `pat_auth_${run}`, 'Token Writer');
    readToken = (await personalAccessToken(writer.client, 'reader tool', ['read'])).secret;
    actToken = (await personalAccessToken(writer.client, 'publishing tool', ['act'])).secret;
  });

  it("open the routes of the token's scopes as the writer, under the per-writer limits", async () => {
    const answer = await call('/api/v1/categories', bearer(readToken));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toMatch(/^"minute";q=\d+;w=60, "day";q=\d+;w=86400$/);
    const search = await call('/api/v1/search?q=dag', bearer(readToken));
    expect([search.status, search.code]).toEqual([403, 'Forbidden']);
    // A personal access token is no browser credential: no origin is registered for it.
    const fromBrowser = await call('/api/v1/categories', { ...bearer(readToken), origin: ORIGIN });
    expect([fromBrowser.status, fromBrowser.code]).toEqual([403, 'Forbidden']);
  });

  it('let a client holding act act for the writer whose token it presents, with the scopes both hold', async () => {
    const client = await register('Auth Acting', { scopes: ['read', 'act'] });
    const token = await partnerToken(client);
    const acting = (writerToken: string) => ({ ...bearer(token), 'pencraft-acting-token': writerToken });
    const drafts = await call('/api/v1/drafts', acting(actToken));
    expect(drafts.status).toBe(200);
    expect(drafts.body).toEqual({ items: [] });
    // Acting for nobody: the route needs a writer.
    expect((await call('/api/v1/drafts', bearer(token))).status).toBe(403);
    // The writer's token holds read only: act is not held by both.
    const readOnly = await call('/api/v1/drafts', acting(readToken));
    expect([readOnly.status, readOnly.code]).toEqual([403, 'Forbidden']);
    expect(readOnly.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="act"');
    const unknown = await call('/api/v1/drafts', acting(`pcp_${'Z'.repeat(43)}`));
    expect([unknown.status, unknown.code]).toEqual([401, 'TokenRejected']);
  });
});

describe('the partner document', () => {
  it("is served at /api/v1/openapi.json, naming this Keycloak as the token endpoint, beside the site's on /api/docs", async () => {
    const answer = await call('/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body as unknown as {
      paths: Record<string, unknown>;
      components: { securitySchemes: { partnerClient: { flows: { clientCredentials: { tokenUrl: string } } } } };
    };
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    // The address browsers and partners use (KEYCLOAK_PUBLIC_URL), where the tokens' issuer is.
    expect(document.components.securitySchemes.partnerClient.flows.clientCredentials.tokenUrl).toBe(
      `${keycloakConfig().issuer}/protocol/openid-connect/token`,
    );
    const site = (await call('/api/docs/openapi.json')).body as unknown as { paths: Record<string, unknown> };
    expect(Object.keys(site.paths).some((path) => path.startsWith('/api/v1/'))).toBe(false);
    // The reference page offers both documents, its scripts all by src (the CSP holds).
    const init = await suiteFetch(`${base}/api/docs/init.js`);
    expect(await init.text()).toContain("url: '/api/v1/openapi.json'");
    const page = await (await suiteFetch(`${base}/api/docs`)).text();
    expect(page).toContain('/api/docs/assets/swagger-ui-standalone-preset.js');
    expect(page).not.toMatch(/<script>[^<]/);
    expect((await suiteFetch(`${base}/api/docs/assets/swagger-ui-standalone-preset.js`)).status).toBe(200);
  });
});
