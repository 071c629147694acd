import { oneOf } from '@pencraft/kit/schema';
import {
  ACCOUNT_LOG_TYPES,
  BADGE_COUNTERS,
  BADGE_IDS,
  BAN_REASONS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  GENDERS,
  LANGS,
  LEADERBOARD_GAIN_PERIODS,
  LINK_PROVIDERS,
  RATING_KINDS,
  THEMES,
} from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import { PARTNER_CLIENT_STATUSES } from './partners/partner-client.table.js';
import { VERIFICATION_PURPOSES } from './verification/verification-code.table.js';
import * as schema from './schema.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'account_log.type': ACCOUNT_LOG_TYPES,
  'bans.reason': BAN_REASONS,
  'user_links.provider': LINK_PROVIDERS,
  'users.theme': THEMES,
  'users.lang': LANGS,
  'users.gender': GENDERS,
  'verification_codes.purpose': VERIFICATION_PURPOSES,
  'feedback.type': FEEDBACK_TYPES,
  'feedback.status': FEEDBACK_STATUSES,
  'feedback.lang': LANGS,
  // Standing (issue #17).
  'rating_log.kind': RATING_KINDS,
  'user_badges.badge': BADGE_IDS,
  'badge_counters.counter': BADGE_COUNTERS,
  'upvote_tallies.kind': ['article', 'comment'],
  'rating_periods.period': LEADERBOARD_GAIN_PERIODS,
  // Partner clients (issue #18).
  'partner_clients.status': PARTNER_CLIENT_STATUSES,
};

/** Free text (names, notes, addresses, keys, hashes): nothing to check against. */
const FREE = [
  'account_log.ip',
  'account_log.user_agent',
  'bans.moderator',
  'bans.note',
  'bans.lifted_by',
  'bans.request_id',
  'mfa_secrets.secret',
  'sessions.ip',
  'sessions.user_agent',
  'user_links.url',
  'users.email',
  'users.username',
  'users.fullname',
  'users.password_hash',
  'users.image_url',
  'users.headline',
  'users.bio',
  'users.country',
  'users.image_key',
  'users.banner_key',
  'users.banner_url',
  'users.phone',
  'verification_codes.target',
  'outbox.subject',
  'processed_events.consumer',
  'processed_events.event_id',
  'processed_events.subject',
  'feedback.email',
  'feedback.sender_key',
  'feedback.title',
  'feedback.description',
  'feedback.answer',
  'feedback.answered_by',
  'feedback.closed_by',
  // Standing: the event (or article, comment, ban) a rating change came from; the staff member who granted a badge.
  'rating_log.source_id',
  'user_badges.granted_by',
  // Personal access tokens (issue #18): the owner's name for it, the hash and display prefix of the secret (its
  // scopes, a text array of TOKEN_SCOPES, are checked by the service); the operation log's detail.
  'access_tokens.name',
  'access_tokens.hash',
  'access_tokens.prefix',
  'account_log.detail',
  // Partner clients (issue #18): Keycloak's client id and internal id, the organisation's name, the staff who acted
  // (scopes and origins, text arrays, are checked by the service with the rules).
  'partner_clients.client_id',
  'partner_clients.keycloak_id',
  'partner_clients.name',
  'partner_clients.created_by',
  'partner_clients.updated_by',
];

describe('identity tables: closed values', () => {
  const checks = textColumnChecks(schema);

  it.each(Object.entries(CLOSED))('%s holds only the values of its list', (name, values) => {
    const column = name.slice(name.indexOf('.') + 1);
    expect(checks.get(name)).toBe(sqlText(oneOf(column, values)));
  });

  it('classifies every text column as closed or free, so a new one is a decision', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(CLOSED), ...FREE].sort());
  });
});
