// Notification types (SPEC.md section 3) and the settings key that governs each: shared by the notifications
// service (what to create and mail) and the frontends (labels, links).
import { NOTIFICATION_KEYS, type NotificationKey, type NotificationSettings } from './profile.js';

export const NOTIFICATION_TYPES = {
  articleVote: 0,
  articleComment: 1,
  articleReview: 2,
  translation: 3,
  translationReview: 4,
  commentVote: 50,
  commentReply: 51,
  commentReview: 52,
  welcome: 100,
  newFollower: 104,
  badgeEarned: 105,
  supportReceived: 200,
  payoutUpdated: 201,
  publicationSubscription: 300,
  publicationPaymentFailed: 301,
  publicationInvitation: 400,
  coAuthorInvitation: 500,
} as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

/**
 * The key of each switchable type. cr ("comment reactions") governs votes on my comments and cc ("comment
 * comments") replies to them; the types missing here (welcome, new follower, support received, payout updated,
 * publication subscription, failed payment, publication and co-author invitations) are always on: SPEC.md's keys are
 * all about articles and comments.
 */
export const NOTIFICATION_TYPE_KEYS: Readonly<Partial<Record<NotificationType, NotificationKey>>> = Object.freeze({
  0: 'ar',
  1: 'ac',
  2: 'ara',
  3: 'at',
  4: 'atra',
  50: 'cr',
  51: 'cc',
  52: 'cra',
});

export function isNotificationType(value: number): value is NotificationType {
  return (Object.values(NOTIFICATION_TYPES) as number[]).includes(value);
}

/** The settings key of a type, or undefined when it is always on. */
export function keyOfType(type: NotificationType): NotificationKey | undefined {
  return NOTIFICATION_TYPE_KEYS[type];
}

/** By e-mail by default: only the review outcomes (what an author waits for); the rest stays in the app. */
export const DEFAULT_NOTIFICATION_MAIL: Readonly<NotificationSettings> = Object.freeze(
  Object.fromEntries(
    NOTIFICATION_KEYS.map((key) => [key, key === 'ara' || key === 'atra' || key === 'cra']),
  ) as NotificationSettings,
);

/** Whether a user with these switches gets a type in the app (unknown saved keys default to on). */
export function wantsNotification(type: NotificationType, settings: Partial<NotificationSettings>): boolean {
  const key = keyOfType(type);
  return key === undefined || (settings[key] ?? true);
}

/**
 * The always-on types that always go by e-mail too: money and what waits for the user to act, none with a switch (a
 * support received, in AZN; a payout's new state; an invitation to a publication to accept or reject; a subscription
 * whose payment failed, before its access ends). 301 is not in SPEC.md's list: the failed payment the issue asks the
 * subscriber to be told of, next to 300.
 */
const ALWAYS_MAILED: readonly NotificationType[] = [
  NOTIFICATION_TYPES.supportReceived,
  NOTIFICATION_TYPES.payoutUpdated,
  NOTIFICATION_TYPES.publicationPaymentFailed,
  NOTIFICATION_TYPES.publicationInvitation,
];

/**
 * Whether it also goes by e-mail: switchable types whose in-app switch and mail switch are both on, and the always-on
 * types of ALWAYS_MAILED (the other always-on types have their own mails or need none).
 */
export function wantsNotificationMail(
  type: NotificationType,
  settings: Partial<NotificationSettings>,
  mail: Partial<NotificationSettings>,
): boolean {
  const key = keyOfType(type);
  if (key === undefined) return ALWAYS_MAILED.includes(type);
  return (settings[key] ?? true) && (mail[key] ?? DEFAULT_NOTIFICATION_MAIL[key]);
}
