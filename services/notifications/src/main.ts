import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { notificationsEvents } from './notifications.schema.js';
import { NotificationsModule } from './notifications.module.js';

await bootService({
  name: 'notifications',
  configSchema: serviceConfigSchema,
  module: NotificationsModule,
  database: { schema: 'notifications', eventTables: notificationsEvents },
  grpc: {},
});
