import { describe, expect, it } from '@jest/globals';
import { oneOf } from '@pencraft/kit/schema';
import {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  PAYMENT_PROVIDERS,
  PAYOUT_STATES,
  SUPPORT_STATES,
} from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import * as schema from './schema.js';
import { UNMATCHED_REASONS } from './supports/support.table.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'cards.provider': PAYMENT_PROVIDERS,
  'supports.state': SUPPORT_STATES,
  'supports.provider': PAYMENT_PROVIDERS,
  'unmatched_webhooks.provider': PAYMENT_PROVIDERS,
  'unmatched_webhooks.reason': UNMATCHED_REASONS,
  'payouts.state': PAYOUT_STATES,
  'payout_actions.from_state': PAYOUT_STATES,
  'payout_actions.to_state': PAYOUT_STATES,
  'ledger_transactions.kind': LEDGER_TRANSACTION_KINDS,
  'ledger_entries.account_kind': LEDGER_ACCOUNT_KINDS,
};

/**
 * Text with a check of its own (a card's brand, last four digits and holder; the currency) or free text (messages,
 * notes, the provider's ids and tokens, staff names, references).
 */
const OTHER = [
  'accounts.thanks_message',
  'cards.token',
  'cards.last4',
  'cards.brand',
  'cards.holder',
  'supports.currency',
  'supports.note',
  'supports.checkout_id',
  'supports.payment_id',
  'unmatched_webhooks.event_id',
  'unmatched_webhooks.event_type',
  'unmatched_webhooks.support_ref',
  'payouts.card_last4',
  'payouts.card_brand',
  'payouts.reference',
  'payouts.failure_note',
  'payout_actions.staff_sub',
  'payout_actions.staff_username',
  'payout_actions.reference',
  'payout_actions.note',
  'ledger_transactions.reference',
  'outbox.subject',
  'processed_events.consumer',
  'processed_events.event_id',
  'processed_events.subject',
];

describe('donations tables: closed values', () => {
  const checks = textColumnChecks(schema);

  it.each(Object.entries(CLOSED))('%s holds only the values of its list', (name, values) => {
    const column = name.slice(name.indexOf('.') + 1);
    expect(checks.get(name)).toBe(sqlText(oneOf(column, values)));
  });

  it('classifies every text column as closed or not, so a new one is a decision', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(CLOSED), ...OTHER].sort());
  });
});
