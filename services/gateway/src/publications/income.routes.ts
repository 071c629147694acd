import { defineRoute } from '../http/route.js';
import { IncomePage, IncomeQuery } from './income.dto.js';
import { PublicationParams } from './publications.dto.js';

export const studioIncomeRoute = defineRoute({
  operationId: 'listPublicationIncome',
  method: 'GET',
  path: '/api/core-publications/:id/studio/income',
  tag: 'publications',
  summary:
    "The owner's ledger of subscription payments received (from the payment provider's signed webhooks, each " +
    "payment once): entries newest first, 20 a page, and every month's total (Asia/Baku). Amounts are integer " +
    'qəpik (100 = 1 AZN), exact',
  params: PublicationParams,
  query: IncomeQuery,
  response: IncomePage,
  auth: 'required',
  fieldCodes: { id: 'PublicationNotFound', cursor: 'InvalidPage' },
  errors: ['PublicationNotFound', 'ActorNotPublicationMember', 'ActorNotPublicationOwner', 'InvalidPage'],
});
