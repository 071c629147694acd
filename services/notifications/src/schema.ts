// Every table of the service, for drizzle-kit.
import { notificationsEvents } from './notifications.schema.js';

export { notificationsSchema } from './notifications.schema.js';
export { notifications } from './notifications/notification.table.js';
export { people } from './people/person.table.js';
export { webhookDeliveries, webhookEndpoints } from './webhooks/webhook.tables.js';
export const { outbox, processedEvents } = notificationsEvents;
