import { BanReason, Language } from '@pencraft/contracts/common/v1/common';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { BanRepository } from '../bans/ban.repository.js';
import type { BanRow } from '../bans/ban.table.js';
import type { DeletionService } from '../security/deletion.service.js';
import type { SecondFactorService } from '../security/second-factor.service.js';
import { hashSessionToken, type SessionTokenGenerator } from '../sessions/session-token.js';
import type { SessionRepository } from '../sessions/session.repository.js';
import type { UserRepository } from '../users/user.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { VerificationCodeService } from '../verification/verification-code.service.js';
import type { AccountMails } from './account-mails.js';
import { AuthService } from './auth.service.js';
import type { PasswordHasher } from './password-hasher.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const TOKEN = 'A'.repeat(43);
const DAY_MS = 24 * 60 * 60 * 1000;

const registration = {
  email: ' Leyla@Example.AZ ',
  username: 'leyla_m',
  fullname: 'Leyla  Məmmədova',
  password: 's3cret-Pass',
  acceptTerms: true,
  acceptPrivacy: true,
};
const client = { ip: '203.0.113.7', userAgent: 'jest', lang: Language.LANGUAGE_EN };

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
    email: 'leyla@example.az',
    username: 'leyla_m',
    fullname: 'Leyla Məmmədova',
    passwordHash: '$argon2id$stored',
    theme: 'system',
    lang: 'en',
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

describe('AuthService', () => {
  let users: StrictMock<UserRepository>;
  let sessions: StrictMock<SessionRepository>;
  let hasher: StrictMock<PasswordHasher>;
  let tokens: StrictMock<SessionTokenGenerator>;
  let clock: StrictMock<Clock>;
  let outbox: StrictMock<Outbox>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let codes: StrictMock<VerificationCodeService>;
  let mails: StrictMock<AccountMails>;
  let bans: StrictMock<BanRepository>;
  let secondFactor: StrictMock<SecondFactorService>;
  let deletion: StrictMock<DeletionService>;
  let service: AuthService;

  beforeEach(() => {
    users = strictMock<UserRepository>('UserRepository');
    sessions = strictMock<SessionRepository>('SessionRepository');
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    tokens = strictMock<SessionTokenGenerator>('SessionTokenGenerator');
    clock = strictMock<Clock>('Clock');
    outbox = strictMock<Outbox>('Outbox');
    transactions = fakeTransactions();
    clock.now.mockReturnValue(NOW);
    tokens.generate.mockReturnValue(TOKEN);
    codes = strictMock<VerificationCodeService>('VerificationCodeService');
    mails = strictMock<AccountMails>('AccountMails');
    bans = strictMock<BanRepository>('BanRepository');
    secondFactor = strictMock<SecondFactorService>('SecondFactorService');
    deletion = strictMock<DeletionService>('DeletionService');
    service = new AuthService(
      { SESSION_TTL_DAYS: 30 },
      transactions,
      users,
      sessions,
      hasher,
      tokens,
      clock,
      outbox,
      codes,
      mails,
      bans,
      secondFactor,
      deletion,
    );
  });

  describe('register', () => {
    beforeEach(() => {
      users.findTaken.mockResolvedValue([]);
      hasher.hash.mockResolvedValue('$argon2id$new');
      users.insert.mockResolvedValue(userRow());
      sessions.insert.mockResolvedValue('session-1');
      outbox.add.mockResolvedValue('event-1');
      codes.issue.mockResolvedValue({ code: '123456', linkToken: 'L'.repeat(43) });
      mails.sendCode.mockResolvedValue(undefined);
    });

    it('issues the confirmation code in the same transaction and mails it with the link after the commit', async () => {
      await service.register(registration, client);

      expect(codes.issue).toHaveBeenCalledWith(TX, {
        userId: userRow().id,
        purpose: 'register',
        target: 'leyla@example.az',
      });
      expect(mails.sendCode).toHaveBeenCalledWith(
        'register',
        { to: 'leyla@example.az', lang: 'en', name: 'Leyla Məmmədova' },
        '123456',
        'L'.repeat(43),
      );
      expect(transactions.committed).toBe(1);
    });

    it('registers an unconfirmed account', async () => {
      expect((await service.register(registration, client)).user.confirmed).toBe(false);
    });

    it('stores the normalized account, its first session and the event in one transaction', async () => {
      const opened = await service.register(registration, client);

      expect(hasher.hash).toHaveBeenCalledWith('s3cret-Pass');
      expect(users.findTaken).toHaveBeenCalledWith('leyla@example.az', 'leyla_m');
      expect(users.insert).toHaveBeenCalledWith(
        {
          email: 'leyla@example.az',
          username: 'leyla_m',
          fullname: 'Leyla Məmmədova',
          passwordHash: '$argon2id$new',
          lang: 'en',
        },
        TX,
      );
      const expiresAt = new Date(NOW.getTime() + 30 * DAY_MS);
      expect(sessions.insert).toHaveBeenCalledWith(
        { userId: userRow().id, tokenHash: hashSessionToken(TOKEN), expiresAt, ip: client.ip, userAgent: 'jest' },
        TX,
      );
      expect(transactions.committed).toBe(1);
      expect(opened).toEqual({
        user: expect.objectContaining({ uid: userRow().id, username: 'leyla_m' }),
        sessionToken: TOKEN,
        expiresAtMs: expiresAt.getTime(),
      });
    });

    it('announces identity.user.registered with the stored account', async () => {
      await service.register(registration, client);

      expect(outbox.add).toHaveBeenCalledTimes(1);
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event).toMatchObject({ subject: EVENTS.userRegistered.subject, type: EVENTS.userRegistered.type });
      expect(EVENTS.userRegistered.message.decode(event.payload)).toEqual({
        uid: userRow().id,
        username: 'leyla_m',
        fullname: 'Leyla Məmmədova',
        lang: Language.LANGUAGE_EN,
        registeredAtMs: NOW.getTime(),
      });
    });

    it('gives the account the default language when the client sends none it knows', async () => {
      await service.register(registration, { ...client, lang: Language.LANGUAGE_UNSPECIFIED });
      expect(users.insert).toHaveBeenCalledWith(expect.objectContaining({ lang: 'az' }), TX);
    });

    it('reports a taken email and a taken username together, and writes nothing', async () => {
      users.findTaken.mockResolvedValue(['email', 'username']);

      const error = await failure(service.register(registration, client));

      expect(error.code).toBe('EmailAlreadyExists');
      expect(error.details).toEqual([
        { field: 'email', code: 'EmailAlreadyExists' },
        { field: 'username', code: 'UsernameAlreadyExists' },
      ]);
      expect(hasher.hash).not.toHaveBeenCalled();
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('loses a race for a username cleanly: the insert refuses, nothing else is written', async () => {
      users.insert.mockRejectedValue(
        new AppError('UsernameAlreadyExists', { details: [{ field: 'username', code: 'UsernameAlreadyExists' }] }),
      );

      expect((await failure(service.register(registration, client))).code).toBe('UsernameAlreadyExists');
      expect(sessions.insert).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      expect(transactions.rolledBack).toBe(1);
    });

    it('refuses invalid fields before touching any repository', async () => {
      const error = await failure(service.register({ ...registration, email: 'x', password: 'short' }, client));

      expect(error.details?.map((d) => d.field)).toEqual(['email', 'password']);
      expect(users.findTaken).not.toHaveBeenCalled();
    });

    it('treats a reserved name as taken', async () => {
      expect((await failure(service.register({ ...registration, username: 'Admin' }, client))).code).toBe(
        'UsernameAlreadyExists',
      );
      expect(users.findTaken).not.toHaveBeenCalled();
    });
  });

  describe('resolveLogin', () => {
    it('names the account of an e-mail or a username, and none for an unknown or empty login, comparing nothing', async () => {
      users.findByLogin.mockResolvedValueOnce(userRow()).mockResolvedValueOnce(undefined);
      await expect(service.resolveLogin('Leyla@Example.AZ')).resolves.toEqual({ uid: userRow().id });
      await expect(service.resolveLogin('nobody')).resolves.toEqual({ uid: '' });
      await expect(service.resolveLogin('  ')).resolves.toEqual({ uid: '' });
      expect(users.findByLogin).toHaveBeenCalledTimes(2);
      expect(hasher.verify).not.toHaveBeenCalled();
    });
  });

  describe('login', () => {
    beforeEach(() => {
      sessions.insert.mockResolvedValue('session-2');
      hasher.needsRehash.mockReturnValue(false);
      secondFactor.isEnabled.mockResolvedValue(false);
      bans.activeFor.mockResolvedValue(undefined);
      deletion.scheduledFor.mockResolvedValue(undefined);
    });

    const ban = (overrides: Partial<BanRow> = {}): BanRow => ({
      id: 'ban-1',
      userId: userRow().id,
      reason: 'spam',
      startsAt: NOW,
      endsAt: new Date('2026-12-01T00:00:00Z'),
      liftedAt: null,
      createdAt: NOW,
      moderator: 'moderator',
      note: '',
      liftedBy: null,
      requestId: null,
      ...overrides,
    });

    it('refuses a banned account with the reason and the end of the ban, opening no session', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      bans.activeFor.mockResolvedValue(ban());

      const error = await failure(service.login('leyla_m', 's3cret-Pass', client));

      expect(error.code).toBe('UserBanned');
      expect(error.params).toEqual({ reason: 'spam', until: '2026-12-01T00:00:00.000Z' });
      expect(bans.activeFor).toHaveBeenCalledWith(userRow().id, NOW);
      expect(sessions.insert).not.toHaveBeenCalled();
    });

    it('names no end for a permanent ban', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      bans.activeFor.mockResolvedValue(ban({ endsAt: null, reason: 'misuse' }));

      expect((await failure(service.login('leyla_m', 's3cret-Pass', client))).params).toEqual({ reason: 'misuse' });
    });

    it('does not tell a wrong password that the account is banned', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(false);

      expect((await failure(service.login('leyla_m', 'wrong-pass-1', client))).code).toBe('IncorrectEmailOrPassword');
      expect(bans.activeFor).not.toHaveBeenCalled();
    });

    it('asks for the second factor without opening a session when the account has one', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      secondFactor.isEnabled.mockResolvedValue(true);

      const answer = await service.login('leyla_m', 's3cret-Pass', client);

      expect(answer).toEqual({
        user: undefined,
        sessionToken: '',
        expiresAtMs: 0,
        secondFactorRequired: true,
        deletionScheduledAtMs: 0,
      });
      expect(secondFactor.isEnabled).toHaveBeenCalledWith(userRow().id);
      expect(sessions.insert).not.toHaveBeenCalled();
    });

    it('refuses a wrong second factor with WrongCode', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      secondFactor.isEnabled.mockResolvedValue(true);
      secondFactor.verify.mockResolvedValue(false);

      expect((await failure(service.login('leyla_m', 's3cret-Pass', client, '000000'))).code).toBe('WrongCode');
      expect(secondFactor.verify).toHaveBeenCalledWith(userRow().id, '000000');
      expect(sessions.insert).not.toHaveBeenCalled();
    });

    it('opens the session with the right second factor', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      secondFactor.isEnabled.mockResolvedValue(true);
      secondFactor.verify.mockResolvedValue(true);

      const answer = await service.login('leyla_m', 's3cret-Pass', client, '123456');

      expect(answer.sessionToken).toBe(TOKEN);
      expect(answer.secondFactorRequired).toBe(false);
    });

    it('signs in during the deletion grace period and says when the deletion is due', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      const due = new Date('2026-12-25T10:00:00Z');
      deletion.scheduledFor.mockResolvedValue(due);

      const answer = await service.login('leyla_m', 's3cret-Pass', client);

      expect(answer.sessionToken).toBe(TOKEN);
      expect(answer.deletionScheduledAtMs).toBe(due.getTime());
      expect(deletion.scheduledFor).toHaveBeenCalledWith(userRow().id);
    });

    it('opens a session for the right password', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);

      const opened = await service.login('leyla_m', 's3cret-Pass', client);

      expect(users.findByLogin).toHaveBeenCalledWith('leyla_m');
      expect(hasher.verify).toHaveBeenCalledWith('$argon2id$stored', 's3cret-Pass');
      expect(sessions.insert).toHaveBeenCalledWith({
        userId: userRow().id,
        tokenHash: hashSessionToken(TOKEN),
        expiresAt: new Date(NOW.getTime() + 30 * DAY_MS),
        ip: client.ip,
        userAgent: 'jest',
      });
      expect(opened.sessionToken).toBe(TOKEN);
      expect(opened.user?.uid).toBe(userRow().id);
      expect(opened.deletionScheduledAtMs).toBe(0);
    });

    it('looks an email up the same way (the repository tells email from username)', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);

      await service.login(' Leyla@Example.AZ ', 's3cret-Pass', client);

      expect(users.findByLogin).toHaveBeenCalledWith(' Leyla@Example.AZ ');
      expect(sessions.insert).toHaveBeenCalledTimes(1);
    });

    it('refuses a wrong password without opening a session', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(false);

      expect((await failure(service.login('leyla_m', 'wrong-pass-1', client))).code).toBe('IncorrectEmailOrPassword');
      expect(sessions.insert).not.toHaveBeenCalled();
    });

    it('answers an unknown login exactly like a wrong password, still verifying against a decoy', async () => {
      users.findByLogin.mockResolvedValue(undefined);
      hasher.verify.mockResolvedValue(false);

      expect((await failure(service.login('nobody_here', 'wrong-pass-1', client))).code).toBe(
        'IncorrectEmailOrPassword',
      );
      expect(hasher.verify).toHaveBeenCalledWith(undefined, 'wrong-pass-1');
      expect(sessions.insert).not.toHaveBeenCalled();
    });

    it('does not look up an empty login', async () => {
      hasher.verify.mockResolvedValue(false);

      expect((await failure(service.login('  ', 'x', client))).code).toBe('IncorrectEmailOrPassword');
      expect(users.findByLogin).not.toHaveBeenCalled();
    });

    it('rehashes a password stored with weaker parameters', async () => {
      users.findByLogin.mockResolvedValue(userRow());
      hasher.verify.mockResolvedValue(true);
      hasher.needsRehash.mockReturnValue(true);
      hasher.hash.mockResolvedValue('$argon2id$stronger');
      users.updatePasswordHash.mockResolvedValue(undefined);

      await service.login('leyla_m', 's3cret-Pass', client);

      expect(users.updatePasswordHash).toHaveBeenCalledWith(userRow().id, '$argon2id$stronger');
    });
  });

  describe('logout and sessions', () => {
    beforeEach(() => {
      bans.activeFor.mockResolvedValue(undefined);
    });

    it('answers the ban of an account banned since it signed in (its reason and end)', async () => {
      const endsAt = new Date(NOW.getTime() + 2 * DAY_MS);
      sessions.findLive.mockResolvedValueOnce({
        sessionId: 'session-1',
        expiresAt: new Date(NOW.getTime() + DAY_MS),
        lastSeenAt: NOW,
        deletionScheduledFor: null,
        user: userRow(),
      });
      bans.activeFor.mockResolvedValueOnce({
        id: 'ban-1',
        userId: userRow().id,
        reason: 'spam',
        startsAt: NOW,
        endsAt,
        liftedAt: null,
        createdAt: NOW,
        moderator: 'moderator',
        note: '',
        liftedBy: null,
        requestId: null,
      });

      const answer = await service.validateSession(TOKEN);
      expect(answer.user?.uid).toBe(userRow().id);
      expect(answer.ban).toEqual({ reason: BanReason.BAN_REASON_SPAM, endsAtMs: endsAt.getTime() });
      expect(bans.activeFor).toHaveBeenCalledWith(userRow().id, NOW);
    });

    it('revokes the session of a well-formed token', async () => {
      sessions.revoke.mockResolvedValue(undefined);

      await service.logout(TOKEN);

      expect(sessions.revoke).toHaveBeenCalledWith(hashSessionToken(TOKEN), NOW);
    });

    it('ignores a token that cannot be one', async () => {
      await service.logout('not-a-token');
      expect(sessions.revoke).not.toHaveBeenCalled();
    });

    it('validates a live session and refuses an unknown one', async () => {
      const expiresAt = new Date(NOW.getTime() + DAY_MS);
      sessions.findLive.mockResolvedValueOnce({
        sessionId: 'session-1',
        expiresAt,
        lastSeenAt: NOW,
        deletionScheduledFor: null,
        user: userRow(),
      });
      await expect(service.validateSession(TOKEN)).resolves.toEqual({
        user: expect.objectContaining({ uid: userRow().id }),
        sessionId: 'session-1',
        expiresAtMs: expiresAt.getTime(),
        deletionScheduledAtMs: 0,
        ban: undefined,
      });
      expect(sessions.findLive).toHaveBeenCalledWith(hashSessionToken(TOKEN), NOW);

      sessions.findLive.mockResolvedValueOnce(undefined);
      expect((await failure(service.validateSession(TOKEN))).code).toBe('Unauthorized');
    });

    it('records activity of a session last seen a minute ago or more, and tells of a scheduled deletion', async () => {
      const deletion = new Date(NOW.getTime() + 30 * DAY_MS);
      sessions.findLive.mockResolvedValueOnce({
        sessionId: 'session-1',
        expiresAt: new Date(NOW.getTime() + DAY_MS),
        lastSeenAt: new Date(NOW.getTime() - 60_000),
        deletionScheduledFor: deletion,
        user: userRow(),
      });
      sessions.touch.mockResolvedValueOnce(undefined);
      expect((await service.validateSession(TOKEN)).deletionScheduledAtMs).toBe(deletion.getTime());
      expect(sessions.touch).toHaveBeenCalledWith('session-1', NOW);
    });
  });
});
