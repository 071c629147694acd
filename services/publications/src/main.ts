import { PublicationsServiceService } from '@pencraft/contracts/publications/v1/publications';
import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { publicationsEvents } from './publications.schema.js';
import { PublicationsModule } from './publications.module.js';

await bootService({
  name: 'publications',
  configSchema: serviceConfigSchema,
  module: PublicationsModule,
  database: { schema: 'publications', eventTables: publicationsEvents },
  publishes: true,
  grpc: { 'publications.v1.PublicationsService': PublicationsServiceService },
});
