import { jest } from '@jest/globals';
import { PartnerClientStatus, type PartnerClient } from '@pencraft/contracts/identity/v1/partners';
import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { StaffTokenVerifier } from '../staff/staff-token.verifier.js';
import type { PartnerSettings } from './partner.config.js';
import { PartnerCredentials, type PartnerUse } from './partner-credentials.js';
import type { PartnersClient, TokensClient } from './partner.upstream.js';

const ISSUER = 'http://localhost:8380/realms/pencraft';
const SETTINGS: PartnerSettings = {
  PARTNER_CACHE_SECONDS: 30,
  PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE: 120,
  PARTNER_TOKEN_DAILY_QUOTA: 5000,
};
const READ: PartnerUse = { operation: 'listV1Articles', method: 'GET', ip: '203.0.113.7', userAgent: 'tool/1' };
const WRITE: PartnerUse = { operation: 'publishV1Draft', method: 'POST', ip: '203.0.113.7', userAgent: 'tool/1' };
const PAT = `pcp_${'A'.repeat(43)}`;
const OTHER_PAT = `pcp_${'B'.repeat(43)}`;
const UID = '0b7c9a1e-0000-4000-8000-000000000001';

let privateKey: CryptoKey;
let stranger: CryptoKey;
let keycloak: StaffTokenVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  stranger = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  keycloak = new StaffTokenVerifier({
    issuer: ISSUER,
    audience: 'pencraft-api',
    keys: createLocalJWKSet({ keys: [jwk] }),
  });
});

const now = () => Math.floor(Date.now() / 1000);

function clientToken(overrides: JWTPayload = {}, key: CryptoKey = privateKey) {
  return new SignJWT({
    iss: ISSUER,
    aud: 'pencraft-api',
    sub: 'service-account-uuid',
    typ: 'Bearer',
    azp: 'acme-reader',
    iat: now(),
    exp: now() + 300,
    scope: 'profile email', // the token's own scopes play no part: the registry's do
    ...overrides,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign(key);
}

function client(overrides: Partial<PartnerClient> = {}): PartnerClient {
  return {
    id: 'reg-1',
    clientId: 'acme-reader',
    name: 'Acme',
    scopes: ['read', 'search'],
    origins: ['https://acme.example'],
    rateLimitPerMinute: 60,
    dailyQuota: 1000,
    status: PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE,
    createdAtMs: 1,
    revokedAtMs: 0,
    secretRotatedAtMs: 0,
    ...overrides,
  };
}

function setup(clock = { ms: 1_000_000 }) {
  const partners = strictMock<PartnersClient>('PartnerService');
  const tokens = strictMock<TokensClient>('TokenService');
  const credentials = new PartnerCredentials(keycloak, partners, tokens, SETTINGS, () => clock.ms);
  return { partners, tokens, credentials, clock };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('PartnerCredentials: a partner client (Keycloak client credentials)', () => {
  it("names the token's client and takes scopes, origins and limits from the registry, not from the token", async () => {
    const { partners, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({ found: true, client: client() });
    await expect(credentials.authenticate(await clientToken(), undefined, READ)).resolves.toEqual({
      principal: { kind: 'client', clientId: 'acme-reader', scopes: ['read', 'search'] },
      limits: { key: 'client:acme-reader', perMinute: 60, perDay: 1000 },
      origins: ['https://acme.example'],
    });
    expect(partners.resolvePartnerClient).toHaveBeenCalledWith({ clientId: 'acme-reader' });
  });

  it('keeps only known scopes of the registry record and the defaults for limits it leaves at 0', async () => {
    const { partners, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({
      found: true,
      client: client({ scopes: ['webhooks', 'admin', 'read'], rateLimitPerMinute: 0, dailyQuota: 0 }),
    });
    const access = await credentials.authenticate(await clientToken(), undefined, READ);
    expect(access.principal.scopes).toEqual(['read', 'webhooks']);
    expect(access.limits).toEqual({ key: 'client:acme-reader', perMinute: 600, perDay: 100_000 });
  });

  it('asks the registry once per cache period, and again after it (so a revoked client is refused within it)', async () => {
    const { partners, credentials, clock } = setup();
    partners.resolvePartnerClient.mockResolvedValueOnce({ found: true, client: client() }).mockResolvedValueOnce({
      found: true,
      client: client({ status: PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED, revokedAtMs: 5 }),
    });
    const token = await clientToken();
    await credentials.authenticate(token, undefined, READ);
    clock.ms += 29_000;
    await credentials.authenticate(token, undefined, READ);
    expect(partners.resolvePartnerClient).toHaveBeenCalledTimes(1);
    clock.ms += 2_000;
    expect(await refusal(credentials.authenticate(token, undefined, READ))).toBe('TokenRejected');
    expect(partners.resolvePartnerClient).toHaveBeenCalledTimes(2);
  });

  it("verifies a token's signature once within the cache period, its client's record still asked as before", async () => {
    const { partners, credentials, clock } = setup();
    partners.resolvePartnerClient.mockResolvedValue({ found: true, client: client() });
    const verify = jest.spyOn(keycloak, 'verifyClaims');
    verify.mockClear();
    const token = await clientToken();
    await credentials.authenticate(token, undefined, READ);
    await credentials.authenticate(token, undefined, READ);
    expect(verify).toHaveBeenCalledTimes(1);
    clock.ms += 31_000;
    await credentials.authenticate(token, undefined, READ);
    expect(verify).toHaveBeenCalledTimes(2);
    expect(partners.resolvePartnerClient).toHaveBeenCalledTimes(2);
    partners.resolvePartnerClient.mockResolvedValue({
      found: true,
      client: client({ status: PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED }),
    });
    clock.ms += 31_000;
    await expect(refusal(credentials.authenticate(token, undefined, READ))).resolves.toBe('TokenRejected');
    verify.mockRestore();
  });

  it('refuses a client the registry does not know (a realm client that is no partner)', async () => {
    const { partners, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({ found: false, client: undefined });
    expect(await refusal(credentials.authenticate(await clientToken(), undefined, READ))).toBe('TokenRejected');
  });

  it('refuses a revoked client', async () => {
    const { partners, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({
      found: true,
      client: client({ status: PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED }),
    });
    expect(await refusal(credentials.authenticate(await clientToken(), undefined, READ))).toBe('TokenRejected');
  });

  it.each([
    ['expired', () => clientToken({ exp: now() - 60, iat: now() - 120 })],
    ['not yet valid', () => clientToken({ nbf: now() + 120 })],
    ['for another audience', () => clientToken({ aud: 'account' })],
    ['from another issuer', () => clientToken({ iss: 'http://localhost:8380/realms/master' })],
    ['signed by another key', () => clientToken({}, stranger)],
    ['without azp', () => clientToken({ azp: undefined })],
    ['malformed', async () => 'not-a-jwt'],
    ['a pcp_ token of the wrong length', async () => `pcp_${'A'.repeat(20)}`],
  ])('refuses a token %s without asking the registry', async (_name, make) => {
    const { credentials } = setup();
    expect(await refusal(credentials.authenticate(await make(), undefined, READ))).toBe('TokenRejected');
  });

  it('passes on that identity cannot be reached (never a refusal of a good token nor an acceptance)', async () => {
    const { partners, credentials } = setup();
    partners.resolvePartnerClient.mockRejectedValueOnce(new AppError('NetworkError'));
    partners.resolvePartnerClient.mockResolvedValueOnce({ found: true, client: client() });
    const token = await clientToken();
    expect(await refusal(credentials.authenticate(token, undefined, READ))).toBe('NetworkError');
    expect(await refusal(credentials.authenticate(token, undefined, READ))).toBe('accepted');
  });
});

describe('PartnerCredentials: a client acting with a writer token (Pencraft-Acting-Token)', () => {
  it("acts for the writer with the scopes both hold, the token's use recorded", async () => {
    const { partners, tokens, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({
      found: true,
      client: client({ scopes: ['read', 'search', 'act'] }),
    });
    tokens.verifyAccessToken.mockResolvedValue({ valid: true, uid: UID, tokenId: 't1', scopes: ['read', 'act'] });
    const access = await credentials.authenticate(await clientToken(), PAT, WRITE);
    expect(access.principal).toEqual({
      kind: 'client',
      clientId: 'acme-reader',
      userId: UID,
      tokenId: 't1',
      scopes: ['read', 'act'],
    });
    expect(access.limits.key).toBe('client:acme-reader');
    expect(tokens.verifyAccessToken).toHaveBeenCalledWith({ secret: PAT, ...WRITE });
  });

  it('refuses an invalid or malformed acting token', async () => {
    const { partners, tokens, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({ found: true, client: client({ scopes: ['read', 'act'] }) });
    tokens.verifyAccessToken.mockResolvedValue({ valid: false, uid: '', tokenId: '', scopes: [] });
    expect(await refusal(credentials.authenticate(await clientToken(), PAT, READ))).toBe('TokenRejected');
    expect(await refusal(credentials.authenticate(await clientToken(), 'pcp_short', READ))).toBe('TokenRejected');
    expect(tokens.verifyAccessToken).toHaveBeenCalledTimes(1);
  });

  it('ignores the header for a client without act (it acts for nobody)', async () => {
    const { partners, credentials } = setup();
    partners.resolvePartnerClient.mockResolvedValue({ found: true, client: client() });
    const access = await credentials.authenticate(await clientToken(), PAT, READ);
    expect(access.principal).toEqual({ kind: 'client', clientId: 'acme-reader', scopes: ['read', 'search'] });
  });
});

describe('PartnerCredentials: a personal access token', () => {
  it('is verified by identity and acts for its owner with its scopes, under the per-user limits', async () => {
    const { tokens, credentials } = setup();
    tokens.verifyAccessToken.mockResolvedValue({ valid: true, uid: UID, tokenId: 't1', scopes: ['act', 'read'] });
    await expect(credentials.authenticate(PAT, undefined, READ)).resolves.toEqual({
      principal: { kind: 'token', userId: UID, tokenId: 't1', scopes: ['read', 'act'] },
      limits: { key: `token-user:${UID}`, perMinute: 120, perDay: 5000 },
      origins: [],
    });
    expect(tokens.verifyAccessToken).toHaveBeenCalledWith({ secret: PAT, ...READ });
  });

  it('is refused when identity says it is not valid (unknown, revoked, expired, a banned owner)', async () => {
    const { tokens, credentials } = setup();
    tokens.verifyAccessToken.mockResolvedValue({ valid: false, uid: '', tokenId: '', scopes: [] });
    expect(await refusal(credentials.authenticate(PAT, undefined, READ))).toBe('TokenRejected');
    // A refusal is not kept: the next request asks again.
    expect(await refusal(credentials.authenticate(PAT, undefined, READ))).toBe('TokenRejected');
    expect(tokens.verifyAccessToken).toHaveBeenCalledTimes(2);
  });

  it('keeps a valid answer for safe methods within the cache period, per token', async () => {
    const { tokens, credentials, clock } = setup();
    tokens.verifyAccessToken.mockResolvedValue({ valid: true, uid: UID, tokenId: 't1', scopes: ['read'] });
    await credentials.authenticate(PAT, undefined, READ);
    await credentials.authenticate(PAT, undefined, { ...READ, operation: 'searchV1' });
    expect(tokens.verifyAccessToken).toHaveBeenCalledTimes(1);
    await credentials.authenticate(OTHER_PAT, undefined, READ);
    expect(tokens.verifyAccessToken).toHaveBeenCalledTimes(2);
    clock.ms += 30_001;
    await credentials.authenticate(PAT, undefined, READ);
    expect(tokens.verifyAccessToken).toHaveBeenCalledTimes(3);
  });

  it('asks identity on every unsafe call (each one is written to the owner operation log)', async () => {
    const { tokens, credentials } = setup();
    tokens.verifyAccessToken.mockResolvedValue({ valid: true, uid: UID, tokenId: 't1', scopes: ['act'] });
    await credentials.authenticate(PAT, undefined, READ);
    await credentials.authenticate(PAT, undefined, WRITE);
    await credentials.authenticate(PAT, undefined, WRITE);
    expect(tokens.verifyAccessToken.mock.calls.map(([request]) => request.method)).toEqual(['GET', 'POST', 'POST']);
  });
});
