// Shared fixtures of the donations service's unit specs (outside src/, so never built into the service).
import { AppError } from '@pencraft/errors';
import type { AccountRow } from '../src/accounts/account.table.js';
import type { CardRow } from '../src/cards/card.table.js';
import type { PayoutRow } from '../src/payouts/payout.table.js';
import type { SupportRow } from '../src/supports/support.table.js';

export const NOW = new Date('2026-03-02T08:00:00Z');
export const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
export const READER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const CARD = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
export const PAYOUT = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';
export const SUPPORT = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
export const ARTICLE = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

export const account = (over: Partial<AccountRow> = {}): AccountRow => ({
  uid: AUTHOR,
  active: true,
  thanksMessage: 'Thank you so much!',
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

export const card = (over: Partial<CardRow> = {}): CardRow => ({
  id: CARD,
  uid: AUTHOR,
  provider: 'stripe',
  token: 'tok_1',
  last4: '4242',
  brand: 'visa',
  holder: 'ELVIN MAMMADOV',
  createdAt: NOW,
  ...over,
});

export const payout = (over: Partial<PayoutRow> = {}): PayoutRow => ({
  id: PAYOUT,
  uid: AUTHOR,
  cardId: CARD,
  cardLast4: '4242',
  cardBrand: 'visa',
  amountQepik: 2_000,
  state: 'requested',
  requestedAt: NOW,
  expectedDate: '2026-03-09',
  updatedAt: NOW,
  reference: '',
  failureNote: '',
  ...over,
});

export const support = (over: Partial<SupportRow> = {}): SupportRow => ({
  id: SUPPORT,
  supporterUid: READER,
  recipientUid: AUTHOR,
  amountQepik: 2_500,
  currency: 'AZN',
  articleId: null,
  public: true,
  note: '',
  state: 'pending',
  provider: 'stripe',
  checkoutId: 'cs_1',
  paymentId: null,
  refundedQepik: 0,
  disputedQepik: 0,
  shortfallQepik: 0,
  createdAt: NOW,
  paidAt: null,
  updatedAt: NOW,
  ...over,
});

/** The catalogue code a promise was refused with. */
export async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

/** A strict mock of a provider with its `name` property answered beside the mocked methods. */
export function withName<T extends object>(mock: T, name = 'stripe'): T {
  return new Proxy(mock, { get: (target, key) => (key === 'name' ? name : Reflect.get(target, key)) });
}
