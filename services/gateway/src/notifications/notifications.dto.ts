import type { Notification as NotificationPb } from '@pencraft/contracts/notifications/v1/notifications';
import {
  BADGE_IDS,
  HOME_MAX_PAGE,
  keyOfType,
  NOTIFICATION_KEYS,
  PAYOUT_STATES,
  SUBSCRIPTION_TIERS,
  type NotificationType,
} from '@pencraft/rules';
import { z } from 'zod';

const iso = (ms: number) => new Date(ms).toISOString();
const nullIfEmpty = (value: string) => (value === '' ? null : value);

export const NotificationId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .meta({ description: 'A notification id (digits).' });
export const NotificationParams = z.object({ id: NotificationId });

export const NotificationPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1')
    .meta({ description: 'true (or 1): unread ones only.' }),
});

/** The last notification id a page saw; 0 when it has seen none (then every stored one comes first). */
export const LastEventId = z.string().regex(/^(0|[1-9][0-9]{0,15})$/);

export const StreamQuery = z.object({
  after: LastEventId.optional().meta({
    description: 'Send the stored notifications above this id first (like the Last-Event-ID header, which wins).',
  }),
});

export const NotificationActor = z
  .object({ uid: z.string(), username: z.string(), fullname: z.string(), imageUrl: z.string().nullable() })
  .meta({ id: 'NotificationActor' });

export const NotificationSubject = z
  .object({
    articleId: z.string().nullable(),
    commentId: z.string().nullable(),
    title: z.string().nullable(),
    excerpt: z.string().nullable(),
  })
  .meta({ id: 'NotificationSubject' });

export const NotificationData = z
  .object({
    decision: z.enum(['approved', 'rejected', 'revisionRequested']).optional(),
    note: z.string().optional(),
    language: z.string().optional(),
    originalId: z.string().optional(),
    parentCommentId: z.string().optional(),
    invitationId: z.string().optional(),
    draftId: z.string().optional(),
    publicationId: z.string().optional().meta({ description: 'The publication of a 300, 301 or 400' }),
    publication: z.string().optional().meta({ description: "The publication's name (300, 301, 400)" }),
    tier: z.enum(SUBSCRIPTION_TIERS).optional().meta({ description: 'The new subscription of a 300' }),
    amount: z
      .string()
      .optional()
      .meta({ description: 'The money of a 200, 201 or 301 in exact AZN ("5.00"); 200 and 201 also give amountQepik' }),
    amountQepik: z
      .string()
      .regex(/^[0-9]+$/)
      .optional()
      .meta({ description: 'The money of a 200 or 201 in integer qəpik, as digits (format it with the manat sign)' }),
    periodEnd: z.string().optional().meta({ description: 'Until when a 301 subscription reads in full (ISO 8601)' }),
    supportId: z.string().optional().meta({ description: 'The support of a 200' }),
    payoutId: z.string().optional().meta({ description: 'The payout of a 201' }),
    state: z.enum(PAYOUT_STATES).optional().meta({ description: "The payout's new state (201)" }),
    cardLast4: z.string().optional().meta({ description: 'The last four digits of the card paid to (201)' }),
    expectedDate: z.string().optional().meta({ description: 'When a 201 payout is expected, YYYY-MM-DD (Asia/Baku)' }),
    reference: z.string().optional().meta({ description: "A paid payout's transfer reference (201)" }),
    failureNote: z.string().optional().meta({ description: 'Why a payout failed (201)' }),
    badge: z.enum(BADGE_IDS).optional().meta({ description: 'The badge earned (105)' }),
  })
  .meta({ id: 'NotificationData' });

export const Notification = z
  .object({
    id: NotificationId,
    type: z
      .number()
      .int()
      .meta({
        description:
          'SPEC.md section 3: 0 article upvote, 1 comment on my article, 2 article review, 3 translation of my article, ' +
          '4 translation review, 50 upvote on my comment, 51 reply to my comment, 52 comment review, 100 welcome, ' +
          '104 new follower, 105 badge earned, 200 support received, 201 payout state changed, 300 subscriber to my publication, 301 failed payment of my subscription (not in SPEC.md), ' +
          '400 invitation to a publication, 500 co-author invitation.',
      }),
    key: z
      .enum(NOTIFICATION_KEYS)
      .nullable()
      .meta({ description: 'The settings key that governs it; null: always on.' }),
    actor: NotificationActor.nullable(),
    subject: NotificationSubject,
    data: NotificationData,
    read: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });

export const NotificationPage = z
  .object({
    items: z.array(Notification),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    unread: z.number().int(),
  })
  .meta({ id: 'NotificationPage' });

export const NotificationSummary = z
  .object({ unread: z.number().int(), items: z.array(Notification) })
  .meta({ id: 'NotificationSummary' });

export const UnreadCount = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });

function parseData(json: string): z.infer<typeof NotificationData> {
  try {
    const parsed = NotificationData.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function toNotification(n: NotificationPb): z.infer<typeof Notification> {
  return {
    id: String(n.id),
    type: n.type,
    key: keyOfType(n.type as NotificationType) ?? null,
    actor: n.actor
      ? {
          uid: n.actor.uid,
          username: n.actor.username,
          fullname: n.actor.fullname,
          imageUrl: nullIfEmpty(n.actor.imageUrl),
        }
      : null,
    subject: {
      articleId: nullIfEmpty(n.subject?.articleId ?? ''),
      commentId: nullIfEmpty(n.subject?.commentId ?? ''),
      title: nullIfEmpty(n.subject?.title ?? ''),
      excerpt: nullIfEmpty(n.subject?.excerpt ?? ''),
    },
    data: parseData(n.dataJson),
    read: n.readAtMs > 0,
    readAt: n.readAtMs > 0 ? iso(n.readAtMs) : null,
    createdAt: iso(n.createdAtMs),
  };
}
