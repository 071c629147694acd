import type { PayoutState } from '@pencraft/rules';

/**
 * The payout providers the donations service knows (config PAYOUT_PROVIDER). `manual`: no provider is connected;
 * finance staff pays each payout themselves and records it in the staff console (processing, paid with the
 * transfer's reference, failed with the reason). An acquirer that pays cards on its own is another implementation
 * of PayoutProvider and another name here.
 */
export const PAYOUT_PROVIDERS = ['manual'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

/**
 * What the payout service asks of whoever sends the money to the author's card. The money is already reserved in
 * the ledger when a payout reaches the provider; the provider only moves it out of the platform and tells which way
 * it went.
 */
export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /**
   * Hands a newly requested payout over, once its request (the reservation) is committed. The manual provider leaves
   * it in the staff queue and does nothing else; an acquirer would order the transfer to the card's token here and
   * report the outcome later (its own webhook, moving the payout as staff does). A failure leaves the payout
   * requested, in the staff queue, its money reserved.
   */
  send(payout: PayoutOrder): Promise<void>;
  /**
   * Whether a staff member may move a payout from one state to another in the console (asked after the rules'
   * PAYOUT_TRANSITIONS allowed it). The manual provider allows every such move: staff's moves are how its payouts
   * progress. An acquirer that settles payouts itself would allow fewer (for example none to paid).
   */
  allowsStaffMove(from: PayoutState, to: PayoutState): boolean;
}

export const PAYOUT_PROVIDER = Symbol('donations.payoutProvider');

/** A payout as a provider needs it: the amount and the card's provider token, never the card's number. */
export interface PayoutOrder {
  payoutId: string;
  uid: string;
  /** Integer qəpik (100 = 1 AZN). */
  amountQepik: number;
  /** The payment provider's token of the payout card. */
  cardToken: string;
  cardLast4: string;
  /** YYYY-MM-DD in Asia/Baku. */
  expectedDate: string;
}
