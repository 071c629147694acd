import { Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { Clock, type Queryable } from '@pencraft/kit';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VerificationCodeRepository } from './verification-code.repository.js';
import type { VerificationCodeRow, VerificationPurpose } from './verification-code.table.js';

/** Codes and links stay valid this long. */
export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** A new code for the same purpose only after this long (the answer's Retry-After counts down to it). */
export const RESEND_COOLDOWN_MS = 60 * 1000;
/** Codes one user may be sent for one purpose per hour, whatever the addresses. */
export const MAX_ISSUES_PER_HOUR = 10;
/** Guesses one code takes (the right one among them); the next guess finds it dead. */
export const MAX_ATTEMPTS = 5;
/** Guesses of one user for one purpose per hour, across codes: resending cannot buy unlimited guesses. */
export const MAX_ATTEMPTS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

const CODE_SHAPE = /^\d{6}$/;
const LINK_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Flood carries the seconds until the cooldown ends, for a Retry-After header. */
export function retryAfterSeconds(error: AppError): number | undefined {
  const value = error.params?.retryAfter;
  return typeof value === 'number' ? value : undefined;
}

/**
 * One-time 6-digit codes with a companion link token, scoped by purpose (SPEC.md section 9). Issuing a code
 * retires the previous one of the same user and purpose; a code takes MAX_ATTEMPTS guesses.
 */
@Injectable()
export class VerificationCodeService {
  constructor(
    private readonly codes: VerificationCodeRepository,
    private readonly clock: Clock,
  ) {}

  /** Throws Flood (params.retryAfter in seconds) within RESEND_COOLDOWN_MS of the previous code. */
  async issue(
    tx: Queryable | undefined,
    request: { userId: string; purpose: VerificationPurpose; target: string },
  ): Promise<{ code: string; linkToken: string }> {
    const now = this.clock.now();
    const previous = await this.codes.latest(request.userId, request.purpose, tx);
    if (previous) {
      const waitMs = previous.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime();
      if (waitMs > 0) throw new AppError('Flood', { params: { retryAfter: Math.ceil(waitMs / 1000) } });
    }
    const since = new Date(now.getTime() - HOUR_MS);
    if ((await this.codes.issuedSince(request.userId, request.purpose, since, tx)) >= MAX_ISSUES_PER_HOUR) {
      throw new AppError('Flood', { params: { retryAfter: HOUR_MS / 1000 } });
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const linkToken = randomBytes(32).toString('base64url');
    const salt = randomBytes(16);
    await this.codes.replace(
      {
        ...request,
        salt,
        codeHash: hashCode(salt, code),
        linkHash: hashLink(linkToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      },
      tx,
    );
    return { code, linkToken };
  }

  /** Uses the live code when it matches; WrongCode counts a guess, ExpiredOrInvalid when none lives, Flood per hour. */
  async check(request: { userId: string; purpose: VerificationPurpose; code: string }): Promise<{ target: string }> {
    const live = await this.match(request);
    if (!(await this.codes.consume(live.id, this.clock.now()))) throw new AppError('ExpiredOrInvalid');
    return { target: live.target };
  }

  /**
   * The live code when the guess matches it, not yet used (`use` spends it in the caller's transaction). Every guess
   * is counted before it is compared (a reservation the database grants one at a time): however many arrive at
   * once, at most MAX_ATTEMPTS per code and MAX_ATTEMPTS_PER_HOUR per user and purpose are ever compared.
   */
  async match(request: { userId: string; purpose: VerificationPurpose; code: string }): Promise<VerificationCodeRow> {
    const now = this.clock.now();
    const live = await this.codes.findLive(request.userId, request.purpose, now);
    if (!live || live.attempts >= MAX_ATTEMPTS) throw new AppError('ExpiredOrInvalid');
    const since = new Date(now.getTime() - HOUR_MS);
    const earlier = await this.codes.attemptsSince(request.userId, request.purpose, since, live.id);
    const hourLeft = MAX_ATTEMPTS_PER_HOUR - earlier;
    if (hourLeft <= 0) throw flood();
    if ((await this.codes.reserveAttempt(live.id, Math.min(MAX_ATTEMPTS, hourLeft), now)) === undefined) {
      throw hourLeft < MAX_ATTEMPTS ? flood() : new AppError('ExpiredOrInvalid');
    }
    const code = (request.code ?? '').trim();
    if (!CODE_SHAPE.test(code) || !timingSafeEqual(hashCode(live.salt, code), Buffer.from(live.codeHash))) {
      throw new AppError('WrongCode');
    }
    return live;
  }

  /** Spends a matched code within `tx`: ExpiredOrInvalid (rolling the transaction back) when another use won. */
  async use(id: string, tx: Queryable): Promise<void> {
    if (!(await this.codes.consume(id, this.clock.now(), tx))) throw new AppError('ExpiredOrInvalid');
  }

  /** Where the live code of a user for a purpose was sent (a resend goes there again), if one lives. */
  async pendingTarget(userId: string, purpose: VerificationPurpose): Promise<string | undefined> {
    const live = await this.codes.findLive(userId, purpose, this.clock.now());
    return live && live.attempts < MAX_ATTEMPTS ? live.target : undefined;
  }

  /** Uses the code behind a mailed link. */
  async checkLink(request: {
    purpose: VerificationPurpose;
    linkToken: string;
  }): Promise<{ userId: string; target: string }> {
    const live = await this.peekLink(request);
    if (!(await this.codes.consume(live.id, this.clock.now()))) throw new AppError('ExpiredOrInvalid');
    return { userId: live.userId, target: live.target };
  }

  /** Whether a link still works, without using it (a page opened from the link uses it later with a form). */
  async peekLink(request: { purpose: VerificationPurpose; linkToken: string }) {
    const token = request.linkToken ?? '';
    if (!LINK_SHAPE.test(token)) throw new AppError('ExpiredOrInvalid');
    const live = await this.codes.findLiveByLink(request.purpose, hashLink(token), this.clock.now());
    if (!live || live.attempts >= MAX_ATTEMPTS) throw new AppError('ExpiredOrInvalid');
    return live;
  }
}

function flood() {
  return new AppError('Flood', { params: { retryAfter: HOUR_MS / 1000 } });
}

function hashCode(salt: Uint8Array, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

function hashLink(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
