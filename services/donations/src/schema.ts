// Every table of the service, for drizzle-kit.
import { donationsEvents } from './donations.schema.js';

export { donationsSchema } from './donations.schema.js';
export const { outbox, processedEvents } = donationsEvents;
export { accounts } from './accounts/account.table.js';
export { cards } from './cards/card.table.js';
export { supports, unmatchedWebhooks } from './supports/support.table.js';
export { payouts, payoutActions } from './payouts/payout.table.js';
export { ledgerTransactions, ledgerEntries } from './ledger/ledger.table.js';
