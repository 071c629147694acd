import { MAX_BODY_BYTES } from '../http/json-body.js';
import { defineRoute } from '../http/route.js';
import { PROFILES_TAG } from '../profiles/profiles.routes.js';
import {
  AccountJson,
  ActivePayout,
  ActivityPage,
  AddCardBody,
  CardJson,
  CardList,
  CreateAccountBody,
  CsvText,
  DonationsWebhookAnswer,
  EligibilityJson,
  IdParams,
  InitiateBody,
  InitiatedSupport,
  PayoutBody,
  PayoutJson,
  PayoutPage,
  PublicSupportersPage,
  ReceivedPage,
  RecipientJson,
  ReportQuery,
  SentPage,
  StaffPayoutDetail,
  StaffPayoutJson,
  StaffPayoutPage,
  StaffPayoutStateBody,
  StaffPayoutsQuery,
  StateBody,
  SupportView,
  ThanksBody,
  UsernameParams,
} from './donations.dto.js';

// Reader support and payouts: every /api/donations path of SPEC.md section 7 (account, eligible, thanks, cards,
// payout, state, report/donations, report/donations/my, report/payouts, initiate, {id}), the reports' CSV exports and
// the activity, the payment provider's webhook for supports, the profile's public supporters, and the staff's payouts
// queue (Keycloak role finance, or admin). Money actions need a confirmed account; every resource is the session's
// user's own (another's support, card or payout answers as missing).

const TAG = 'donations';
const CSV = 'text/csv';
const page = { page: 'InvalidPage', pageSize: 'InvalidPage' } as const;
const report = ['NoDonationAccount', 'InvalidPage'] as const;

export const eligibilityRoute = defineRoute({
  operationId: 'getDonationEligibility',
  method: 'GET',
  path: '/api/donations/eligible',
  tag: TAG,
  summary:
    'Whether the signed-in user may open a support account (SPEC.md section 6: a citizen of Azerbaijan by the ' +
    "profile's country, an article published in the last 3 months, a verified phone), naming each condition missing",
  response: EligibilityJson,
  auth: 'required',
});

export const getAccountRoute = defineRoute({
  operationId: 'getDonationAccount',
  method: 'GET',
  path: '/api/donations/account',
  tag: TAG,
  summary:
    "The signed-in user's support account: balances derived from the ledger (available, reserved, received and paid " +
    "out in total), this month's payouts and what is left of the monthly cap, the largest payout allowed now, cards, " +
    'the thanks message and the active payout with its expected date',
  response: AccountJson,
  auth: 'required',
  errors: ['NoDonationAccount'],
});

export const createAccountRoute = defineRoute({
  operationId: 'createDonationAccount',
  method: 'POST',
  path: '/api/donations/account',
  tag: TAG,
  summary:
    'Opens a support account, active, when the user is eligible (DonationAccountNotEligible names the missing ' +
    'conditions in details: citizenship, recentArticle, verifiedPhone; CantCreateDonationAccount when eligibility ' +
    'cannot be decided now)',
  body: CreateAccountBody,
  response: AccountJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { thanksMessage: 'InvalidMessage' },
  errors: ['AlreadyHasDonationAccount', 'DonationAccountNotEligible', 'CantCreateDonationAccount', 'InvalidMessage'],
});

export const thanksRoute = defineRoute({
  operationId: 'setDonationThanks',
  method: 'PUT',
  path: '/api/donations/thanks',
  tag: TAG,
  summary: 'The thanks message supporters see once their support is paid (at least 10 characters)',
  body: ThanksBody,
  response: AccountJson,
  auth: 'required',
  fieldCodes: { message: 'InvalidMessage' },
  errors: ['NoDonationAccount', 'InvalidMessage'],
});

export const stateRoute = defineRoute({
  operationId: 'setDonationAccountState',
  method: 'PUT',
  path: '/api/donations/state',
  tag: TAG,
  summary:
    'Deactivates (supports are refused with DonationAccountDisabled; the balance stays and may still be paid out) ' +
    'or reactivates the support account; the same state again changes nothing',
  body: StateBody,
  response: AccountJson,
  auth: 'required',
  errors: ['NoDonationAccount'],
});

export const listCardsRoute = defineRoute({
  operationId: 'listDonationCards',
  method: 'GET',
  path: '/api/donations/cards',
  tag: TAG,
  summary: 'The payout cards of the account, newest first (last four digits, brand and holder only)',
  response: CardList,
  auth: 'required',
  errors: ['NoDonationAccount'],
});

export const addCardRoute = defineRoute({
  operationId: 'addDonationCard',
  method: 'POST',
  path: '/api/donations/cards',
  tag: TAG,
  summary:
    'Adds a payout card: the number is checked (Luhn) and handed to the payment provider for a token; only the ' +
    'token and the last four digits are kept, and the number is never echoed, logged or stored. At most 5 cards ' +
    '(InvalidModel on the field cards)',
  body: AddCardBody,
  response: CardJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { number: 'InvalidCardNumber', holder: 'InvalidCardHolder' },
  errors: ['NoDonationAccount', 'InvalidCardNumber', 'InvalidCardHolder', 'OperationFailed'],
});

export const deleteCardRoute = defineRoute({
  operationId: 'deleteDonationCard',
  method: 'DELETE',
  path: '/api/donations/cards/:id',
  tag: TAG,
  summary: "Deletes one of the account's cards; the card of the active payout stays until it is paid or failed",
  params: IdParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'NoCard' },
  errors: ['NoCard', 'HasActivePayout'],
});

export const requestPayoutRoute = defineRoute({
  operationId: 'requestDonationPayout',
  method: 'POST',
  path: '/api/donations/payout',
  tag: TAG,
  summary:
    "Requests a payout to one of the account's cards: 10 to 100 AZN (InvalidAmount), at most 100 AZN a calendar " +
    'month in Asia/Baku (MonthlyPayoutLimitReached), never more than the available balance (InsufficientFunds), one ' +
    'at a time (HasActivePayout); the money is reserved at once and paid within 1 to 5 business days',
  body: PayoutBody,
  response: PayoutJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { cardId: 'NoCard', amountQepik: 'InvalidAmount' },
  errors: [
    'InvalidAmount',
    'HasActivePayout',
    'MonthlyPayoutLimitReached',
    'InsufficientFunds',
    'NoCard',
    'NoDonationAccount',
  ],
});

export const activePayoutRoute = defineRoute({
  operationId: 'getActiveDonationPayout',
  method: 'GET',
  path: '/api/donations/payout',
  tag: TAG,
  summary: 'The requested or processing payout of the account with its expected date, or null',
  response: ActivePayout,
  auth: 'required',
  errors: ['NoDonationAccount'],
});

export const receivedRoute = defineRoute({
  operationId: 'listDonationsReceived',
  method: 'GET',
  path: '/api/donations/report/donations',
  tag: TAG,
  summary:
    'Supports received (paid, refunded and disputed), newest first, paged; the supporter is named only when they ' +
    'chose to be shown (the CSV export: /api/donations/report/donations.csv)',
  query: ReportQuery,
  response: ReceivedPage,
  auth: 'required',
  fieldCodes: page,
  errors: [...report],
});

export const receivedCsvRoute = defineRoute({
  operationId: 'exportDonationsReceived',
  method: 'GET',
  path: '/api/donations/report/donations.csv',
  tag: TAG,
  summary:
    'Every support received as CSV (id, paid_at, supporter, amount_azn, currency, state, refunded_azn, article_id, ' +
    'note; at most 5000 rows, amounts in exact manats)',
  response: CsvText,
  responseType: CSV,
  attachment: 'pencraft-supports-received.csv',
  auth: 'required',
  errors: ['NoDonationAccount'],
});

export const mySupportsRoute = defineRoute({
  operationId: 'listMyDonations',
  method: 'GET',
  path: '/api/donations/report/donations/my',
  tag: TAG,
  summary: 'The supports the signed-in user sent (every state), newest first, paged',
  query: ReportQuery,
  response: SentPage,
  auth: 'required',
  fieldCodes: page,
  errors: ['InvalidPage'],
});

export const mySupportsCsvRoute = defineRoute({
  operationId: 'exportMyDonations',
  method: 'GET',
  path: '/api/donations/report/donations/my.csv',
  tag: TAG,
  summary:
    'Every support the signed-in user sent as CSV (id, created_at, recipient, amount_azn, currency, state, paid_at, ' +
    'refunded_azn, article_id, show_name, note)',
  response: CsvText,
  responseType: CSV,
  attachment: 'pencraft-supports-sent.csv',
  auth: 'required',
});

export const payoutsRoute = defineRoute({
  operationId: 'listDonationPayouts',
  method: 'GET',
  path: '/api/donations/report/payouts',
  tag: TAG,
  summary: "The account's payouts, newest first, paged (the CSV export: /api/donations/report/payouts.csv)",
  query: ReportQuery,
  response: PayoutPage,
  auth: 'required',
  fieldCodes: page,
  errors: [...report],
});

export const payoutsCsvRoute = defineRoute({
  operationId: 'exportDonationPayouts',
  method: 'GET',
  path: '/api/donations/report/payouts.csv',
  tag: TAG,
  summary:
    'Every payout of the account as CSV (id, requested_at, amount_azn, currency, state, card_last4, expected_date, ' +
    'updated_at, reference, failure_note)',
  response: CsvText,
  responseType: CSV,
  attachment: 'pencraft-payouts.csv',
  auth: 'required',
  errors: ['NoDonationAccount'],
});

export const activityRoute = defineRoute({
  operationId: 'listDonationActivity',
  method: 'GET',
  path: '/api/donations/report/activity',
  tag: TAG,
  summary:
    "The account's ledger activity: every entry on its available and reserved balances (supports, reservations, " +
    'payouts, releases, refunds), signed, newest first, paged',
  query: ReportQuery,
  response: ActivityPage,
  auth: 'required',
  fieldCodes: page,
  errors: [...report],
});

export const recipientRoute = defineRoute({
  operationId: 'getDonationRecipient',
  method: 'GET',
  path: '/api/donations/recipients/:username',
  tag: TAG,
  summary: 'Whether a user takes supports now (the support button of the article page and the profile); public',
  params: UsernameParams,
  response: RecipientJson,
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

export const initiateRoute = defineRoute({
  operationId: 'initiateSupport',
  method: 'POST',
  path: '/api/donations/initiate',
  tag: TAG,
  summary:
    "Starts supporting a user (by username or uid): a pending support and the payment provider's hosted checkout " +
    "page for its amount (1 to 100 AZN). Nothing is credited until the provider's signed webhook says it was paid",
  body: InitiateBody,
  response: InitiatedSupport,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { amountQepik: 'InvalidAmount', note: 'InvalidMessage', username: 'UserNotFound', uid: 'UserNotFound' },
  errors: [
    'InvalidAmount',
    'InvalidMessage',
    'UserNotFound',
    'NoDonationAccount',
    'DonationAccountDisabled',
    'ArticleNotFound',
    'Forbidden',
    'PaymentFailed',
  ],
});

export const supportRoute = defineRoute({
  operationId: 'getSupport',
  method: 'GET',
  path: '/api/donations/:id',
  tag: TAG,
  summary:
    "One support, for its supporter only (anyone else: NotFound): its state, amount, recipient and the recipient's " +
    'thanks message once paid',
  params: IdParams,
  response: SupportView,
  auth: 'required',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const donationsWebhookRoute = defineRoute({
  operationId: 'receiveDonationsStripeWebhook',
  method: 'POST',
  path: '/api/donations/webhooks/stripe',
  tag: TAG,
  summary:
    "Stripe's webhook endpoint for supports (server to server: no session, no CSRF, no captcha; rate-limited; its " +
    "own signing secret). The body's exact bytes are verified against the Stripe-Signature header; each event is " +
    'applied once (a replay answers duplicate), and a forged, stale or missing signature answers 400 ' +
    'InvalidWebhookSignature and credits nothing',
  binaryBody: {
    types: ['application/json'],
    maxBytes: MAX_BODY_BYTES,
    description: 'A Stripe event, exactly as Stripe sent it (signed in the Stripe-Signature header)',
  },
  response: DonationsWebhookAnswer,
  auth: 'signature',
  errors: ['InvalidWebhookSignature'],
});

export const profileSupportersRoute = defineRoute({
  operationId: 'listProfileSupporters',
  method: 'GET',
  path: '/api/profile/:username/supporters',
  tag: PROFILES_TAG,
  summary:
    "The profile's supporters tab: the people who supported the user and chose to be shown, the most recent first, " +
    'paged (no amounts), and whether the user takes supports now',
  params: UsernameParams,
  query: ReportQuery,
  response: PublicSupportersPage,
  fieldCodes: { username: 'UserNotFound', ...page },
  errors: ['UserNotFound', 'InvalidPage'],
});

// --- staff: the payouts queue (until a payout provider is connected, staff pays and records it) ------------------

export const staffPayoutsRoute = defineRoute({
  operationId: 'listStaffPayouts',
  method: 'GET',
  path: '/api/staff/payouts',
  tag: TAG,
  summary: 'The payouts queue: payouts oldest first, optionally of one state, paged, with their authors',
  query: StaffPayoutsQuery,
  response: StaffPayoutPage,
  auth: 'staff',
  staffRole: 'finance',
  fieldCodes: page,
  errors: ['InvalidPage'],
});

export const staffPayoutRoute = defineRoute({
  operationId: 'getStaffPayout',
  method: 'GET',
  path: '/api/staff/payouts/:id',
  tag: TAG,
  summary: "One payout with every move made on it (who, when, reference, note) and its author's balances now",
  params: IdParams,
  response: StaffPayoutDetail,
  auth: 'staff',
  staffRole: 'finance',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const staffPayoutStateRoute = defineRoute({
  operationId: 'updateStaffPayoutState',
  method: 'POST',
  path: '/api/staff/payouts/:id/state',
  tag: TAG,
  summary:
    "Moves a payout: processing, paid with the transfer's reference, or failed with a note (the money returns to " +
    "the author's balance); recorded with the staff member and told to the author (notification 201)",
  params: IdParams,
  body: StaffPayoutStateBody,
  response: StaffPayoutJson,
  auth: 'staff',
  staffRole: 'finance',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound', 'OperationFailed'],
});
