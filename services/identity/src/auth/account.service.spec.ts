import { AccountLogType } from '@pencraft/contracts/identity/v1/identity';
import { Language } from '@pencraft/contracts/common/v1/common';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { AccountLogRepository } from '../account-log/account-log.repository.js';
import type { SessionRepository } from '../sessions/session.repository.js';
import type { UserRepository } from '../users/user.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { VerificationCodeService } from '../verification/verification-code.service.js';
import type { VerificationCodeRow } from '../verification/verification-code.table.js';
import type { AccountMails } from './account-mails.js';
import { AccountService } from './account.service.js';
import type { PasswordHasher } from './password-hasher.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const client = { ip: '203.0.113.7', userAgent: 'jest', lang: Language.LANGUAGE_EN };
const logged = { ip: '203.0.113.7', userAgent: 'jest' };
const ISSUED = { code: '123456', linkToken: 'L'.repeat(43) };
/** The live reset code a guess or a link matched. */
const live: VerificationCodeRow = {
  id: 'code-9',
  userId: UID,
  purpose: 'reset',
  target: 'leyla@example.az',
  salt: Buffer.alloc(16),
  codeHash: Buffer.alloc(32),
  linkHash: Buffer.alloc(32),
  attempts: 1,
  createdAt: NOW,
  expiresAt: NOW,
  consumedAt: null,
};

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: UID,
    email: 'leyla@example.az',
    username: 'leyla_m',
    fullname: 'Leyla Məmmədova',
    passwordHash: '$argon2id$stored',
    theme: 'system',
    lang: 'az',
    rating: 0,
    imageUrl: null,
    emailConfirmedAt: null,
    termsAcceptedAt: NOW,
    headline: '',
    bio: '',
    birthdate: null,
    country: null,
    gender: 'notSpecified',
    imageKey: null,
    bannerKey: null,
    bannerUrl: null,
    usernameChangedAt: null,
    phone: null,
    phoneVerifiedAt: null,
    notifications: {},
    notificationMail: {},
    createdAt: NOW,
    updatedAt: NOW,
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

describe('AccountService', () => {
  let users: StrictMock<UserRepository>;
  let sessions: StrictMock<SessionRepository>;
  let hasher: StrictMock<PasswordHasher>;
  let codes: StrictMock<VerificationCodeService>;
  let log: StrictMock<AccountLogRepository>;
  let mails: StrictMock<AccountMails>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: AccountService;

  beforeEach(() => {
    users = strictMock<UserRepository>('UserRepository');
    sessions = strictMock<SessionRepository>('SessionRepository');
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    codes = strictMock<VerificationCodeService>('VerificationCodeService');
    log = strictMock<AccountLogRepository>('AccountLogRepository');
    mails = strictMock<AccountMails>('AccountMails');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    transactions = fakeTransactions();
    clock.now.mockReturnValue(NOW);
    service = new AccountService(transactions, users, sessions, hasher, codes, log, mails, outbox, clock);
  });

  describe('registration confirmation', () => {
    it('confirms with the code: marks the account, logs it and announces identity.user.confirmed in one transaction', async () => {
      users.findById.mockResolvedValue(userRow());
      codes.check.mockResolvedValue({ target: 'Leyla@example.az' });
      users.markConfirmed.mockResolvedValue(true);
      log.add.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event-1');

      const summary = await service.confirmRegistration(UID, '123456', client);

      expect(summary.confirmed).toBe(true);
      expect(codes.check).toHaveBeenCalledWith({ userId: UID, purpose: 'register', code: '123456' });
      expect(users.markConfirmed).toHaveBeenCalledWith(UID, NOW, TX);
      expect(log.add).toHaveBeenCalledWith(TX, { userId: UID, type: 'accountConfirmation', ...logged });
      const [, event] = outbox.add.mock.calls[0]!;
      expect(event.subject).toBe(EVENTS.userConfirmed.subject);
      expect(EVENTS.userConfirmed.message.decode(event.payload)).toEqual({ uid: UID, confirmedAtMs: NOW.getTime() });
      expect(transactions.committed).toBe(1);
    });

    it('answers a confirmed account as confirmed without spending a code', async () => {
      users.findById.mockResolvedValue(userRow({ emailConfirmedAt: NOW }));
      expect((await service.confirmRegistration(UID, '000000', client)).confirmed).toBe(true);
      expect(codes.match).not.toHaveBeenCalled();
    });

    it('refuses a code sent to an address the account no longer has', async () => {
      users.findById.mockResolvedValue(userRow({ email: 'new@example.az' }));
      codes.check.mockResolvedValue({ target: 'leyla@example.az' });
      expect((await failure(service.confirmRegistration(UID, '123456', client))).code).toBe('ExpiredOrInvalid');
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('knows no user without a session', async () => {
      users.findById.mockResolvedValue(undefined);
      expect((await failure(service.confirmRegistration(UID, '123456', client))).code).toBe('Unauthorized');
    });

    it('resends to the account address in its language, not to a confirmed account', async () => {
      users.findById.mockResolvedValueOnce(userRow());
      codes.issue.mockResolvedValue(ISSUED);
      mails.sendCode.mockResolvedValue(undefined);
      await service.resendRegistrationCode(UID);
      expect(codes.issue).toHaveBeenCalledWith(undefined, {
        userId: UID,
        purpose: 'register',
        target: 'leyla@example.az',
      });
      expect(mails.sendCode).toHaveBeenCalledWith(
        'register',
        { to: 'leyla@example.az', lang: 'az', name: 'Leyla Məmmədova' },
        ISSUED.code,
        ISSUED.linkToken,
      );

      users.findById.mockResolvedValueOnce(userRow({ emailConfirmedAt: NOW }));
      expect((await failure(service.resendRegistrationCode(UID))).code).toBe('OperationFailed');
    });
  });

  describe('password reset', () => {
    it('answers an unknown address like a known one and sends nothing', async () => {
      users.findByEmail.mockResolvedValue(undefined);
      await expect(service.requestPasswordReset(' Nobody@Example.AZ ')).resolves.toBeUndefined();
      expect(users.findByEmail).toHaveBeenCalledWith('nobody@example.az');
      expect(codes.issue).not.toHaveBeenCalled();
    });

    it('stays silent within the cooldown, so the answer tells nothing', async () => {
      users.findByEmail.mockResolvedValue(userRow());
      codes.issue.mockRejectedValue(new AppError('Flood', { params: { retryAfter: 30 } }));
      await expect(service.requestPasswordReset('leyla@example.az')).resolves.toBeUndefined();
      expect(mails.sendCode).not.toHaveBeenCalled();
    });

    it('refuses a malformed address', async () => {
      expect((await failure(service.requestPasswordReset('nope'))).code).toBe('InvalidEmail');
    });

    it('checks the new password before spending the code', async () => {
      const error = await failure(
        service.resetPassword({ email: 'leyla@example.az', code: '123456', token: '', newPassword: 'short' }, client),
      );
      expect(error.details).toEqual([{ field: 'newPassword', code: 'InvalidPassword' }]);
      expect(codes.match).not.toHaveBeenCalled();
    });

    it('answers an unknown address as one without a pending reset', async () => {
      users.findByEmail.mockResolvedValue(undefined);
      expect(
        (
          await failure(
            service.resetPassword(
              { email: 'x@example.az', code: '123456', token: '', newPassword: 'new-pass-1' },
              client,
            ),
          )
        ).code,
      ).toBe('ExpiredOrInvalid');
    });

    it('sets the password, spends the link, ends every session and logs it in one transaction', async () => {
      codes.peekLink.mockResolvedValue(live);
      users.findById.mockResolvedValue(userRow());
      hasher.hash.mockResolvedValue('$argon2id$new');
      codes.use.mockResolvedValue(undefined);
      users.updatePasswordHash.mockResolvedValue(undefined);
      sessions.revokeAllOfUser.mockResolvedValue([Buffer.from('h1')]);
      log.add.mockResolvedValue(undefined);

      const reset = await service.resetPassword(
        { email: '', code: '', token: 'T'.repeat(43), newPassword: 'new-pass-1' },
        client,
      );

      expect(reset).toEqual({ uid: UID, tokenHashes: [Buffer.from('h1')] });
      expect(codes.peekLink).toHaveBeenCalledWith({ purpose: 'reset', linkToken: 'T'.repeat(43) });
      expect(codes.use).toHaveBeenCalledWith('code-9', TX);
      expect(users.updatePasswordHash).toHaveBeenCalledWith(UID, '$argon2id$new', TX);
      expect(sessions.revokeAllOfUser).toHaveBeenCalledWith(UID, NOW, TX);
      expect(log.add).toHaveBeenCalledWith(TX, { userId: UID, type: 'passwordReset', ...logged });
    });

    it('spends the code with the reset: a lost race changes no password', async () => {
      users.findByEmail.mockResolvedValue(userRow());
      codes.match.mockResolvedValue(live);
      users.findById.mockResolvedValue(userRow());
      hasher.hash.mockResolvedValue('$argon2id$new');
      codes.use.mockRejectedValue(new AppError('ExpiredOrInvalid'));

      const error = await failure(
        service.resetPassword(
          { email: 'leyla@example.az', code: '123456', token: '', newPassword: 'new-pass-1' },
          client,
        ),
      );

      expect(error.code).toBe('ExpiredOrInvalid');
      expect(codes.match).toHaveBeenCalledWith({ userId: UID, purpose: 'reset', code: '123456' });
      expect(users.updatePasswordHash).not.toHaveBeenCalled();
      expect(sessions.revokeAllOfUser).not.toHaveBeenCalled();
    });

    it('leaves the code unspent when it was sent to an address the account no longer has', async () => {
      codes.peekLink.mockResolvedValue({ ...live, target: 'old@example.az' });
      users.findById.mockResolvedValue(userRow());
      const error = await failure(
        service.resetPassword({ email: '', code: '', token: 'T'.repeat(43), newPassword: 'new-pass-1' }, client),
      );
      expect(error.code).toBe('ExpiredOrInvalid');
      expect(transactions.run).not.toHaveBeenCalled();
    });
  });

  describe('change password', () => {
    const change = (oldPassword: string, newPassword: string) =>
      service.changePassword({ uid: UID, sessionId: 'session-1', oldPassword, newPassword }, client);

    beforeEach(() => {
      users.findById.mockResolvedValue(userRow());
    });

    it('refuses a new password the rules refuse, a wrong old one, and the same one', async () => {
      expect((await failure(change('old-pass-1', 'lettersonly'))).code).toBe('InvalidPassword');
      hasher.verify.mockResolvedValueOnce(false);
      expect((await failure(change('wrong-pass-1', 'new-pass-1'))).code).toBe('IncorrectOldPassword');
      hasher.verify.mockResolvedValueOnce(true);
      expect((await failure(change('same-pass-1', 'same-pass-1'))).code).toBe('NewOldPasswordMatch');
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('keeps the asking session, ends the others, logs it and mails a notice', async () => {
      hasher.verify.mockResolvedValue(true);
      hasher.hash.mockResolvedValue('$argon2id$new');
      users.updatePasswordHash.mockResolvedValue(undefined);
      sessions.revokeAllOfUser.mockResolvedValue([]);
      log.add.mockResolvedValue(undefined);
      mails.sendNotice.mockResolvedValue(undefined);

      await change('old-pass-1', 'new-pass-1');

      expect(sessions.revokeAllOfUser).toHaveBeenCalledWith(UID, NOW, TX, 'session-1');
      expect(log.add).toHaveBeenCalledWith(TX, { userId: UID, type: 'passwordChanged', ...logged });
      expect(mails.sendNotice).toHaveBeenCalledWith('passwordChanged', {
        to: 'leyla@example.az',
        lang: 'az',
        name: 'Leyla Məmmədova',
      });
    });
  });

  describe('change e-mail', () => {
    const request = (email: string, password = 'pass-word-1') =>
      service.requestEmailChange({ uid: UID, email, password });

    beforeEach(() => {
      users.findById.mockResolvedValue(userRow());
    });

    it('refuses a malformed, unchanged or taken address and a wrong password', async () => {
      expect((await failure(request('nope'))).code).toBe('InvalidEmail');
      expect((await failure(request(' LEYLA@example.az'))).code).toBe('NewOldEmailMatch');
      hasher.verify.mockResolvedValueOnce(false);
      expect((await failure(request('new@example.az'))).code).toBe('IncorrectOldPassword');
      hasher.verify.mockResolvedValueOnce(true);
      users.findByEmail.mockResolvedValueOnce(userRow({ id: 'other' }));
      expect((await failure(request('new@example.az'))).code).toBe('EmailAlreadyExists');
      expect(codes.issue).not.toHaveBeenCalled();
    });

    it('mails the code to the new address', async () => {
      hasher.verify.mockResolvedValue(true);
      users.findByEmail.mockResolvedValue(undefined);
      codes.issue.mockResolvedValue(ISSUED);
      mails.sendCode.mockResolvedValue(undefined);

      await request(' New@Example.AZ ');

      expect(codes.issue).toHaveBeenCalledWith(undefined, { userId: UID, purpose: 'email', target: 'new@example.az' });
      expect(mails.sendCode).toHaveBeenCalledWith(
        'email',
        { to: 'new@example.az', lang: 'az', name: 'Leyla Məmmədova' },
        ISSUED.code,
        ISSUED.linkToken,
      );
    });

    it('moves the account with the code, logs it and tells the old address', async () => {
      codes.check.mockResolvedValue({ target: 'new@example.az' });
      users.updateEmail.mockResolvedValue(undefined);
      log.add.mockResolvedValue(undefined);
      mails.sendNotice.mockResolvedValue(undefined);

      await service.confirmEmailChange(UID, '123456', client);

      expect(users.updateEmail).toHaveBeenCalledWith(UID, 'new@example.az', NOW, TX);
      expect(log.add).toHaveBeenCalledWith(TX, { userId: UID, type: 'emailChanged', ...logged });
      expect(mails.sendNotice).toHaveBeenCalledWith(
        'emailChanged',
        expect.objectContaining({ to: 'leyla@example.az' }),
      );
    });

    it('resends only while an address is pending', async () => {
      codes.pendingTarget.mockResolvedValueOnce(undefined);
      expect((await failure(service.resendEmailChange(UID))).code).toBe('ExpiredOrInvalid');
    });
  });

  describe('account log', () => {
    it('lists a page of the user entries with the browser read from the user agent', async () => {
      log.list.mockResolvedValue({
        items: [
          {
            type: 'passwordChanged',
            ip: '203.0.113.7',
            userAgent:
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
            detail: '',
            at: NOW,
          },
        ],
        total: 1,
      });

      const page = await service.listLog(UID, 0);

      expect(log.list).toHaveBeenCalledWith(UID, 1);
      expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(page.entries[0]).toMatchObject({
        type: AccountLogType.ACCOUNT_LOG_TYPE_PASSWORD_CHANGED,
        atMs: NOW.getTime(),
        browser: 'Chrome 131',
      });
    });

    it('refuses a page that cannot be one', async () => {
      expect((await failure(service.listLog(UID, 1001))).code).toBe('InvalidPage');
      expect((await failure(service.listLog(UID, 1.5))).code).toBe('InvalidPage');
    });
  });
});
