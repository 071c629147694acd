// The partner surface (/api/v1, issue #18): the scopes a partner's credential may hold, the rules of personal access
// tokens and the webhook event types. Shared by the gateway (which checks scopes per route), identity (which issues
// clients and tokens), notifications (which sends webhooks) and the settings and staff remotes (their forms).

/**
 * read: public content (articles, authors, publications, categories, comments); search: the search routes;
 * act: act for the user who granted it (drafts and publishing as that writer: a personal access token, or a client
 * presenting one); webhooks: manage the client's own webhook endpoints and deliveries (clients only).
 */
export const PARTNER_SCOPES = ['read', 'search', 'act', 'webhooks'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];
/** What a writer's personal access token may hold (webhooks belong to partner clients). */
export const TOKEN_SCOPES = ['read', 'search', 'act'] as const satisfies readonly PartnerScope[];
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export function isPartnerScope(value: string): value is PartnerScope {
  return (PARTNER_SCOPES as readonly string[]).includes(value);
}

/** Keeps the known scopes of a space-separated OAuth2 `scope` claim, in vocabulary order, each once. */
export function partnerScopesOf(claim: string | undefined): PartnerScope[] {
  const granted = new Set((claim ?? '').split(' '));
  return PARTNER_SCOPES.filter((scope) => granted.has(scope));
}

/** Personal access tokens: `pcp_` then 43 base64url characters (32 random bytes); only a SHA-256 of it is stored. */
export const TOKEN_PREFIX = 'pcp_';
export const TOKEN_PATTERN = '^pcp_[A-Za-z0-9_-]{43}$';
export const TOKEN_NAME_MIN = 1;
export const TOKEN_NAME_MAX = 60;
/** Expiry in days, chosen when the token is made: at least a day, at most a year; a token never lives forever. */
export const TOKEN_EXPIRY_DAYS_MIN = 1;
export const TOKEN_EXPIRY_DAYS_MAX = 365;
/** Live (unrevoked, unexpired) tokens a user may hold at once. */
export const TOKENS_PER_USER_MAX = 20;

/** The events a partner may subscribe a webhook endpoint to (the `type` of a delivery). */
export const WEBHOOK_EVENT_TYPES = [
  'article.published',
  'article.updated',
  'article.removed',
  'comment.published',
  'subscription.started',
  'subscription.ended',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/**
 * Where a webhook delivery stands: pending (not tried yet, or a redelivery asked) → succeeded (a 2xx) | failed (retried
 * later) → dead (the last try failed: the dead-letter list).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** Why a published article left (articles.article.removed, the webhooks' article.removed). */
export const ARTICLE_REMOVAL_REASONS = ['accountDeleted'] as const;
export type ArticleRemovalReason = (typeof ARTICLE_REMOVAL_REASONS)[number];
/** Endpoints a partner client may hold. */
export const WEBHOOK_ENDPOINTS_PER_CLIENT_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;

/** Partner client limits chosen by the admin: requests per minute and per day (UTC). */
export const PARTNER_RATE_LIMIT_DEFAULT = 600;
export const PARTNER_DAILY_QUOTA_DEFAULT = 100_000;
/** Origins a client may register for CORS: https (or http on localhost in development), no path. */
export const PARTNER_ORIGINS_MAX = 10;
