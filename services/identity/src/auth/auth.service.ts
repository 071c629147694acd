import { Inject, Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { ClientInfo, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { CONFIG, Outbox, TransactionManager } from '@pencraft/kit';
import { DEFAULT_LANG, isLang } from '@pencraft/rules';
import { Clock } from '../clock.js';
import type { IdentityConfig } from '../config.js';
import { hashSessionToken, looksLikeSessionToken, SessionTokenGenerator } from '../sessions/session-token.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { toSummary, UserRepository } from '../users/user.repository.js';
import { validateRegistration, type RegistrationInput } from '../users/user.rules.js';
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
  ) {}

  /** Creates the account, its first session and the identity.user.registered event in one transaction. */
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
    const user = await this.transactions.run(async (tx) => {
      const row = await this.users.insert(
        {
          email: registration.email,
          username: registration.username,
          fullname: registration.fullname,
          passwordHash,
          lang: isLang(client?.lang) ? client.lang : DEFAULT_LANG,
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
          lang: row.lang,
          registeredAtMs: row.createdAt.getTime(),
        }),
      );
      return row;
    });
    return { user: toSummary(user), sessionToken: token, expiresAtMs: expiresAt.getTime() };
  }

  /** By email or username; a wrong password and an unknown login answer alike (and take as long). */
  async login(login: string, password: string, client: ClientInfo | undefined): Promise<OpenedSession> {
    const user = login?.trim() ? await this.users.findByLogin(login) : undefined;
    const ok = await this.hasher.verify(user?.passwordHash, password ?? '');
    if (!user || !ok) throw new AppError('IncorrectEmailOrPassword');
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
    return { user: toSummary(user), sessionToken: token, expiresAtMs: expiresAt.getTime() };
  }

  async logout(token: string) {
    if (looksLikeSessionToken(token)) await this.sessions.revoke(hashSessionToken(token), this.clock.now());
  }

  async validateSession(token: string) {
    if (!looksLikeSessionToken(token)) throw new AppError('Unauthorized');
    const session = await this.sessions.findLive(hashSessionToken(token), this.clock.now());
    if (!session) throw new AppError('Unauthorized');
    return { user: toSummary(session.user), sessionId: session.sessionId, expiresAtMs: session.expiresAt.getTime() };
  }

  private sessionExpiry() {
    return new Date(this.clock.now().getTime() + this.config.SESSION_TTL_DAYS * DAY_MS);
  }
}

function clientFields(client: ClientInfo | undefined) {
  return { ip: (client?.ip ?? '').slice(0, 64), userAgent: (client?.userAgent ?? '').slice(0, 512) };
}
