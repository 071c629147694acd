import { Inject, Injectable } from '@nestjs/common';
import { UserRegistered } from '@pencraft/contracts/events/v1/identity';
import type { ClientInfo, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, isLang } from '@pencraft/errors';
import { CONFIG, DATABASE, Outbox, type DatabaseHandle } from '@pencraft/kit';
import type { IdentityConfig } from '../config.js';
import { generateSessionToken, hashSessionToken, looksLikeSessionToken } from '../sessions/session-token.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { validateRegistration, type RegistrationInput } from '../users/user.rules.js';
import { toSummary, UserRepository } from '../users/user.repository.js';
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
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
  ) {}

  /** Creates the account, its first session and the identity.user.registered event in one transaction. */
  async register(input: RegistrationInput, client: ClientInfo | undefined): Promise<OpenedSession> {
    const registration = validateRegistration(input);
    const passwordHash = await this.hasher.hash(registration.password);
    const token = generateSessionToken();
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_DAYS * DAY_MS);
    try {
      const user = await this.database.db.transaction(async (tx) => {
        const row = await this.users.insert(tx, {
          email: registration.email,
          username: registration.username,
          fullname: registration.fullname,
          passwordHash,
          lang: isLang(client?.lang) ? client.lang : 'az',
        });
        await this.sessions.insert(tx, {
          userId: row.id,
          tokenHash: hashSessionToken(token),
          expiresAt,
          ...clientFields(client),
        });
        await this.outbox.add(tx, {
          subject: 'identity.user.registered',
          type: 'events.v1.UserRegistered',
          payload: UserRegistered.encode({
            uid: row.id,
            username: row.username,
            fullname: row.fullname,
            lang: row.lang,
            registeredAtMs: row.createdAt.getTime(),
          }).finish(),
        });
        return row;
      });
      return { user: toSummary(user), sessionToken: token, expiresAtMs: expiresAt.getTime() };
    } catch (error) {
      throw uniqueViolationToAppError(error) ?? error;
    }
  }

  async login(login: string, password: string, client: ClientInfo | undefined): Promise<OpenedSession> {
    const user = login?.trim() ? await this.users.findByLogin(login) : undefined;
    const ok = await this.hasher.verify(user?.passwordHash, password ?? '');
    if (!user || !ok) throw new AppError('IncorrectEmailOrPassword');
    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(password));
    }
    const token = generateSessionToken();
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_DAYS * DAY_MS);
    await this.sessions.insert(this.database.db, {
      userId: user.id,
      tokenHash: hashSessionToken(token),
      expiresAt,
      ...clientFields(client),
    });
    return { user: toSummary(user), sessionToken: token, expiresAtMs: expiresAt.getTime() };
  }

  async logout(token: string) {
    if (looksLikeSessionToken(token)) await this.sessions.revoke(hashSessionToken(token));
  }

  async validateSession(token: string) {
    if (!looksLikeSessionToken(token)) throw new AppError('Unauthorized');
    const session = await this.sessions.findLive(hashSessionToken(token));
    if (!session) throw new AppError('Unauthorized');
    return { user: toSummary(session.user), sessionId: session.sessionId, expiresAtMs: session.expiresAt.getTime() };
  }
}

function clientFields(client: ClientInfo | undefined) {
  return { ip: (client?.ip ?? '').slice(0, 64), userAgent: (client?.userAgent ?? '').slice(0, 512) };
}

/** Two registrations racing for one email or username: the database's unique index decides. */
function uniqueViolationToAppError(error: unknown): AppError | undefined {
  const pgError = findPgError(error);
  if (pgError?.code !== '23505') return undefined;
  if (pgError.constraint === 'users_email_key') {
    return new AppError('EmailAlreadyExists', { details: [{ field: 'email', code: 'EmailAlreadyExists' }] });
  }
  if (pgError.constraint === 'users_username_key') {
    return new AppError('UsernameAlreadyExists', { details: [{ field: 'username', code: 'UsernameAlreadyExists' }] });
  }
  return undefined;
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && typeof (current as { code: unknown }).code === 'string')
      return current as { code: string; constraint?: string };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
