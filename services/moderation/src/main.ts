import { ModerationServiceService } from '@pencraft/contracts/moderation/v1/moderation';
import { bootService } from '@pencraft/kit';
import { moderationConfigSchema } from './config.js';
import { moderationEvents } from './moderation.schema.js';
import { ModerationModule } from './moderation.module.js';

await bootService({
  name: 'moderation',
  configSchema: moderationConfigSchema,
  module: ModerationModule,
  database: { schema: 'moderation', eventTables: moderationEvents },
  publishes: true,
  grpc: { 'moderation.v1.ModerationService': ModerationServiceService },
});
