// make bench, reader support and payouts: 100 supports at once through the gateway (POST /api/donations/initiate, the
// provider's hosted checkout created at stripe-mock), their 100 signed webhooks at once (POST
// /api/donations/webhooks/stripe, each credited once in the ledger), then 100 payout requests at once against the one
// balance (POST /api/donations/payout), each with its latency; and the ledger check afterwards (every transaction
// sums to zero, the whole ledger too, no balance below zero, no month past the payout cap). A measurement: it reports
// what happened, including any answer that was not the expected one.
import { PAYOUT_MAX_QEPIK } from '@pencraft/rules';
import pg from 'pg';
import Stripe from 'stripe';
import {
  databaseUrl,
  loadSecrets,
  mailApiUrl,
  mailpitCodeReader,
  smsMailboxOf,
  type Stack,
} from '../../packages/devstack/src/index.ts';
import type { ApiClient } from '../support/http-client.ts';
import { checkLedger, type LedgerCheck } from '../support/ledger-check.ts';
import { supportPaid } from '../support/stripe-webhooks.ts';

const CONCURRENT = 100;
/** Each support's amount (25 AZN): the author ends with 2 500 AZN, far above what the payouts may take. */
const SUPPORT_QEPIK = 2_500;
/** A test card (Luhn-valid); the bench's own stack and logs. */
const CARD = '4000056655665556';

export interface Latency {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** From the first request sent to the last answer received. */
  wallMs: number;
  /** Answers by status (and error code). */
  outcomes: Record<string, number>;
}

export interface DonationsFigures {
  initiate: Latency;
  webhook: Latency;
  payout: Latency;
  /** What the author's account said afterwards. */
  credited: { supports: number; availableQepik: number; reservedQepik: number; monthPayoutsQepik: number };
  ledger: LedgerCheck;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Runs every call at once and times each. */
async function atOnce<T extends { status: number; body: unknown }>(calls: (() => Promise<T>)[]) {
  const started = performance.now();
  const timed = await Promise.all(
    calls.map(async (call) => {
      const at = performance.now();
      const answer = await call();
      return { answer, ms: performance.now() - at };
    }),
  );
  const wallMs = performance.now() - started;
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  const outcomes: Record<string, number> = {};
  for (const { answer } of timed) {
    const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
    const key = code ? `${answer.status} ${code}` : String(answer.status);
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const latency: Latency = {
    count: timed.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    wallMs: round(wallMs),
    outcomes,
  };
  return { latency, answers: timed.map((t) => t.answer) };
}

async function expectStatus(what: string, answer: Promise<{ status: number; body: unknown }>, status: number) {
  const settled = await answer;
  if (settled.status !== status) {
    throw new Error(`${what} answered ${settled.status}: ${JSON.stringify(settled.body).slice(0, 300)}`);
  }
  return settled;
}

/**
 * The author (the bench's writer, whose articles are published) opens a support account as a user would: the
 * profile's country, a phone verified with the code the bench's mailpit received, the account, a payout card.
 */
async function openAccount(stack: Stack, author: ApiClient) {
  await expectStatus('the country', author.request('PUT', '/api/me/settings/profile/country', { country: 'AZ' }), 200);
  const phone = `+99450${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const since = new Date();
  await expectStatus('the phone', author.request('PUT', '/api/ttin/phone', { phone }), 200);
  const code = await mailpitCodeReader(mailApiUrl(stack))(smsMailboxOf(phone), since);
  await expectStatus('the phone code', author.post('/api/ttin/phone/verify', { code }), 200);
  await expectStatus('the support account', author.post('/api/donations/account', {}), 201);
  const card = await expectStatus(
    'the payout card',
    author.post('/api/donations/cards', { number: CARD, holder: 'Bench Writer' }),
    201,
  );
  return (card.body as { id: string }).id;
}

export async function measureDonations(options: {
  stack: Stack;
  database: string;
  gatewayBase: string;
  author: ApiClient;
  authorUsername: string;
  /** Readers who support the author, signed in and confirmed (supports are split among them). */
  supporters: ApiClient[];
}): Promise<DonationsFigures> {
  const { stack, gatewayBase, author, supporters } = options;
  const cardId = await openAccount(stack, author);

  // 100 supports at once, by the readers in turn: each a pending support and a checkout page at the provider.
  const initiated = await atOnce(
    Array.from(
      { length: CONCURRENT },
      (_, i) => () =>
        supporters[i % supporters.length]!.post('/api/donations/initiate', {
          username: options.authorUsername,
          amountQepik: SUPPORT_QEPIK,
          showName: i % 2 === 0,
        }),
    ),
  );
  const supportIds = initiated.answers
    .filter((a) => a.status === 201)
    .map((a) => (a.body as { supportId: string }).supportId);

  // Their webhooks at once, as Stripe would deliver them (signed with the donations endpoint's own secret).
  const signer = new Stripe('sk_test_signing_only');
  const secret = loadSecrets(stack).stripeDonationsWebhookSecret;
  const webhooks = await atOnce(
    supportIds.map((supportId) => async () => {
      const payload = JSON.stringify(supportPaid({ supportId, amountQepik: SUPPORT_QEPIK }));
      const response = await fetch(`${gatewayBase}/api/donations/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
        body: payload,
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    }),
  );

  // 100 payout requests at once against the one balance: one payout may be active, so exactly one may pass.
  await author.get('/api/donations/account');
  const payouts = await atOnce(
    Array.from(
      { length: CONCURRENT },
      () => () => author.post('/api/donations/payout', { cardId, amountQepik: PAYOUT_MAX_QEPIK }),
    ),
  );

  const account = (
    await author.get<{
      availableQepik: number;
      reservedQepik: number;
      monthPayoutsQepik: number;
      receivedTotalQepik: number;
    }>('/api/donations/account')
  ).body;
  const sql = new pg.Client({ connectionString: databaseUrl(stack, options.database) });
  await sql.connect();
  let ledger: LedgerCheck;
  try {
    ledger = await checkLedger(sql);
  } finally {
    await sql.end();
  }
  return {
    initiate: initiated.latency,
    webhook: webhooks.latency,
    payout: payouts.latency,
    credited: {
      supports: account.receivedTotalQepik / SUPPORT_QEPIK,
      availableQepik: account.availableQepik,
      reservedQepik: account.reservedQepik,
      monthPayoutsQepik: account.monthPayoutsQepik,
    },
    ledger,
  };
}

/** The report's lines. */
export function describeDonations(figures: DonationsFigures): string[] {
  const line = (name: string, l: Latency) =>
    `| ${name} | ${l.count} | ${l.p50} | ${l.p90} | ${l.p99} | ${l.max} | ${l.wallMs} | ${Object.entries(l.outcomes)
      .map(([outcome, n]) => `${outcome}: ${n}`)
      .join(', ')} |`;
  const { ledger, credited } = figures;
  return [
    '| donations, at once | requests | p50 ms | p90 ms | p99 ms | max ms | all done ms | answers |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    line('supports started (initiate: checkout at the provider)', figures.initiate),
    line('supports paid (signed webhooks, credited once)', figures.webhook),
    line('payout requests against one balance', figures.payout),
    '',
    `credited: ${credited.supports} supports; available ${credited.availableQepik} qəpik, reserved ` +
      `${credited.reservedQepik}, this month's payouts ${credited.monthPayoutsQepik}`,
    `ledger check: ${ledger.ok ? 'holds' : 'BROKEN'} (${ledger.transactions} transactions, ${ledger.entries} entries, ` +
      `sum ${ledger.total}, unbalanced ${ledger.unbalanced.length}, negative balances ${ledger.negative.length}, ` +
      `months past the cap ${ledger.overCap.length})`,
  ];
}
