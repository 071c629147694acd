// Every table of the service, for drizzle-kit.
import { publicationsEvents } from './publications.schema.js';

export { publicationsSchema } from './publications.schema.js';
export const { outbox, processedEvents } = publicationsEvents;
export { publications } from './publications/publication.table.js';
export { members, invitations } from './members/member.table.js';
export { plans } from './subscriptions/plan.table.js';
export { subscriptions } from './subscriptions/subscription.table.js';
export { publicationArticles } from './articles/publication-article.table.js';
export { merchantAccounts } from './payments/merchant-account.table.js';
export { incomeEntries } from './payments/income.table.js';
export { jobs } from './jobs/job.table.js';
