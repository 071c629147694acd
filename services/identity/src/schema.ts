// Every table of the service, for drizzle-kit.
import { identityEvents } from './identity.schema.js';

export { identitySchema } from './identity.schema.js';
export const { outbox, processedEvents } = identityEvents;
export * from './users/user.table.js';
export * from './sessions/session.table.js';
