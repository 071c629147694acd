// Publications (SPEC.md sections 2, 4, 8 and 9): the studio's forms and the publications service apply the same
// limits, lists and permission table.
import { codePointLength, collapseWhitespace, hasControlCharacters, plainText } from './text.js';

export const PUBLICATION_NAME_MAX = 64;
export const PUBLICATION_SLUG_MIN = 3;
export const PUBLICATION_SLUG_MAX = 64;
/**
 * A slug is the publication's subdomain: lowercase latin letters, digits and single hyphens between them, starting
 * with a letter (so never a trailing or doubled hyphen), PUBLICATION_SLUG_MIN..PUBLICATION_SLUG_MAX characters.
 * Written without lookarounds so PostgreSQL's check constraint reads the same pattern.
 */
export const PUBLICATION_SLUG_PATTERN = '^[a-z][a-z0-9]*(-[a-z0-9]+)*$';
/** Subdomains the platform keeps for itself (InvalidSlug). */
export const RESERVED_SLUGS: readonly string[] = [
  'www',
  'api',
  'admin',
  'administrator',
  'staff',
  'mail',
  'email',
  'studio',
  'static',
  'cdn',
  'media',
  'assets',
  'img',
  'images',
  'docs',
  'help',
  'support',
  'status',
  'blog',
  'app',
  'auth',
  'id',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'account',
  'accounts',
  'settings',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'dev',
  'test',
  'staging',
  'beta',
  'pencraft',
  'search',
  'editor',
  'reader',
  'console',
  'dashboard',
  'security',
  'billing',
  'payments',
  'pay',
  'webhooks',
  'oauth',
  'sso',
  'keycloak',
  'grafana',
  'metrics',
  'health',
];
export const PUBLICATION_DESCRIPTION_MAX = 1000;
/** The name and the slug can each be changed once in this many days. */
export const RENAME_INTERVAL_DAYS = 14;
/** People a publication counts: its owner, its members and its pending invitations (MaxMembersCountReached). */
export const PUBLICATION_MEMBERS_MAX = 50;
/** Plan prices in qəpik (100 qəpik = 1 AZN). */
export const PLAN_PRICE_MIN = 100;
export const PLAN_PRICE_MAX = 100_000;
export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
export const PLAN_DESCRIPTION_MAX = 500;
export const PUBLICATION_ROLES = ['owner', 'member'] as const;
export type PublicationRole = (typeof PUBLICATION_ROLES)[number];
export const PUBLICATION_IMAGE_KINDS = ['logo', 'cover'] as const;
export type PublicationImageKind = (typeof PUBLICATION_IMAGE_KINDS)[number];
/** A free subscription follows the publication; a paid one (through a plan) reads its paid articles in full. */
export const SUBSCRIPTION_TIERS = ['free', 'paid'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The periods the studio's analytics offers, in days (today included); the first is the default. */
export const STUDIO_ANALYTICS_DAYS = [30, 90, 365] as const;
export type StudioAnalyticsDays = (typeof STUDIO_ANALYTICS_DAYS)[number];
/** The most read articles the studio's analytics lists. */
export const STUDIO_TOP_ARTICLES = 10;

/**
 * Who may do what in a publication. Members write into it, see the studio and detach their own articles; the owner
 * alone changes settings, deletes it, manages members, invitations, plans and pins, and sees subscribers and income.
 * Anyone else is refused every studio action (ActorNotPublicationMember).
 */
export const PUBLICATION_PERMISSIONS = {
  write: ['owner', 'member'],
  viewStudio: ['owner', 'member'],
  detachOwnArticle: ['owner', 'member'],
  leave: ['member'],
  editSettings: ['owner'],
  delete: ['owner'],
  manageMembers: ['owner'],
  managePlans: ['owner'],
  viewSubscribers: ['owner'],
  viewIncome: ['owner'],
  pinArticles: ['owner'],
  detachAnyArticle: ['owner'],
  // Posting, changing and closing the publication's jobs (members see them in the studio: viewStudio).
  manageJobs: ['owner'],
} as const satisfies Record<string, readonly PublicationRole[]>;
export type PublicationAction = keyof typeof PUBLICATION_PERMISSIONS;
export const PUBLICATION_ACTIONS = Object.keys(PUBLICATION_PERMISSIONS) as PublicationAction[];

/** Whether a role (undefined: none) may take an action. */
export function mayInPublication(role: PublicationRole | undefined, action: PublicationAction): boolean {
  return role !== undefined && (PUBLICATION_PERMISSIONS[action] as readonly PublicationRole[]).includes(role);
}

export type PublicationNameProblem = 'nameRequired' | 'nameLength' | 'nameCharacters';
export type SlugProblem = 'slugLength' | 'slugPattern' | 'slugReserved';
export type PlanPriceProblem = 'empty' | 'free' | 'lessThan' | 'moreThan';
export type MemberInvitationProblem = 'alreadyInvited' | 'maxMembers';

/** A name as stored: markup and control characters removed, whitespace runs collapsed. */
export function normalizePublicationName(name: string): string {
  return collapseWhitespace(plainText(name));
}

export function publicationNameProblem(name: string): PublicationNameProblem | undefined {
  if (name.length === 0) return 'nameRequired';
  if (codePointLength(name) > PUBLICATION_NAME_MAX) return 'nameLength';
  if (hasControlCharacters(name)) return 'nameCharacters';
  return undefined;
}

/** Every way of writing the letter i: I, i, dotless ı, dotted İ, and i or ı followed by a combining dot above. */
const ANY_I = /[Iiİı]\u0307?/gu;

/**
 * Names are unique regardless of case: the key that uniqueness compares (stored as publications.name_key).
 * Azerbaijani pairs i with İ and ı with I, which toLowerCase (locale-independent: I to i, İ to i with a combining
 * dot) and toLocaleLowerCase('az') (I to ı) each get half right, so "Bakı", "BAKI", "Baki" and "BAKİ" would not all
 * meet. The key treats every i of the four as one letter, then lowercases the rest without a locale; NFC first, so
 * a composed and a decomposed letter (ə, ö, ü, ç, ş, ğ typed either way) give one key.
 */
export function publicationNameKey(name: string): string {
  return name.normalize('NFC').replace(ANY_I, 'i').toLowerCase().normalize('NFC');
}

/** Slugs are compared and stored lowercase. */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

const SLUG = new RegExp(PUBLICATION_SLUG_PATTERN);

export function slugProblem(slug: string): SlugProblem | undefined {
  if (slug.length < PUBLICATION_SLUG_MIN || slug.length > PUBLICATION_SLUG_MAX) return 'slugLength';
  if (!SLUG.test(slug)) return 'slugPattern';
  if (RESERVED_SLUGS.includes(slug)) return 'slugReserved';
  return undefined;
}

export function normalizePublicationDescription(description: string): string {
  return plainText(description);
}

export function publicationDescriptionProblem(description: string): 'descriptionLength' | undefined {
  return codePointLength(description) > PUBLICATION_DESCRIPTION_MAX ? 'descriptionLength' : undefined;
}

/** When a name or slug changed at `changedAt` may change again (undefined: never changed, so now). */
export function nextRenameAt(changedAt: Date | null | undefined): Date | undefined {
  if (!changedAt) return undefined;
  return new Date(changedAt.getTime() + RENAME_INTERVAL_DAYS * 24 * 60 * 60 * 1000);
}

export function mayRename(changedAt: Date | null | undefined, now: Date): boolean {
  const next = nextRenameAt(changedAt);
  return next === undefined || next.getTime() <= now.getTime();
}

/** A paid plan's price in qəpik: absent is empty, 0 would be a free plan (a free subscription is that). */
export function planPriceProblem(price: number | undefined): PlanPriceProblem | undefined {
  if (price === undefined || Number.isNaN(price)) return 'empty';
  if (price === 0) return 'free';
  if (!Number.isInteger(price) || price < PLAN_PRICE_MIN) return 'lessThan';
  if (price > PLAN_PRICE_MAX) return 'moreThan';
  return undefined;
}

export function planDescriptionProblem(description: string): 'descriptionLength' | undefined {
  return codePointLength(description) > PLAN_DESCRIPTION_MAX ? 'descriptionLength' : undefined;
}

/**
 * Whether the owner may invite this user: not one already counted (the owner themself, a member, a pending
 * invitee), and while fewer than PUBLICATION_MEMBERS_MAX people are counted.
 */
export function memberInvitationProblem(input: {
  inviteeUid: string;
  /** The owner and the members. */
  memberUids: readonly string[];
  invitedUids: readonly string[];
}): MemberInvitationProblem | undefined {
  if (input.memberUids.includes(input.inviteeUid) || input.invitedUids.includes(input.inviteeUid)) {
    return 'alreadyInvited';
  }
  if (input.memberUids.length + input.invitedUids.length >= PUBLICATION_MEMBERS_MAX) return 'maxMembers';
  return undefined;
}
