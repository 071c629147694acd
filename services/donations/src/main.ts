import { DonationsServiceService } from '@pencraft/contracts/donations/v1/donations';
import { bootService } from '@pencraft/kit';
import { donationsConfigSchema } from './config.js';
import { donationsEvents } from './donations.schema.js';
import { DonationsModule } from './donations.module.js';

await bootService({
  name: 'donations',
  configSchema: donationsConfigSchema,
  module: DonationsModule,
  database: { schema: 'donations', eventTables: donationsEvents },
  publishes: true,
  grpc: { 'donations.v1.DonationsService': DonationsServiceService },
});
