import { generateKeyPairSync } from 'node:crypto';
import { ActorTokenError, signActorToken, verifyActorToken } from './actor-token.js';
import { actorFieldOf, fieldValue } from './grpc-actor.js';

const gateway = generateKeyPairSync('ed25519');
const impostor = generateKeyPairSync('ed25519');
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ActorTokenError ? error.reason : 'other';
  }
  return 'accepted';
};

describe('actor tokens', () => {
  const token = signActorToken(gateway.privateKey, { sub: 'u-1', aud: 'articles' }, { nowMs: NOW });

  it('carries the user for the audience, signed by the gateway, for 60 s', () => {
    expect(verifyActorToken(gateway.publicKey, token, ['articles'], NOW)).toEqual({ sub: 'u-1', aud: 'articles' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ iss: 'gateway', sub: 'u-1', aud: 'articles', exp: payload.iat + 60 });
    expect(verifyActorToken(gateway.publicKey, token, ['articles'], NOW + 59_000).sub).toBe('u-1');
  });

  it('refuses an expired token, one for another service, and one signed by another key', () => {
    expect(reason(() => verifyActorToken(gateway.publicKey, token, ['articles'], NOW + 66_000))).toBe('expired');
    expect(reason(() => verifyActorToken(gateway.publicKey, token, ['comments'], NOW))).toBe('audience');
    const forged = signActorToken(impostor.privateKey, { sub: 'u-1', aud: 'articles' }, { nowMs: NOW });
    expect(reason(() => verifyActorToken(gateway.publicKey, forged, ['articles'], NOW))).toBe('signature');
  });

  it('refuses a token whose claims were changed, and garbage', () => {
    const [header, , signature] = token.split('.');
    const claims = Buffer.from(
      JSON.stringify({ iss: 'gateway', sub: 'u-2', aud: 'articles', iat: NOW / 1000, exp: NOW / 1000 + 60 }),
    ).toString('base64url');
    expect(
      reason(() => verifyActorToken(gateway.publicKey, `${header}.${claims}.${signature}`, ['articles'], NOW)),
    ).toBe('signature');
    expect(reason(() => verifyActorToken(gateway.publicKey, 'not-a-token', ['articles'], NOW))).toBe('malformed');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.`;
    expect(reason(() => verifyActorToken(gateway.publicKey, none, ['articles'], NOW))).toBe('malformed');
  });

  it('refuses a token issued for longer than allowed', () => {
    const long = signActorToken(gateway.privateKey, { sub: 'u-1', aud: 'articles' }, { nowMs: NOW, ttlSeconds: 3600 });
    expect(reason(() => verifyActorToken(gateway.publicKey, long, ['articles'], NOW))).toBe('malformed');
  });
});

describe('actor fields', () => {
  const fields = { 'articles.v1.DraftsService': { UpdateDraft: 'actorUid', EditArticle: 'actor.uid' } };

  it('finds the field a method names its user in', () => {
    expect(actorFieldOf('/articles.v1.DraftsService/UpdateDraft', fields)).toBe('actorUid');
    expect(actorFieldOf('/articles.v1.DraftsService/GetDraftPreview', fields)).toBeUndefined();
    expect(actorFieldOf(undefined, fields)).toBeUndefined();
  });

  it('reads a dotted field, empty as none', () => {
    expect(fieldValue({ actor: { uid: 'u-1' } }, 'actor.uid')).toBe('u-1');
    expect(fieldValue({ actorUid: '' }, 'actorUid')).toBeUndefined();
    expect(fieldValue({}, 'actor.uid')).toBeUndefined();
    expect(fieldValue(null, 'actorUid')).toBeUndefined();
  });
});
