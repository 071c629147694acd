import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import type { UserAccountKind } from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PlannedTransaction } from './postings.js';
import { ledgerEntries, ledgerTransactions, type LedgerTransactionRow } from './ledger.table.js';

/** A sum PostgreSQL computed (numeric, as text), read exactly: refused when it is not a safe integer. */
export function exactQepik(text: string | null | undefined): number {
  const value = Number(text ?? '0');
  if (!Number.isSafeInteger(value)) throw new Error(`ledger sum ${text} is not a safe integer`);
  return value;
}

export interface Balances {
  available: number;
  reserved: number;
}

export interface ActivityRow {
  transactionId: string;
  kind: LedgerTransactionRow['kind'];
  accountKind: UserAccountKind;
  amountQepik: number;
  supportId: string | null;
  payoutId: string | null;
  createdAt: Date;
}

/**
 * The double-entry ledger: transactions and their entries are only ever inserted (the database refuses UPDATE and
 * DELETE, and a transaction whose entries do not sum to zero at commit). Balances are sums of entries.
 */
@Injectable()
export class LedgerRepository {
  /**
   * Posts a planned transaction in the caller's transaction; false when one of its kind and reference is posted
   * already (a replay, or a concurrent delivery, which waits for the first to commit): nothing is posted twice.
   */
  async post(tx: Queryable, planned: PlannedTransaction, at: Date): Promise<boolean> {
    const id = randomUUID();
    const inserted = await tx
      .insert(ledgerTransactions)
      .values({
        id,
        kind: planned.kind,
        reference: planned.reference,
        supportId: planned.supportId,
        payoutId: planned.payoutId,
        createdAt: at,
      })
      .onConflictDoNothing({ target: [ledgerTransactions.kind, ledgerTransactions.reference] })
      .returning({ id: ledgerTransactions.id });
    if (inserted.length === 0) return false;
    await tx.insert(ledgerEntries).values(
      planned.entries.map((entry) => ({
        transactionId: id,
        accountKind: entry.accountKind,
        uid: entry.uid,
        amountQepik: entry.amountQepik,
        createdAt: at,
      })),
    );
    return true;
  }

  /** Whether a transaction of this kind and reference is posted. */
  async posted(tx: Queryable, kind: PlannedTransaction['kind'], reference: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.reference, reference)));
    return row !== undefined;
  }

  /** The user's available and reserved balances: the sums of their entries. */
  async balances(tx: Queryable, uid: string): Promise<Balances> {
    const rows = await tx
      .select({ kind: ledgerEntries.accountKind, total: sql<string>`sum(${ledgerEntries.amountQepik})::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.uid, uid), inArray(ledgerEntries.accountKind, ['available', 'reserved'])))
      .groupBy(ledgerEntries.accountKind);
    const of = (kind: UserAccountKind) => exactQepik(rows.find((row) => row.kind === kind)?.total);
    return { available: of('available'), reserved: of('reserved') };
  }

  /** Every support credited to the user (supportReceived on available) and every payout paid (payoutPaid). */
  async totals(tx: Queryable, uid: string): Promise<{ received: number; paidOut: number }> {
    const [row] = await tx
      .select({
        received: sql<string>`coalesce(sum(${ledgerEntries.amountQepik}) filter (where ${ledgerTransactions.kind} = 'supportReceived'), 0)::text`,
        paidOut: sql<string>`coalesce(-sum(${ledgerEntries.amountQepik}) filter (where ${ledgerTransactions.kind} = 'payoutPaid'), 0)::text`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.uid, uid));
    return { received: exactQepik(row?.received), paidOut: exactQepik(row?.paidOut) };
  }

  /** The user's entries, newest first. */
  async activity(tx: Queryable, uid: string, limit: number, offset: number): Promise<ActivityRow[]> {
    const rows = await tx
      .select({
        transactionId: ledgerEntries.transactionId,
        kind: ledgerTransactions.kind,
        accountKind: ledgerEntries.accountKind,
        amountQepik: ledgerEntries.amountQepik,
        supportId: ledgerTransactions.supportId,
        payoutId: ledgerTransactions.payoutId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.uid, uid))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit)
      .offset(offset);
    return rows as ActivityRow[];
  }

  async activityCount(tx: Queryable, uid: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.uid, uid));
    return row?.count ?? 0;
  }
}
