import { NotificationsServiceService } from '@pencraft/contracts/notifications/v1/notifications';
import { WebhookServiceService } from '@pencraft/contracts/notifications/v1/webhooks';
import { bootService } from '@pencraft/kit';
import { notificationsConfigSchema } from './config.js';
import { notificationsEvents } from './notifications.schema.js';
import { NotificationsModule } from './notifications.module.js';

await bootService({
  name: 'notifications',
  configSchema: notificationsConfigSchema,
  module: NotificationsModule,
  database: { schema: 'notifications', eventTables: notificationsEvents },
  grpc: {
    'notifications.v1.NotificationsService': NotificationsServiceService,
    'notifications.v1.WebhookService': WebhookServiceService,
  },
});
