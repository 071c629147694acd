// The codecs of the publications service's contract (roles, images, plans, subscriptions). A module of their own, so
// that a service loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import { PLAN_INTERVALS, PUBLICATION_IMAGE_KINDS, PUBLICATION_ROLES, SUBSCRIPTION_TIERS } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import {
  PlanInterval,
  PublicationImageKind,
  PublicationRole,
  SubscriptionTier,
} from '../gen/publications/v1/publications.js';

export const publicationRoles = protoEnum<PublicationRole, (typeof PUBLICATION_ROLES)[number]>(
  'PublicationRole',
  PublicationRole,
  PUBLICATION_ROLES,
);
export const publicationImageKinds = protoEnum<PublicationImageKind, (typeof PUBLICATION_IMAGE_KINDS)[number]>(
  'PublicationImageKind',
  PublicationImageKind,
  PUBLICATION_IMAGE_KINDS,
);
export const planIntervals = protoEnum<PlanInterval, (typeof PLAN_INTERVALS)[number]>(
  'PlanInterval',
  PlanInterval,
  PLAN_INTERVALS,
);
export const subscriptionTiers = protoEnum<SubscriptionTier, (typeof SUBSCRIPTION_TIERS)[number]>(
  'SubscriptionTier',
  SubscriptionTier,
  SUBSCRIPTION_TIERS,
);
