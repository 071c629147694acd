// Every table of the service, for drizzle-kit.
import { moderationEvents } from './moderation.schema.js';

export { moderationSchema } from './moderation.schema.js';
export const { outbox, processedEvents } = moderationEvents;
