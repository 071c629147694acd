import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import { createHash } from 'node:crypto';
import type { Clock } from '@pencraft/kit';
import type { VerificationCodeRepository } from './verification-code.repository.js';
import type { VerificationCodeRow } from './verification-code.table.js';
import { VerificationCodeService } from './verification-code.service.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const USER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const SALT = Buffer.alloc(16, 7);
const LINK = 'L'.repeat(43);

const hashCode = (code: string) => createHash('sha256').update(SALT).update(code).digest();

function row(overrides: Partial<VerificationCodeRow> = {}): VerificationCodeRow {
  return {
    id: 'code-1',
    userId: USER,
    purpose: 'register',
    target: 'leyla@example.az',
    salt: SALT,
    codeHash: hashCode('123456'),
    linkHash: createHash('sha256').update(LINK).digest(),
    attempts: 0,
    createdAt: new Date(NOW.getTime() - 10 * 60_000),
    expiresAt: new Date(NOW.getTime() + 60 * 60_000),
    consumedAt: null,
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

describe('VerificationCodeService', () => {
  let codes: StrictMock<VerificationCodeRepository>;
  let clock: StrictMock<Clock>;
  let service: VerificationCodeService;

  beforeEach(() => {
    codes = strictMock<VerificationCodeRepository>('VerificationCodeRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new VerificationCodeService(codes, clock);
  });

  describe('issue', () => {
    it('stores only hashes of a fresh 6-digit code and a 43-character link token, valid 24 hours', async () => {
      codes.latest.mockResolvedValue(undefined);
      codes.issuedSince.mockResolvedValue(0);
      codes.replace.mockResolvedValue(undefined);

      const issued = await service.issue(TX, { userId: USER, purpose: 'register', target: 'leyla@example.az' });

      expect(issued.code).toMatch(/^\d{6}$/);
      expect(issued.linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [stored, tx] = codes.replace.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(stored).toMatchObject({ userId: USER, purpose: 'register', target: 'leyla@example.az', createdAt: NOW });
      expect(stored.expiresAt.getTime() - NOW.getTime()).toBe(24 * 60 * 60 * 1000);
      expect(stored.codeHash).toEqual(createHash('sha256').update(stored.salt).update(issued.code).digest());
      expect(stored.linkHash).toEqual(createHash('sha256').update(issued.linkToken).digest());
      expect(JSON.stringify(stored)).not.toContain(issued.linkToken);
    });

    it('refuses a new code within a minute of the previous one, saying how long to wait', async () => {
      codes.latest.mockResolvedValue(row({ createdAt: new Date(NOW.getTime() - 15_000) }));

      const error = await failure(service.issue(undefined, { userId: USER, purpose: 'register', target: 't' }));

      expect(error.code).toBe('Flood');
      expect(error.params).toEqual({ retryAfter: 45 });
    });

    it('refuses an eleventh code within the hour, whatever the addresses', async () => {
      codes.latest.mockResolvedValue(row({ createdAt: new Date(NOW.getTime() - 61_000) }));
      codes.issuedSince.mockResolvedValue(10);

      expect((await failure(service.issue(undefined, { userId: USER, purpose: 'email', target: 'x' }))).code).toBe(
        'Flood',
      );
      expect(codes.issuedSince).toHaveBeenCalledWith(USER, 'email', new Date(NOW.getTime() - 3600_000), undefined);
    });
  });

  describe('check', () => {
    beforeEach(() => {
      codes.attemptsSince.mockResolvedValue(0);
    });

    it('reserves the guess before comparing, uses the right code once and answers where it was sent', async () => {
      codes.findLive.mockResolvedValue(row());
      codes.reserveAttempt.mockResolvedValue(1);
      codes.consume.mockResolvedValue(true);
      await expect(service.check({ userId: USER, purpose: 'register', code: ' 123456 ' })).resolves.toEqual({
        target: 'leyla@example.az',
      });
      expect(codes.findLive).toHaveBeenCalledWith(USER, 'register', NOW);
      expect(codes.attemptsSince).toHaveBeenCalledWith(USER, 'register', new Date(NOW.getTime() - 3600_000), 'code-1');
      expect(codes.reserveAttempt).toHaveBeenCalledWith('code-1', 5, NOW);
      expect(codes.consume).toHaveBeenCalledWith('code-1', NOW);
    });

    it('counts a wrong or malformed code as a guess, reserved before it is compared', async () => {
      codes.findLive.mockResolvedValue(row());
      codes.reserveAttempt.mockResolvedValue(1);
      expect((await failure(service.check({ userId: USER, purpose: 'register', code: '654321' }))).code).toBe(
        'WrongCode',
      );
      expect((await failure(service.check({ userId: USER, purpose: 'register', code: 'abc' }))).code).toBe('WrongCode');
      expect(codes.reserveAttempt).toHaveBeenCalledTimes(2);
    });

    it('compares nothing when the reservation is refused: a code out of guesses is expired, even when right', async () => {
      codes.findLive.mockResolvedValue(row({ attempts: 4 }));
      codes.reserveAttempt.mockResolvedValue(undefined);
      expect((await failure(service.check({ userId: USER, purpose: 'register', code: '123456' }))).code).toBe(
        'ExpiredOrInvalid',
      );
      expect(codes.consume).not.toHaveBeenCalled();
    });

    it('treats a code with five guesses, or none at all, as expired without reserving', async () => {
      codes.findLive.mockResolvedValueOnce(row({ attempts: 5 }));
      expect((await failure(service.check({ userId: USER, purpose: 'register', code: '123456' }))).code).toBe(
        'ExpiredOrInvalid',
      );
      codes.findLive.mockResolvedValueOnce(undefined);
      expect((await failure(service.check({ userId: USER, purpose: 'register', code: '123456' }))).code).toBe(
        'ExpiredOrInvalid',
      );
      expect(codes.reserveAttempt).not.toHaveBeenCalled();
    });

    it('stops guessing across codes after twenty guesses in an hour, and reserves only what the hour has left', async () => {
      codes.findLive.mockResolvedValue(row());
      codes.attemptsSince.mockResolvedValueOnce(20);
      expect((await failure(service.check({ userId: USER, purpose: 'reset', code: '123456' }))).code).toBe('Flood');
      expect(codes.reserveAttempt).not.toHaveBeenCalled();
      codes.attemptsSince.mockResolvedValueOnce(18);
      codes.reserveAttempt.mockResolvedValueOnce(undefined);
      expect((await failure(service.check({ userId: USER, purpose: 'reset', code: '123456' }))).code).toBe('Flood');
      expect(codes.reserveAttempt).toHaveBeenCalledWith('code-1', 2, NOW);
    });

    it('loses a race for the same code cleanly', async () => {
      codes.findLive.mockResolvedValue(row());
      codes.reserveAttempt.mockResolvedValue(1);
      codes.consume.mockResolvedValue(false);
      expect((await failure(service.check({ userId: USER, purpose: 'register', code: '123456' }))).code).toBe(
        'ExpiredOrInvalid',
      );
    });

    it("matches without using, and uses a matched code within the caller's transaction", async () => {
      codes.findLive.mockResolvedValue(row());
      codes.reserveAttempt.mockResolvedValue(1);
      const live = await service.match({ userId: USER, purpose: 'reset', code: '123456' });
      expect(live.id).toBe('code-1');
      expect(codes.consume).not.toHaveBeenCalled();
      codes.consume.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
      await service.use('code-1', TX);
      expect(codes.consume).toHaveBeenCalledWith('code-1', NOW, TX);
      expect((await failure(service.use('code-1', TX))).code).toBe('ExpiredOrInvalid');
    });
  });

  describe('links', () => {
    it('uses the code behind a live link and answers its user', async () => {
      codes.findLiveByLink.mockResolvedValue(row());
      codes.consume.mockResolvedValue(true);

      await expect(service.checkLink({ purpose: 'register', linkToken: LINK })).resolves.toEqual({
        userId: USER,
        target: 'leyla@example.az',
      });
      expect(codes.findLiveByLink).toHaveBeenCalledWith('register', createHash('sha256').update(LINK).digest(), NOW);
    });

    it('peeks without using, and refuses malformed or dead links without a lookup', async () => {
      codes.findLiveByLink.mockResolvedValueOnce(row());
      await service.peekLink({ purpose: 'reset', linkToken: LINK });
      expect((await failure(service.peekLink({ purpose: 'reset', linkToken: 'short' }))).code).toBe('ExpiredOrInvalid');
      codes.findLiveByLink.mockResolvedValueOnce(undefined);
      expect((await failure(service.checkLink({ purpose: 'reset', linkToken: LINK }))).code).toBe('ExpiredOrInvalid');
      expect(codes.findLiveByLink).toHaveBeenCalledTimes(2);
    });
  });
});
