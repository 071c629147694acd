import type * as pb from '@pencraft/contracts/identity/v1/tokens';
import {
  TOKEN_EXPIRY_DAYS_MAX,
  TOKEN_EXPIRY_DAYS_MIN,
  TOKEN_NAME_MAX,
  TOKEN_NAME_MIN,
  TOKEN_PATTERN,
  TOKEN_SCOPES,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { JS_SPACE } from '../docs/patterns.js';
import { CONTROL_CHARS, text } from '../http/text.js';

// Personal access tokens over HTTP (issue #18), for the signed-in writer's settings. The gateway bounds the sizes;
// identity checks the name, scopes and expiry with the rules (TOKEN_*) and names each broken field.

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number) => (ms > 0 ? iso(ms) : null);

const TokenScope = z.enum(TOKEN_SCOPES);

// --- input ---------------------------------------------------------------------------------------------------------

export const CreateAccessTokenBody = z
  .object({
    // Optional here so that identity names a missing name or scope list field by field (NullOrEmpty, InvalidModel);
    // the document states what the API accepts: both, a name with a visible character and no angle brackets, counted
    // after its runs of white space are collapsed, and at least one scope.
    name: text({ max: 4 * TOKEN_NAME_MAX })
      .meta({
        minLength: TOKEN_NAME_MIN,
        maxLength: TOKEN_NAME_MAX,
        pattern: `^[^<>${CONTROL_CHARS}]*[^<>${CONTROL_CHARS}${JS_SPACE}][^<>${CONTROL_CHARS}]*$`,
        description:
          `What the token is for, required: ${TOKEN_NAME_MIN} to ${TOKEN_NAME_MAX} characters once runs of white ` +
          'space are collapsed and the ends trimmed, no < or > (NullOrEmpty when blank, InvalidName otherwise)',
      })
      // Not .default(''): the document would state a default its own minLength refuses.
      .optional()
      .transform((name) => name ?? ''),
    scopes: z
      .array(TokenScope)
      .max(TOKEN_SCOPES.length)
      .meta({
        minItems: 1,
        description:
          'At least one of read (public content), search (the search routes), act (drafts and publishing as you)',
      })
      .optional()
      .transform((scopes) => scopes ?? []),
    expiresInDays: z
      .number()
      .int()
      .min(TOKEN_EXPIRY_DAYS_MIN)
      .max(TOKEN_EXPIRY_DAYS_MAX)
      .meta({ description: `Days until the token expires, ${TOKEN_EXPIRY_DAYS_MIN} to ${TOKEN_EXPIRY_DAYS_MAX}` }),
  })
  .meta({ id: 'CreateAccessTokenBody', required: ['name', 'scopes', 'expiresInDays'] });

export const AccessTokenIdParams = z.object({
  id: z.string().regex(UUID_PATTERN).meta({ description: "The token's id" }),
});

// --- output --------------------------------------------------------------------------------------------------------

export const AccessTokenJson = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(TokenScope),
    prefix: z.string().meta({ description: 'The first characters of the token (pcp_ and 4 more), to tell them apart' }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().meta({ description: 'null if never used (updated at most once a minute)' }),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AccessToken' });

export const AccessTokenList = z
  .object({
    items: z.array(AccessTokenJson).meta({ description: 'Newest first, revoked and expired ones too' }),
    max: z.number().int().meta({ description: 'Live (unrevoked, unexpired) tokens a user may hold at once' }),
  })
  .meta({ id: 'AccessTokenList' });

export const CreatedAccessToken = z
  .object({
    token: AccessTokenJson,
    secret: z
      .string()
      .regex(new RegExp(TOKEN_PATTERN))
      .meta({ description: 'The token itself: shown this once, only its hash is kept' }),
  })
  .meta({ id: 'CreatedAccessToken' });

export function toAccessTokenJson(token: pb.AccessToken): z.output<typeof AccessTokenJson> {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes.filter((scope): scope is (typeof TOKEN_SCOPES)[number] =>
      (TOKEN_SCOPES as readonly string[]).includes(scope),
    ),
    prefix: token.prefix,
    createdAt: iso(token.createdAtMs),
    expiresAt: iso(token.expiresAtMs),
    lastUsedAt: isoOrNull(token.lastUsedAtMs),
    revokedAt: isoOrNull(token.revokedAtMs),
  };
}
