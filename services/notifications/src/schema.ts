// Every table of the service, for drizzle-kit.
import { notificationsEvents } from './notifications.schema.js';

export { notificationsSchema } from './notifications.schema.js';
export const { outbox, processedEvents } = notificationsEvents;
