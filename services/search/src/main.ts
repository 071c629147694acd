import { SearchServiceService } from '@pencraft/contracts/search/v1/search';
import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { searchEvents } from './search.schema.js';
import { SearchModule } from './search.module.js';

await bootService({
  name: 'search',
  configSchema: serviceConfigSchema,
  module: SearchModule,
  database: { schema: 'search', eventTables: searchEvents },
  grpc: { 'search.v1.SearchService': SearchServiceService },
});
