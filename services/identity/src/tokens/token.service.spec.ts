import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { TOKEN_NAME_MAX, TOKEN_PATTERN, TOKENS_PER_USER_MAX } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { AccountLogRepository } from '../account-log/account-log.repository.js';
import type { BanRepository } from '../bans/ban.repository.js';
import type { BanRow } from '../bans/ban.table.js';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { DeletionRepository } from '../security/deletion.repository.js';
import type { DeletionRequestRow } from '../security/security.tables.js';
import type { UserRow } from '../users/user.table.js';
import type { TokenRepository } from './token.repository.js';
import { checkNewToken, hashToken, newTokenSecret, TokenService, TOKEN_TOUCH_MS } from './token.service.js';
import type { AccessTokenRow } from './token.table.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const DAY = 86_400_000;
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER = '1c8e5b2f-3d4e-4f60-9b8c-0d1e2f3a4b5c';
const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const SECRET = 'pcp_' + 'A'.repeat(43);
const user = { id: UID, username: 'leyla' } as UserRow;
const client = { ip: '203.0.113.7', userAgent: 'curl/8' };

function row(overrides: Partial<AccessTokenRow> = {}): AccessTokenRow {
  return {
    id: ID,
    userId: UID,
    name: 'Blog sync',
    scopes: ['read', 'act'],
    hash: hashToken(SECRET),
    prefix: 'pcp_AAAA',
    createdAt: new Date(NOW.getTime() - DAY),
    expiresAt: new Date(NOW.getTime() + 29 * DAY),
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('personal access token values', () => {
  it('makes pcp_ and 43 base64url characters, different each time, stored as a SHA-256', () => {
    const a = newTokenSecret();
    const b = newTokenSecret();
    expect(a).toMatch(new RegExp(TOKEN_PATTERN));
    expect(a).not.toBe(b);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toBe(hashToken(b));
  });

  it('names every bad field: an empty or too long name, no or unknown scopes, an expiry out of range', () => {
    expect(checkNewToken({ name: '  Blog   sync ', scopes: ['act', 'read', 'act'], expiresInDays: 30 })).toEqual({
      name: 'Blog sync',
      scopes: ['read', 'act'],
      details: [],
    });
    expect(checkNewToken({ name: ' ', scopes: [], expiresInDays: 0 }).details).toEqual([
      { field: 'name', code: 'NullOrEmpty' },
      { field: 'scopes', code: 'InvalidModel' },
      { field: 'expiresInDays', code: 'InvalidModel' },
    ]);
    expect(
      checkNewToken({ name: 'x'.repeat(TOKEN_NAME_MAX + 1), scopes: ['webhooks'], expiresInDays: 366 }).details,
    ).toEqual([
      { field: 'name', code: 'InvalidName' },
      { field: 'scopes', code: 'InvalidModel' },
      { field: 'expiresInDays', code: 'InvalidModel' },
    ]);
    expect(checkNewToken({ name: 'x'.repeat(TOKEN_NAME_MAX), scopes: ['read'], expiresInDays: 365 }).details).toEqual(
      [],
    );
    expect(checkNewToken({ name: '<b>', scopes: ['read'], expiresInDays: 1.5 }).details).toEqual([
      { field: 'name', code: 'InvalidName' },
      { field: 'expiresInDays', code: 'InvalidModel' },
    ]);
  });
});

describe('TokenService', () => {
  let tokens: StrictMock<TokenRepository>;
  let profiles: StrictMock<ProfileRepository>;
  let bans: StrictMock<BanRepository>;
  let deletions: StrictMock<DeletionRepository>;
  let log: StrictMock<AccountLogRepository>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: TokenService;

  beforeEach(() => {
    tokens = strictMock<TokenRepository>('TokenRepository');
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    bans = strictMock<BanRepository>('BanRepository');
    deletions = strictMock<DeletionRepository>('DeletionRepository');
    log = strictMock<AccountLogRepository>('AccountLogRepository');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new TokenService(transactions as never, tokens, profiles, bans, deletions, log, clock);
  });

  describe('create', () => {
    it('stores only the hash and the prefix, logs it, and answers the token once', async () => {
      profiles.findById.mockResolvedValue(user);
      tokens.lockUser.mockResolvedValue(undefined);
      tokens.countLive.mockResolvedValue(TOKENS_PER_USER_MAX - 1);
      tokens.insert.mockImplementation(async (values) => row({ ...values, id: ID } as never));
      log.add.mockResolvedValue(undefined);

      const created = await service.create({
        uid: UID,
        name: ' Blog sync ',
        scopes: ['act', 'read'],
        expiresInDays: 30,
        ...client,
      });

      expect(created.secret).toMatch(new RegExp(TOKEN_PATTERN));
      expect(tokens.lockUser).toHaveBeenCalledWith(UID, TX);
      expect(tokens.countLive).toHaveBeenCalledWith(UID, NOW, TX);
      expect(tokens.insert).toHaveBeenCalledWith(
        {
          userId: UID,
          name: 'Blog sync',
          scopes: ['read', 'act'],
          hash: hashToken(created.secret),
          prefix: created.secret.slice(0, 8),
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + 30 * DAY),
        },
        TX,
      );
      expect(JSON.stringify(tokens.insert.mock.calls)).not.toContain(created.secret);
      expect(log.add).toHaveBeenCalledWith(TX, { userId: UID, type: 'tokenCreated', detail: 'Blog sync', ...client });
      expect(created.token).toMatchObject({
        id: ID,
        name: 'Blog sync',
        prefix: created.secret.slice(0, 8),
        expiresAtMs: NOW.getTime() + 30 * DAY,
        lastUsedAtMs: 0,
        revokedAtMs: 0,
      });
    });

    it('refuses bad fields with InvalidModel naming them, before any write', async () => {
      profiles.findById.mockResolvedValue(user);
      const error = await failure(
        service.create({ uid: UID, name: '', scopes: ['admin'], expiresInDays: 0, ...client }),
      );
      expect(error.code).toBe('InvalidModel');
      expect(error.details?.map((detail) => detail.field)).toEqual(['name', 'scopes', 'expiresInDays']);
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('refuses a token beyond the live limit with OperationFailed, writing nothing', async () => {
      profiles.findById.mockResolvedValue(user);
      tokens.lockUser.mockResolvedValue(undefined);
      tokens.countLive.mockResolvedValue(TOKENS_PER_USER_MAX);
      const error = await failure(
        service.create({ uid: UID, name: 'One more', scopes: ['read'], expiresInDays: 7, ...client }),
      );
      expect(error.code).toBe('OperationFailed');
      expect(transactions.rolledBack).toBe(1);
    });

    it('refuses an unknown owner', async () => {
      profiles.findById.mockResolvedValue(undefined);
      const request = { uid: UID, name: 'x', scopes: ['read'], expiresInDays: 7, ...client };
      expect((await failure(service.create(request))).code).toBe('Unauthorized');
      expect((await failure(service.create({ ...request, uid: 'not-a-uuid' }))).code).toBe('Unauthorized');
    });
  });

  describe('list and revoke', () => {
    it("lists the user's tokens without any secret, revoked ones marked", async () => {
      tokens.listOfUser.mockResolvedValue([row({ revokedAt: NOW, lastUsedAt: NOW })]);
      const list = await service.list(UID);
      expect(tokens.listOfUser).toHaveBeenCalledWith(UID);
      expect(list).toEqual([
        {
          id: ID,
          name: 'Blog sync',
          scopes: ['read', 'act'],
          prefix: 'pcp_AAAA',
          createdAtMs: NOW.getTime() - DAY,
          expiresAtMs: NOW.getTime() + 29 * DAY,
          lastUsedAtMs: NOW.getTime(),
          revokedAtMs: NOW.getTime(),
        },
      ]);
      expect(JSON.stringify(list)).not.toContain(hashToken(SECRET));
    });

    it('revokes the owner’s token once and logs it; again changes nothing', async () => {
      tokens.lockOfUser.mockResolvedValueOnce(row());
      tokens.revoke.mockResolvedValue(undefined);
      log.add.mockResolvedValue(undefined);
      await service.revoke({ uid: UID, id: ID, ...client });
      expect(tokens.lockOfUser).toHaveBeenCalledWith(UID, ID, TX);
      expect(tokens.revoke).toHaveBeenCalledWith(ID, NOW, TX);
      expect(log.add).toHaveBeenCalledWith(TX, { userId: UID, type: 'tokenRevoked', detail: 'Blog sync', ...client });

      tokens.lockOfUser.mockResolvedValueOnce(row({ revokedAt: NOW }));
      await service.revoke({ uid: UID, id: ID, ...client });
      expect(tokens.revoke).toHaveBeenCalledTimes(1);
      expect(log.add).toHaveBeenCalledTimes(1);
    });

    it("answers NotFound for another user's token, an unknown id or a malformed one", async () => {
      tokens.lockOfUser.mockResolvedValue(undefined);
      expect((await failure(service.revoke({ uid: OTHER, id: ID, ...client }))).code).toBe('NotFound');
      expect(tokens.lockOfUser).toHaveBeenCalledWith(OTHER, ID, TX);
      expect((await failure(service.revoke({ uid: UID, id: '1 or 1=1', ...client }))).code).toBe('NotFound');
      expect(tokens.revoke).not.toHaveBeenCalled();
    });
  });

  describe('verify', () => {
    function live() {
      profiles.findById.mockResolvedValue(user);
      bans.activeFor.mockResolvedValue(undefined);
      deletions.find.mockResolvedValue(undefined);
    }

    it('accepts a live token, records its use and, for a read, writes no log entry', async () => {
      tokens.findByHash.mockResolvedValue(row());
      live();
      tokens.touch.mockResolvedValue(undefined);

      const answer = await service.verify({ secret: SECRET, operation: 'listArticlesV1', method: 'GET', ...client });

      expect(tokens.findByHash).toHaveBeenCalledWith(hashToken(SECRET));
      expect(answer).toEqual({ valid: true, uid: UID, tokenId: ID, scopes: ['read', 'act'] });
      expect(tokens.touch).toHaveBeenCalledWith(ID, NOW, new Date(NOW.getTime() - TOKEN_TOUCH_MS));
    });

    it('writes last used at most once a minute', async () => {
      tokens.findByHash.mockResolvedValue(row({ lastUsedAt: new Date(NOW.getTime() - TOKEN_TOUCH_MS + 1000) }));
      live();
      expect(
        (await service.verify({ secret: SECRET, operation: 'x', method: 'GET', ip: '', userAgent: '' })).valid,
      ).toBe(true);
      expect(tokens.touch).not.toHaveBeenCalled();
    });

    it('logs a change made with the token, naming the operation and the token', async () => {
      tokens.findByHash.mockResolvedValue(row({ lastUsedAt: NOW }));
      live();
      log.add.mockResolvedValue(undefined);
      await service.verify({ secret: SECRET, operation: 'publishDraftV1', method: 'post', ...client });
      expect(log.add).toHaveBeenCalledWith(undefined, {
        userId: UID,
        type: 'tokenUsed',
        detail: 'publishDraftV1 · Blog sync',
        ...client,
      });
    });

    it('refuses a malformed, unknown, revoked or expired token', async () => {
      const request = { secret: SECRET, operation: '', method: 'GET', ip: '', userAgent: '' };
      const invalid = { valid: false, uid: '', tokenId: '', scopes: [] };
      expect(await service.verify({ ...request, secret: 'pcp_short' })).toEqual(invalid);
      expect(await service.verify({ ...request, secret: 'Bearer ' + SECRET })).toEqual(invalid);
      expect(tokens.findByHash).not.toHaveBeenCalled();
      tokens.findByHash.mockResolvedValueOnce(undefined);
      expect(await service.verify(request)).toEqual(invalid);
      tokens.findByHash.mockResolvedValueOnce(row({ revokedAt: new Date(NOW.getTime() - 1000) }));
      expect(await service.verify(request)).toEqual(invalid);
      tokens.findByHash.mockResolvedValueOnce(row({ expiresAt: NOW }));
      expect(await service.verify(request)).toEqual(invalid);
      expect(tokens.touch).not.toHaveBeenCalled();
    });

    it('refuses the token of a banned, deleted or leaving owner', async () => {
      const request = { secret: SECRET, operation: 'publishDraftV1', method: 'POST', ip: '', userAgent: '' };
      tokens.findByHash.mockResolvedValue(row());
      profiles.findById.mockResolvedValue(user);
      deletions.find.mockResolvedValue(undefined);
      bans.activeFor.mockResolvedValueOnce({ id: 'ban' } as BanRow);
      expect((await service.verify(request)).valid).toBe(false);
      expect(bans.activeFor).toHaveBeenCalledWith(UID, NOW);
      bans.activeFor.mockResolvedValue(undefined);
      profiles.findById.mockResolvedValueOnce(undefined);
      expect((await service.verify(request)).valid).toBe(false);
      deletions.find.mockResolvedValueOnce({ userId: UID } as DeletionRequestRow);
      expect((await service.verify(request)).valid).toBe(false);
      expect(tokens.touch).not.toHaveBeenCalled();
      expect(log.add).not.toHaveBeenCalled();
    });
  });
});
