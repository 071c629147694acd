import { Inject, Injectable } from '@nestjs/common';
import { banReasons, languages } from '@pencraft/contracts/enums';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { ClientInfo, LoginResponse, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { Clock, CONFIG, Outbox, TransactionManager } from '@pencraft/kit';
import { DEFAULT_LANG } from '@pencraft/rules';
import { BanRepository } from '../bans/ban.repository.js';
import type { IdentityConfig } from '../config.js';
import { hashSessionToken, looksLikeSessionToken, SessionTokenGenerator } from '../sessions/session-token.js';
import { DeletionService } from '../security/deletion.service.js';
import { SecondFactorService } from '../security/second-factor.service.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { toSummary, UserRepository } from '../users/user.repository.js';
import { validateRegistration, type RegistrationInput } from '../users/user.rules.js';
import { VerificationCodeService } from '../verification/verification-code.service.js';
import { AccountMails } from './account-mails.js';
import { PasswordHasher } from './password-hasher.js';

export interface OpenedSession {
  user: UserSummary;
  sessionToken: string;
  expiresAtMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AuthService {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<IdentityConfig, 'SESSION_TTL_DAYS'>,
    private readonly transactions: TransactionManager,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokenGenerator,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly codes: VerificationCodeService,
    private readonly mails: AccountMails,
    private readonly bans: BanRepository,
    private readonly secondFactor: SecondFactorService,
    private readonly deletion: DeletionService,
  ) {}

  /**
   * Creates the account (unconfirmed), its first session, its confirmation code and the identity.user.registered
   * event in one transaction, then mails the code and link.
   */
  async register(input: RegistrationInput, client: ClientInfo | undefined): Promise<OpenedSession> {
    const registration = validateRegistration(input);
    // Both taken fields reported at once, before the costly hash; the unique indexes still decide a race.
    const taken = await this.users.findTaken(registration.email, registration.username);
    if (taken.length > 0) {
      const details: ErrorDetail[] = taken.map((field) =>
        field === 'email'
          ? { field, code: 'EmailAlreadyExists' as const }
          : { field, code: 'UsernameAlreadyExists' as const },
      );
      throw new AppError(details[0]!.code, { details });
    }
    const passwordHash = await this.hasher.hash(registration.password);
    const token = this.tokens.generate();
    const expiresAt = this.sessionExpiry();
    const { user, code } = await this.transactions.run(async (tx) => {
      const row = await this.users.insert(
        {
          email: registration.email,
          username: registration.username,
          fullname: registration.fullname,
          passwordHash,
          lang: (client && languages.fromProto(client.lang)) ?? DEFAULT_LANG,
        },
        tx,
      );
      await this.sessions.insert(
        { userId: row.id, tokenHash: hashSessionToken(token), expiresAt, ...clientFields(client) },
        tx,
      );
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.userRegistered, {
          uid: row.id,
          username: row.username,
          fullname: row.fullname,
          lang: languages.toProto(row.lang),
          registeredAtMs: row.createdAt.getTime(),
        }),
      );
      const issued = await this.codes.issue(tx, { userId: row.id, purpose: 'register', target: row.email });
      return { user: row, code: issued };
    });
    await this.mails.sendCode(
      'register',
      { to: user.email, lang: user.lang, name: user.fullname },
      code.code,
      code.linkToken,
    );
    return { user: toSummary(user), sessionToken: token, expiresAtMs: expiresAt.getTime() };
  }

  /**
   * By email or username; a wrong password and an unknown login answer alike (and take as long). Then the second
   * factor when the account has one (without it: secondFactorRequired and no session; a wrong one: WrongCode),
   * then an active ban (UserBanned with its reason and end), and the answer tells of a pending deletion.
   */
  /** The account a login names, for the gateway's sign-in throttle; compares no password. */
  async resolveLogin(login: string): Promise<{ uid: string }> {
    const user = login?.trim() ? await this.users.findByLogin(login) : undefined;
    return { uid: user?.id ?? '' };
  }

  async login(
    login: string,
    password: string,
    client: ClientInfo | undefined,
    secondFactor = '',
  ): Promise<LoginResponse> {
    const user = login?.trim() ? await this.users.findByLogin(login) : undefined;
    const ok = await this.hasher.verify(user?.passwordHash, password ?? '');
    if (!user || !ok) throw new AppError('IncorrectEmailOrPassword');
    if (await this.secondFactor.isEnabled(user.id)) {
      if (!secondFactor.trim()) {
        return {
          user: undefined,
          sessionToken: '',
          expiresAtMs: 0,
          secondFactorRequired: true,
          deletionScheduledAtMs: 0,
        };
      }
      if (!(await this.secondFactor.verify(user.id, secondFactor))) throw new AppError('WrongCode');
    }
    const ban = await this.bans.activeFor(user.id, this.clock.now());
    if (ban) {
      throw new AppError('UserBanned', {
        params: { reason: ban.reason, ...(ban.endsAt ? { until: ban.endsAt.toISOString() } : {}) },
      });
    }
    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(password));
    }
    const token = this.tokens.generate();
    const expiresAt = this.sessionExpiry();
    await this.sessions.insert({
      userId: user.id,
      tokenHash: hashSessionToken(token),
      expiresAt,
      ...clientFields(client),
    });
    const deletion = await this.deletion.scheduledFor(user.id);
    return {
      user: toSummary(user),
      sessionToken: token,
      expiresAtMs: expiresAt.getTime(),
      secondFactorRequired: false,
      deletionScheduledAtMs: deletion?.getTime() ?? 0,
    };
  }

  async logout(token: string) {
    if (looksLikeSessionToken(token)) await this.sessions.revoke(hashSessionToken(token), this.clock.now());
  }

  async validateSession(token: string) {
    if (!looksLikeSessionToken(token)) throw new AppError('Unauthorized');
    const now = this.clock.now();
    const session = await this.sessions.findLive(hashSessionToken(token), now);
    if (!session) throw new AppError('Unauthorized');
    // A ban blocks the sessions opened before it too: the answer names it, and the gateway refuses the user's
    // signed-in requests with UserBanned (its reason and end) but for the few a banned user may still make.
    const ban = await this.bans.activeFor(session.user.id, now);
    // Last activity for the sessions list, to the minute (touch is a no-op within the minute).
    if (session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() >= 60_000) {
      await this.sessions.touch(session.sessionId, now);
    }
    return {
      user: toSummary(session.user),
      sessionId: session.sessionId,
      expiresAtMs: session.expiresAt.getTime(),
      deletionScheduledAtMs: session.deletionScheduledFor?.getTime() ?? 0,
      ban: ban ? { reason: banReasons.toProto(ban.reason), endsAtMs: ban.endsAt?.getTime() ?? 0 } : undefined,
    };
  }

  private sessionExpiry() {
    return new Date(this.clock.now().getTime() + this.config.SESSION_TTL_DAYS * DAY_MS);
  }
}

export function clientFields(client: ClientInfo | undefined) {
  return { ip: (client?.ip ?? '').slice(0, 64), userAgent: (client?.userAgent ?? '').slice(0, 512) };
}
