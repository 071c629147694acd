import { ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
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
  grpc: { 'articles.v1.ArticlesService': ArticlesServiceService },
});
