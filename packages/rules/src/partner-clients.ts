// Partner clients (issue #18): what an admin may register for an organisation's OAuth2 client (the staff console's
// form, the gateway's route schemas and identity's registry check the same rules).
import { isPartnerScope, PARTNER_ORIGINS_MAX, PARTNER_SCOPES, type PartnerScope } from './partner.js';

/** The WHATWG URL parser (browsers and Node both have it; this package compiles without DOM or Node types). */
declare const URL: new (input: string) => { origin: string; protocol: string; hostname: string };

export const PARTNER_NAME_MIN = 2;
export const PARTNER_NAME_MAX = 80;
/** Upper bounds of the limits an admin may give a client (requests per minute, requests per UTC day). */
export const PARTNER_RATE_LIMIT_MAX = 60_000;
export const PARTNER_DAILY_QUOTA_MAX = 100_000_000;
/** An origin as CORS compares it: scheme://host[:port], nothing after. */
export const PARTNER_ORIGIN_MAX = 200;
/** The prefix of the Keycloak client ids identity makes for partners (the token's azp). */
export const PARTNER_CLIENT_ID_PREFIX = 'partner-';

export type PartnerClientField = 'name' | 'scopes' | 'origins' | 'rateLimitPerMinute' | 'dailyQuota';

/** The name as stored: trimmed, inner whitespace runs made one space. */
export function normalizePartnerName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Whether `origin` is a browser origin a partner may register: https://host[:port], or http on localhost or
 * 127.0.0.1 (a partner's own development page); no user, path, query or fragment, not even a trailing slash.
 */
export function isPartnerOrigin(origin: string): boolean {
  if (origin.length > PARTNER_ORIGIN_MAX) return false;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin.toLowerCase() || url.origin === 'null') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

/** Known scopes in vocabulary order, each once; undefined when one is unknown. */
export function partnerScopesFrom(values: readonly string[]): PartnerScope[] | undefined {
  if (!values.every(isPartnerScope)) return undefined;
  return PARTNER_SCOPES.filter((scope) => values.includes(scope));
}

export interface PartnerClientInput {
  /** Absent when it does not change (an update). */
  name?: string;
  scopes: readonly string[];
  origins: readonly string[];
  rateLimitPerMinute: number;
  dailyQuota: number;
}

/** The fields that break the rules, in form order (empty: valid). Scopes: at least one, all known. */
export function checkPartnerClient(input: PartnerClientInput): PartnerClientField[] {
  const broken: PartnerClientField[] = [];
  if (input.name !== undefined) {
    const length = [...normalizePartnerName(input.name)].length;
    if (length < PARTNER_NAME_MIN || length > PARTNER_NAME_MAX) broken.push('name');
  }
  if (input.scopes.length === 0 || !partnerScopesFrom(input.scopes)) broken.push('scopes');
  if (input.origins.length > PARTNER_ORIGINS_MAX || !input.origins.every(isPartnerOrigin)) broken.push('origins');
  const bounded = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  if (!bounded(input.rateLimitPerMinute, PARTNER_RATE_LIMIT_MAX)) broken.push('rateLimitPerMinute');
  if (!bounded(input.dailyQuota, PARTNER_DAILY_QUOTA_MAX)) broken.push('dailyQuota');
  return broken;
}
