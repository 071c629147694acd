import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { publicationsEvents } from './publications.schema.js';
import { PublicationsModule } from './publications.module.js';

await bootService({
  name: 'publications',
  configSchema: serviceConfigSchema,
  module: PublicationsModule,
  database: { schema: 'publications', eventTables: publicationsEvents },
  grpc: {},
});
