import { audiences, languages } from '@pencraft/contracts/enums';
import { planIntervals, publicationRoles, subscriptionTiers } from '@pencraft/contracts/enums/publications';
import type { PublicationArticle } from '@pencraft/contracts/articles/v1/engagement';
import type { Invitation, Plan, Publication, Subscription } from '@pencraft/contracts/publications/v1/publications';
import {
  AUDIENCES,
  HOME_MAX_PAGE,
  LANGS,
  normalizeSlug,
  PLAN_DESCRIPTION_MAX,
  PLAN_INTERVALS,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_NAME_MAX,
  PUBLICATION_ROLES,
  PUBLICATION_SLUG_MAX,
  PUBLICATION_SLUG_MIN,
  PUBLICATION_SLUG_PATTERN,
  RENAME_INTERVAL_DAYS,
  STUDIO_ANALYTICS_DAYS,
  SUBSCRIPTION_TIERS,
  slugProblem,
  USERNAME_MAX,
  USERNAME_MIN,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { publicationDomain } from '../accounts/accounts.dto.js';
import { ArticleCardJson, ArticleId, articleCardJson } from '../articles/article.dto.js';
import { text } from '../http/text.js';

const PublicationId = z.string().regex(UUID_PATTERN).meta({ description: 'The publication id' });
const Uid = z.string().regex(UUID_PATTERN);
/** proto int32: the largest price the wire carries (the service judges the plan's range). */
const INT32_MAX = 2_147_483_647;

/**
 * A slug as the service takes it (any case: stored lowercase): PUBLICATION_SLUG_PATTERN, PUBLICATION_SLUG_MIN to
 * PUBLICATION_SLUG_MAX characters, none of RESERVED_SLUGS (InvalidSlug).
 */
export const Slug = z
  .string()
  .min(PUBLICATION_SLUG_MIN)
  .max(PUBLICATION_SLUG_MAX)
  // Any case without a flag: a JSON Schema pattern has none (the document printed `/i` into the pattern itself).
  .regex(new RegExp(PUBLICATION_SLUG_PATTERN.replaceAll('a-z', 'a-zA-Z')))
  .refine((slug) => slugProblem(normalizeSlug(slug)) === undefined, 'a reserved slug')
  .meta({
    description:
      `The subdomain: ${PUBLICATION_SLUG_MIN} to ${PUBLICATION_SLUG_MAX} latin letters, digits and single hyphens, ` +
      'a letter first; stored lowercase; reserved names are refused (InvalidSlug)',
  });
const Name = text({ min: 1, max: PUBLICATION_NAME_MAX }).meta({
  description: `Unique regardless of case, at most ${PUBLICATION_NAME_MAX} characters; markup is removed`,
});
const Description = text({ max: PUBLICATION_DESCRIPTION_MAX });
const page = z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1);
const Username = z
  .string()
  .regex(new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`))
  .meta({ description: 'The username of the person to invite (any case)' });

export const PublicationParams = z.object({ id: PublicationId });
export const MemberParams = z.object({ id: PublicationId, uid: Uid.meta({ description: 'The member or invitee' }) });
export const PlanParams = z.object({ id: PublicationId, planId: z.string().regex(UUID_PATTERN) });
export const PublicationArticleParams = z.object({ id: PublicationId, aid: ArticleId });
export const InvitationParams = z.object({ id: PublicationId.meta({ description: 'The inviting publication' }) });
export const BySlugQuery = z.object({ slug: Slug });
export const PageQuery = z.object({ page });

export const CreatePublicationBody = z
  .object({ name: Name, slug: Slug, description: Description.optional() })
  .strict()
  .meta({ id: 'CreatePublicationBody' });

export const PublicationSettingsBody = z
  .object({
    name: Name.optional().meta({
      description: `A new name: once every ${RENAME_INTERVAL_DAYS} days (CantUpdatePublicationName)`,
    }),
    description: Description.optional(),
  })
  .strict()
  .meta({ id: 'PublicationSettingsBody' });

export const PublicationSlugBody = z.object({ slug: Slug }).strict().meta({ id: 'PublicationSlugBody' });

export const InviteMemberBody = z.object({ username: Username }).strict().meta({ id: 'InviteMemberBody' });

export const CreatePlanBody = z
  .object({
    interval: z.enum(PLAN_INTERVALS),
    price: z
      .number()
      .int()
      .min(0)
      .max(INT32_MAX)
      .optional()
      .meta({
        // The gateway lets an absent or out-of-range price through so that publications answers its own code (the
        // studio form names it); the document states what the API accepts: a price, within the bounds.
        minimum: PLAN_PRICE_MIN,
        maximum: PLAN_PRICE_MAX,
        description:
          `In qəpik (100 = 1 AZN), ${PLAN_PRICE_MIN} to ${PLAN_PRICE_MAX}: absent is EmptyPlanPrice, 0 ` +
          'CannotCreateFreePlan (free access is a free subscription), below PlanPriceLessThan, above PlanPriceMoreThan',
      }),
    description: text({ max: PLAN_DESCRIPTION_MAX }).optional(),
  })
  .strict()
  .meta({ id: 'CreatePlanBody', required: ['interval', 'price'] });

const Role = z.enum(PUBLICATION_ROLES);

export const PublicationJson = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    domain: z.string().meta({ description: "The publication's host: its slug under the site's host" }),
    description: z.string(),
    logoUrl: z.string().nullable(),
    coverUrl: z.string().nullable(),
    ownerUid: z.string(),
    createdAt: z.iso.datetime(),
    members: z.number().int().meta({ description: 'Members including the owner' }),
    subscribers: z.number().int(),
  })
  .meta({ id: 'Publication' });
type PublicationJsonType = z.infer<typeof PublicationJson>;

export const SubscriptionJson = z
  .object({
    publicationId: z.string(),
    uid: z.string(),
    tier: z.enum(SUBSCRIPTION_TIERS),
    planId: z.string().nullable(),
    periodEnd: z.iso.datetime().nullable().meta({ description: 'End of a paid period; null for a free one' }),
    cancelledAt: z.iso.datetime().nullable().meta({ description: 'A paid subscription that will not renew' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicationSubscription' });

export const PublicationView = z
  .object({
    publication: PublicationJson,
    role: Role.nullable().meta({ description: "The viewer's role; null for a visitor or an outsider" }),
    subscription: SubscriptionJson.nullable().meta({ description: "The viewer's subscription, if any" }),
    nameChangeableAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'For the owner: when the name may change next (null: now, or not the owner)' }),
    slugChangeableAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PublicationView' });

const Person = z
  .object({
    uid: z.string(),
    username: z.string().nullable().meta({ description: 'Null when the account is gone' }),
    fullname: z.string().nullable(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicationPerson' });
export type PersonJson = z.infer<typeof Person>;

export const MemberJson = z
  .object({ user: Person, role: Role, joinedAt: z.iso.datetime() })
  .meta({ id: 'PublicationMember' });

export const InvitationJson = z
  .object({
    publicationId: z.string(),
    publicationName: z.string(),
    publicationSlug: z.string(),
    uid: z.string(),
    invitedByUid: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicationInvitation' });

export const StudioInvitationJson = InvitationJson.extend({
  user: Person.meta({ description: 'The invited user (null names when the account is gone)' }),
}).meta({ id: 'PublicationStudioInvitation' });

export const MemberList = z
  .object({
    items: z.array(MemberJson),
    invitations: z
      .array(StudioInvitationJson)
      .meta({ description: 'Pending invitations: for the owner only, else empty' }),
  })
  .meta({ id: 'PublicationMembers' });

export const PublicationAbout = z
  .object({
    publication: PublicationJson,
    members: z.array(MemberJson).meta({ description: 'Owner first, then by joining time' }),
  })
  .meta({ id: 'PublicationAbout' });

export const PublicationArticlesQuery = z.object({
  cursor: z
    .string()
    .max(80)
    .optional()
    .meta({ description: "The nextCursor of the page before; absent for the first page (InvalidPage for another's)" }),
});

export const PublicationArticleCard = ArticleCardJson.extend({
  pinned: z.boolean().meta({ description: 'Pinned by the publication (the pinned come first)' }),
}).meta({ id: 'PublicationArticleCard' });

export const PinnedArticles = z
  .object({
    pinned: z.array(z.string()).meta({ description: 'Ids of the pinned articles, last pinned first' }),
    items: z.array(PublicationArticleCard).meta({
      description: 'Its published articles: the pinned first (last pinned first), then the others newest first',
    }),
    nextCursor: z.string().nullable().meta({ description: 'Where the next page starts; null on the last page' }),
  })
  .meta({ id: 'PublicationArticles' });

export function publicationArticleJson({ card, pinned }: PublicationArticle) {
  return { ...articleCardJson(card!), votes: card!.votes, comments: card!.comments, pinned };
}

export const StudioArticleJson = z
  .object({
    id: z.string(),
    title: z.string(),
    language: z.enum(LANGS),
    author: Person,
    authorIsMember: z.boolean().meta({
      description:
        'The author is on the team now (the owner or a member): only such an article can be pinned; one by someone ' +
        'who left stays in the publication until detached',
    }),
    publishedAt: z.iso.datetime(),
    pinned: z.boolean(),
    audience: z.enum(AUDIENCES).meta({ description: 'Free readers or paid subscribers only' }),
    views: z.number().int().min(0).meta({ description: 'Views so far (the statistics flushed every few minutes)' }),
    reads: z.number().int().min(0),
  })
  .meta({ id: 'PublicationStudioArticle' });

export const StudioArticles = z
  .object({
    items: z.array(StudioArticleJson).meta({
      description: 'Every article published in the publication, newest first (the pinned among them, not first)',
    }),
    pinned: z.array(z.string()).meta({ description: 'Ids of the pinned articles, last pinned first' }),
    nextCursor: z.string().nullable().meta({ description: 'Where the next page starts; null on the last page' }),
  })
  .meta({ id: 'PublicationStudioArticles' });

export function studioArticleJson(
  { card, audience, views, reads }: PublicationArticle,
  pinned: boolean,
  authorIsMember: boolean,
): z.infer<typeof StudioArticleJson> {
  const author = card!.author!;
  return {
    id: card!.id,
    title: card!.title,
    language: languages.require(card!.language, 'language'),
    author: {
      uid: author.uid,
      username: author.username || null,
      fullname: author.fullname || null,
      imageUrl: author.imageUrl || null,
    },
    authorIsMember,
    publishedAt: new Date(card!.publishedAtMs).toISOString(),
    pinned,
    audience: audiences.fromProto(audience) ?? 'free',
    views,
    reads,
  };
}

export const EmptyPage = z
  .object({
    items: z.array(z.object({})).max(0),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'PublicationCollections' });

export const PlanJson = z
  .object({
    id: z.string(),
    publicationId: z.string(),
    interval: z.enum(PLAN_INTERVALS),
    price: z.number().int().meta({ description: 'In qəpik (100 = 1 AZN)' }),
    description: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicationPlan' });
export const PlanList = z.object({ items: z.array(PlanJson) }).meta({ id: 'PublicationPlans' });

export const SubscriberJson = z
  .object({ user: Person, subscription: SubscriptionJson })
  .meta({ id: 'PublicationSubscriber' });
export const SubscriberPage = z
  .object({
    items: z.array(SubscriberJson),
    page: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'PublicationSubscribers' });

export const Dashboard = z
  .object({
    publication: PublicationJson,
    role: Role,
    nameChangeableAt: z.iso.datetime().nullable(),
    slugChangeableAt: z.iso.datetime().nullable(),
    pinned: z.number().int().meta({ description: 'Pinned articles' }),
    plans: z.number().int(),
  })
  .meta({ id: 'PublicationDashboard' });

export const AnalyticsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (STUDIO_ANALYTICS_DAYS as readonly number[]).includes(days), 'one of the offered periods')
    .optional()
    .default(STUDIO_ANALYTICS_DAYS[0])
    // A refinement the document would not show (any integer, which schemathesis found refused as InvalidModel).
    .meta({
      enum: [...STUDIO_ANALYTICS_DAYS],
      description: `The period in days, today included: ${STUDIO_ANALYTICS_DAYS.join(', ')}`,
    }),
});

export const PublicationAnalytics = z
  .object({
    days: z.number().int(),
    daily: z
      .array(
        z.object({
          date: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
          views: z.number().int().meta({ description: "Views of the publication's articles that day" }),
          reads: z.number().int(),
          subscribers: z.number().int().meta({ description: 'Subscribers at the end of the day (today: now)' }),
          newSubscribers: z.number().int().meta({ description: 'Subscriptions created that day and still kept' }),
        }),
      )
      .meta({ description: 'Oldest first, one entry per day of the period' }),
    top: z
      .array(
        z.object({
          articleId: z.string(),
          title: z.string(),
          views: z.number().int(),
          reads: z.number().int(),
        }),
      )
      .meta({ description: 'Its articles with the most reads in the period (then views), at most 10' }),
    revenue: z
      .object({
        currency: z.literal('AZN'),
        totalQepik: z.number().int().min(0).meta({ description: "The period's exact sum, integer qəpik" }),
        daily: z
          .array(
            z.object({
              date: z.string().meta({ description: 'YYYY-MM-DD (UTC), the dates of daily' }),
              amountQepik: z
                .number()
                .int()
                .min(0)
                .meta({ description: "The exact sum of the day's payments, integer qəpik (100 = 1 AZN)" }),
              payments: z.number().int().min(0),
            }),
          )
          .meta({ description: 'Oldest first, one entry per day of the period (zero on a day without payments)' }),
      })
      .nullable()
      .meta({
        description:
          "Subscription payments received per day, from the income ledger: the owner's only (viewIncome), null for a member",
      }),
  })
  .meta({
    id: 'PublicationAnalytics',
    description:
      "Views and reads are those of the articles that belong to the publication now; subscribers are counted from the subscriptions kept (a free subscription that ended is gone from every day). Revenue is the owner's (the income ledger's, integer qəpik); a member gets null.",
  });

export const StudioCommentJson = z
  .object({
    id: z.string(),
    articleId: z.string(),
    articleTitle: z.string(),
    content: z.string(),
    author: Person,
    depth: z.number().int().meta({ description: '1 a comment on the article, 2 and 3 replies' }),
    up: z.number().int(),
    down: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicationStudioComment' });

export const StudioCommentPage = z
  .object({
    items: z.array(StudioCommentJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'PublicationStudioComments' });

export const MyPublications = z
  .object({
    publication: PublicationJson.nullable().meta({ description: 'The one the user owns, else the one joined first' }),
    role: Role.nullable(),
    invitations: z.array(InvitationJson).meta({ description: 'Pending invitations to the user, newest first' }),
  })
  .meta({ id: 'MyPublications' });

export const MySubscriptions = z
  .object({
    items: z.array(z.object({ publication: PublicationJson, subscription: SubscriptionJson })),
  })
  .meta({ id: 'MyPublicationSubscriptions' });

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number) => (ms ? iso(ms) : null);
const mediaUrl = (key: string) => (key ? `/media/${key}` : null);

export function publicationJson(publication: Publication, publicOrigin: string): PublicationJsonType {
  return {
    id: publication.id,
    name: publication.name,
    slug: publication.slug,
    domain: publicationDomain(publication.slug, publicOrigin),
    description: publication.description,
    logoUrl: mediaUrl(publication.logoKey),
    coverUrl: mediaUrl(publication.coverKey),
    ownerUid: publication.ownerUid,
    createdAt: iso(publication.createdAtMs),
    members: publication.membersCount,
    subscribers: publication.subscribersCount,
  };
}

export function subscriptionJson(subscription: Subscription): z.infer<typeof SubscriptionJson> {
  return {
    publicationId: subscription.publicationId,
    uid: subscription.uid,
    tier: subscriptionTiers.require(subscription.tier, 'tier'),
    planId: subscription.planId || null,
    periodEnd: isoOrNull(subscription.periodEndMs),
    cancelledAt: isoOrNull(subscription.cancelledAtMs),
    createdAt: iso(subscription.createdAtMs),
  };
}

export function invitationJson(invitation: Invitation): z.infer<typeof InvitationJson> {
  return {
    publicationId: invitation.publicationId,
    publicationName: invitation.publicationName,
    publicationSlug: invitation.publicationSlug,
    uid: invitation.uid,
    invitedByUid: invitation.invitedByUid,
    createdAt: iso(invitation.createdAtMs),
  };
}

export function planJson(plan: Plan): z.infer<typeof PlanJson> {
  return {
    id: plan.id,
    publicationId: plan.publicationId,
    interval: planIntervals.require(plan.interval, 'interval'),
    price: plan.priceQepik,
    description: plan.description,
    createdAt: iso(plan.createdAtMs),
  };
}

export const roleOf = (role: Parameters<typeof publicationRoles.fromProto>[0]) =>
  publicationRoles.fromProto(role) ?? null;
export { isoOrNull };
