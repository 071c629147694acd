import { CommentsServiceService } from '@pencraft/contracts/comments/v1/comments';
import { bootService } from '@pencraft/kit';
import { commentsEvents } from './comments.schema.js';
import { CommentsModule } from './comments.module.js';
import { commentsConfigSchema } from './config.js';

await bootService({
  name: 'comments',
  configSchema: commentsConfigSchema,
  module: CommentsModule,
  database: { schema: 'comments', eventTables: commentsEvents },
  publishes: true,
  grpc: { 'comments.v1.CommentsService': CommentsServiceService },
});
