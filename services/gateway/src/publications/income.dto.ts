import { planIntervals } from '@pencraft/contracts/enums/publications';
import type { IncomeEntry, IncomeMonth } from '@pencraft/contracts/publications/v1/publications';
import { PLAN_INTERVALS } from '@pencraft/rules';
import { z } from 'zod';

const Qepik = z
  .number()
  .int()
  .meta({ description: 'Integer qəpik (100 qəpik = 1 AZN); never a fraction: format it, do not compute with floats' });

export const IncomeQuery = z.object({
  cursor: z
    .string()
    .max(80)
    .optional()
    .meta({ description: "The nextCursor of the page before; absent for the first page (InvalidPage for another's)" }),
});

export const IncomeEntryJson = z
  .object({
    id: z.string(),
    paidAt: z.iso.datetime(),
    subscriber: z
      .object({
        uid: z.string(),
        username: z.string().nullable().meta({ description: 'Null when the account is gone' }),
      })
      .meta({ description: 'Who paid' }),
    planId: z.string().nullable().meta({ description: 'The plan paid through; null when unknown or deleted since' }),
    interval: z
      .enum(PLAN_INTERVALS)
      .nullable()
      .meta({ description: "The plan's interval at the time; null when unknown" }),
    amountQepik: Qepik.min(1),
    currency: z.literal('AZN'),
  })
  .meta({ id: 'IncomeEntry' });

export const IncomeMonthJson = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: 'YYYY-MM, in Asia/Baku' }),
    amountQepik: Qepik.min(0).meta({ description: "The exact sum of the month's entries, integer qəpik" }),
    payments: z.number().int().min(0),
    currency: z.literal('AZN'),
  })
  .meta({ id: 'IncomeMonth' });

export const MERCHANT_STATUSES = ['none', 'onboarding', 'connected'] as const;

export const MerchantAccountJson = z
  .object({
    status: z.enum(MERCHANT_STATUSES).meta({
      description:
        'none: no payout account yet (POST .../studio/income/connect creates one); onboarding: created, its ' +
        'onboarding at the payment provider not finished (connect again for a new page); connected: it takes ' +
        'payments (connect answers AlreadyIntegrated)',
    }),
  })
  .meta({ id: 'MerchantAccount' });

export const IncomePage = z
  .object({
    merchant: MerchantAccountJson.meta({ description: "The publication's payout (merchant) account (on every page)" }),
    items: z.array(IncomeEntryJson).meta({ description: 'Subscription payments received, newest first, 20 a page' }),
    nextCursor: z.string().nullable().meta({ description: 'Where the next page starts; null on the last page' }),
    months: z.array(IncomeMonthJson).meta({ description: 'Every month with a payment, newest first (on every page)' }),
  })
  .meta({ id: 'IncomePage' });

export function incomeEntryJson(entry: IncomeEntry, username: string | null) {
  return {
    id: entry.id,
    paidAt: new Date(entry.paidAtMs).toISOString(),
    subscriber: { uid: entry.subscriberUid, username },
    planId: entry.planId || null,
    interval: planIntervals.fromProto(entry.planInterval) ?? null,
    amountQepik: entry.amountQepik,
    currency: 'AZN' as const,
  };
}

export function incomeMonthJson(month: IncomeMonth) {
  return { month: month.month, amountQepik: month.amountQepik, payments: month.payments, currency: 'AZN' as const };
}

export function merchantAccountJson(account: { exists: boolean; chargesEnabled: boolean }) {
  const status: (typeof MERCHANT_STATUSES)[number] = account.chargesEnabled
    ? 'connected'
    : account.exists
      ? 'onboarding'
      : 'none';
  return { status };
}
