// Partner clients (issue #18) on real servers: an admin's token registers a client through the gateway, identity
// creates it in the test stack's Keycloak through the admin API (as pencraft-identity-admin), and the secret it
// answers gets client-credentials tokens from Keycloak's token endpoint; a rotation makes Keycloak refuse the old
// secret and take the new one; a revocation stops new tokens and ResolvePartnerClient (the gateway's lookup) says
// revoked. A moderator is refused (admin only), bad input is InvalidModel, and the realm's demo partner is registered.
import {
  PartnerClientStatus,
  PartnerServiceClient,
  PartnerServiceService,
} from '@pencraft/contracts/identity/v1/partners';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { loadSecrets, PARTNERS_CLIENT_ID, type AppHandle } from '../../packages/devstack/src/index.ts';
import { useClientAddress } from '../support/client-address.ts';
import { bearer, claimsOf, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { clientCredentialsGrant, removeAfterwards, removePartnerClients } from '../support/partners.ts';
import {
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { errorCode, typedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

const CLIENT_ADDRESS = '127.0.0.137';
const run = Date.now().toString(36);

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let partners: PromiseClient<PartnerServiceClient>;

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('partner_clients');
  apps.push(await startService('identity', db.name));
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', RATE_LIMIT_PER_MINUTE: '5000' }));
  base = httpBase('gateway');
  partners = createGrpcClient(PartnerServiceClient, PartnerServiceService, grpcAddress('identity'), {
    defaultTimeoutMs: 10_000,
  });
});

afterAll(async () => {
  partners?.close();
  await removePartnerClients();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

const api = () => typedApi(new ApiClient(base, 'en'));

describe('partner clients', () => {
  it('are created, rotated and revoked by an admin, and Keycloak follows each step', async () => {
    const admin = { headers: bearer(await staffToken('admin')) };
    const created = await api().POST('/api/staff/partners', {
      ...admin,
      body: { name: `Suite News ${run}`, scopes: ['search', 'read'], origins: ['https://app.example.az'] },
    });
    expect(created.status).toBe(201);
    const { client, secret } = created.data!;
    removeAfterwards(client.clientId);
    rememberSecret(secret);
    expect(client).toMatchObject({
      name: `Suite News ${run}`,
      scopes: ['read', 'search'],
      origins: ['https://app.example.az'],
      rateLimitPerMinute: 600,
      dailyQuota: 100_000,
      status: 'active',
      revokedAt: null,
    });
    expect(client.clientId).toMatch(/^partner-suite-news-/);

    // The secret gets a client-credentials token for the API, naming the client.
    const first = await clientCredentialsGrant(client.clientId, secret);
    expect(first.status).toBe(200);
    const claims = claimsOf(first.token!);
    expect(claims.azp).toBe(client.clientId);
    expect([claims.aud].flat()).toContain('pencraft-api');

    // The same name again (any case) is NameExists, and Keycloak keeps no second client.
    const again = await api().POST('/api/staff/partners', {
      ...admin,
      body: { name: `suite news ${run}`, scopes: ['read'] },
    });
    expect([again.status, errorCode(again)]).toEqual([409, 'NameExists']);

    // Scopes and limits change in the registry; the gateway's lookup sees them.
    const patched = await api().PATCH('/api/staff/partners/{id}', {
      ...admin,
      params: { path: { id: client.id } },
      body: { scopes: ['read', 'webhooks'], dailyQuota: 500 },
    });
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({ scopes: ['read', 'webhooks'], dailyQuota: 500, rateLimitPerMinute: 600 });
    const resolved = await partners.resolvePartnerClient({ clientId: client.clientId });
    expect(resolved).toMatchObject({
      found: true,
      client: { id: client.id, scopes: ['read', 'webhooks'], status: PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE },
    });

    // Rotation: Keycloak refuses the old secret at once and takes the new one.
    const rotated = await api().POST('/api/staff/partners/{id}/secret', {
      ...admin,
      params: { path: { id: client.id } },
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.data!.secret;
    rememberSecret(fresh);
    expect(fresh).not.toBe(secret);
    expect(rotated.data!.client.secretRotatedAt).not.toBeNull();
    expect((await clientCredentialsGrant(client.clientId, secret)).status).toBe(401);
    expect((await clientCredentialsGrant(client.clientId, fresh)).status).toBe(200);

    // Revocation: no new token, the registry says revoked, and revoking again changes nothing.
    const revoked = await api().POST('/api/staff/partners/{id}/revoke', {
      ...admin,
      params: { path: { id: client.id } },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.data).toMatchObject({ status: 'revoked' });
    expect(revoked.data!.revokedAt).not.toBeNull();
    expect((await clientCredentialsGrant(client.clientId, fresh)).status).not.toBe(200);
    expect(await partners.resolvePartnerClient({ clientId: client.clientId })).toMatchObject({
      found: true,
      client: { status: PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED },
    });
    const twice = await api().POST('/api/staff/partners/{id}/revoke', {
      ...admin,
      params: { path: { id: client.id } },
    });
    expect(twice.data!.revokedAt).toBe(revoked.data!.revokedAt);
    // A revoked client is final: no new secret, no new scopes.
    const rotateRevoked = await api().POST('/api/staff/partners/{id}/secret', {
      ...admin,
      params: { path: { id: client.id } },
    });
    expect([rotateRevoked.status, errorCode(rotateRevoked)]).toEqual([409, 'OperationFailed']);

    const list = await api().GET('/api/staff/partners', admin);
    expect(list.data!.items.find((c) => c.id === client.id)).toMatchObject({ status: 'revoked' });
  });

  it('refuse bad input with InvalidModel, naming each field, and unknown ids with NotFound', async () => {
    const admin = { headers: bearer(await staffToken('admin')) };
    const bad = await api().POST('/api/staff/partners', {
      ...admin,
      body: {
        name: 'x',
        scopes: ['read'],
        origins: ['http://app.example.az', 'https://app.example.az/path'],
        rateLimitPerMinute: 10,
      },
    });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'InvalidModel']);
    expect(bad.error!.error.details?.map((d) => d.field)).toEqual(['name', 'origins']);
    const noScopes = await api().POST('/api/staff/partners', { ...admin, body: { name: `Empty ${run}`, scopes: [] } });
    expect([noScopes.status, errorCode(noScopes)]).toEqual([400, 'InvalidModel']);
    const unknownScope = await api().POST('/api/staff/partners', {
      ...admin,
      body: { name: `Odd ${run}`, scopes: ['admin' as 'read'] },
    });
    expect([unknownScope.status, errorCode(unknownScope)]).toEqual([400, 'InvalidModel']);
    const zeroLimit = await api().POST('/api/staff/partners', {
      ...admin,
      body: { name: `Zero ${run}`, scopes: ['read'], dailyQuota: 0 },
    });
    expect([zeroLimit.status, errorCode(zeroLimit)]).toEqual([400, 'InvalidModel']);
    const unknown = await api().GET('/api/staff/partners/{id}', {
      ...admin,
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'NotFound']);
  });

  it('are for admins only: a moderator is refused (403), a caller without a token asked for one (401)', async () => {
    const moderator = { headers: bearer(await staffToken('moderator')) };
    const list = await api().GET('/api/staff/partners', moderator);
    expect([list.status, errorCode(list)]).toEqual([403, 'Forbidden']);
    const create = await api().POST('/api/staff/partners', {
      ...moderator,
      body: { name: `Moderated ${run}`, scopes: ['read'] },
    });
    expect([create.status, errorCode(create)]).toEqual([403, 'Forbidden']);
    expect((await api().GET('/api/staff/partners')).status).toBe(401);
  });

  it("register the realm's demo partner with every scope, whose secret gets a token", async () => {
    expect(await partners.resolvePartnerClient({ clientId: PARTNERS_CLIENT_ID })).toMatchObject({
      found: true,
      client: {
        scopes: ['read', 'search', 'act', 'webhooks'],
        status: PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE,
      },
    });
    expect((await clientCredentialsGrant(PARTNERS_CLIENT_ID, loadSecrets(stack).keycloakPartnersSecret)).status).toBe(
      200,
    );
    expect(await partners.resolvePartnerClient({ clientId: 'pencraft-console' })).toMatchObject({ found: false });
  });
});
