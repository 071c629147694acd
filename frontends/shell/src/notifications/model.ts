// What a notification says and where it leads: pure functions of the Notification JSON the gateway sends (the list,
// the header's newest few and the live stream carry the same shape), so the bell, the page and the toast agree.

/** Who caused it (the voter, the commenter, the follower, the inviter); absent for the platform's own (welcome, review). */
export interface NotificationActor {
  uid?: string;
  username?: string;
  fullname?: string;
  imageUrl?: string | null;
}

/** What it is about. */
export interface NotificationSubject {
  articleId?: string | null;
  commentId?: string | null;
  title?: string | null;
  excerpt?: string | null;
}

/** One notification as the gateway answers it (GET /api/notifications, /my, and the SSE stream's data). */
export interface Notification {
  id: string;
  type: number;
  actor?: NotificationActor | null;
  subject?: NotificationSubject | null;
  /** Per type: decision and note of a review, the language of a translation, an amount... */
  data?: Record<string, unknown> | null;
  read: boolean;
  readAt?: string | null;
  createdAt: string;
}

/**
 * The types of SPEC.md section 3 this frontend can put in words, and 301 (a subscription's payment failed, next to
 * 300); any other number reads as a generic sentence.
 */
export const SENTENCE_TYPES = [0, 1, 2, 3, 4, 50, 51, 52, 100, 104, 105, 200, 201, 300, 301, 400, 500] as const;
export type KnownType = (typeof SENTENCE_TYPES)[number];

/** The types whose sentence names the article, and has a variant without it. */
const UNTITLED_TYPES: readonly number[] = [0, 1, 3, 50, 51, 500];

/**
 * The types whose sentence names a publication (`data.publication`, its name when the event gave it), with a variant
 * without it: 300 a new subscriber of mine (`data.tier` paid has its own sentence), 301 my subscription's payment
 * failed, 400 an invitation to join one.
 */
const PUBLICATION_TYPES: readonly number[] = [300, 301, 400];

/** A payout's states as a 201 names them (`data.state`), each with its own sentence. */
export const PAYOUT_STATES = ['requested', 'processing', 'paid', 'failed'] as const;

export const DECISIONS = ['approved', 'rejected', 'revisionRequested'] as const;
export type Decision = (typeof DECISIONS)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function id(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

/** A notification from an untrusted JSON value (an SSE message, a list item), or undefined when it is not one. */
export function parseNotification(value: unknown): Notification | undefined {
  if (!isRecord(value)) return undefined;
  const nid = id(value.id);
  const type = typeof value.type === 'number' ? value.type : Number(value.type);
  if (!nid || !Number.isInteger(type)) return undefined;
  const actor = isRecord(value.actor) ? value.actor : undefined;
  const subject = isRecord(value.subject) ? value.subject : undefined;
  return {
    id: nid,
    type,
    actor: actor
      ? {
          ...(id(actor.uid) ? { uid: id(actor.uid) } : {}),
          ...(text(actor.username) ? { username: text(actor.username) } : {}),
          ...(text(actor.fullname) ? { fullname: text(actor.fullname) } : {}),
          ...(text(actor.imageUrl) ? { imageUrl: text(actor.imageUrl) } : {}),
        }
      : null,
    subject: subject
      ? {
          articleId: id(subject.articleId) ?? null,
          commentId: id(subject.commentId) ?? null,
          title: text(subject.title) ?? null,
          excerpt: text(subject.excerpt) ?? null,
        }
      : null,
    data: isRecord(value.data) ? value.data : null,
    read: value.read === true || Boolean(text(value.readAt)),
    readAt: text(value.readAt) ?? null,
    createdAt: text(value.createdAt) ?? new Date(0).toISOString(),
  };
}

/** Newer first: ids are the stream's increasing event ids (bigserial), compared as numbers when they are. */
export function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isSafeInteger(x) && Number.isSafeInteger(y)) return x - y;
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export function newestId(items: readonly Notification[], current?: string): string | undefined {
  let newest = current;
  for (const item of items) if (newest === undefined || compareIds(item.id, newest) > 0) newest = item.id;
  return newest;
}

/** `items` with `arrived` put in by id (a redelivered one replaces its copy), newest first, at most `limit`. */
export function mergeNewest(items: readonly Notification[], arrived: readonly Notification[], limit: number) {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const item of arrived) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => compareIds(b.id, a.id)).slice(0, limit);
}

/** The review decision a type 2, 4 or 52 carries (`data.decision`), normalised; undefined for other types. */
export function decisionOf(notification: Notification): Decision | undefined {
  if (![2, 4, 52].includes(notification.type)) return undefined;
  const raw = text(notification.data?.decision)
    ?.toLowerCase()
    .replace(/[^a-z]/g, '');
  if (!raw) return undefined;
  if (raw.startsWith('approve') || raw === 'published') return 'approved';
  if (raw.startsWith('reject')) return 'rejected';
  if (raw.startsWith('revision') || raw.startsWith('requestrevision')) return 'revisionRequested';
  return undefined;
}

/** The moderator's note of a rejection or a revision request, if any. */
export function noteOf(notification: Notification): string | undefined {
  const decision = decisionOf(notification);
  if (decision !== 'rejected' && decision !== 'revisionRequested') return undefined;
  return text(notification.data?.note);
}

/**
 * The i18n key of the sentence (namespace `notifications`, under `types.`) and its values. The sentence names the
 * actor and the article; the note and the comment's excerpt are shown beside it, as text.
 */
export function sentenceOf(notification: Notification): { key: string; values: Record<string, string> } {
  const actor = notification.actor?.fullname ?? (notification.actor?.username ? `@${notification.actor.username}` : '');
  const title = notification.subject?.title ?? '';
  const values: Record<string, string> = { actor, title };
  const data = notification.data ?? {};
  const extra = (name: string) => {
    const value = data[name];
    if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
  };
  extra('language');
  extra('amount');
  extra('badge');
  extra('status');
  extra('publication');
  const type = notification.type as KnownType;
  if (!(SENTENCE_TYPES as readonly number[]).includes(type)) return { key: 'types.other', values };
  if (type === 200 || type === 201) {
    // The money as integer qəpik digits (the page formats it with ₼ in its language), the card and the day.
    const qepik = text(data.amountQepik) ?? (typeof data.amountQepik === 'number' ? String(data.amountQepik) : '');
    if (/^\d+$/.test(qepik)) values.amountQepik = qepik;
    extra('cardLast4');
    extra('expectedDate');
    const money = values.amountQepik ?? values.amount;
    if (type === 200) return { key: money ? `types.200${actor ? '' : '_anonymous'}` : 'types.200_plain', values };
    const state = (PAYOUT_STATES as readonly unknown[]).includes(data.state) ? (data.state as string) : 'other';
    return { key: money ? `types.201.${state}` : 'types.201.other', values };
  }
  // A badge is named in the sentence (its name in the page's language: parts.tsx; an unknown one says types.105).
  if (type === 105)
    return { key: values.badge && /^[a-z-]{1,40}$/.test(values.badge) ? 'types.105_named' : 'types.105', values };
  const decision = decisionOf(notification);
  if ([2, 4, 52].includes(type)) return { key: `types.${type}.${decision ?? 'other'}`, values };
  if (PUBLICATION_TYPES.includes(type)) {
    const paid = type === 300 && data.tier === 'paid' ? '_paid' : '';
    return { key: `types.${type}${paid}${values.publication ? '' : '_unnamed'}`, values };
  }
  // Some sources do not carry the article's title (a vote names only the article's id): the sentence goes without it.
  if (!title && UNTITLED_TYPES.includes(type)) return { key: `types.${type}_untitled`, values };
  return { key: `types.${type}`, values };
}

/** Where the notification leads (a path of the site), or undefined when it leads nowhere in particular. */
export function linkOf(notification: Notification): string | undefined {
  const articleId = notification.subject?.articleId;
  const commentId = notification.subject?.commentId;
  const article = articleId ? `/a/${encodeURIComponent(articleId)}` : undefined;
  const decision = decisionOf(notification);
  switch (notification.type) {
    case 0:
    case 3:
      return article;
    case 1:
    case 50:
    case 51:
      return article && commentId ? `${article}#comment-${encodeURIComponent(commentId)}` : article;
    case 52:
      return decision === 'approved' && article && commentId
        ? `${article}#comment-${encodeURIComponent(commentId)}`
        : article;
    case 2:
    case 4:
      // The author's review-status screen shows the timeline, the note and what to do next; a published one is read.
      return decision === 'approved' && article ? article : '/me/review';
    case 104:
      return notification.actor?.username ? `/@${encodeURIComponent(notification.actor.username)}` : undefined;
    case 500:
      return '/me/invitations';
    case 300:
      // The studio's list of subscribers (the owner's, who alone gets a 300).
      return '/studio/subscribers';
    case 301:
    case 400:
      // The settings page of publications: invitations accepted or declined there, one's subscriptions listed.
      return '/settings/publication';
    case 100:
      return '/write';
    case 200:
      // The supports received (the settings' support screens).
      return '/settings/support-supporters';
    case 201:
      return '/settings/support-payouts';
    default:
      return undefined;
  }
}
