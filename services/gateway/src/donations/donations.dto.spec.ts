import { PayoutState } from '@pencraft/contracts/common/v1/common';
import { EligibilityCondition, type Account, type Payout } from '@pencraft/contracts/donations/v1/donations';
import { parseInput } from '../http/validation.js';
import { addCardRoute, initiateRoute, requestPayoutRoute, thanksRoute } from './donations.routes.js';
import { accountJson, AddCardBody, eligibilityJson, InitiateBody, PayoutBody, ThanksBody } from './donations.dto.js';

const TEST_CARD = '4000 0566 5566 5556';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { code: string; details?: { field: string; code: string }[] };
  }
  throw new Error('accepted');
};

describe('the donations bodies', () => {
  it('maps a bad card number and holder to their codes and never puts the number in the error', () => {
    const error = failure(() =>
      parseInput(AddCardBody, { number: '4000056655665557', holder: 'x1' }, addCardRoute.fieldCodes),
    );
    expect(error.code).toBe('InvalidCardNumber');
    expect(error.details).toEqual([
      { field: 'number', code: 'InvalidCardNumber' },
      { field: 'holder', code: 'InvalidCardHolder' },
    ]);
    expect(JSON.stringify(error)).not.toContain('4000056655665557');
    expect(parseInput(AddCardBody, { number: TEST_CARD, holder: 'Aysel Mammadova' }).number).toBe(TEST_CARD);
  });

  it('refuses payouts outside 10 to 100 AZN and anything but whole qəpik as InvalidAmount', () => {
    const card = '00000000-0000-4000-8000-000000000001';
    for (const amountQepik of [999, 10_001, 10.5, '1000']) {
      expect(
        failure(() => parseInput(PayoutBody, { cardId: card, amountQepik }, requestPayoutRoute.fieldCodes)).code,
      ).toBe('InvalidAmount');
    }
    expect(
      failure(() => parseInput(PayoutBody, { cardId: 'x', amountQepik: 1000 }, requestPayoutRoute.fieldCodes)).code,
    ).toBe('NoCard');
  });

  it('takes a support by username or uid, not both, 1 to 100 AZN', () => {
    const codes = initiateRoute.fieldCodes;
    expect(parseInput(InitiateBody, { username: 'aysel', amountQepik: 100 }, codes)).toMatchObject({ showName: false });
    expect(failure(() => parseInput(InitiateBody, { username: 'aysel', amountQepik: 99 }, codes)).code).toBe(
      'InvalidAmount',
    );
    expect(failure(() => parseInput(InitiateBody, { username: 'aysel', amountQepik: 10_001 }, codes)).code).toBe(
      'InvalidAmount',
    );
    const both = { username: 'aysel', uid: '00000000-0000-4000-8000-000000000001', amountQepik: 500 };
    expect(failure(() => parseInput(InitiateBody, both, codes)).details).toEqual([
      { field: 'body', code: 'InvalidModel' },
    ]);
    expect(failure(() => parseInput(InitiateBody, { amountQepik: 500 }, codes)).code).toBe('InvalidModel');
    expect(failure(() => parseInput(InitiateBody, { username: '9lives', amountQepik: 500 }, codes)).code).toBe(
      'UserNotFound',
    );
  });

  it('counts the thanks message trimmed (at least 10 characters)', () => {
    const codes = thanksRoute.fieldCodes;
    expect(failure(() => parseInput(ThanksBody, { message: '   short   ' }, codes)).code).toBe('InvalidMessage');
    expect(parseInput(ThanksBody, { message: 'Çox sağ olun!' }, codes).message).toBe('Çox sağ olun!');
  });
});

describe('the donations answers', () => {
  const payout: Payout = {
    id: 'p',
    uid: 'u',
    cardId: 'c',
    cardLast4: '5556',
    cardBrand: '',
    amountQepik: 2500,
    state: PayoutState.PAYOUT_STATE_REQUESTED,
    requestedAtMs: Date.UTC(2026, 0, 5),
    expectedDate: '2026-01-12',
    updatedAtMs: Date.UTC(2026, 0, 5),
    reference: '',
    failureNote: '',
  };
  const account: Account = {
    uid: 'u',
    active: true,
    thanksMessage: 'Thank you for your support!',
    availableQepik: 7_000,
    reservedQepik: 0,
    receivedTotalQepik: 7_000,
    paidOutTotalQepik: 0,
    monthPayoutsQepik: 9_500,
    monthRemainingQepik: 500,
    cards: [],
    activePayout: undefined,
    createdAtMs: Date.UTC(2026, 0, 1),
  };

  it('names the missing eligibility conditions', () => {
    expect(
      eligibilityJson({
        eligible: false,
        missing: [
          EligibilityCondition.ELIGIBILITY_CONDITION_CITIZENSHIP,
          EligibilityCondition.ELIGIBILITY_CONDITION_VERIFIED_PHONE,
        ],
        hasAccount: false,
      }),
    ).toEqual({ eligible: false, missing: ['citizenship', 'verifiedPhone'], hasAccount: false });
  });

  it('says the largest payout allowed now: none below 10 AZN left this month, none while one is active', () => {
    expect(accountJson(account).payoutMaxQepik).toBe(0);
    expect(accountJson({ ...account, monthPayoutsQepik: 3_000 }).payoutMaxQepik).toBe(7_000);
    expect(accountJson({ ...account, monthPayoutsQepik: 0, availableQepik: 50_000 }).payoutMaxQepik).toBe(10_000);
    const active = accountJson({ ...account, monthPayoutsQepik: 0, activePayout: payout });
    expect([active.payoutMaxQepik, active.activePayout?.state, active.activePayout?.card.brand]).toEqual([
      0,
      'requested',
      null,
    ]);
  });
});
