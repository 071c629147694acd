// Personal access tokens on real servers (identity and the gateway; PostgreSQL, Redis): a signed-in writer makes a
// token in settings (GET/POST/DELETE /api/ttin/tokens, cookie session and CSRF), sees the token once and never again,
// is held to TOKENS_PER_USER_MAX live tokens, cannot list or revoke another writer's; identity's VerifyAccessToken
// (what the gateway's partner guard calls) accepts a live token and refuses unknown, revoked and expired ones and a
// banned owner's; making, revoking and every change made with a token are in the owner's account operation log.
import type { Schemas } from '@pencraft/api-client';
import { TokenServiceClient, TokenServiceService } from '@pencraft/contracts/identity/v1/tokens';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { TOKEN_PATTERN, TOKENS_PER_USER_MAX } from '@pencraft/rules';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { banUser, closeTrustClient } from '../support/bans.ts';
import { solveCaptcha } from '../support/captcha.ts';
import { useClientAddress } from '../support/client-address.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import {
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

const CLIENT_ADDRESS = '127.0.0.136';
const run = Date.now().toString(36);

type AccessToken = Schemas['AccessToken'];
type AccessTokenList = Schemas['AccessTokenList'];
type CreatedAccessToken = Schemas['CreatedAccessToken'];
type AccountLogPage = Schemas['AccountLogPage'];
type ErrorBody = Schemas['Error'];

const apps: AppHandle[] = [];
let db: TestDatabase;
let sql: pg.Pool;
let base: string;
let tokens: PromiseClient<TokenServiceClient>;
let n = 0;

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('access_tokens');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(await startService('identity', db.name));
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
    }),
  );
  base = httpBase('gateway');
  tokens = createGrpcClient(TokenServiceClient, TokenServiceService, grpcAddress('identity'), {
    defaultTimeoutMs: 10_000,
  });
});

afterAll(async () => {
  tokens?.close();
  closeTrustClient();
  await sql?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

interface Writer {
  client: ApiClient;
  uid: string;
}

async function signedUp(): Promise<Writer> {
  n += 1;
  const client = new ApiClient(base);
  const email = `pat${n}_${run}@example.az`;
  const password = 'token-pass-7';
  rememberSecret(email, password);
  const response = await client.post<Schemas['SignedIn']>(
    '/api/id/register',
    {
      email,
      username: `pat_${run}_${n}`,
      password,
      fullname: `Token Writer ${n}`,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    { 'x-captcha': await solveCaptcha(base) },
  );
  expect(response.status).toBe(201);
  return { client, uid: response.body.uid };
}

async function create(writer: Writer, body: Record<string, unknown>) {
  const response = await writer.client.post<CreatedAccessToken | ErrorBody>('/api/ttin/tokens', body);
  if (response.status === 201) rememberSecret((response.body as CreatedAccessToken).secret);
  return response;
}

const errorOf = (response: { status: number; body: unknown }) => {
  const { error } = response.body as ErrorBody;
  return { status: response.status, code: error.code, details: error.details?.map((d) => [d.field, d.code]) };
};

const verify = (secret: string, method = 'GET', operation = 'listArticlesV1') =>
  tokens.verifyAccessToken({ secret, method, operation, ip: '198.51.100.9', userAgent: 'blog-sync/1.0' });

async function logOf(writer: Writer) {
  const response = await writer.client.get<AccountLogPage>('/api/ttin/logs/ops');
  expect(response.status).toBe(200);
  return response.body.items.map((entry) => [entry.type, entry.detail]);
}

describe('personal access tokens', () => {
  let leyla: Writer;
  let orkhan: Writer;
  let made: CreatedAccessToken;

  beforeAll(async () => {
    [leyla, orkhan] = await Promise.all([signedUp(), signedUp()]);
  });

  it('makes a token for the signed-in writer and answers it once; the list never holds it', async () => {
    const response = await create(leyla, { name: ' Blog  sync ', scopes: ['act', 'read'], expiresInDays: 30 });
    expect(response.status).toBe(201);
    made = response.body as CreatedAccessToken;
    expect(made.secret).toMatch(new RegExp(TOKEN_PATTERN));
    expect(made.token).toMatchObject({
      name: 'Blog sync',
      scopes: ['read', 'act'],
      prefix: made.secret.slice(0, 8),
      lastUsedAt: null,
      revokedAt: null,
    });
    const days = (Date.parse(made.token.expiresAt) - Date.parse(made.token.createdAt)) / 86_400_000;
    expect(days).toBe(30);

    const list = await leyla.client.get<AccessTokenList>('/api/ttin/tokens');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [made.token], max: TOKENS_PER_USER_MAX });
    expect(JSON.stringify(list.body)).not.toContain(made.secret.slice(8));
    // Only the hash is stored.
    const stored = await sql.query('select hash, prefix from identity.access_tokens where id = $1', [made.token.id]);
    expect(stored.rows[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(made.secret.slice(8));
  });

  it('refuses bad fields naming each, a visitor, and a missing CSRF token, never with a 5xx', async () => {
    expect(errorOf(await create(leyla, { name: '', scopes: [], expiresInDays: 30 }))).toMatchObject({
      status: 400,
      details: [
        ['name', 'NullOrEmpty'],
        ['scopes', 'InvalidModel'],
      ],
    });
    expect(errorOf(await create(leyla, { name: 'x', scopes: ['webhooks'], expiresInDays: 30 }))).toMatchObject({
      status: 400,
    });
    expect(errorOf(await create(leyla, { name: 'x', scopes: ['read'], expiresInDays: 366 }))).toMatchObject({
      status: 400,
    });
    expect(errorOf(await create(leyla, { name: 'x'.repeat(61), scopes: ['read'], expiresInDays: 7 }))).toMatchObject({
      status: 400,
      code: 'InvalidModel',
      details: [['name', 'InvalidName']],
    });
    expect((await new ApiClient(base).get('/api/ttin/tokens')).status).toBe(401);
    const noCsrf = await leyla.client.post(
      '/api/ttin/tokens',
      { name: 'x', scopes: ['read'], expiresInDays: 7 },
      {
        'x-csrf-token': '',
      },
    );
    expect(noCsrf.status).toBe(403);
  });

  it("keeps each writer's tokens their own: another writer lists none and cannot revoke them (NotFound)", async () => {
    expect((await orkhan.client.get<AccessTokenList>('/api/ttin/tokens')).body.items).toEqual([]);
    expect(errorOf(await orkhan.client.request('DELETE', `/api/ttin/tokens/${made.token.id}`))).toMatchObject({
      status: 404,
      code: 'NotFound',
    });
    expect(errorOf(await orkhan.client.request('DELETE', '/api/ttin/tokens/not-an-id'))).toMatchObject({ status: 404 });
    await expect(
      tokens.revokeAccessToken({ uid: orkhan.uid, id: made.token.id, ip: '', userAgent: '' }),
    ).rejects.toMatchObject({ code: 'NotFound' });
    expect((await verify(made.secret)).valid).toBe(true);
  });

  it('verifies a live token for the gateway, records its use, and logs a change made with it', async () => {
    const read = await verify(made.secret);
    expect(read).toEqual({ valid: true, uid: leyla.uid, tokenId: made.token.id, scopes: ['read', 'act'] });
    const [listed] = (await leyla.client.get<AccessTokenList>('/api/ttin/tokens')).body.items;
    expect(listed!.lastUsedAt).not.toBeNull();

    expect((await verify(made.secret, 'POST', 'publishDraftV1')).valid).toBe(true);
    const log = await logOf(leyla);
    expect(log).toContainEqual(['tokenCreated', 'Blog sync']);
    expect(log).toContainEqual(['tokenUsed', 'publishDraftV1 · Blog sync']);
    // A read is not an operation of the log.
    expect(log.filter(([type]) => type === 'tokenUsed')).toHaveLength(1);
    expect(await logOf(orkhan)).not.toContainEqual(['tokenCreated', 'Blog sync']);

    for (const secret of ['', 'pcp_short', `pcp_${'A'.repeat(43)}`, `Bearer ${made.secret}`]) {
      expect((await verify(secret)).valid).toBe(false);
    }
  });

  it('refuses an expired token', async () => {
    const response = await create(leyla, { name: 'Short lived', scopes: ['read'], expiresInDays: 1 });
    const { secret, token } = response.body as CreatedAccessToken;
    expect((await verify(secret)).valid).toBe(true);
    await sql.query("update identity.access_tokens set expires_at = now() - interval '1 second' where id = $1", [
      token.id,
    ]);
    expect((await verify(secret)).valid).toBe(false);
  });

  it('revokes a token (idempotent, logged): it is refused from then on and listed as revoked', async () => {
    const first = await leyla.client.request('DELETE', `/api/ttin/tokens/${made.token.id}`);
    expect(first.status).toBe(204);
    expect((await leyla.client.request('DELETE', `/api/ttin/tokens/${made.token.id}`)).status).toBe(204);
    expect((await verify(made.secret)).valid).toBe(false);
    const { items } = (await leyla.client.get<AccessTokenList>('/api/ttin/tokens')).body;
    expect(items.map((item: AccessToken) => item.name)).toEqual(['Short lived', 'Blog sync']);
    expect(items[1]!.revokedAt).not.toBeNull();
    const log = await logOf(leyla);
    expect(log.filter(([type]) => type === 'tokenRevoked')).toEqual([['tokenRevoked', 'Blog sync']]);
  });

  it(`holds a writer to ${TOKENS_PER_USER_MAX} live tokens (revoked and expired ones do not count)`, async () => {
    for (let i = 0; i < TOKENS_PER_USER_MAX; i += 1) {
      expect((await create(orkhan, { name: `Tool ${i}`, scopes: ['read'], expiresInDays: 7 })).status).toBe(201);
    }
    expect(errorOf(await create(orkhan, { name: 'One more', scopes: ['read'], expiresInDays: 7 }))).toMatchObject({
      status: 409,
      code: 'OperationFailed',
    });
    const { items } = (await orkhan.client.get<AccessTokenList>('/api/ttin/tokens')).body;
    expect(items[0]!.name).toBe(`Tool ${TOKENS_PER_USER_MAX - 1}`);
    expect((await orkhan.client.request('DELETE', `/api/ttin/tokens/${items[0]!.id}`)).status).toBe(204);
    expect((await create(orkhan, { name: 'One more', scopes: ['search'], expiresInDays: 7 })).status).toBe(201);
  });

  it('refuses the token of a banned writer', async () => {
    const response = await create(leyla, { name: 'Before the ban', scopes: ['read'], expiresInDays: 7 });
    const { secret } = response.body as CreatedAccessToken;
    expect((await verify(secret)).valid).toBe(true);
    await banUser(leyla.uid);
    expect((await verify(secret)).valid).toBe(false);
    // A banned writer may still see and revoke their tokens.
    expect((await leyla.client.get<AccessTokenList>('/api/ttin/tokens')).status).toBe(200);
  });
});
