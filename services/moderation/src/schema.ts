// Every table of the service, for drizzle-kit.
import { moderationEvents } from './moderation.schema.js';

export { moderationSchema } from './moderation.schema.js';
export const { outbox, processedEvents } = moderationEvents;
export * from './queue/queue-item.table.js';
export * from './reports/report.table.js';
export * from './bans/ban.table.js';
export * from './audit/audit.table.js';
