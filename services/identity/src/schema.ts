// Every table of the service, for drizzle-kit.
import { identityEvents } from './identity.schema.js';

export { identitySchema } from './identity.schema.js';
export const { outbox, processedEvents } = identityEvents;
export * from './users/user.table.js';
export * from './sessions/session.table.js';
export * from './verification/verification-code.table.js';
export * from './account-log/account-log.table.js';
export * from './bans/ban.table.js';
export * from './security/security.tables.js';
export * from './profile/link.table.js';
export * from './follows/follow.table.js';
export * from './standing/standing.tables.js';
export * from './feedback/feedback.table.js';
export * from './partners/partner-client.table.js';
export * from './tokens/token.table.js';
