import { ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { CollaborationServiceService } from '@pencraft/contracts/articles/v1/collaboration';
import { DraftsServiceService } from '@pencraft/contracts/articles/v1/drafts';
import { EngagementServiceService } from '@pencraft/contracts/articles/v1/engagement';
import { MediaServiceService } from '@pencraft/contracts/articles/v1/media';
import { StatisticsServiceService } from '@pencraft/contracts/articles/v1/statistics';
import { bootService } from '@pencraft/kit';
import { articlesConfigSchema } from './config.js';
import { articlesEvents } from './articles.schema.js';
import { ArticlesModule } from './articles.module.js';

await bootService({
  name: 'articles',
  configSchema: articlesConfigSchema,
  module: ArticlesModule,
  database: { schema: 'articles', eventTables: articlesEvents },
  publishes: true,
  // View and read counters (statistics).
  redis: true,
  grpc: {
    'articles.v1.ArticlesService': ArticlesServiceService,
    'articles.v1.CollaborationService': CollaborationServiceService,
    'articles.v1.DraftsService': DraftsServiceService,
    'articles.v1.EngagementService': EngagementServiceService,
    'articles.v1.MediaService': MediaServiceService,
    'articles.v1.StatisticsService': StatisticsServiceService,
  },
});
