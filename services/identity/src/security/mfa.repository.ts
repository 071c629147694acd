import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { mfaSecrets, recoveryCodes } from './security.tables.js';

export type MfaRow = typeof mfaSecrets.$inferSelect;

@Injectable()
export class MfaRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(userId: string): Promise<MfaRow | undefined> {
    const [row] = await this.database.db.select().from(mfaSecrets).where(eq(mfaSecrets.userId, userId)).limit(1);
    return row;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: mfaSecrets.userId })
      .from(mfaSecrets)
      .where(and(eq(mfaSecrets.userId, userId), isNotNull(mfaSecrets.enabledAt)))
      .limit(1);
    return row !== undefined;
  }

  /** A new pending secret replaces any pending one (an enabled one is never replaced here). */
  async savePending(userId: string, secret: string, at: Date) {
    await this.database.db
      .insert(mfaSecrets)
      .values({ userId, secret, createdAt: at })
      .onConflictDoUpdate({
        target: mfaSecrets.userId,
        set: { secret, createdAt: at, lastStep: 0 },
        setWhere: isNull(mfaSecrets.enabledAt),
      });
  }

  /** Enables the pending secret, recording the step of the code that confirmed it; false if none was pending. */
  async enable(tx: Queryable, userId: string, step: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(mfaSecrets)
      .set({ enabledAt: at, lastStep: step })
      .where(and(eq(mfaSecrets.userId, userId), isNull(mfaSecrets.enabledAt)))
      .returning({ userId: mfaSecrets.userId });
    return rows.length === 1;
  }

  /** Records an accepted step; false when that step (or a later one) was already used, e.g. by a racing request. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.database.db
      .update(mfaSecrets)
      .set({ lastStep: step })
      .where(and(eq(mfaSecrets.userId, userId), lt(mfaSecrets.lastStep, step), isNotNull(mfaSecrets.enabledAt)))
      .returning({ userId: mfaSecrets.userId });
    return rows.length === 1;
  }

  async remove(tx: Queryable, userId: string) {
    await tx.delete(mfaSecrets).where(eq(mfaSecrets.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }

  async replaceRecoveryCodes(tx: Queryable, userId: string, hashes: Buffer[], at: Date) {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  }

  /** Marks an unused code used; false when there is no such unused code (never used twice, even by racing calls). */
  async consumeRecoveryCode(userId: string, codeHash: Buffer, at: Date): Promise<boolean> {
    const rows = await this.database.db
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  }
}
