import { Injectable } from '@nestjs/common';
import { accountLogTypes } from '@pencraft/contracts/enums/identity';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { ClientInfo, ListAccountLogResponse, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { emailProblem, normalizeEmail, passwordProblem } from '@pencraft/rules';
import { ACCOUNT_LOG_PAGE_SIZE, AccountLogRepository } from '../account-log/account-log.repository.js';
import { describeUserAgent } from '../security/sessions.service.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { toSummary, UserRepository } from '../users/user.repository.js';
import type { UserRow } from '../users/user.table.js';
import { VerificationCodeService } from '../verification/verification-code.service.js';
import { AccountMails } from './account-mails.js';
import { clientFields } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';

/** Deeper pages of the account log are refused (InvalidPage). */
export const ACCOUNT_LOG_MAX_PAGE = 1000;

function sameAddress(a: string, b: string) {
  return normalizeEmail(a) === normalizeEmail(b);
}

function recipient(user: Pick<UserRow, 'email' | 'lang' | 'fullname'>, to = user.email) {
  return { to, lang: user.lang, name: user.fullname };
}

function checkNewPassword(password: string, field: string) {
  if (passwordProblem(password ?? '')) {
    throw new AppError('InvalidPassword', { details: [{ field, code: 'InvalidPassword' }] });
  }
}

/**
 * The account operations after registration: confirming it, resetting and changing the password, changing the
 * address, and reading the account log. Every signed-in operation takes the uid the gateway read from the session.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly codes: VerificationCodeService,
    private readonly log: AccountLogRepository,
    private readonly mails: AccountMails,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /** With the mailed code; an account confirmed already answers as confirmed. */
  async confirmRegistration(uid: string, code: string, client: ClientInfo | undefined): Promise<UserSummary> {
    const user = await this.user(uid);
    if (user.emailConfirmedAt) return toSummary(user);
    const { target } = await this.codes.check({ userId: uid, purpose: 'register', code });
    return this.confirm(user, target, client);
  }

  async confirmRegistrationLink(token: string, client: ClientInfo | undefined): Promise<void> {
    const { userId, target } = await this.codes.checkLink({ purpose: 'register', linkToken: token });
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('ExpiredOrInvalid');
    if (!user.emailConfirmedAt) await this.confirm(user, target, client);
  }

  /** A new code to the account's address (Flood within the cooldown); OperationFailed when confirmed already. */
  async resendRegistrationCode(uid: string): Promise<void> {
    const user = await this.user(uid);
    if (user.emailConfirmedAt) throw new AppError('OperationFailed');
    const issued = await this.codes.issue(undefined, { userId: uid, purpose: 'register', target: user.email });
    await this.mails.sendCode('register', recipient(user), issued.code, issued.linkToken);
  }

  /**
   * Mails a code and link when the address has an account, and answers the same when it has none (no account
   * enumeration): within the cooldown it silently sends nothing (the gateway answers the cooldown for every address
   * alike), and the mail leaves without being awaited so the answer takes as long either way.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const address = normalizeEmail(email ?? '');
    if (emailProblem(address))
      throw new AppError('InvalidEmail', { details: [{ field: 'email', code: 'InvalidEmail' }] });
    const user = await this.users.findByEmail(address);
    if (!user) return;
    let issued;
    try {
      issued = await this.codes.issue(undefined, { userId: user.id, purpose: 'reset', target: user.email });
    } catch (error) {
      if (AppError.is(error) && error.code === 'Flood') return;
      throw error;
    }
    void this.mails.sendCode('reset', recipient(user), issued.code, issued.linkToken);
  }

  /** Whether a reset link still works (the page it opens asks for the new password). */
  async checkPasswordResetLink(token: string): Promise<void> {
    await this.codes.peekLink({ purpose: 'reset', linkToken: token });
  }

  /**
   * With email and code, or the link's token: sets the password and ends every session of the user. The code (and
   * the link, the same row) is spent in the transaction that sets the password: used up exactly when the reset is
   * done, and of two resets racing with it only one happens.
   */
  async resetPassword(
    request: { email: string; code: string; token: string; newPassword: string },
    client: ClientInfo | undefined,
  ): Promise<{ uid: string; tokenHashes: Buffer[] }> {
    checkNewPassword(request.newPassword, 'newPassword');
    let live: { id: string; userId: string; target: string };
    if (request.token) {
      live = await this.codes.peekLink({ purpose: 'reset', linkToken: request.token });
    } else {
      const address = normalizeEmail(request.email ?? '');
      // An unknown address answers as an account without a pending reset does.
      const owner = emailProblem(address) ? undefined : await this.users.findByEmail(address);
      if (!owner) throw new AppError('ExpiredOrInvalid');
      live = await this.codes.match({ userId: owner.id, purpose: 'reset', code: request.code });
    }
    const user = await this.users.findById(live.userId);
    // The address changed after the code left: the code no longer speaks for the account.
    if (!user || !sameAddress(user.email, live.target)) throw new AppError('ExpiredOrInvalid');
    const passwordHash = await this.hasher.hash(request.newPassword);
    const now = this.clock.now();
    const tokenHashes = await this.transactions.run(async (tx) => {
      await this.codes.use(live.id, tx);
      await this.users.updatePasswordHash(user.id, passwordHash, tx);
      const ended = await this.sessions.revokeAllOfUser(user.id, now, tx);
      await this.log.add(tx, { userId: user.id, type: 'passwordReset', ...clientFields(client) });
      return ended;
    });
    return { uid: user.id, tokenHashes };
  }

  /** Ends the user's other sessions (the asking one stays) and tells the user by mail. */
  async changePassword(
    request: { uid: string; sessionId: string; oldPassword: string; newPassword: string },
    client: ClientInfo | undefined,
  ): Promise<Buffer[]> {
    const user = await this.user(request.uid);
    checkNewPassword(request.newPassword, 'newPassword');
    if (!(await this.hasher.verify(user.passwordHash, request.oldPassword ?? ''))) {
      throw new AppError('IncorrectOldPassword', { details: [{ field: 'oldPassword', code: 'IncorrectOldPassword' }] });
    }
    if (request.newPassword === request.oldPassword) {
      throw new AppError('NewOldPasswordMatch', { details: [{ field: 'newPassword', code: 'NewOldPasswordMatch' }] });
    }
    const passwordHash = await this.hasher.hash(request.newPassword);
    const now = this.clock.now();
    const ended = await this.transactions.run(async (tx) => {
      await this.users.updatePasswordHash(user.id, passwordHash, tx);
      const hashes = await this.sessions.revokeAllOfUser(user.id, now, tx, request.sessionId || undefined);
      await this.log.add(tx, { userId: user.id, type: 'passwordChanged', ...clientFields(client) });
      return hashes;
    });
    await this.mails.sendNotice('passwordChanged', recipient(user));
    return ended;
  }

  /** Checks the new address and the password, then mails a code and link to the new address. */
  async requestEmailChange(request: { uid: string; email: string; password: string }): Promise<void> {
    const user = await this.user(request.uid);
    const address = normalizeEmail(request.email ?? '');
    if (emailProblem(address))
      throw new AppError('InvalidEmail', { details: [{ field: 'email', code: 'InvalidEmail' }] });
    if (sameAddress(address, user.email)) {
      throw new AppError('NewOldEmailMatch', { details: [{ field: 'email', code: 'NewOldEmailMatch' }] });
    }
    if (!(await this.hasher.verify(user.passwordHash, request.password ?? ''))) {
      throw new AppError('IncorrectOldPassword', { details: [{ field: 'password', code: 'IncorrectOldPassword' }] });
    }
    if (await this.users.findByEmail(address)) {
      throw new AppError('EmailAlreadyExists', { details: [{ field: 'email', code: 'EmailAlreadyExists' }] });
    }
    const issued = await this.codes.issue(undefined, { userId: user.id, purpose: 'email', target: address });
    await this.mails.sendCode('email', recipient(user, address), issued.code, issued.linkToken);
  }

  /** A new code to the pending address (ExpiredOrInvalid when none is pending, Flood within the cooldown). */
  async resendEmailChange(uid: string): Promise<void> {
    const user = await this.user(uid);
    const pending = await this.codes.pendingTarget(uid, 'email');
    if (!pending) throw new AppError('ExpiredOrInvalid');
    const issued = await this.codes.issue(undefined, { userId: uid, purpose: 'email', target: pending });
    await this.mails.sendCode('email', recipient(user, pending), issued.code, issued.linkToken);
  }

  async confirmEmailChange(uid: string, code: string, client: ClientInfo | undefined): Promise<void> {
    const user = await this.user(uid);
    const { target } = await this.codes.check({ userId: uid, purpose: 'email', code });
    await this.moveTo(user, target, client);
  }

  async confirmEmailChangeLink(token: string, client: ClientInfo | undefined): Promise<void> {
    const { userId, target } = await this.codes.checkLink({ purpose: 'email', linkToken: token });
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('ExpiredOrInvalid');
    await this.moveTo(user, target, client);
  }

  async listLog(uid: string, page: number): Promise<ListAccountLogResponse> {
    const wanted = page || 1;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > ACCOUNT_LOG_MAX_PAGE) throw new AppError('InvalidPage');
    const { items, total } = await this.log.list(uid, wanted);
    return {
      entries: items.map((item) => ({
        type: accountLogTypes.toProto(item.type),
        atMs: item.at.getTime(),
        ip: item.ip,
        userAgent: item.userAgent,
        ...describeUserAgent(item.userAgent),
        detail: item.detail,
      })),
      total,
      page: wanted,
      pageSize: ACCOUNT_LOG_PAGE_SIZE,
    };
  }

  private async user(uid: string): Promise<UserRow> {
    const user = uid ? await this.users.findById(uid) : undefined;
    if (!user) throw new AppError('Unauthorized');
    return user;
  }

  private async confirm(user: UserRow, target: string, client: ClientInfo | undefined): Promise<UserSummary> {
    // A code sent to an address the account no longer has proves nothing.
    if (!sameAddress(user.email, target)) throw new AppError('ExpiredOrInvalid');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      if (!(await this.users.markConfirmed(user.id, now, tx))) return;
      await this.log.add(tx, { userId: user.id, type: 'accountConfirmation', ...clientFields(client) });
      await this.outbox.add(tx, outboxEvent(EVENTS.userConfirmed, { uid: user.id, confirmedAtMs: now.getTime() }));
    });
    return toSummary({ ...user, emailConfirmedAt: user.emailConfirmedAt ?? now });
  }

  private async moveTo(user: UserRow, target: string, client: ClientInfo | undefined): Promise<void> {
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      await this.users.updateEmail(user.id, target, now, tx);
      await this.log.add(tx, { userId: user.id, type: 'emailChanged', ...clientFields(client) });
    });
    await this.mails.sendNotice('emailChanged', recipient(user));
  }
}
