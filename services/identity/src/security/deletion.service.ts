import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { Clock, CONFIG, type Logger, LOGGER, Mailer, TransactionManager } from '@pencraft/kit';
import { DEFAULT_LANG, isLang } from '@pencraft/rules';
import { createHash, randomBytes } from 'node:crypto';
import { PasswordHasher } from '../auth/password-hasher.js';
import type { IdentityConfig } from '../config.js';
import { VerificationCodeService } from '../verification/verification-code.service.js';
import { DeletionRepository } from './deletion.repository.js';
import { deletionCodeMail, deletionScheduledMail } from './mails.js';
import { SecurityAccountRepository } from './security-account.repository.js';
import { UserSessionsRepository } from './user-sessions.repository.js';

/** SPEC.md section 9: account deletion finalises after 30 days. */
export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The path of the cancel link in the notice mail (the gateway's atrium route). */
export const CANCEL_LINK_PATH = '/api/atrium/crawl';

export interface DeletionRequestInput {
  userId: string;
  sessionId: string;
  password: string;
  code: string;
}

export type DeletionRequestResult =
  | { codeSent: true; scheduledAtMs: 0; tokenHashes: [] }
  | { codeSent: false; scheduledAtMs: number; tokenHashes: Buffer[] };

function hashToken(token: string) {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Account deletion with a grace period: the password and a mailed code schedule it 30 days ahead; signing in
 * meanwhile offers to cancel (scheduledFor), the user or the mailed link cancels it, and DeletionJob finalises it.
 */
@Injectable()
export class DeletionService {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<IdentityConfig, 'PUBLIC_ORIGIN'>,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly accounts: SecurityAccountRepository,
    private readonly deletions: DeletionRepository,
    private readonly sessions: UserSessionsRepository,
    private readonly codes: VerificationCodeService,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly transactions: TransactionManager,
    private readonly clock: Clock,
  ) {}

  async scheduledFor(userId: string): Promise<Date | undefined> {
    return (await this.deletions.find(userId))?.scheduledFor;
  }

  /**
   * Without a code: checks the password and mails a 6-digit code. With it: schedules the deletion, ends the other
   * sessions and mails a notice with a cancel link. AlreadyRequestedDeletion while one is pending.
   */
  async request(input: DeletionRequestInput): Promise<DeletionRequestResult> {
    const account = await this.accounts.find(input.userId);
    if (!account) throw new AppError('Unauthorized');
    if (!(await this.hasher.verify(account.passwordHash, input.password ?? ''))) {
      throw new AppError('IncorrectOldPassword');
    }
    if (await this.deletions.find(account.id)) throw new AppError('AlreadyRequestedDeletion');
    const lang = isLang(account.lang) ? account.lang : DEFAULT_LANG;
    const code = (input.code ?? '').trim();
    if (!code) {
      const issued = await this.codes.issue(undefined, {
        userId: account.id,
        purpose: 'deletion',
        target: account.email,
      });
      await this.mailer.send({ to: account.email, ...deletionCodeMail(lang, issued.code) });
      return { codeSent: true, scheduledAtMs: 0, tokenHashes: [] };
    }
    await this.codes.check({ userId: account.id, purpose: 'deletion', code });
    const now = this.clock.now();
    const scheduledFor = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
    const cancelToken = randomBytes(32).toString('base64url');
    const tokenHashes = await this.transactions.run(async (tx) => {
      const inserted = await this.deletions.insert(tx, {
        userId: account.id,
        requestedAt: now,
        scheduledFor,
        cancelTokenHash: hashToken(cancelToken),
      });
      if (!inserted) throw new AppError('AlreadyRequestedDeletion');
      return this.sessions.revokeOthers(account.id, input.sessionId, now, tx);
    });
    const cancelUrl = `${this.config.PUBLIC_ORIGIN}${CANCEL_LINK_PATH}?t=${cancelToken}`;
    // The deletion stands even if the notice cannot be sent: signing in still offers to cancel.
    await this.mailer
      .send({ to: account.email, ...deletionScheduledMail(lang, scheduledFor, cancelUrl) })
      .catch((error: Error) => this.log.warn({ err: error }, 'deletion notice not sent'));
    return { codeSent: false, scheduledAtMs: scheduledFor.getTime(), tokenHashes };
  }

  /** Cancels the user's pending deletion; nothing pending is not an error. */
  async cancel(userId: string) {
    await this.deletions.remove(userId);
  }

  /** The notice's link: ExpiredOrInvalid when it names no pending deletion (cancelled, done, or made up). */
  async cancelByLink(token: string) {
    if (!TOKEN_SHAPE.test(token ?? '') || !(await this.deletions.removeByCancelToken(hashToken(token)))) {
      throw new AppError('ExpiredOrInvalid');
    }
  }
}
