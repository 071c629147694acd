// Every table of the service, for drizzle-kit.
import { searchEvents } from './search.schema.js';

export { searchSchema } from './search.schema.js';
export const { outbox, processedEvents } = searchEvents;
export * from './documents/document.table.js';
