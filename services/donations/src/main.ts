import { bootService, serviceConfigSchema } from '@pencraft/kit';
import { donationsEvents } from './donations.schema.js';
import { DonationsModule } from './donations.module.js';

await bootService({
  name: 'donations',
  configSchema: serviceConfigSchema,
  module: DonationsModule,
  database: { schema: 'donations', eventTables: donationsEvents },
  grpc: {},
});
