import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { verificationCodes, type VerificationCodeRow, type VerificationPurpose } from './verification-code.table.js';

export interface NewVerificationCode {
  userId: string;
  purpose: VerificationPurpose;
  target: string;
  salt: Buffer;
  codeHash: Buffer;
  linkHash: Buffer;
  createdAt: Date;
  expiresAt: Date;
}

@Injectable()
export class VerificationCodeRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The newest code of a user for a purpose, used or not (its age decides the resend cooldown). */
  async latest(userId: string, purpose: VerificationPurpose, tx: Queryable = this.database.db) {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  /** Retires every live code of the user for the purpose, then stores the new one: only the newest code works. */
  async replace(code: NewVerificationCode, tx: Queryable = this.database.db) {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: code.createdAt })
      .where(
        and(
          eq(verificationCodes.userId, code.userId),
          eq(verificationCodes.purpose, code.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values(code);
  }

  /** The live (unused, unexpired) code of a user for a purpose. */
  async findLive(userId: string, purpose: VerificationPurpose, now: Date): Promise<VerificationCodeRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  async findLiveByLink(
    purpose: VerificationPurpose,
    linkHash: Buffer,
    now: Date,
  ): Promise<VerificationCodeRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.linkHash, linkHash),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Reserves one guess at a live code before it is compared, in one conditional update: the row lock makes parallel
   * guesses take their turns, so at most `limit` guesses ever reach a comparison. Answers the code's guesses so far,
   * or undefined when the code is used, expired or out of guesses.
   */
  async reserveAttempt(id: string, limit: number, now: Date): Promise<number | undefined> {
    const [row] = await this.database.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
          lt(verificationCodes.attempts, limit),
        ),
      )
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts;
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: string, at: Date, tx: Queryable = this.database.db): Promise<boolean> {
    const rows = await tx
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  /**
   * Guesses of the user for the purpose on the other codes issued since `since`: those codes are retired, so their
   * counts no longer move while `except`, the live one, takes guesses.
   */
  async attemptsSince(userId: string, purpose: VerificationPurpose, since: Date, except: string): Promise<number> {
    const [row] = await this.database.db
      .select({ total: sql<number>`coalesce(sum(${verificationCodes.attempts}), 0)::int` })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          gt(verificationCodes.createdAt, since),
          ne(verificationCodes.id, except),
        ),
      );
    return row?.total ?? 0;
  }

  /** Codes issued to the user for the purpose since `since`. */
  async issuedSince(
    userId: string,
    purpose: VerificationPurpose,
    since: Date,
    tx: Queryable = this.database.db,
  ): Promise<number> {
    const [row] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          gt(verificationCodes.createdAt, since),
        ),
      );
    return row?.total ?? 0;
  }
}
