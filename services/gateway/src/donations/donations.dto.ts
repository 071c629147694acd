import { payoutStates } from '@pencraft/contracts/enums';
import {
  balanceAccountKinds,
  eligibilityConditions,
  ledgerTransactionKinds,
  supportStates,
} from '@pencraft/contracts/enums/donations';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import {
  CARD_HOLDER_MAX,
  CARD_HOLDER_MIN,
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  cardHolderProblem,
  cardNumberProblem,
  ELIGIBILITY_CONDITIONS,
  LEDGER_TRANSACTION_KINDS,
  normalizeCardHolder,
  normalizeSupportNote,
  normalizeThanksMessage,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  PAYOUT_BUSINESS_DAYS,
  PAYOUT_MAX_QEPIK,
  PAYOUT_MIN_QEPIK,
  PAYOUT_MONTHLY_MAX_QEPIK,
  PAYOUT_NOTE_MAX,
  PAYOUT_REFERENCE_MAX,
  PAYOUT_STATES,
  payoutMaxNow,
  REPORT_MAX_PAGE,
  SUPPORT_MAX_QEPIK,
  SUPPORT_MIN_QEPIK,
  SUPPORT_NOTE_MAX,
  SUPPORT_STATES,
  supportNoteProblem,
  THANKS_MESSAGE_MAX,
  THANKS_MESSAGE_MIN,
  thanksMessageProblem,
  USER_ACCOUNT_KINDS,
  USERNAME_MAX,
  USERNAME_MIN,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { JS_SPACE } from '../docs/patterns.js';
import { text } from '../http/text.js';

// Reader support and payouts over HTTP (SPEC.md sections 2, 5, 6, 7 and 9). Money is integer qəpik (100 = 1 AZN)
// everywhere, never a fraction: pages format it (formatManat of @pencraft/rules), nobody computes with floats.

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number) => (ms > 0 ? iso(ms) : null);
const orNull = (value: string) => (value === '' ? null : value);

const Uuid = z.string().regex(UUID_PATTERN);
const Qepik = z
  .number()
  .int()
  .meta({ description: 'Integer qəpik (100 qəpik = 1 AZN); never a fraction: format it, do not compute with floats' });
const Currency = z.literal('AZN');
const Username = z
  .string()
  .regex(new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`))
  .meta({ description: 'A username (any case)' });

// --- input ---------------------------------------------------------------------------------------------------------

export const IdParams = z.object({ id: Uuid.meta({ description: 'The id' }) });
export const UsernameParams = z.object({ username: Username });

export const ReportQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(REPORT_MAX_PAGE)
    .optional()
    .default(1)
    .meta({ description: `1-based, at most ${REPORT_MAX_PAGE} (InvalidPage)` }),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX)
    .optional()
    .default(PAGE_SIZE)
    .meta({ description: `Rows a page, ${PAGE_SIZE} unless said, at most ${PAGE_SIZE_MAX}` }),
});

/** The thanks message as the service counts it: trimmed, THANKS_MESSAGE_MIN..MAX characters (InvalidMessage). */
const ThanksMessage = text({ min: THANKS_MESSAGE_MIN, max: THANKS_MESSAGE_MAX })
  .refine((message) => thanksMessageProblem(normalizeThanksMessage(message)) === undefined, 'too short once trimmed')
  .meta({
    description:
      `What a supporter sees once their support is paid: ${THANKS_MESSAGE_MIN} to ${THANKS_MESSAGE_MAX} ` +
      'characters, spaces around it not counted (InvalidMessage)',
  });

export const CreateAccountBody = z
  .object({
    thanksMessage: ThanksMessage.optional().meta({
      description: 'The thanks message to start with; absent: a default one (change it with PUT /api/donations/thanks)',
    }),
  })
  .strict()
  .meta({ id: 'CreateDonationAccountBody' });

export const ThanksBody = z.object({ message: ThanksMessage }).strict().meta({ id: 'DonationThanksBody' });

export const StateBody = z
  .object({
    active: z.boolean().meta({
      description:
        'false deactivates the account (supports to it are refused with DonationAccountDisabled; the balance, cards ' +
        'and payouts stay, and the balance may still be paid out); true reactivates it',
    }),
  })
  .strict()
  .meta({ id: 'DonationAccountStateBody' });

/** Never echoed, stored, logged or sent anywhere but to the payment provider for a token. */
const CardNumber = z
  .string()
  .max(40)
  .refine((number) => cardNumberProblem(number) === undefined, 'not a card number')
  .meta({
    // The digits with any white space or hyphens around and between them; the Luhn check no pattern says.
    pattern: `^[${JS_SPACE}-]*(?:[0-9][${JS_SPACE}-]*){${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`,
    description:
      `The card's number: ${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits passing the Luhn check, ` +
      'spaces or hyphens between groups allowed (InvalidCardNumber). Sent to the payment provider once for a token; ' +
      'only its last four digits are kept, and it is never echoed in an answer or an error',
  });

const HOLDER_LETTER = 'A-Za-z\\u00df\\u0131\\u017f\\ufb00-\\ufb06';
const HOLDER_WORD = `[${HOLDER_LETTER}][${HOLDER_LETTER}.'-]*`;
const CardHolder = z
  .string()
  .max(CARD_HOLDER_MAX * 2)
  .refine((holder) => cardHolderProblem(normalizeCardHolder(holder)) === undefined, 'not a card holder name')
  .meta({
    // CARD_HOLDER_PATTERN before the name is upper-cased and its white space collapsed (ß, ı, ſ and the Latin
    // ligatures upper-case to Latin letters); the length counts after that.
    minLength: 1,
    pattern: `^[${JS_SPACE}]*${HOLDER_WORD}(?:[${JS_SPACE}]+${HOLDER_WORD})*[${JS_SPACE}]*$`,
    description:
      `The name on the card in Latin letters as embossed, ${CARD_HOLDER_MIN} to ${CARD_HOLDER_MAX} characters ` +
      '(kept upper case; InvalidCardHolder)',
  });

export const AddCardBody = z
  .object({
    number: CardNumber,
    holder: CardHolder,
    expMonth: z.number().int().min(1).max(12).optional().meta({ description: 'The expiry month, if known' }),
    expYear: z.number().int().min(2000).max(2100).optional().meta({ description: 'The expiry year, if known' }),
  })
  .strict()
  .meta({ id: 'AddDonationCardBody' });

export const PayoutBody = z
  .object({
    cardId: Uuid.meta({ description: "One of the account's cards (NoCard for any other)" }),
    amountQepik: z
      .number()
      .int()
      .min(PAYOUT_MIN_QEPIK)
      .max(PAYOUT_MAX_QEPIK)
      .meta({
        description:
          `Integer qəpik, ${PAYOUT_MIN_QEPIK} to ${PAYOUT_MAX_QEPIK} (10 to 100 AZN; InvalidAmount); at most ` +
          `${PAYOUT_MONTHLY_MAX_QEPIK} a calendar month in Asia/Baku (MonthlyPayoutLimitReached) and never more than ` +
          'the available balance (InsufficientFunds)',
      }),
  })
  .strict()
  .meta({ id: 'DonationPayoutBody' });

export const InitiateBody = z
  .object({
    username: Username.optional().meta({ description: 'The user to support, by username (or give uid)' }),
    uid: Uuid.optional().meta({ description: 'The user to support, by uid (or give username)' }),
    amountQepik: z
      .number()
      .int()
      .min(SUPPORT_MIN_QEPIK)
      .max(SUPPORT_MAX_QEPIK)
      .meta({
        description: `Integer qəpik, ${SUPPORT_MIN_QEPIK} to ${SUPPORT_MAX_QEPIK} (1 to 100 AZN; InvalidAmount)`,
      }),
    articleId: Uuid.optional().meta({
      description:
        "The recipient's published article the support is given on (ArticleNotFound otherwise); absent: the profile",
    }),
    showName: z.boolean().optional().default(false).meta({
      description: "Show the supporter's name to the recipient and on the recipient's public supporters list",
    }),
    note: text({ max: SUPPORT_NOTE_MAX })
      .refine((note) => supportNoteProblem(normalizeSupportNote(note)) === undefined, 'not a note')
      .optional()
      .meta({ description: `A note to the recipient, at most ${SUPPORT_NOTE_MAX} characters (InvalidMessage)` }),
  })
  .strict()
  .refine((body) => (body.username === undefined) !== (body.uid === undefined), {
    message: 'name the recipient by username or by uid, not both',
  })
  .meta({ id: 'InitiateSupportBody', description: 'Exactly one of username and uid names the recipient' });

export const STAFF_PAYOUT_MOVES = ['processing', 'paid', 'failed'] as const;

export const StaffPayoutsQuery = ReportQuery.extend({
  state: z.enum(PAYOUT_STATES).optional().meta({ description: 'Only payouts in this state; absent: every state' }),
});

export const StaffPayoutStateBody = z
  .object({
    state: z.enum(STAFF_PAYOUT_MOVES).meta({
      description:
        'processing (from requested), paid (a reference is required; the money leaves the reserve) or failed (a ' +
        'note is required; the money returns to the available balance); the same state again with the same ' +
        'reference or note is answered as done, any other move from paid or failed is OperationFailed',
    }),
    reference: text({ max: PAYOUT_REFERENCE_MAX }).optional().meta({ description: "The transfer's reference (paid)" }),
    note: text({ max: PAYOUT_NOTE_MAX }).optional().meta({ description: 'Why it failed (failed)' }),
  })
  .strict()
  .meta({ id: 'StaffPayoutStateBody' });

// --- answers -------------------------------------------------------------------------------------------------------

export const PersonJson = z
  .object({
    uid: z.string(),
    username: z.string().nullable().meta({ description: 'Null when the account is gone' }),
    fullname: z.string().nullable(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'DonationPerson' });
export type Person = z.infer<typeof PersonJson>;

export const EligibilityJson = z
  .object({
    eligible: z.boolean().meta({ description: 'Whether the user meets every condition today' }),
    missing: z.array(z.enum(ELIGIBILITY_CONDITIONS)).meta({
      description:
        'The conditions not met (SPEC.md section 6): citizenship (the profile country is Azerbaijan), recentArticle ' +
        '(an article published in the last 3 months), verifiedPhone (a verified phone number); empty when eligible',
    }),
    hasAccount: z.boolean().meta({ description: 'The user has a support account already' }),
  })
  .meta({ id: 'DonationEligibility' });

export const CardJson = z
  .object({
    id: z.string(),
    last4: z.string().meta({ description: 'The last four digits: all that is kept of the number' }),
    brand: z.string().nullable().meta({ description: 'visa, mastercard, ...; null when unknown' }),
    holder: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DonationCard' });

export const CardList = z.object({ items: z.array(CardJson) }).meta({ id: 'DonationCardList' });

export const PayoutJson = z
  .object({
    id: z.string(),
    amountQepik: Qepik.min(1),
    currency: Currency,
    state: z.enum(PAYOUT_STATES).meta({
      description: 'requested, processing (staff works on it), paid or failed (the money returned to the balance)',
    }),
    card: z
      .object({ id: z.string(), last4: z.string(), brand: z.string().nullable() })
      .meta({ description: 'The card paid to, as it was (it stays if the card is deleted later)' }),
    requestedAt: z.iso.datetime(),
    expectedDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .meta({
        description: `Paid within 1 to ${PAYOUT_BUSINESS_DAYS} business days: the last of them, YYYY-MM-DD in Asia/Baku`,
      }),
    updatedAt: z.iso.datetime(),
    reference: z.string().nullable().meta({ description: "The transfer's reference once paid" }),
    failureNote: z.string().nullable().meta({ description: 'Why it failed' }),
  })
  .meta({ id: 'DonationPayout' });

export const ActivePayout = z
  .object({ payout: PayoutJson.nullable().meta({ description: 'The requested or processing payout; null when none' }) })
  .meta({ id: 'DonationActivePayout' });

export const AccountJson = z
  .object({
    active: z.boolean().meta({ description: 'false: deactivated, supports are refused' }),
    thanksMessage: z.string(),
    currency: Currency,
    availableQepik: Qepik.min(0).meta({ description: 'What may be paid out: received, less payouts and reversals' }),
    reservedQepik: Qepik.min(0).meta({ description: 'Held for the active payout' }),
    receivedTotalQepik: Qepik.min(0).meta({ description: 'Every support credited, ever' }),
    paidOutTotalQepik: Qepik.min(0).meta({ description: 'Paid out, ever' }),
    monthPayoutsQepik: Qepik.min(0).meta({
      description: 'Payouts requested, processing or paid this calendar month (Asia/Baku)',
    }),
    monthRemainingQepik: Qepik.min(0).meta({ description: `What is left of ${PAYOUT_MONTHLY_MAX_QEPIK} this month` }),
    payoutMaxQepik: Qepik.min(0).meta({
      description:
        'The largest payout the limits allow now (the per-request and monthly caps, the balance, no active payout); ' +
        `0 when none may be requested (less than ${PAYOUT_MIN_QEPIK})`,
    }),
    cards: z.array(CardJson),
    activePayout: PayoutJson.nullable().meta({
      description: 'The requested or processing payout (its expected date included); null when none',
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DonationAccount' });

const supportState = z.enum(SUPPORT_STATES).meta({
  description:
    'pending until the payment provider confirms, paid (credited), failed, refunded or disputed (reversed in full)',
});

export const SentSupportJson = z
  .object({
    id: z.string(),
    recipient: PersonJson,
    amountQepik: Qepik.min(1),
    currency: Currency,
    articleId: z.string().nullable().meta({ description: 'The article it was given on; null for the profile' }),
    showName: z.boolean(),
    note: z.string().nullable(),
    state: supportState,
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    refundedQepik: Qepik.min(0).meta({ description: 'Refunded or disputed so far' }),
  })
  .meta({ id: 'DonationSentSupport' });

export const SupportView = SentSupportJson.extend({
  thanksMessage: z.string().nullable().meta({ description: "The recipient's thanks once the support is paid" }),
}).meta({ id: 'DonationSupport' });

export const ReceivedSupportJson = z
  .object({
    id: z.string(),
    supporter: PersonJson.nullable().meta({ description: 'Null when the supporter chose not to be shown' }),
    amountQepik: Qepik.min(1),
    currency: Currency,
    articleId: z.string().nullable(),
    note: z.string().nullable(),
    state: supportState,
    paidAt: z.iso.datetime().nullable(),
    refundedQepik: Qepik.min(0),
  })
  .meta({ id: 'DonationReceivedSupport' });

export const ActivityEntryJson = z
  .object({
    transactionId: z.string(),
    kind: z.enum(LEDGER_TRANSACTION_KINDS),
    account: z.enum(USER_ACCOUNT_KINDS).meta({ description: 'The balance moved: available or reserved' }),
    amountQepik: Qepik.meta({ description: 'Signed integer qəpik: positive adds to the balance, negative takes' }),
    supportId: z.string().nullable(),
    payoutId: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DonationActivityEntry' });

function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      hasMore: z.boolean(),
    })
    .meta({ id });
}

export const ReceivedPage = pageOf(ReceivedSupportJson, 'DonationReceivedPage');
export const SentPage = pageOf(SentSupportJson, 'DonationSentPage');
export const PayoutPage = pageOf(PayoutJson, 'DonationPayoutPage');
export const ActivityPage = pageOf(ActivityEntryJson, 'DonationActivityPage');

export const PublicSupporterJson = PersonJson.extend({
  supports: z.number().int().meta({ description: 'Their supports of this user (the ones they chose to show)' }),
  lastSupportedAt: z.iso.datetime(),
}).meta({ id: 'PublicSupporter' });

export const PublicSupportersPage = pageOf(PublicSupporterJson, 'PublicSupportersPage')
  .extend({ acceptsSupport: z.boolean().meta({ description: 'Whether the user takes supports now' }) })
  .meta({ id: 'PublicSupportersPage' });

export const RecipientJson = z
  .object({
    uid: z.string(),
    username: z.string(),
    acceptsSupport: z.boolean().meta({ description: 'An active support account: the support button is shown' }),
  })
  .meta({ id: 'DonationRecipient' });

export const InitiatedSupport = z
  .object({
    supportId: z.string(),
    checkoutUrl: z.url().meta({
      description:
        "The payment provider's hosted checkout page (the card is entered there, never here). It sends the " +
        'supporter back to the article or profile with ?support={supportId}; the support is paid only once the ' +
        "provider's signed webhook says so (GET /api/donations/{id})",
    }),
  })
  .meta({ id: 'InitiatedSupport' });

export const CsvText = z.string().meta({
  description:
    'CSV (RFC 4180, UTF-8 with a byte order mark, CRLF lines) with a header row; amounts in exact manats ("12.50")',
});

export const DonationsWebhookAnswer = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().meta({ description: 'The event had been processed already: nothing changed' }),
  })
  .meta({ id: 'DonationsWebhookAnswer' });

export const StaffPayoutJson = PayoutJson.extend({ author: PersonJson }).meta({ id: 'StaffPayout' });
export const StaffPayoutPage = pageOf(StaffPayoutJson, 'StaffPayoutPage');

export const PayoutActionJson = z
  .object({
    id: z.string(),
    from: z.enum(PAYOUT_STATES).nullable().meta({ description: 'null for the request itself' }),
    to: z.enum(PAYOUT_STATES),
    staff: z
      .object({ sub: z.string(), username: z.string() })
      .nullable()
      .meta({ description: "The staff member; null for the author's own request" }),
    reference: z.string().nullable(),
    note: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'StaffPayoutAction' });

export const StaffPayoutDetail = z
  .object({
    payout: StaffPayoutJson,
    actions: z.array(PayoutActionJson).meta({ description: 'Every move of the payout, oldest first (the audit)' }),
    availableQepik: Qepik.meta({ description: "The author's available balance now" }),
    reservedQepik: Qepik.meta({ description: "The author's reserved balance now" }),
  })
  .meta({ id: 'StaffPayoutDetail' });

// --- mapping -------------------------------------------------------------------------------------------------------

export function eligibilityJson(answer: pb.GetEligibilityResponse): z.infer<typeof EligibilityJson> {
  return {
    eligible: answer.eligible,
    missing: answer.missing.flatMap((condition) => eligibilityConditions.fromProto(condition) ?? []),
    hasAccount: answer.hasAccount,
  };
}

export function cardJson(card: pb.Card): z.infer<typeof CardJson> {
  return {
    id: card.id,
    last4: card.last4,
    brand: orNull(card.brand),
    holder: card.holder,
    createdAt: iso(card.createdAtMs),
  };
}

export function payoutJson(payout: pb.Payout): z.infer<typeof PayoutJson> {
  return {
    id: payout.id,
    amountQepik: payout.amountQepik,
    currency: 'AZN',
    state: payoutStates.fromProto(payout.state) ?? 'requested',
    card: { id: payout.cardId, last4: payout.cardLast4, brand: orNull(payout.cardBrand) },
    requestedAt: iso(payout.requestedAtMs),
    expectedDate: payout.expectedDate,
    updatedAt: iso(payout.updatedAtMs),
    reference: orNull(payout.reference),
    failureNote: orNull(payout.failureNote),
  };
}

export function accountJson(account: pb.Account): z.infer<typeof AccountJson> {
  return {
    active: account.active,
    thanksMessage: account.thanksMessage,
    currency: 'AZN',
    availableQepik: account.availableQepik,
    reservedQepik: account.reservedQepik,
    receivedTotalQepik: account.receivedTotalQepik,
    paidOutTotalQepik: account.paidOutTotalQepik,
    monthPayoutsQepik: account.monthPayoutsQepik,
    monthRemainingQepik: account.monthRemainingQepik,
    payoutMaxQepik: payoutMaxNow({
      availableQepik: account.availableQepik,
      monthPayoutsQepik: account.monthPayoutsQepik,
      hasActivePayout: account.activePayout !== undefined,
    }),
    cards: account.cards.map(cardJson),
    activePayout: account.activePayout ? payoutJson(account.activePayout) : null,
    createdAt: iso(account.createdAtMs),
  };
}

export function sentSupportJson(support: pb.SentSupport, recipient: Person): z.infer<typeof SentSupportJson> {
  return {
    id: support.id,
    recipient,
    amountQepik: support.amountQepik,
    currency: 'AZN',
    articleId: orNull(support.articleId),
    showName: support.public,
    note: orNull(support.note),
    state: supportStates.fromProto(support.state) ?? 'pending',
    createdAt: iso(support.createdAtMs),
    paidAt: isoOrNull(support.paidAtMs),
    refundedQepik: support.refundedQepik,
  };
}

export function receivedSupportJson(
  support: pb.ReceivedSupport,
  supporter: Person | null,
): z.infer<typeof ReceivedSupportJson> {
  return {
    id: support.id,
    supporter,
    amountQepik: support.amountQepik,
    currency: 'AZN',
    articleId: orNull(support.articleId),
    note: orNull(support.note),
    state: supportStates.fromProto(support.state) ?? 'pending',
    paidAt: isoOrNull(support.paidAtMs),
    refundedQepik: support.refundedQepik,
  };
}

export function activityEntryJson(entry: pb.ActivityEntry): z.infer<typeof ActivityEntryJson> {
  return {
    transactionId: entry.transactionId,
    kind: ledgerTransactionKinds.fromProto(entry.kind) ?? 'supportReceived',
    account: balanceAccountKinds.fromProto(entry.account) ?? 'available',
    amountQepik: entry.amountQepik,
    supportId: orNull(entry.supportId),
    payoutId: orNull(entry.payoutId),
    createdAt: iso(entry.createdAtMs),
  };
}

export function payoutActionJson(action: pb.PayoutAction): z.infer<typeof PayoutActionJson> {
  return {
    id: action.id,
    from: payoutStates.fromProto(action.fromState) ?? null,
    to: payoutStates.fromProto(action.toState) ?? 'requested',
    staff: action.staff?.sub ? { sub: action.staff.sub, username: action.staff.username } : null,
    reference: orNull(action.reference),
    note: orNull(action.note),
    at: iso(action.atMs),
  };
}
