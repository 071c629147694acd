import { FeedbackServiceService } from '@pencraft/contracts/identity/v1/feedback';
import { IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { PartnerServiceService } from '@pencraft/contracts/identity/v1/partners';
import { ProfileServiceService } from '@pencraft/contracts/identity/v1/profile';
import { TrustServiceService } from '@pencraft/contracts/identity/v1/moderation';
import { SecurityServiceService } from '@pencraft/contracts/identity/v1/security';
import { StandingServiceService } from '@pencraft/contracts/identity/v1/standing';
import { TokenServiceService } from '@pencraft/contracts/identity/v1/tokens';
import { bootService } from '@pencraft/kit';
import { identityConfigSchema } from './config.js';
import { identityEvents } from './identity.schema.js';
import { IdentityModule } from './identity.module.js';

await bootService({
  name: 'identity',
  configSchema: identityConfigSchema,
  module: IdentityModule,
  database: { schema: 'identity', eventTables: identityEvents },
  publishes: true,
  grpc: {
    'identity.v1.IdentityService': IdentityServiceService,
    'identity.v1.ProfileService': ProfileServiceService,
    'identity.v1.SecurityService': SecurityServiceService,
    'identity.v1.TrustService': TrustServiceService,
    'identity.v1.StandingService': StandingServiceService,
    'identity.v1.FeedbackService': FeedbackServiceService,
    'identity.v1.PartnerService': PartnerServiceService,
    'identity.v1.TokenService': TokenServiceService,
  },
});
