import { check, integer, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { oneOf } from '@pencraft/kit/schema';
import type { PartnerScope } from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';

export const PARTNER_CLIENT_STATUSES = ['active', 'revoked'] as const;
export type PartnerClientStatusName = (typeof PARTNER_CLIENT_STATUSES)[number];

/**
 * The registry of partner clients (issue #18): one row per organisation's OAuth2 client-credentials client in
 * Keycloak. Keycloak holds the credential (client id and secret); this row holds what the gateway enforces (scopes,
 * CORS origins, limits, status) and who changed it. `keycloakId` is Keycloak's internal id of the client (the admin
 * API addresses clients by it); null for a client registered from the realm file (PARTNER_SEED_CLIENTS), looked up
 * by its client id when first needed.
 */
export const partnerClients = identitySchema.table(
  'partner_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    keycloakId: text('keycloak_id'),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<PartnerScope[]>().notNull(),
    origins: text('origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    dailyQuota: integer('daily_quota').notNull(),
    status: text('status').$type<PartnerClientStatusName>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member (Keycloak username) who registered it, or `seed`. */
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who changed it last (an update, a rotation or the revocation). */
    updatedBy: text('updated_by').notNull(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_clients_client_id_key').on(t.clientId),
    // Names are unique whatever their case ("Baku News" and "baku news" are one organisation).
    uniqueIndex('partner_clients_name_key').on(sql`lower(${t.name})`),
    index('partner_clients_created_idx').on(t.createdAt),
    check('partner_clients_status_known', oneOf('status', PARTNER_CLIENT_STATUSES)),
    check('partner_clients_limits_positive', sql`${t.rateLimitPerMinute} > 0 and ${t.dailyQuota} > 0`),
  ],
);

export type PartnerClientRow = typeof partnerClients.$inferSelect;
export type NewPartnerClient = typeof partnerClients.$inferInsert;
