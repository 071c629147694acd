// Every table of the service, for drizzle-kit.
import { publicationsEvents } from './publications.schema.js';

export { publicationsSchema } from './publications.schema.js';
export const { outbox, processedEvents } = publicationsEvents;
