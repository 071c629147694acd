import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { commentsEvents } from './comments.schema.js';
import { CommentsModule } from './comments.module.js';

await bootService({
  name: 'comments',
  configSchema: serviceConfigSchema,
  module: CommentsModule,
  database: { schema: 'comments', eventTables: commentsEvents },
  grpc: {},
});
