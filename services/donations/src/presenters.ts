// Rows as the donations.v1 messages answer them.
import { payoutStates } from '@pencraft/contracts/enums';
import { supportStates } from '@pencraft/contracts/enums/donations';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import type { CardRow } from './cards/card.table.js';
import type { PayoutRow } from './payouts/payout.table.js';
import type { SupportRow } from './supports/support.table.js';

export const cardOf = (row: CardRow): pb.Card => ({
  id: row.id,
  last4: row.last4,
  brand: row.brand,
  holder: row.holder,
  createdAtMs: row.createdAt.getTime(),
});

export const payoutOf = (row: PayoutRow): pb.Payout => ({
  id: row.id,
  uid: row.uid,
  cardId: row.cardId,
  cardLast4: row.cardLast4,
  cardBrand: row.cardBrand,
  amountQepik: row.amountQepik,
  state: payoutStates.toProto(row.state),
  requestedAtMs: row.requestedAt.getTime(),
  expectedDate: row.expectedDate,
  updatedAtMs: row.updatedAt.getTime(),
  reference: row.reference,
  failureNote: row.failureNote,
});

const reversed = (row: SupportRow) => row.refundedQepik + row.disputedQepik;

export const sentSupportOf = (row: SupportRow): pb.SentSupport => ({
  id: row.id,
  recipientUid: row.recipientUid,
  amountQepik: row.amountQepik,
  articleId: row.articleId ?? '',
  public: row.public,
  note: row.note,
  state: supportStates.toProto(row.state),
  createdAtMs: row.createdAt.getTime(),
  paidAtMs: row.paidAt?.getTime() ?? 0,
  refundedQepik: reversed(row),
});

/** The recipient's view: the supporter only when they chose to be shown. */
export const receivedSupportOf = (row: SupportRow): pb.ReceivedSupport => ({
  id: row.id,
  supporterUid: row.public ? row.supporterUid : '',
  amountQepik: row.amountQepik,
  articleId: row.articleId ?? '',
  note: row.note,
  state: supportStates.toProto(row.state),
  paidAtMs: row.paidAt?.getTime() ?? 0,
  refundedQepik: reversed(row),
});
