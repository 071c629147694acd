// The ledger's postings as pure functions: which entries each movement of money makes. The services post exactly
// these (LedgerRepository.post), and the property tests run random histories through them.
import { platformFee, type LedgerAccountKind, type LedgerTransactionKind, type UserAccountKind } from '@pencraft/rules';

export interface Posting {
  accountKind: LedgerAccountKind;
  /** The user of a user account; null for a platform account. */
  uid: string | null;
  /** Signed integer qəpik, never 0. */
  amountQepik: number;
}

export interface PlannedTransaction {
  kind: LedgerTransactionKind;
  /** Unique per kind: what makes a second posting of the same movement a no-op. */
  reference: string;
  supportId: string | null;
  payoutId: string | null;
  entries: Posting[];
}

const user = (uid: string, accountKind: UserAccountKind, amountQepik: number): Posting => ({
  accountKind,
  uid,
  amountQepik,
});
const platform = (accountKind: Exclude<LedgerAccountKind, UserAccountKind>, amountQepik: number): Posting => ({
  accountKind,
  uid: null,
  amountQepik,
});
const positive = (amount: number, what: string) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`${what}: ${amount} is not a positive integer`);
};
/** Drops zero entries (the database refuses them; a movement of nothing is no entry). */
const nonZero = (entries: Posting[]) => entries.filter((entry) => entry.amountQepik !== 0);

/**
 * A paid support: the provider's clearing account owes the recipient its amount; the platform's fee, if any, is a
 * transaction of its own (referenced by the support too), so a fee can change without touching the credit.
 */
export function supportReceived(
  support: { id: string; recipientUid: string; amountQepik: number },
  feeBps?: number,
): PlannedTransaction[] {
  positive(support.amountQepik, 'support amount');
  const credit: PlannedTransaction = {
    kind: 'supportReceived',
    reference: support.id,
    supportId: support.id,
    payoutId: null,
    entries: [
      platform('providerClearing', -support.amountQepik),
      user(support.recipientUid, 'available', support.amountQepik),
    ],
  };
  const fee = platformFee(support.amountQepik, feeBps);
  if (fee === 0) return [credit];
  return [
    credit,
    {
      kind: 'platformFee',
      reference: support.id,
      supportId: support.id,
      payoutId: null,
      entries: [user(support.recipientUid, 'available', -fee), platform('fees', fee)],
    },
  ];
}

interface PayoutRef {
  id: string;
  uid: string;
  amountQepik: number;
}

function payoutMove(
  kind: LedgerTransactionKind,
  payout: PayoutRef,
  from: Posting['accountKind'],
  to: Posting['accountKind'],
): PlannedTransaction {
  positive(payout.amountQepik, 'payout amount');
  const side = (accountKind: LedgerAccountKind, amount: number): Posting =>
    accountKind === 'available' || accountKind === 'reserved'
      ? user(payout.uid, accountKind, amount)
      : platform(accountKind, amount);
  return {
    kind,
    reference: payout.id,
    supportId: null,
    payoutId: payout.id,
    entries: [side(from, -payout.amountQepik), side(to, payout.amountQepik)],
  };
}

/** A payout requested: its amount moves from available to reserved. */
export const payoutReserved = (payout: PayoutRef) => payoutMove('payoutReserved', payout, 'available', 'reserved');
/** A payout paid: the reserved amount left the platform. */
export const payoutPaid = (payout: PayoutRef) => payoutMove('payoutPaid', payout, 'reserved', 'payoutsPaid');
/** A payout failed: the reserved amount is available again. */
export const payoutReleased = (payout: PayoutRef) =>
  payoutMove('payoutFailedReleased', payout, 'reserved', 'available');

/**
 * A refund or a dispute of a paid support: the amount goes back to the provider's clearing account, taken from the
 * recipient's available balance as far as it reaches; what it cannot cover (the author already withdrew it) is the
 * platform's loss, posted to platform:shortfall, so no user balance goes below zero.
 */
export function reversal(input: {
  kind: 'refund' | 'dispute';
  reference: string;
  support: { id: string; recipientUid: string };
  amountQepik: number;
  availableQepik: number;
}): { transaction: PlannedTransaction; shortfallQepik: number } {
  positive(input.amountQepik, 'reversal amount');
  const covered = Math.max(0, Math.min(input.amountQepik, input.availableQepik));
  const shortfallQepik = input.amountQepik - covered;
  return {
    shortfallQepik,
    transaction: {
      kind: input.kind,
      reference: input.reference,
      supportId: input.support.id,
      payoutId: null,
      entries: nonZero([
        user(input.support.recipientUid, 'available', -covered),
        platform('shortfall', -shortfallQepik),
        platform('providerClearing', input.amountQepik),
      ]),
    },
  };
}

/** The sum of a transaction's entries: 0 for every transaction these functions plan. */
export function transactionSum(transaction: Pick<PlannedTransaction, 'entries'>): number {
  return transaction.entries.reduce((sum, entry) => sum + entry.amountQepik, 0);
}
