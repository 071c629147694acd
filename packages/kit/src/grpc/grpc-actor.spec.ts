import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWithRequestContext } from '../logging/request-context.js';
import { verifyActorToken } from './actor-token.js';
import { actorFieldOf, actorTokenFor, outgoingActorToken } from './grpc-actor.js';

const keys = generateKeyPairSync('ed25519');
const dir = mkdtempSync(join(tmpdir(), 'actor-keys-'));
writeFileSync(join(dir, 'signing.key'), keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
const UPDATE_DRAFT = '/articles.v1.DraftsService/UpdateDraft';
const GET_PREVIEW = '/articles.v1.DraftsService/GetDraftPreview';
const saved = process.env.ACTOR_TOKEN_SIGNING_KEY_FILE;

afterEach(() => {
  if (saved === undefined) delete process.env.ACTOR_TOKEN_SIGNING_KEY_FILE;
  else process.env.ACTOR_TOKEN_SIGNING_KEY_FILE = saved;
});

describe('the actor token a client sends', () => {
  describe('in the gateway (it holds the signing key)', () => {
    beforeEach(() => {
      process.env.ACTOR_TOKEN_SIGNING_KEY_FILE = join(dir, 'signing.key');
    });

    it('signs one for the user the request names, addressed to the callee', () => {
      const token = runWithRequestContext({ requestId: 'r', userId: 'u-1' }, () =>
        outgoingActorToken(UPDATE_DRAFT, { actorUid: 'u-1' }, 'articles'),
      );
      expect(verifyActorToken(keys.publicKey, token!, ['articles'])).toEqual({ sub: 'u-1', aud: 'articles' });
    });

    it('refuses to name another user than the one signed in', () => {
      expect(() =>
        runWithRequestContext({ requestId: 'r', userId: 'u-1' }, () =>
          outgoingActorToken(UPDATE_DRAFT, { actorUid: 'u-2' }, 'articles'),
        ),
      ).toThrow(expect.objectContaining({ code: 'Forbidden' }));
    });

    it('signs for the named user under staff, partner and no session, and nothing for methods naming no one', () => {
      for (const userId of ['staff:s-1', 'partner:acme', undefined]) {
        const token = runWithRequestContext({ requestId: 'r', ...(userId ? { userId } : {}) }, () =>
          outgoingActorToken(UPDATE_DRAFT, { actorUid: 'u-3' }, 'articles'),
        );
        expect(verifyActorToken(keys.publicKey, token!, ['articles']).sub).toBe('u-3');
      }
      expect(outgoingActorToken(UPDATE_DRAFT, { actorUid: '' }, 'articles')).toBeUndefined();
      expect(outgoingActorToken(GET_PREVIEW, { token: 't' }, 'articles')).toBeUndefined();
    });

    it('decides the same with the actor field looked up once per method (what a client does)', () => {
      const field = actorFieldOf(UPDATE_DRAFT);
      expect(field).toBe('actorUid');
      expect(actorFieldOf(GET_PREVIEW)).toBeUndefined();
      const token = actorTokenFor(field, { actorUid: 'u-4' }, 'articles');
      expect(verifyActorToken(keys.publicKey, token!, ['articles'])).toMatchObject({ sub: 'u-4', aud: 'articles' });
      expect(actorTokenFor(undefined, { actorUid: 'u-4' }, 'articles')).toBeUndefined();
      expect(actorTokenFor(field, { actorUid: 'u-4' }, undefined)).toBeUndefined();
      expect(() =>
        runWithRequestContext({ requestId: 'r', userId: 'u-1' }, () =>
          actorTokenFor(field, { actorUid: 'u-2' }, 'articles'),
        ),
      ).toThrow(expect.objectContaining({ code: 'Forbidden' }));
    });
  });

  describe('in a service (no signing key)', () => {
    beforeEach(() => {
      delete process.env.ACTOR_TOKEN_SIGNING_KEY_FILE;
    });

    it('forwards the token of the user whose request it handles, for that user only', () => {
      const context = { requestId: 'r', userId: 'u-1', actorToken: 'the.users.token' };
      expect(runWithRequestContext(context, () => outgoingActorToken(UPDATE_DRAFT, { actorUid: 'u-1' }, 'x'))).toBe(
        'the.users.token',
      );
      expect(
        runWithRequestContext(context, () => outgoingActorToken(UPDATE_DRAFT, { actorUid: 'u-2' }, 'x')),
      ).toBeUndefined();
      expect(outgoingActorToken(UPDATE_DRAFT, { actorUid: 'u-1' }, 'x')).toBeUndefined();
    });
  });
});
