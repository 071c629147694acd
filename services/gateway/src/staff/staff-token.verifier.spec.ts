import { AppError } from '@pencraft/errors';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { hasStaffRole, StaffTokenVerifier, type StaffRole } from './staff-token.verifier.js';

const ISSUER = 'http://localhost:8380/realms/pencraft';
const AUDIENCE = 'pencraft-api';

interface Keys {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function rsaKey(kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

let realm: Keys;
let stranger: Keys;
let verifier: StaffTokenVerifier;

beforeAll(async () => {
  realm = await rsaKey('realm-key');
  stranger = await rsaKey('realm-key'); // the same kid, another key: a forgery that names the realm's key
  verifier = new StaffTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: createLocalJWKSet({ keys: [realm.jwk] }),
  });
});

const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: ['pencraft-api', 'account'],
    sub: '5b1d7f0e-8d6a-4f5e-9a43-1f0c3b8e2a11',
    typ: 'Bearer',
    azp: 'pencraft-console',
    preferred_username: 'moderator',
    realm_access: { roles: ['default-roles-pencraft', 'moderator', 'offline_access'] },
    iat: now(),
    exp: now() + 300,
    ...overrides,
  };
}

function sign(payload: JWTPayload, key: Keys = realm, alg = 'RS256') {
  return new SignJWT(payload).setProtectedHeader({ alg, kid: key.jwk.kid, typ: 'JWT' }).sign(key.privateKey);
}

async function refusal(token: string): Promise<string> {
  try {
    await verifier.verify(token);
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('StaffTokenVerifier', () => {
  it('accepts a realm token for the API and keeps only the staff roles', async () => {
    await expect(verifier.verify(await sign(claims()))).resolves.toEqual({
      sub: '5b1d7f0e-8d6a-4f5e-9a43-1f0c3b8e2a11',
      username: 'moderator',
      roles: ['moderator'],
    });
  });

  it('answers both roles of an admin and none of a user without them', async () => {
    const admin = await verifier.verify(await sign(claims({ realm_access: { roles: ['admin', 'moderator'] } })));
    expect(admin.roles).toEqual(['moderator', 'admin']);
    const user = await verifier.verify(await sign(claims({ realm_access: { roles: ['offline_access'] } })));
    expect(user.roles).toEqual([]);
    const noClaim = await verifier.verify(await sign(claims({ realm_access: undefined })));
    expect(noClaim.roles).toEqual([]);
  });

  it.each([
    ['another key under the same kid (forged)', async () => sign(claims(), stranger)],
    ['another issuer', async () => sign(claims({ iss: 'http://localhost:8380/realms/master' }))],
    ['another audience', async () => sign(claims({ aud: 'account' }))],
    ['no audience', async () => sign(claims({ aud: undefined }))],
    ['expired beyond the tolerance', async () => sign(claims({ iat: now() - 120, exp: now() - 10 }))],
    ['not valid yet beyond the tolerance', async () => sign(claims({ nbf: now() + 60 }))],
    ['no exp', async () => sign(claims({ exp: undefined }))],
    ['no subject', async () => sign(claims({ sub: undefined }))],
    ['an ID token (typ ID)', async () => sign(claims({ typ: 'ID' }))],
    ['a refresh token (typ Refresh)', async () => sign(claims({ typ: 'Refresh' }))],
    ['HS256 keyed with the public key', async () => hs256(claims())],
    ['alg none', async () => unsigned(claims())],
    ['garbage', async () => 'not-a-token'],
    ['a token with its signature cut', async () => (await sign(claims())).split('.').slice(0, 2).join('.') + '.'],
  ])('refuses %s with TokenRejected', async (_name, make) => {
    expect(await refusal(await make())).toBe('TokenRejected');
  });

  it('accepts exp and nbf within the 5 s clock tolerance', async () => {
    expect(await refusal(await sign(claims({ iat: now() - 60, exp: now() - 2 })))).toBe('accepted');
    expect(await refusal(await sign(claims({ nbf: now() + 2 })))).toBe('accepted');
  });

  it('answers NetworkError (not a refusal, not an acceptance) when the key set cannot be fetched', async () => {
    const down: JWTVerifyGetKey = () => Promise.reject(new TypeError('fetch failed', { cause: new Error('refused') }));
    const offline = new StaffTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, keys: down });
    await expect(offline.verify(await sign(claims()))).rejects.toMatchObject({ code: 'NetworkError' });
  });
});

describe('hasStaffRole', () => {
  const who = (roles: StaffRole[]) => ({ sub: 's', username: 'u', roles });
  it('lets an admin through moderator routes, never a moderator through admin routes', () => {
    expect(hasStaffRole(who(['admin']), 'moderator')).toBe(true);
    expect(hasStaffRole(who(['moderator']), 'moderator')).toBe(true);
    expect(hasStaffRole(who(['moderator']), 'admin')).toBe(false);
    expect(hasStaffRole(who([]), 'moderator')).toBe(false);
  });

  it('lets finance and an admin through finance routes, and finance nowhere else', () => {
    expect(hasStaffRole(who(['finance']), 'finance')).toBe(true);
    expect(hasStaffRole(who(['admin']), 'finance')).toBe(true);
    expect(hasStaffRole(who(['moderator']), 'finance')).toBe(false);
    expect(hasStaffRole(who(['finance']), 'moderator')).toBe(false);
    expect(hasStaffRole(who(['finance']), 'admin')).toBe(false);
  });
});

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function unsigned(payload: JWTPayload): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

/** The classic confusion attack: HMAC with the public key's bytes as the secret. */
async function hs256(payload: JWTPayload): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const input = `${b64({ alg: 'HS256', kid: realm.jwk.kid, typ: 'JWT' })}.${b64(payload)}`;
  const mac = createHmac('sha256', JSON.stringify(realm.jwk)).update(input).digest('base64url');
  return `${input}.${mac}`;
}
