import {
  OpenAPIRegistry,
  OpenApiGeneratorV3,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { CATALOGUE, httpStatusFor, type ErrorCode } from '@pencraft/errors';
import { PARTNER_DAILY_QUOTA_DEFAULT, PARTNER_RATE_LIMIT_DEFAULT, TOKEN_PATTERN, TOKEN_SCOPES } from '@pencraft/rules';
import { z } from 'zod';
import { type RouteSpec, UNSAFE_METHODS } from '../http/route.js';
import { isPartnerPath, PARTNER_PREFIX } from '../partner/partner.config.js';

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      requestId: z.string().optional(),
      details: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })).optional(),
      params: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .optional()
        .meta({
          description:
            'Values the message refers to: UserBanned has `reason` (a ban reason code) and `until` (ISO time; absent ' +
            'when permanent); Flood and TooManyRequests may have `retryAfter` (seconds, as the Retry-After header).',
        }),
    }),
  })
  .meta({ id: 'Error', description: 'Every error: a code of the catalogue and its message in the request language.' });

const DESCRIPTION = [
  'The public HTTP API of Pencraft. Generated from the gateway route declarations (services/gateway); do not edit.',
  '',
  'Errors carry a catalogue code and a message in the language of Accept-Language (az, en, ru); a 400 names each',
  'bad field in `details`. Unsafe methods need the X-CSRF-Token header echoing the pc_csrf cookie (GET /api/csrf)',
  'and, from a browser, an Origin of the site. Every request counts against its address (IPv6 by /64); sign-in',
  'and sign-up have a stricter budget, and sign-in also slows down per account after repeated failures',
  '(TooManyRequests with Retry-After). A method a path does not declare answers 405 with an Allow header; an',
  'unknown path answers 404. Text is well-formed Unicode without control characters (tab and line breaks aside);',
  'lengths count code points. JSON bodies nest at most 64 levels and weigh at most 1 MiB. Sign-up (and sign-in',
  'after 3 failures of one account) needs a captcha: the answer to GET /api/captcha/challenge in X-Captcha.',
].join('\n');

/** A response header as the document states it. */
interface DocumentedHeader {
  description: string;
  schema: { type: 'string' | 'integer'; minimum?: number; example?: string };
}

/** Routes no cookie opens (a bearer credential or a signed body): no CSRF token. */
const BEARER_ONLY: ReadonlySet<RouteSpec['auth']> = new Set(['staff', 'signature', 'partner']);

/** Every catalogue code a route may answer, beyond its own: limits, CSRF, validation, failures behind it. */
export function errorCodesOf(spec: RouteSpec): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const validated = spec.params || spec.query || spec.body;
  if (validated) codes.push('InvalidModel', 'NullOrEmpty', ...Object.values(spec.fieldCodes ?? {}));
  if (spec.auth === 'required') codes.push('Unauthorized', ...(spec.whileBanned ? [] : ['UserBanned' as const]));
  if (spec.auth === 'confirmed') codes.push('Unauthorized', 'UserBanned', 'AccountNotConfirmed');
  if (spec.auth === 'staff' || spec.auth === 'partner') codes.push('Unauthorized', 'TokenRejected', 'Forbidden');
  const csrf = UNSAFE_METHODS.has(spec.method) && !BEARER_ONLY.has(spec.auth);
  if (csrf || spec.captcha) codes.push('ChallengeFailed');
  if (spec.captcha) codes.push('CaptchaRequired');
  codes.push(...(spec.errors ?? []), 'TooManyRequests', 'InternalServerError', 'NetworkError');
  return [...new Set(codes)];
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function errorResponses(codes: ErrorCode[], extraHeaders: Record<string, DocumentedHeader> = {}) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(httpStatusFor(code), [...(byStatus.get(httpStatusFor(code)) ?? []), code]);
  const responses: RouteConfig['responses'] = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: list.map((code) => `${code}: ${CATALOGUE[code].en}`).join('; '),
      content: { 'application/json': { schema: ErrorSchema } },
      ...(status === 429 || status === 503
        ? {
            headers: {
              'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } },
              ...(status === 429 ? extraHeaders : {}),
            },
          }
        : {}),
    };
  }
  return responses;
}

function security(spec: RouteSpec) {
  // Bearer schemes take no scopes (OpenAPI 3.0): the role needed is in the operation's description.
  if (spec.auth === 'staff') return [{ staffBearer: [] }];
  // A webhook: no session, no CSRF; its body's signature (a header the route documents) is checked behind it.
  if (spec.auth === 'signature') return undefined;
  const csrf = UNSAFE_METHODS.has(spec.method) ? { csrfHeader: [], csrfCookie: [] } : undefined;
  if (spec.auth === 'required' || spec.auth === 'confirmed') return [{ session: [], ...csrf }];
  if (spec.auth === 'optional') return [{ session: [], ...csrf }, { ...csrf }];
  return csrf ? [csrf] : undefined;
}

/** The widget's answer (GET /api/captcha/challenge): required on every request, or once sign-in has failed. */
function captchaHeader(rule: NonNullable<RouteSpec['captcha']>) {
  const value = z.string().min(1);
  return z.object({
    'X-Captcha':
      rule === 'always'
        ? value.meta({
            description: "The captcha widget's answer (CaptchaRequired without it, ChallengeFailed when wrong or used)",
          })
        : value.optional().meta({
            description:
              "The captcha widget's answer, required once the account has failed to sign in 3 times in the last hour " +
              '(CaptchaRequired without it, ChallengeFailed when wrong or used)',
          }),
  });
}

/**
 * Who may call an operation, as the route declares it (x-pencraft-auth): the auth kind (none when the route declares
 * none), whether a banned user still may, the staff role and the partner scopes. The attacker's matrix
 * (tests/security) derives each operation's expectations from it.
 */
export function authExtension(spec: RouteSpec) {
  return {
    kind: spec.auth ?? 'none',
    ...(spec.whileBanned ? { whileBanned: true } : {}),
    ...(spec.auth === 'staff' ? { staffRole: spec.staffRole ?? 'moderator' } : {}),
    ...(spec.auth === 'partner' ? { scopes: [...(spec.scopes ?? [])] } : {}),
    ...(spec.captcha ? { captcha: spec.captcha } : {}),
  };
}

function routeConfig(spec: RouteSpec): RouteConfig {
  const status = spec.status ?? 200;
  const types = spec.responseType === undefined ? ['application/json'] : [spec.responseType].flat();
  const success =
    status === 302
      ? {
          description: 'Found: redirects to the page that shows the outcome',
          headers: { Location: { schema: { type: 'string' as const } } },
        }
      : spec.response && status !== 204
        ? {
            description: spec.attachment ? `OK: the file ${spec.attachment}` : 'OK',
            ...(spec.attachment
              ? {
                  headers: {
                    'Content-Disposition': {
                      description: 'A file to save, and its name',
                      schema: { type: 'string' as const, example: `attachment; filename="${spec.attachment}"` },
                    },
                  },
                }
              : {}),
            content: Object.fromEntries(types.map((type) => [type, { schema: spec.response! }])),
          }
        : { description: 'OK, no content' };
  const sec = security(spec);
  return {
    method: spec.method.toLowerCase() as RouteConfig['method'],
    path: openApiPath(spec.path),
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.auth === 'staff'
      ? {
          description:
            `Staff only: \`Authorization: Bearer <Keycloak access token>\` of the realm, audience pencraft-api, with ` +
            `the realm role ${spec.staffRole ?? 'moderator'}${spec.staffRole === 'admin' ? '' : ' (or admin)'}. No CSRF token.`,
        }
      : {}),
    ...(sec ? { security: sec } : {}),
    'x-pencraft-auth': authExtension(spec),
    request: {
      ...(spec.captcha ? { headers: captchaHeader(spec.captcha) } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      // A missing body reads as {} (validation.ts), so a body whose fields are all optional may be left out.
      ...(spec.body
        ? {
            body: {
              required: !spec.body.safeParse({}).success,
              content: { 'application/json': { schema: spec.body } },
            },
          }
        : {}),
      ...(spec.binaryBody
        ? {
            body: {
              required: true,
              description: spec.binaryBody.description,
              content: Object.fromEntries(
                spec.binaryBody.types.map((type) => [
                  type,
                  { schema: { type: 'string' as const, format: 'binary', maxLength: spec.binaryBody!.maxBytes } },
                ]),
              ),
            },
          }
        : {}),
    },
    responses: { [status]: success, ...errorResponses(errorCodesOf(spec)) },
  };
}

/** The OpenAPI 3.0 document of the public API, from the route declarations (ordered by path and method). */
export function buildOpenApi(routes: readonly RouteSpec[]) {
  // The partner surface has a document of its own (buildPartnerOpenApi), versioned and checked for breaking changes.
  routes = routes.filter((spec) => !isPartnerPath(spec.path));
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'pc_su' });
  registry.registerComponent('securitySchemes', 'staffBearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "Staff routes: a Keycloak access token of the realm (audience pencraft-api) whose realm roles hold the route's " +
      'role (moderator; admin passes too). GET /api/staff/config names the Keycloak server, realm and console client.',
  });
  registry.registerComponent('securitySchemes', 'csrfCookie', { type: 'apiKey', in: 'cookie', name: 'pc_csrf' });
  registry.registerComponent('securitySchemes', 'csrfHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The value of the pc_csrf cookie (signed double-submit token)',
  });
  registry.registerComponent('responses', 'MethodNotAllowed', {
    description: 'A method the path does not declare (the Allow header lists those it does)',
    headers: { Allow: { schema: { type: 'string' } } },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const spec of sorted) registry.registerPath(routeConfig(spec));
  const generator = new OpenApiGeneratorV3(registry.definitions);
  return nullableReferences(
    generator.generateDocument({
      openapi: '3.0.3',
      info: { title: 'Pencraft API', version: '1', description: DESCRIPTION },
      tags: [...new Set(sorted.map((r) => r.tag))].sort().map((name) => ({ name })),
    }),
  );
}

/** Where partners get a client-credentials token: the realm's token endpoint on Keycloak's public address. */
export function partnerTokenUrl(keycloakPublicUrl: string, realm: string): string {
  return `${keycloakPublicUrl}/realms/${realm}/protocol/openid-connect/token`;
}

/** The token endpoint of production (the chart's values-production: Keycloak at https://auth.pencraft.az). */
export const COMMITTED_TOKEN_URL = partnerTokenUrl('https://auth.pencraft.az', 'pencraft');

const SCOPE_TEXT = {
  read: 'Read public content: articles, authors, publications, categories, comments',
  search: 'Search articles',
  act: "Act for the writer who granted it (a personal access token, or a client sending the writer's token)",
  webhooks: "Manage the client's webhook endpoints and deliveries (clients only)",
} as const;

const PARTNER_DESCRIPTION = [
  'The partner surface of Pencraft, version 1 (`/api/v1`). Generated from the gateway route declarations; do not edit.',
  '',
  '**Authentication.** Every operation takes `Authorization: Bearer <credential>`, one of:',
  "- a partner client's access token (OAuth2 client credentials at the realm's token endpoint; the client, its scopes,",
  "  CORS origins and limits are registered by Pencraft's staff);",
  "- a writer's personal access token (`pcp_...`, made in the account settings; scopes read, search, act).",
  "A client holding `act` acts for a writer by also sending that writer's token in `Pencraft-Acting-Token`: the",
  'request then holds the scopes both hold. No cookies and no CSRF token. 401 Unauthorized without a credential,',
  '401 TokenRejected for one that is not valid (expired, revoked, unknown; `WWW-Authenticate: Bearer',
  'error="invalid_token"`), 403 Forbidden without a scope the operation needs (`error="insufficient_scope"`).',
  '',
  '**Limits.** Per client (a personal access token: per writer) per minute and per UTC day (defaults',
  `${PARTNER_RATE_LIMIT_DEFAULT} and ${PARTNER_DAILY_QUOTA_DEFAULT}), announced on every answer in the IETF`,
  'RateLimit fields (`RateLimit-Policy: "minute";q=600;w=60, "day";q=100000;w=86400` and',
  '`RateLimit: "minute";r=<left>;t=<seconds to reset>, "day";r=...;t=...`); beyond either, 429 TooManyRequests with',
  'Retry-After.',
  '',
  '**CORS.** Browsers may call from the origins registered for the client (preflights allow Authorization,',
  'Content-Type and Pencraft-Acting-Token; never credentials); a request from any other origin is refused 403.',
  '',
  '**Versioning.** Within v1 nothing is removed or changed incompatibly (a check refuses such changes); additions may',
  'come at any time. An operation to be retired is marked deprecated and its answers carry `Deprecation` and',
  '`Sunset` (and `Link: <...>; rel="successor-version"` when it has one) at least six months before it stops.',
].join('\n');

/** The limits' headers, on every answer of the partner surface. */
const RATE_LIMIT_HEADERS: Record<string, DocumentedHeader> = {
  'RateLimit-Policy': {
    description:
      'The limits of the credential: requests per minute and per UTC day (draft-ietf-httpapi-ratelimit-headers)',
    schema: { type: 'string', example: '"minute";q=600;w=60, "day";q=100000;w=86400' },
  },
  RateLimit: {
    description: 'What is left of each limit (r) and the seconds until it resets (t)',
    schema: { type: 'string', example: '"minute";r=599;t=42, "day";r=99876;t=30112' },
  },
};

const DEPRECATION_HEADERS: Record<string, DocumentedHeader> = {
  Deprecation: {
    description: 'When the operation was deprecated (RFC 9745: @<Unix time>)',
    schema: { type: 'string' },
  },
  Sunset: { description: 'When it stops answering (RFC 8594, an HTTP date)', schema: { type: 'string' } },
};

function partnerRouteConfig(spec: RouteSpec): RouteConfig {
  const base = routeConfig(spec);
  if (spec.auth !== 'partner') return base;
  const scopes = [...(spec.scopes ?? [])];
  const tokenMayCall = scopes.every((scope) => (TOKEN_SCOPES as readonly string[]).includes(scope));
  const headers = { ...RATE_LIMIT_HEADERS, ...(spec.deprecated ? DEPRECATION_HEADERS : {}) };
  const status = spec.status ?? 200;
  const responses = { ...base.responses, ...errorResponses(errorCodesOf(spec), headers) };
  const success = responses[status] as ResponseConfig;
  responses[status] = {
    ...success,
    headers: { ...(success.headers as object | undefined), ...headers } as ResponseConfig['headers'],
  };
  const acting = scopes.includes('act')
    ? z.object({
        'Pencraft-Acting-Token': z
          .string()
          .regex(new RegExp(TOKEN_PATTERN))
          .optional()
          .meta({
            description:
              "A partner client holding act: the writer's personal access token it acts for (the request holds the " +
              'scopes both hold). Not sent with a personal access token in Authorization.',
          }),
      })
    : undefined;
  return {
    ...base,
    description: [
      `Scopes: ${scopes.length > 0 ? scopes.join(', ') : 'none'}` +
        (tokenMayCall ? " (a partner client's token or a personal access token)." : " (a partner client's token)."),
      ...(spec.deprecated
        ? [
            `Deprecated since ${spec.deprecated.since}; stops answering on ${spec.deprecated.sunset}` +
              (spec.deprecated.link ? `; use ${spec.deprecated.link} instead.` : '.'),
          ]
        : []),
    ].join(' '),
    ...(spec.deprecated ? { deprecated: true } : {}),
    security: [{ partnerClient: scopes }, ...(tokenMayCall ? [{ personalToken: [] }] : [])],
    request: { ...base.request, ...(acting ? { headers: acting } : {}) },
    responses,
  };
}

/**
 * The OpenAPI 3.0 document of the partner surface (/api/v1): its own security schemes (OAuth2 client credentials at
 * `tokenUrl`, and HTTP bearer for personal access tokens), each operation's scopes, the limits' headers.
 */
export function buildPartnerOpenApi(routes: readonly RouteSpec[], tokenUrl: string = COMMITTED_TOKEN_URL) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'partnerClient', {
    type: 'oauth2',
    description:
      "A partner client's access token: client credentials (client_id and secret from Pencraft's staff) at the " +
      "realm's token endpoint. The client's scopes, origins and limits are those registered for it.",
    flows: { clientCredentials: { tokenUrl, scopes: { ...SCOPE_TEXT } } },
  });
  registry.registerComponent('securitySchemes', 'personalToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pcp_ personal access token',
    description:
      "A writer's personal access token (account settings): acts for that writer with the token's scopes " +
      '(read, search, act); every change made with it is in their account operation log.',
  });
  const sorted = routes
    .filter((spec) => isPartnerPath(spec.path))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const spec of sorted) registry.registerPath(partnerRouteConfig(spec));
  const generator = new OpenApiGeneratorV3(registry.definitions);
  return nullableReferences(
    generator.generateDocument({
      openapi: '3.0.3',
      info: { title: 'Pencraft partner API', version: '1', description: PARTNER_DESCRIPTION },
      servers: [{ url: '/', description: `The site's origin; every path starts with ${PARTNER_PREFIX}` }],
      tags: [...new Set(sorted.map((r) => r.tag))].sort().map((name) => ({ name })),
    }),
  );
}

/** The partner document as committed (services/gateway/openapi-v1.json). */
export function partnerOpenApiJson(routes: readonly RouteSpec[], tokenUrl: string = COMMITTED_TOKEN_URL): string {
  return `${JSON.stringify(buildPartnerOpenApi(routes, tokenUrl), null, 2)}\n`;
}

/**
 * A nullable component comes out of the generator as `allOf: [$ref, { nullable: true }]`, which OpenAPI 3.0 reads as
 * "the component and nothing more" (null fails the component): it becomes `{ allOf: [$ref], nullable: true }`, where
 * null is allowed, as the server accepts it.
 */
export function nullableReferences<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item: unknown) => nullableReferences(item)) as T;
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, nullableReferences(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const allOf = object.allOf;
  if (Array.isArray(allOf) && allOf.length === 2 && isNullableMarker(allOf[1])) {
    return { ...object, allOf: [allOf[0]], nullable: true } as T;
  }
  return object as T;
}

function isNullableMarker(value: unknown): boolean {
  return (
    !!value &&
    typeof value === 'object' &&
    Object.keys(value).length === 1 &&
    (value as { nullable?: unknown }).nullable === true
  );
}

/** The document as committed: two-space JSON with a final newline. */
export function openApiJson(routes: readonly RouteSpec[]): string {
  return `${JSON.stringify(buildOpenApi(routes), null, 2)}\n`;
}
