// Which notifications each event makes, and for whom: pure functions of the event, tested without servers.
import type {
  ArticleReviewed,
  ArticleVoted,
  CoAuthorInvited,
  TranslationPublished,
} from '@pencraft/contracts/events/v1/articles';
import type { CommentPublished, CommentReviewed, CommentVoted } from '@pencraft/contracts/events/v1/comments';
import type { PayoutUpdated, SupportReceived } from '@pencraft/contracts/events/v1/donations';
import type { BadgeEarned, UserConfirmed, UserFollowed } from '@pencraft/contracts/events/v1/identity';
import type {
  MemberInvited,
  SubscriptionCreated,
  SubscriptionPaymentFailed,
} from '@pencraft/contracts/events/v1/publications';
import { exactManats, NOTIFICATION_TYPES, type NotificationType } from '@pencraft/rules';
import type { ActorSnapshot, NotificationData } from './notification.table.js';
import { languages, payoutStates } from '@pencraft/contracts/enums';

/** One notification to create (the recipient's switches are checked when it is stored). */
export interface NotificationDraft {
  uid: string;
  type: NotificationType;
  actorUid: string | null;
  actor: ActorSnapshot | null;
  articleId: string | null;
  commentId: string | null;
  title: string | null;
  excerpt: string | null;
  data: NotificationData;
  /** Unique per recipient: a redelivered event, or a second event meaning the same thing, stores nothing new. */
  dedupeKey: string;
  at: Date;
}

const T = NOTIFICATION_TYPES;

function draft(
  base: Pick<NotificationDraft, 'uid' | 'type' | 'dedupeKey' | 'at'> & Partial<NotificationDraft>,
): NotificationDraft {
  return {
    actorUid: null,
    actor: null,
    articleId: null,
    commentId: null,
    title: null,
    excerpt: null,
    data: {},
    ...base,
  };
}

const orNull = (value: string) => (value === '' ? null : value);
const atOf = (ms: number) => new Date(ms > 0 ? ms : Date.now());
/** Never to oneself, and one per recipient. */
const recipients = (uids: readonly string[], actorUid: string) =>
  [...new Set(uids)].filter((uid) => uid && uid !== actorUid);

/**
 * 0: a new upvote (not a change from down to up counted twice, not a removal, not a downvote). Keyed by the voter and
 * the article, not the event: upvoting, removing and upvoting again tells the author once.
 */
export function articleVoteDrafts(event: ArticleVoted): NotificationDraft[] {
  if (event.vote !== 'up' || event.previous === 'up') return [];
  return recipients([event.authorUid], event.voterUid).map((uid) =>
    draft({
      uid,
      type: T.articleVote,
      actorUid: event.voterUid,
      articleId: event.articleId,
      title: orNull(event.title),
      dedupeKey: `article-upvoted:${event.articleId}:${event.voterUid}`,
      at: atOf(event.atMs),
    }),
  );
}

const REVIEW_DECISIONS = new Set(['approved', 'rejected', 'revisionRequested']);

/** 2 (an article) or 4 (a translation) to every author, for a moderator's decision; initialPassed tells nobody. */
export function articleReviewDrafts(event: ArticleReviewed, eventId: string): NotificationDraft[] {
  if (!REVIEW_DECISIONS.has(event.decision)) return [];
  const type = event.isTranslation ? T.translationReview : T.articleReview;
  const data: NotificationData = { decision: event.decision };
  if (event.note) data.note = event.note;
  if (event.isTranslation) {
    if (event.originalId) data.originalId = event.originalId;
    const language = languages.fromProto(event.language);
    if (language) data.language = language;
  }
  return recipients(event.authorUids, '').map((uid) =>
    draft({
      uid,
      type,
      articleId: event.articleId,
      title: orNull(event.title),
      data,
      dedupeKey: `${eventId}:${type}`,
      at: atOf(event.atMs),
    }),
  );
}

/** 3: the original's author learns that a translation of their article is published (not when they translated it). */
export function translationDrafts(event: TranslationPublished, eventId: string): NotificationDraft[] {
  return recipients([event.originalAuthorUid], event.authorUid).map((uid) =>
    draft({
      uid,
      type: T.translation,
      actorUid: event.authorUid,
      articleId: event.articleId,
      title: orNull(event.title),
      data: { originalId: event.originalId, language: languages.fromProto(event.language) ?? '' },
      dedupeKey: `${eventId}:${T.translation}`,
      at: atOf(event.publishedAtMs),
    }),
  );
}

/** 500: always on. */
export function coAuthorInvitationDrafts(event: CoAuthorInvited, eventId: string): NotificationDraft[] {
  const data: NotificationData = { invitationId: event.invitationId };
  if (event.draftId) data.draftId = event.draftId;
  return recipients([event.inviteeUid], event.inviterUid).map((uid) =>
    draft({
      uid,
      type: T.coAuthorInvitation,
      actorUid: event.inviterUid,
      actor: { username: event.inviterUsername, fullname: event.inviterFullname, imageUrl: null },
      articleId: orNull(event.articleId),
      title: orNull(event.title),
      data,
      dedupeKey: `${eventId}:${T.coAuthorInvitation}`,
      at: atOf(event.invitedAtMs),
    }),
  );
}

/**
 * A comment went public: 51 to the author of the comment it answers, 1 to the article's authors (one notification
 * each: whoever gets 51 does not also get 1), and 52 "approved" to its own author. Nobody hears of their own comment.
 * Each is keyed by the comment, not the event: a comment moderation removed and later approved again is published
 * a second time (the article's count needs that event), but nobody hears of it twice.
 */
export function commentPublishedDrafts(event: CommentPublished): NotificationDraft[] {
  const actor = {
    username: event.authorUsername,
    fullname: event.authorFullname,
    imageUrl: orNull(event.authorImageUrl),
  };
  const common = {
    actorUid: event.authorUid,
    actor,
    articleId: event.articleId,
    commentId: event.commentId,
    title: orNull(event.articleTitle),
    excerpt: orNull(event.excerpt),
    at: atOf(event.publishedAtMs),
  };
  const replied = event.parentId ? recipients([event.parentAuthorUid], event.authorUid) : [];
  const drafts = replied.map((uid) =>
    draft({
      ...common,
      uid,
      type: T.commentReply,
      data: { parentCommentId: event.parentId },
      dedupeKey: `comment-published:${event.commentId}:${T.commentReply}`,
    }),
  );
  for (const uid of recipients(event.articleAuthorUids, event.authorUid)) {
    if (!replied.includes(uid))
      drafts.push(
        draft({
          ...common,
          uid,
          type: T.articleComment,
          dedupeKey: `comment-published:${event.commentId}:${T.articleComment}`,
        }),
      );
  }
  drafts.push(
    commentApproved(event.authorUid, event.commentId, event.articleId, event.articleTitle, event.excerpt, common.at),
  );
  return drafts;
}

/** Approval is told once per comment, whichever event says it first (published, or reviewed when it is sent too). */
function commentApproved(uid: string, commentId: string, articleId: string, title: string, excerpt: string, at: Date) {
  return draft({
    uid,
    type: T.commentReview,
    articleId,
    commentId,
    title: orNull(title),
    excerpt: orNull(excerpt),
    data: { decision: 'approved' },
    dedupeKey: `comment-approved:${commentId}`,
    at,
  });
}

/** 52: a rejection (with the note); an approval of a first version (once, see commentApproved); an approved edit tells nobody. */
export function commentReviewDrafts(event: CommentReviewed, eventId: string): NotificationDraft[] {
  const at = atOf(event.atMs);
  if (event.decision === 'approve') {
    return event.isEdit
      ? []
      : [commentApproved(event.authorUid, event.commentId, event.articleId, event.articleTitle, event.excerpt, at)];
  }
  if (event.decision !== 'reject') return [];
  const data: NotificationData = { decision: 'rejected' };
  if (event.note) data.note = event.note;
  return [
    draft({
      uid: event.authorUid,
      type: T.commentReview,
      articleId: event.articleId,
      commentId: event.commentId,
      title: orNull(event.articleTitle),
      excerpt: orNull(event.excerpt),
      data,
      dedupeKey: `${eventId}:${T.commentReview}`,
      at,
    }),
  ];
}

/** 50: a new upvote on my comment, once per voter and comment (keyed like 0). */
export function commentVoteDrafts(event: CommentVoted): NotificationDraft[] {
  if (event.vote !== 'up' || event.previous === 'up') return [];
  return recipients([event.authorUid], event.voterUid).map((uid) =>
    draft({
      uid,
      type: T.commentVote,
      actorUid: event.voterUid,
      actor: event.voterUsername
        ? { username: event.voterUsername, fullname: event.voterFullname, imageUrl: null }
        : null,
      articleId: event.articleId,
      commentId: event.commentId,
      title: orNull(event.articleTitle),
      excerpt: orNull(event.excerpt),
      dedupeKey: `comment-upvoted:${event.commentId}:${event.voterUid}`,
      at: atOf(event.atMs),
    }),
  );
}

/** 100: once per account. */
export function welcomeDrafts(event: UserConfirmed): NotificationDraft[] {
  return [draft({ uid: event.uid, type: T.welcome, dedupeKey: 'welcome', at: atOf(event.confirmedAtMs) })];
}

/** 104: once per follower (following, unfollowing and following again tells the followed once). */
export function followerDrafts(event: UserFollowed): NotificationDraft[] {
  return recipients([event.followeeUid], event.followerUid).map((uid) =>
    draft({
      uid,
      type: T.newFollower,
      actorUid: event.followerUid,
      dedupeKey: `followed-by:${event.followerUid}`,
      at: atOf(event.atMs),
    }),
  );
}

/** 105: once per badge (a badge is earned once; a redelivered event stores nothing new). data.badge is its id. */
export function badgeEarnedDrafts(event: BadgeEarned): NotificationDraft[] {
  if (!event.uid || !event.badge) return [];
  return [
    draft({
      uid: event.uid,
      type: T.badgeEarned,
      data: { badge: event.badge },
      dedupeKey: `badge:${event.badge}`,
      at: atOf(event.earnedAtMs),
    }),
  ];
}

/**
 * 400: the invited user, with the owner who invited as actor (their names come from the people read model) and the
 * publication's name; answered on the settings page. Once per publication and invitee: inviting, cancelling and
 * inviting again (an invitation is always mailed, with no switch) tells the invitee once.
 */
export function publicationInvitationDrafts(event: MemberInvited): NotificationDraft[] {
  return recipients([event.inviteeUid], event.invitedByUid).map((uid) =>
    draft({
      uid,
      type: T.publicationInvitation,
      actorUid: event.invitedByUid,
      data: publicationData(event.publicationId, event.publicationName),
      dedupeKey: `publication-invited:${event.publicationId}`,
      at: atOf(event.atMs),
    }),
  );
}

/**
 * 300: the owner learns who subscribed. Once per subscriber, publication and tier: subscribing, unsubscribing and
 * subscribing again tells the owner once; a free subscriber who later pays is news once more.
 */
export function publicationSubscriptionDrafts(event: SubscriptionCreated): NotificationDraft[] {
  const tier = event.paid ? 'paid' : 'free';
  return recipients([event.ownerUid], event.uid).map((uid) =>
    draft({
      uid,
      type: T.publicationSubscription,
      actorUid: event.uid,
      data: { ...publicationData(event.publicationId, event.publicationName), tier },
      dedupeKey: `subscribed:${event.publicationId}:${event.uid}:${tier}`,
      at: atOf(event.atMs),
    }),
  );
}

/**
 * 301: the subscriber learns that a renewal could not be charged (and until when the access lasts). The provider
 * retries a charge several times: once per publication and paid period, however many attempts fail.
 */
export function paymentFailedDrafts(event: SubscriptionPaymentFailed): NotificationDraft[] {
  const data = publicationData(event.publicationId, event.publicationName);
  if (event.amountQepik > 0) data.amount = (event.amountQepik / 100).toFixed(2);
  if (event.periodEndMs > 0) data.periodEnd = new Date(event.periodEndMs).toISOString();
  return recipients([event.uid], '').map((uid) =>
    draft({
      uid,
      type: T.publicationPaymentFailed,
      data,
      dedupeKey: `payment-failed:${event.publicationId}:${event.periodEndMs}`,
      at: atOf(event.atMs),
    }),
  );
}

/** A publication's id and its name as the event gave it (data.publication: what the sentences name). */
function publicationData(publicationId: string, name: string): NotificationData {
  return name ? { publicationId, publication: name } : { publicationId };
}

/** An amount of money as a notification keeps it: integer qəpik (amountQepik) and the exact AZN text (amount). */
function moneyData(amountQepik: number): NotificationData {
  return Number.isSafeInteger(amountQepik) && amountQepik > 0
    ? { amountQepik: String(amountQepik), amount: exactManats(amountQepik) }
    : {};
}

/**
 * 200: the recipient of a support learns the amount (in AZN), and who sent it when they chose to be shown (the actor;
 * none otherwise), live and by e-mail. Once per support, however often the provider's webhook is replayed.
 */
export function supportReceivedDrafts(event: SupportReceived): NotificationDraft[] {
  const data: NotificationData = { supportId: event.supportId, ...moneyData(event.amountQepik) };
  return recipients([event.recipientUid], event.supporterUid).map((uid) =>
    draft({
      uid,
      type: T.supportReceived,
      actorUid: orNull(event.supporterUid),
      articleId: orNull(event.articleId),
      data,
      dedupeKey: `support-received:${event.supportId}`,
      at: atOf(event.atMs),
    }),
  );
}

/**
 * 201: the author of a payout learns each state it reaches (requested, with the expected date; processing; paid, with
 * the transfer's reference; failed, with staff's note, the money back in the balance), live and by e-mail. Once per
 * payout and state.
 */
export function payoutUpdatedDrafts(event: PayoutUpdated): NotificationDraft[] {
  const state = payoutStates.fromProto(event.state);
  if (!state) return [];
  const data: NotificationData = { payoutId: event.payoutId, state, ...moneyData(event.amountQepik) };
  if (event.cardLast4) data.cardLast4 = event.cardLast4;
  if (event.expectedDate) data.expectedDate = event.expectedDate;
  if (state === 'paid' && event.reference) data.reference = event.reference;
  if (state === 'failed' && event.failureNote) data.failureNote = event.failureNote;
  return recipients([event.uid], '').map((uid) =>
    draft({
      uid,
      type: T.payoutUpdated,
      data,
      dedupeKey: `payout:${event.payoutId}:${state}`,
      at: atOf(event.atMs),
    }),
  );
}
