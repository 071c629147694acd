// The donations ledger's invariants, read straight from PostgreSQL (the integration suite and `make bench` run it after
// their money moved): every transaction sums to zero, the whole ledger sums to zero, no user's available or reserved
// balance is below zero, and no user's payouts of a calendar month (Asia/Baku) go past the monthly cap.
import { PAYOUT_MONTHLY_MAX_QEPIK } from '@pencraft/rules';
import type pg from 'pg';

export interface LedgerCheck {
  transactions: number;
  entries: number;
  /** Transactions whose entries do not sum to zero (none when the ledger holds). */
  unbalanced: string[];
  /** The sum of every entry (0 when the ledger holds). */
  total: number;
  /** User balances below zero, as `uid:kind=amount`. */
  negative: string[];
  /** Users' months whose requested, processing and paid payouts sum past the cap, as `uid:YYYY-MM=amount`. */
  overCap: string[];
  ok: boolean;
}

type Queryable = Pick<pg.Pool | pg.Client, 'query'>;

export async function checkLedger(sql: Queryable): Promise<LedgerCheck> {
  const counts = await sql.query<{ transactions: string; entries: string; total: string | null }>(
    `select (select count(*) from donations.ledger_transactions) as transactions,
            count(*) as entries, sum(amount_qepik) as total
       from donations.ledger_entries`,
  );
  const unbalanced = await sql.query<{ id: string }>(
    `select transaction_id as id from donations.ledger_entries group by transaction_id
      having sum(amount_qepik) <> 0 order by 1`,
  );
  const negative = await sql.query<{ account: string }>(
    `select uid || ':' || account_kind || '=' || sum(amount_qepik) as account from donations.ledger_entries
      where uid is not null group by uid, account_kind having sum(amount_qepik) < 0 order by 1`,
  );
  const overCap = await sql.query<{ month: string }>(
    `select uid || ':' || to_char(requested_at at time zone 'Asia/Baku', 'YYYY-MM') || '=' || sum(amount_qepik)
         as month
       from donations.payouts where state in ('requested', 'processing', 'paid')
      group by uid, to_char(requested_at at time zone 'Asia/Baku', 'YYYY-MM')
     having sum(amount_qepik) > $1 order by 1`,
    [PAYOUT_MONTHLY_MAX_QEPIK],
  );
  const total = Number(counts.rows[0]!.total ?? 0);
  const result = {
    transactions: Number(counts.rows[0]!.transactions),
    entries: Number(counts.rows[0]!.entries),
    unbalanced: unbalanced.rows.map((r) => r.id),
    total,
    negative: negative.rows.map((r) => r.account),
    overCap: overCap.rows.map((r) => r.month),
  };
  return {
    ...result,
    ok: result.unbalanced.length === 0 && total === 0 && result.negative.length === 0 && result.overCap.length === 0,
  };
}
