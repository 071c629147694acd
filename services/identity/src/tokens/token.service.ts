import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  AccessToken,
  CreateAccessTokenRequest,
  CreateAccessTokenResponse,
  RevokeAccessTokenRequest,
  VerifyAccessTokenRequest,
  VerifyAccessTokenResponse,
} from '@pencraft/contracts/identity/v1/tokens';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { Clock, TransactionManager } from '@pencraft/kit';
import {
  codePointLength,
  collapseWhitespace,
  hasControlCharacters,
  isUuid,
  TOKEN_EXPIRY_DAYS_MAX,
  TOKEN_EXPIRY_DAYS_MIN,
  TOKEN_NAME_MAX,
  TOKEN_NAME_MIN,
  TOKEN_PATTERN,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  TOKENS_PER_USER_MAX,
  type TokenScope,
} from '@pencraft/rules';
import { AccountLogRepository } from '../account-log/account-log.repository.js';
import { BanRepository } from '../bans/ban.repository.js';
import { ProfileRepository } from '../profile/profile.repository.js';
import { DeletionRepository } from '../security/deletion.repository.js';
import type { AccessTokenRow } from './token.table.js';
import { TokenRepository } from './token.repository.js';

const DAY_MS = 86_400_000;
/** Last used is written at most once a minute per token, so reads do not write every time. */
export const TOKEN_TOUCH_MS = 60_000;
/** Characters of the token kept for display: `pcp_` and 4 more. */
export const TOKEN_DISPLAY_LENGTH = TOKEN_PREFIX.length + 4;
const TOKEN_RE = new RegExp(TOKEN_PATTERN);
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const INVALID: VerifyAccessTokenResponse = { valid: false, uid: '', tokenId: '', scopes: [] };

/** A new token: `pcp_` and 43 base64url characters of 32 random bytes. */
export function newTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, hex. */
export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The name, scopes and expiry of a new token: normalized values, or the fields refused with their codes. */
export function checkNewToken(request: Pick<CreateAccessTokenRequest, 'name' | 'scopes' | 'expiresInDays'>): {
  name: string;
  scopes: TokenScope[];
  details: ErrorDetail[];
} {
  const name = collapseWhitespace(request.name ?? '');
  const asked = request.scopes ?? [];
  const scopes = TOKEN_SCOPES.filter((scope) => asked.includes(scope));
  const days = request.expiresInDays ?? 0;
  const details: ErrorDetail[] = [];
  if (!name) details.push({ field: 'name', code: 'NullOrEmpty' });
  else if (
    codePointLength(name) < TOKEN_NAME_MIN ||
    codePointLength(name) > TOKEN_NAME_MAX ||
    hasControlCharacters(name) ||
    /[<>]/.test(name)
  ) {
    details.push({ field: 'name', code: 'InvalidName' });
  }
  if (scopes.length === 0 || asked.some((scope) => !(TOKEN_SCOPES as readonly string[]).includes(scope))) {
    details.push({ field: 'scopes', code: 'InvalidModel' });
  }
  if (!Number.isInteger(days) || days < TOKEN_EXPIRY_DAYS_MIN || days > TOKEN_EXPIRY_DAYS_MAX) {
    details.push({ field: 'expiresInDays', code: 'InvalidModel' });
  }
  return { name, scopes, details };
}

function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAtMs: row.createdAt.getTime(),
    expiresAtMs: row.expiresAt.getTime(),
    lastUsedAtMs: row.lastUsedAt?.getTime() ?? 0,
    revokedAtMs: row.revokedAt?.getTime() ?? 0,
  };
}

function client(request: { ip?: string; userAgent?: string }) {
  return { ip: request.ip ?? '', userAgent: request.userAgent ?? '' };
}

/**
 * Personal access tokens (issue #18): made by their owner in settings (shown once, kept as a SHA-256), listed, revoked,
 * and verified for the gateway on every bearer request of the pcp_ form. Making, revoking and every change made with
 * a token are in the owner's account operation log.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly tokens: TokenRepository,
    private readonly profiles: ProfileRepository,
    private readonly bans: BanRepository,
    private readonly deletions: DeletionRepository,
    private readonly log: AccountLogRepository,
    private readonly clock: Clock,
  ) {}

  async create(request: CreateAccessTokenRequest): Promise<CreateAccessTokenResponse> {
    const user = isUuid(request.uid ?? '') ? await this.profiles.findById(request.uid) : undefined;
    if (!user) throw new AppError('Unauthorized');
    const { name, scopes, details } = checkNewToken(request);
    if (details.length) throw new AppError('InvalidModel', { details });
    const now = this.clock.now();
    const secret = newTokenSecret();
    const row = await this.transactions.run(async (tx) => {
      await this.tokens.lockUser(user.id, tx);
      if ((await this.tokens.countLive(user.id, now, tx)) >= TOKENS_PER_USER_MAX) {
        throw new AppError('OperationFailed', { params: { limit: TOKENS_PER_USER_MAX } });
      }
      const inserted = await this.tokens.insert(
        {
          userId: user.id,
          name,
          scopes,
          hash: hashToken(secret),
          prefix: secret.slice(0, TOKEN_DISPLAY_LENGTH),
          createdAt: now,
          expiresAt: new Date(now.getTime() + request.expiresInDays * DAY_MS),
        },
        tx,
      );
      await this.log.add(tx, { userId: user.id, type: 'tokenCreated', detail: name, ...client(request) });
      return inserted;
    });
    return { token: toAccessToken(row), secret };
  }

  async list(uid: string): Promise<AccessToken[]> {
    if (!isUuid(uid ?? '')) throw new AppError('Unauthorized');
    return (await this.tokens.listOfUser(uid)).map(toAccessToken);
  }

  /** Only the owner's token; NotFound for anyone else's or an unknown id. Revoking twice changes nothing. */
  async revoke(request: RevokeAccessTokenRequest): Promise<void> {
    if (!isUuid(request.uid ?? '')) throw new AppError('Unauthorized');
    if (!isUuid(request.id ?? '')) throw new AppError('NotFound');
    await this.transactions.run(async (tx) => {
      const row = await this.tokens.lockOfUser(request.uid, request.id, tx);
      if (!row) throw new AppError('NotFound');
      if (row.revokedAt) return;
      await this.tokens.revoke(row.id, this.clock.now(), tx);
      await this.log.add(tx, { userId: row.userId, type: 'tokenRevoked', detail: row.name, ...client(request) });
    });
  }

  async verify(request: VerifyAccessTokenRequest): Promise<VerifyAccessTokenResponse> {
    const secret = request.secret ?? '';
    if (!TOKEN_RE.test(secret)) return INVALID;
    const row = await this.tokens.findByHash(hashToken(secret));
    const now = this.clock.now();
    if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return INVALID;
    const [user, ban, deletion] = await Promise.all([
      this.profiles.findById(row.userId),
      this.bans.activeFor(row.userId, now),
      this.deletions.find(row.userId),
    ]);
    if (!user || ban || deletion) return INVALID;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOKEN_TOUCH_MS) {
      await this.tokens.touch(row.id, now, new Date(now.getTime() - TOKEN_TOUCH_MS));
    }
    const method = (request.method ?? '').toUpperCase();
    if (method && !SAFE_METHODS.has(method)) {
      const operation = (request.operation ?? '').trim() || method;
      await this.log.add(undefined, {
        userId: row.userId,
        type: 'tokenUsed',
        detail: `${operation} · ${row.name}`,
        ...client(request),
      });
    }
    return { valid: true, uid: row.userId, tokenId: row.id, scopes: row.scopes };
  }
}
