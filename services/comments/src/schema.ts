// Every table of the service, for drizzle-kit.
import { commentsEvents } from './comments.schema.js';

export { commentsSchema } from './comments.schema.js';
export const { outbox, processedEvents } = commentsEvents;
