import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { moderationEvents } from './moderation.schema.js';
import { ModerationModule } from './moderation.module.js';

await bootService({
  name: 'moderation',
  configSchema: serviceConfigSchema,
  module: ModerationModule,
  database: { schema: 'moderation', eventTables: moderationEvents },
  grpc: {},
});
