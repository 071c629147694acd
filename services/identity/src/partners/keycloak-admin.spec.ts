import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { KeycloakAdmin, KeycloakAdminError, type FetchLike } from './keycloak-admin.js';

const BASE = 'http://keycloak.test:8080';
const ADMIN = `${BASE}/admin/realms/pencraft`;
const TOKEN_URL = `${BASE}/realms/pencraft/protocol/openid-connect/token`;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const token = (value = 'admin-token', expiresIn = 300) => json({ access_token: value, expires_in: expiresIn });

/** A fetch double answering each expected call in order; an unexpected one fails the test. */
function scripted(answers: Response[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = jest.fn<FetchLike>(async (url, init) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected fetch ${init?.method ?? 'GET'} ${url}`);
    return answer;
  });
  return { fetchImpl, calls };
}

const config = {
  KEYCLOAK_URL: `${BASE}/`,
  KEYCLOAK_REALM: 'pencraft',
  KEYCLOAK_ADMIN_CLIENT_ID: 'pencraft-identity-admin',
  KEYCLOAK_ADMIN_CLIENT_SECRET: 'admin-secret',
};

describe('KeycloakAdmin', () => {
  let fetchImpl: ReturnType<typeof scripted>;

  beforeEach(() => {
    fetchImpl = scripted([]);
  });

  it('creates a client-credentials-only client with the API audience, with a cached service-account token', async () => {
    fetchImpl = scripted([
      token(),
      new Response(null, { status: 201, headers: { location: `${ADMIN}/clients/kc-1` } }),
      json({ type: 'secret', value: 's3cret' }),
    ]);
    const admin = new KeycloakAdmin(config, fetchImpl.fetchImpl);
    expect(await admin.createClient({ clientId: 'partner-x-1', name: 'X' })).toBe('kc-1');
    expect(await admin.secret('kc-1')).toBe('s3cret');
    const [tokenCall, create, secret] = fetchImpl.calls;
    expect(tokenCall!.url).toBe(TOKEN_URL);
    expect(String(tokenCall!.init!.body)).toBe(
      'grant_type=client_credentials&client_id=pencraft-identity-admin&client_secret=admin-secret',
    );
    expect(create!.url).toBe(`${ADMIN}/clients`);
    expect(create!.init!.headers).toMatchObject({ authorization: 'Bearer admin-token' });
    expect(JSON.parse(String(create!.init!.body))).toMatchObject({
      clientId: 'partner-x-1',
      publicClient: false,
      serviceAccountsEnabled: true,
      standardFlowEnabled: false,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      protocolMappers: [{ config: { 'included.custom.audience': 'pencraft-api', 'access.token.claim': 'true' } }],
    });
    // One token for both calls.
    expect(secret!.url).toBe(`${ADMIN}/clients/kc-1/client-secret`);
    expect(fetchImpl.calls).toHaveLength(3);
  });

  it('regenerates a secret, disables a client with a partial update and looks clients up by client id', async () => {
    fetchImpl = scripted([
      token(),
      json({ type: 'secret', value: 'new' }),
      new Response(null, { status: 204 }),
      json([{ id: 'kc-2', clientId: 'pencraft-partners' }]),
      new Response(null, { status: 404 }),
    ]);
    const admin = new KeycloakAdmin(config, fetchImpl.fetchImpl);
    expect(await admin.regenerateSecret('kc-2')).toBe('new');
    await admin.setEnabled('kc-2', false);
    expect(await admin.findClient('pencraft-partners')).toBe('kc-2');
    // Deleting a client that is already gone is fine.
    await admin.deleteClient('kc-gone');
    const [, rotate, disable, find, remove] = fetchImpl.calls;
    expect([rotate!.init!.method, rotate!.url]).toEqual(['POST', `${ADMIN}/clients/kc-2/client-secret`]);
    expect([disable!.init!.method, disable!.init!.body]).toEqual(['PUT', '{"enabled":false}']);
    expect(find!.url).toBe(`${ADMIN}/clients?clientId=pencraft-partners&search=false`);
    expect(remove!.init!.method).toBe('DELETE');
  });

  it('fetches a new token once when Keycloak no longer takes the cached one', async () => {
    fetchImpl = scripted([
      token('old'),
      new Response(null, { status: 401 }),
      token('new'),
      new Response(null, { status: 204 }),
    ]);
    const admin = new KeycloakAdmin(config, fetchImpl.fetchImpl);
    await admin.setEnabled('kc-3', false);
    expect(fetchImpl.calls[3]!.init!.headers).toMatchObject({ authorization: 'Bearer new' });
  });

  it('fails with KeycloakAdminError when refused, unreachable or not configured', async () => {
    fetchImpl = scripted([json({ error: 'unauthorized_client' }, 401)]);
    await expect(new KeycloakAdmin(config, fetchImpl.fetchImpl).findClient('x')).rejects.toBeInstanceOf(
      KeycloakAdminError,
    );
    fetchImpl = scripted([token(), json({ error: 'forbidden' }, 403)]);
    await expect(new KeycloakAdmin(config, fetchImpl.fetchImpl).regenerateSecret('kc')).rejects.toMatchObject({
      status: 403,
    });
    const down = jest.fn<FetchLike>(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(new KeycloakAdmin(config, down).secret('kc')).rejects.toThrow('Keycloak is unreachable');
    const unconfigured = new KeycloakAdmin({ ...config, KEYCLOAK_ADMIN_CLIENT_SECRET: undefined }, down);
    expect(unconfigured.configured).toBe(false);
    await expect(unconfigured.secret('kc')).rejects.toBeInstanceOf(KeycloakAdminError);
    expect(down).toHaveBeenCalledTimes(1);
  });
});
