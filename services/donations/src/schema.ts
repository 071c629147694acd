// Every table of the service, for drizzle-kit.
import { donationsEvents } from './donations.schema.js';

export { donationsSchema } from './donations.schema.js';
export const { outbox, processedEvents } = donationsEvents;
