import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { planIntervals, publicationRoles, subscriptionTiers } from '@pencraft/contracts/enums/publications';
import type { InvitationView } from '../members/member.repository.js';
import type { MemberRow } from '../members/member.table.js';
import type { PlanRow } from '../subscriptions/plan.table.js';
import type { SubscriptionRow } from '../subscriptions/subscription.table.js';
import type { PublicationCounts } from './publication.repository.js';
import type { PublicationRow } from './publication.table.js';

export function presentPublication(row: PublicationRow, counts: PublicationCounts): pb.Publication {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logoKey: row.logoKey ?? '',
    coverKey: row.coverKey ?? '',
    ownerUid: row.ownerUid,
    createdAtMs: row.createdAt.getTime(),
    membersCount: counts.members,
    subscribersCount: counts.subscribers,
  };
}

export function presentSubscription(row: SubscriptionRow): pb.Subscription {
  return {
    publicationId: row.publicationId,
    uid: row.uid,
    tier: subscriptionTiers.toProto(row.tier),
    planId: row.planId ?? '',
    periodEndMs: row.periodEnd?.getTime() ?? 0,
    cancelledAtMs: row.cancelledAt?.getTime() ?? 0,
    createdAtMs: row.createdAt.getTime(),
  };
}

export function presentPlan(row: PlanRow): pb.Plan {
  return {
    id: row.id,
    publicationId: row.publicationId,
    interval: planIntervals.toProto(row.interval),
    priceQepik: row.priceQepik,
    description: row.description,
    createdAtMs: row.createdAt.getTime(),
  };
}

export function presentMember(row: MemberRow): pb.Member {
  return { uid: row.uid, role: publicationRoles.toProto(row.role), joinedAtMs: row.joinedAt.getTime() };
}

export function presentInvitation(row: InvitationView): pb.Invitation {
  return {
    publicationId: row.publicationId,
    publicationName: row.publicationName,
    publicationSlug: row.publicationSlug,
    uid: row.uid,
    invitedByUid: row.invitedByUid,
    createdAtMs: row.createdAt.getTime(),
  };
}
