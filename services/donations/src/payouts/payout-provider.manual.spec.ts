import { describe, expect, it } from '@jest/globals';
import { PAYOUT_STATES, PAYOUT_TRANSITIONS } from '@pencraft/rules';
import { ManualPayoutProvider } from './payout-provider.manual.js';
import { payoutProviderFor } from './payout-providers.js';
import { PAYOUT_PROVIDERS, type PayoutOrder, type PayoutProvider } from './payout-provider.js';

const ORDER: PayoutOrder = {
  payoutId: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  amountQepik: 2_000,
  cardToken: 'tok_1',
  cardLast4: '4242',
  expectedDate: '2026-03-09',
};

describe('ManualPayoutProvider', () => {
  const provider: PayoutProvider = new ManualPayoutProvider();

  it('is named manual', () => {
    expect(provider.name).toBe('manual');
  });

  it('sends nothing anywhere: the payout is left for staff, the order untouched', async () => {
    const order = structuredClone(ORDER);
    await expect(provider.send(order)).resolves.toBeUndefined();
    expect(order).toEqual(ORDER);
  });

  it('leaves every move the rules allow to staff, and no other: processing, paid and failed from the console', () => {
    for (const from of PAYOUT_STATES) {
      for (const to of PAYOUT_STATES) {
        expect([from, to, provider.allowsStaffMove(from, to)]).toEqual([
          from,
          to,
          PAYOUT_TRANSITIONS[from].includes(to),
        ]);
      }
    }
    expect(provider.allowsStaffMove('requested', 'processing')).toBe(true);
    expect(provider.allowsStaffMove('processing', 'paid')).toBe(true);
    expect(provider.allowsStaffMove('requested', 'failed')).toBe(true);
    expect(provider.allowsStaffMove('paid', 'failed')).toBe(false);
  });
});

describe('payoutProviderFor', () => {
  it('gives the manual provider for the config value manual, and knows every listed name', () => {
    expect(payoutProviderFor('manual')).toBeInstanceOf(ManualPayoutProvider);
    for (const name of PAYOUT_PROVIDERS) expect(payoutProviderFor(name).name).toBe(name);
  });
});
