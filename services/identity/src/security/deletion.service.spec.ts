import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger, Mailer } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { createHash } from 'node:crypto';
import type { PasswordHasher } from '../auth/password-hasher.js';
import type { VerificationCodeService } from '../verification/verification-code.service.js';
import type { DeletionRepository } from './deletion.repository.js';
import { DELETION_GRACE_DAYS, DeletionService } from './deletion.service.js';
import type { SecurityAccountRepository } from './security-account.repository.js';
import type { UserSessionsRepository } from './user-sessions.repository.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const USER = '7c0e5d8a-3b1f-4e2a-9c6d-1f2e3d4c5b6a';
const SESSION = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const account = { id: USER, email: 'leyla@example.az', username: 'leyla_m', lang: 'en', passwordHash: '$hash' };
const input = { userId: USER, sessionId: SESSION, password: 'correct-horse-1', code: '' };

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('DeletionService', () => {
  let accounts: StrictMock<SecurityAccountRepository>;
  let deletions: StrictMock<DeletionRepository>;
  let sessions: StrictMock<UserSessionsRepository>;
  let codes: StrictMock<VerificationCodeService>;
  let hasher: StrictMock<PasswordHasher>;
  let mailer: StrictMock<Mailer>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: DeletionService;

  beforeEach(() => {
    accounts = strictMock<SecurityAccountRepository>('SecurityAccountRepository');
    deletions = strictMock<DeletionRepository>('DeletionRepository');
    sessions = strictMock<UserSessionsRepository>('UserSessionsRepository');
    codes = strictMock<VerificationCodeService>('VerificationCodeService');
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    mailer = strictMock<Mailer>('Mailer');
    transactions = fakeTransactions();
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    const log = strictMock<Logger>('Logger');
    service = new DeletionService(
      { PUBLIC_ORIGIN: 'https://pencraft.az' },
      log,
      accounts,
      deletions,
      sessions,
      codes,
      hasher,
      mailer,
      transactions as never,
      clock,
    );
    accounts.find.mockResolvedValue(account);
    hasher.verify.mockResolvedValue(true);
    deletions.find.mockResolvedValue(undefined);
    mailer.send.mockResolvedValue(undefined);
  });

  it('step one: checks the password and mails a deletion code, scheduling nothing', async () => {
    codes.issue.mockResolvedValue({ code: '493817', linkToken: 'unused' });

    expect(await service.request(input)).toEqual({ codeSent: true, scheduledAtMs: 0, tokenHashes: [] });
    expect(hasher.verify).toHaveBeenCalledWith('$hash', 'correct-horse-1');
    expect(codes.issue).toHaveBeenCalledWith(undefined, { userId: USER, purpose: 'deletion', target: account.email });
    expect(mailer.send).toHaveBeenCalledWith(expect.objectContaining({ to: account.email }));
    expect(mailer.send.mock.calls[0]![0].text).toContain('493817');
    expect(transactions.run).not.toHaveBeenCalled();
  });

  it('step two: schedules the deletion 30 days ahead, ends the other sessions and mails the cancel link', async () => {
    codes.check.mockResolvedValue({ target: account.email });
    deletions.insert.mockResolvedValue(true);
    const ended = [Buffer.from('a'), Buffer.from('b')];
    sessions.revokeOthers.mockResolvedValue(ended);

    const result = await service.request({ ...input, code: '493817' });

    const due = new Date(NOW.getTime() + DELETION_GRACE_DAYS * 24 * 3600 * 1000);
    expect(result).toEqual({ codeSent: false, scheduledAtMs: due.getTime(), tokenHashes: ended });
    expect(codes.check).toHaveBeenCalledWith({ userId: USER, purpose: 'deletion', code: '493817' });
    const row = deletions.insert.mock.calls[0]![1];
    expect(deletions.insert).toHaveBeenCalledWith(TX, expect.objectContaining({ userId: USER, scheduledFor: due }));
    expect(sessions.revokeOthers).toHaveBeenCalledWith(USER, SESSION, NOW, TX);
    const notice = mailer.send.mock.calls[0]![0];
    const token = /\/api\/atrium\/crawl\?t=([A-Za-z0-9_-]{43})/.exec(notice.text)![1]!;
    expect(notice.text).toContain('https://pencraft.az/api/atrium/crawl?t=');
    // Only the token's hash is stored.
    expect(row.cancelTokenHash).toEqual(createHash('sha256').update(token).digest());
  });

  it('refuses a wrong password before anything else', async () => {
    hasher.verify.mockResolvedValue(false);
    expect(await failure(service.request(input))).toBe('IncorrectOldPassword');
    expect(mailer.send).not.toHaveBeenCalled();
  });

  it('refuses a second request while one is pending, in either step', async () => {
    deletions.find.mockResolvedValue({
      userId: USER,
      requestedAt: NOW,
      scheduledFor: NOW,
      cancelTokenHash: Buffer.alloc(32),
    });
    expect(await failure(service.request(input))).toBe('AlreadyRequestedDeletion');
    expect(await failure(service.request({ ...input, code: '493817' }))).toBe('AlreadyRequestedDeletion');
  });

  it('lets a racing request that lost the insert answer AlreadyRequestedDeletion, ending no session', async () => {
    codes.check.mockResolvedValue({ target: account.email });
    deletions.insert.mockResolvedValue(false);
    expect(await failure(service.request({ ...input, code: '493817' }))).toBe('AlreadyRequestedDeletion');
    expect(transactions.rolledBack).toBe(1);
  });

  it('passes a wrong code on from the verification codes, scheduling nothing', async () => {
    codes.check.mockRejectedValue(new AppError('WrongCode'));
    expect(await failure(service.request({ ...input, code: '000000' }))).toBe('WrongCode');
    expect(transactions.run).not.toHaveBeenCalled();
  });

  it('tells sign-in when the deletion is due', async () => {
    deletions.find.mockResolvedValue({
      userId: USER,
      requestedAt: NOW,
      scheduledFor: NOW,
      cancelTokenHash: Buffer.alloc(32),
    });
    expect(await service.scheduledFor(USER)).toEqual(NOW);
    deletions.find.mockResolvedValue(undefined);
    expect(await service.scheduledFor(USER)).toBeUndefined();
  });

  it('cancels by link only for a link of a pending deletion', async () => {
    deletions.removeByCancelToken.mockResolvedValue(true);
    const token = 'x'.repeat(43);
    await service.cancelByLink(token);
    expect(deletions.removeByCancelToken).toHaveBeenCalledWith(createHash('sha256').update(token).digest());
    deletions.removeByCancelToken.mockResolvedValue(false);
    expect(await failure(service.cancelByLink(token))).toBe('ExpiredOrInvalid');
    expect(await failure(service.cancelByLink('short'))).toBe('ExpiredOrInvalid');
  });
});
