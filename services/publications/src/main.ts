import { JobsServiceService } from '@pencraft/contracts/publications/v1/jobs';
import { PublicationsServiceService } from '@pencraft/contracts/publications/v1/publications';
import { bootService } from '@pencraft/kit';
import { publicationsConfigSchema } from './config.js';
import { publicationsEvents } from './publications.schema.js';
import { PublicationsModule } from './publications.module.js';

await bootService({
  name: 'publications',
  configSchema: publicationsConfigSchema,
  module: PublicationsModule,
  database: { schema: 'publications', eventTables: publicationsEvents },
  publishes: true,
  grpc: {
    'publications.v1.PublicationsService': PublicationsServiceService,
    'publications.v1.JobsService': JobsServiceService,
  },
});
