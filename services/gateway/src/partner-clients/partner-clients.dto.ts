import { PartnerClientStatus, type PartnerClient } from '@pencraft/contracts/identity/v1/partners';
import {
  PARTNER_DAILY_QUOTA_DEFAULT,
  PARTNER_DAILY_QUOTA_MAX,
  PARTNER_NAME_MAX,
  PARTNER_NAME_MIN,
  PARTNER_ORIGIN_MAX,
  PARTNER_ORIGINS_MAX,
  PARTNER_RATE_LIMIT_DEFAULT,
  PARTNER_RATE_LIMIT_MAX,
  PARTNER_SCOPES,
  UUID_PATTERN,
  type PartnerScope,
} from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';

// Partner clients over HTTP (issue #18, the staff console's page; Keycloak role admin). The gateway bounds the shapes;
// identity checks every field with the rules the console's form uses (checkPartnerClient of @pencraft/rules) and
// names each broken one in details (InvalidModel).

const isoOrNull = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

const Scopes = z
  .array(z.enum(PARTNER_SCOPES))
  .max(PARTNER_SCOPES.length * 2)
  .meta({
    description:
      'At least one of read (public content), search, act (for a user who granted it: the writer token in ' +
      'Pencraft-Acting-Token) and webhooks (its own webhook endpoints)',
  });
const Origins = z
  .array(text({ max: PARTNER_ORIGIN_MAX }))
  .max(PARTNER_ORIGINS_MAX)
  .meta({
    description:
      `Browser origins allowed by CORS, at most ${PARTNER_ORIGINS_MAX}: https://host[:port] (http only on ` +
      'localhost or 127.0.0.1), no path, not even a trailing slash',
  });
const RateLimit = z
  .number()
  .int()
  .min(1)
  .max(PARTNER_RATE_LIMIT_MAX)
  .meta({ description: `Requests per minute, 1 to ${PARTNER_RATE_LIMIT_MAX}` });
const DailyQuota = z
  .number()
  .int()
  .min(1)
  .max(PARTNER_DAILY_QUOTA_MAX)
  .meta({ description: `Requests per UTC day, 1 to ${PARTNER_DAILY_QUOTA_MAX}` });

export const PartnerClientIdParams = z.object({
  id: z.string().regex(UUID_PATTERN).meta({ description: "The partner client's registry id" }),
});

export const CreatePartnerClientBody = z
  .object({
    name: text({ max: PARTNER_NAME_MAX * 2 }).meta({
      description: `The organisation's name, ${PARTNER_NAME_MIN} to ${PARTNER_NAME_MAX} characters, unique (NameExists)`,
    }),
    scopes: Scopes,
    origins: Origins.optional().default([]),
    rateLimitPerMinute: RateLimit.optional().default(PARTNER_RATE_LIMIT_DEFAULT),
    dailyQuota: DailyQuota.optional().default(PARTNER_DAILY_QUOTA_DEFAULT),
  })
  .meta({ id: 'CreatePartnerClientBody' });

export const UpdatePartnerClientBody = z
  .object({
    scopes: Scopes.optional(),
    origins: Origins.optional(),
    rateLimitPerMinute: RateLimit.optional(),
    dailyQuota: DailyQuota.optional(),
  })
  .meta({ id: 'UpdatePartnerClientBody', description: 'The fields to change; an absent one keeps its value' });

export const PartnerClientJson = z
  .object({
    id: z.string(),
    clientId: z.string().meta({ description: "The OAuth2 client id (client credentials; the tokens' azp)" }),
    name: z.string(),
    scopes: z.array(z.enum(PARTNER_SCOPES)),
    origins: z.array(z.string()),
    rateLimitPerMinute: z.number().int(),
    dailyQuota: z.number().int(),
    status: z.enum(['active', 'revoked']),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
    secretRotatedAt: z.string().nullable(),
  })
  .meta({ id: 'PartnerClient' });

export const PartnerClientList = z.object({ items: z.array(PartnerClientJson) }).meta({ id: 'PartnerClientList' });

export const PartnerClientSecretJson = z
  .object({
    client: PartnerClientJson,
    secret: z.string().meta({ description: 'The client secret: shown this once, never again' }),
  })
  .meta({ id: 'PartnerClientSecret' });

export function toPartnerClientJson(client: PartnerClient): z.output<typeof PartnerClientJson> {
  return {
    id: client.id,
    clientId: client.clientId,
    name: client.name,
    scopes: client.scopes.filter((s): s is PartnerScope => (PARTNER_SCOPES as readonly string[]).includes(s)),
    origins: client.origins,
    rateLimitPerMinute: client.rateLimitPerMinute,
    dailyQuota: client.dailyQuota,
    status: client.status === PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED ? 'revoked' : 'active',
    createdAt: new Date(client.createdAtMs).toISOString(),
    revokedAt: isoOrNull(client.revokedAtMs),
    secretRotatedAt: isoOrNull(client.secretRotatedAtMs),
  };
}
