import { httpStatusFor } from '@pencraft/errors';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GatewayModule } from '../gateway.module.js';
import { declaredRoutes, type RouteSpec, UNSAFE_METHODS } from '../http/route.js';
import { declaredUpstreams } from '../upstreams/upstream.js';
import { isPartnerPath } from '../partner/partner.config.js';
import {
  buildOpenApi,
  buildPartnerOpenApi,
  COMMITTED_TOKEN_URL,
  nullableReferences,
  openApiJson,
  partnerOpenApiJson,
} from './openapi.js';

interface Operation {
  responses: Record<string, { content?: Record<string, unknown>; description?: string }>;
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: Record<string, string[]>[];
  deprecated?: boolean;
  'x-pencraft-auth'?: Record<string, unknown>;
}

/**
 * The calls of SPEC.md section 7, as it writes them, for the groups (and the paths of a group) the platform serves
 * today; the groups of areas still to come (jobs, leaderboard...) join as they land.
 */
const SPEC_CALLS: Record<string, readonly string[]> = {
  'Page load': ['/api/users/info'],
  Auth: [
    '/api/id/auth/login',
    '/api/id/register',
    '/api/id/register/resend',
    '/api/id/register/verify',
    '/api/id/out',
    '/api/atrium/wrap',
    '/api/atrium/drop',
    '/api/atrium/deduce',
    '/api/atrium/crawl',
  ],
  Account: [
    '/api/id/account/password',
    '/api/id/account/password/reset',
    '/api/id/account/reset/resend',
    '/api/id/account/reset/verify',
    '/api/id/account/email',
    '/api/id/account/email/resend',
    '/api/id/account/email/verify',
    '/api/id/account/danger',
    '/api/id/account/danger/undo',
  ],
  Articles: [
    '/api/articles',
    '/api/articles/nd/cot',
    '/api/articles/cs/cot/{category}',
    '/api/articles/categories',
    '/api/articles/top',
    '/api/articles/{id}/meta',
    '/api/articles/following',
    '/api/articles/flw',
    '/api/articles/{id}/upvote',
    '/api/articles/{id}/downvote',
    '/api/articles/publishing/{id}',
    '/api/articles/publishing/{id}/edit',
    '/api/articles/draft',
  ],
  Comments: [
    '/api/articles/{id}/comments',
    '/api/articles/effect/comments',
    '/api/articles/comments/all',
    '/api/articles/comment',
    '/api/articles/comments/{cid}/upvote',
    '/api/articles/comments/{cid}/downvote',
    '/api/articles/comments/{cid}/report',
    '/api/articles/comments/{cid}',
  ],
  Profile: [
    '/api/profile',
    '/api/profile/articles',
    '/api/profile/{id}',
    '/api/profile/{id}/stats',
    '/api/profile/settings',
    '/api/profile/edit',
    '/api/profile/edit/{v}',
    '/api/profile/img',
  ],
  'Profile settings': [
    '/api/me/settings/profile',
    ...['picture', 'banner', 'fullname', 'headline', 'bio', 'gender', 'birthdate', 'links', 'links/{id}'].map(
      (sub) => `/api/me/settings/profile/${sub}`,
    ),
  ],
  Users: ['/api/users/{id}/articles/top', '/api/users/{id}/articles/{aid}/next', '/api/users/{id}/follow'],
  Settings: [
    ...['accs', 'sec', 'nots', 'prefs', 'pbls', 'sbcs', 'country', 'prefs/language', 'prefs/theme', 'langs'],
    ...['index/prefs', 'phone'],
    ...['logs/ops', 'logs/sns', 'logs/bns', 'logs/img', 'sessions/{id}', 'sessions/all'],
  ].map((sub) => `/api/ttin/${sub}`),
  Other: ['/api/notifications', '/api/notifications/my', '/api/cats', '/api/home/articles', '/api/home/trends'],
  Jobs: ['/api/jobs', '/api/jobs/{id}'],
  Feedback: ['/api/feedback', '/api/ttin/logs/fdb'],
  // "docs agreement, privacy and payment (optionally with uid)": one path, the document its parameter (and gdpr).
  Documents: ['/api/docs/{kind}'],
  Drafts: [
    '/api/drafts',
    ...['{id}', '{id}/cover', 'public/{token}', '{id}/preview', '{id}/publication', '{id}/invite', '{id}/dtls'].map(
      (sub) => `/api/drafts/${sub}`,
    ),
    '/api/drafts/translate',
  ],
  Collections: [
    '/api/collections',
    '/api/collections/{id}',
    '/api/collections/{id}/{item}',
    '/api/collections/save',
    '/api/collections/remove',
    '/api/profile/collections/{id}',
  ],
  Publications: [
    '/api/core-publications',
    ...['articles', 'about', 'collections', 'sub', 'unsub', 'plns'].map((sub) => `/api/core-publications/{id}/${sub}`),
  ],
  'Publication studio': [
    ...['dashboard', 'subscribers', 'articles', 'members', 'settings', 'slug', 'plans'].map(
      (sub) => `/api/core-publications/{id}/studio/${sub}`,
    ),
  ],
  Donations: [
    ...['account', 'eligible', 'thanks', 'cards', 'payout', 'state', 'report/donations', 'report/donations/my'].map(
      (sub) => `/api/donations/${sub}`,
    ),
    ...['report/payouts', 'initiate', '{id}'].map((sub) => `/api/donations/${sub}`),
  ],
  Follow: [
    ...['/api/follow/following', '/api/follow/suggestions'],
    ...['follow', 'pin', 'explore'].map((sub) => `/api/categories/{id}/${sub}`),
  ],
  Search: ['/api/strict/txt'],
  'Image upload and delete': ['/api/publication/f'],
};

/** The areas of the platform (the document's tags): one that loses all its routes fails here. */
const AREAS = [
  ...['accounts', 'analytics', 'articles', 'captcha', 'collaboration', 'comments', 'docs', 'donations', 'drafts'],
  'documents',
  ...['home', 'jobs', 'media'],
  ...['moderation', 'notifications', 'payments', 'profiles', 'publications', 'reading', 'search', 'security', 'staff'],
];

const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

describe('the OpenAPI document', () => {
  expect(GatewayModule).toBeDefined(); // importing it declares every area's routes
  const document = buildOpenApi(declaredRoutes()) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  };

  const committed = JSON.parse(readFileSync(root('services/gateway/openapi.json'), 'utf8')) as typeof document;
  const committedV1 = JSON.parse(readFileSync(root('services/gateway/openapi-v1.json'), 'utf8')) as typeof document;
  /** The committed document a route belongs in: the partner surface's own, or the site's. */
  const documentOf = (spec: RouteSpec) => (isPartnerPath(spec.path) ? committedV1 : committed);
  const operationsOf = (doc: typeof document) =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
  const operations = Object.entries(committed.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
  const keyOf = (spec: RouteSpec) => `${spec.method} ${spec.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
  /** A path with its parameters' names left out: SPEC.md writes /api/profile/{id}, the route /api/profile/{username}. */
  const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

  it('documents every declared route once, and nothing that is not declared (/api/v1 in its own document)', () => {
    const declared = declaredRoutes().map(keyOf);
    expect(new Set(declared).size).toBe(declared.length);
    const site = declaredRoutes().filter((spec) => !isPartnerPath(spec.path));
    const partner = declaredRoutes().filter((spec) => isPartnerPath(spec.path));
    expect(operations.map((o) => o.key).sort()).toEqual(site.map(keyOf).sort());
    expect(
      operationsOf(committedV1)
        .map((o) => o.key)
        .sort(),
    ).toEqual(partner.map(keyOf).sort());
    expect(operations.some((o) => isPartnerPath(o.key.split(' ')[1]!))).toBe(false);
    const ids = [...operations, ...operationsOf(committedV1)].map(
      (o) => (o.operation as { operationId?: string }).operationId,
    );
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has the paths of every group of SPEC.md section 7 that the platform serves', () => {
    const documented = new Set(Object.keys(committed.paths).map(shape));
    const missing = Object.entries(SPEC_CALLS).flatMap(([group, paths]) =>
      paths.filter((path) => !documented.has(shape(path))).map((path) => `${group}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('has every area of the platform', () => {
    const tags = new Set(operations.map((o) => (o.operation as { tags?: string[] }).tags?.[0]));
    expect([...AREAS].filter((area) => !tags.has(area))).toEqual([]);
  });

  it('documents on every operation the errors it may answer, as catalogue errors', () => {
    const errorSchema = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
    for (const spec of declaredRoutes()) {
      const { responses } = documentOf(spec).paths[keyOf(spec).split(' ')[1]!]![spec.method.toLowerCase()]!;
      const expected: [number, string][] = [
        ...(spec.errors ?? []).map((code): [number, string] => [httpStatusFor(code), code]),
        [429, 'TooManyRequests'],
        [500, 'InternalServerError'],
        [503, 'NetworkError'],
        ...(spec.params || spec.query || spec.body ? [[400, 'InvalidModel'] as [number, string]] : []),
        // A webhook (signature) has no session: its refusal is the route's own code.
        ...(spec.auth && spec.auth !== 'optional' && spec.auth !== 'signature'
          ? [[401, 'Unauthorized'] as [number, string]]
          : []),
        ...(spec.auth === 'confirmed' ? [[403, 'AccountNotConfirmed'] as [number, string]] : []),
        ...(spec.auth === 'staff' || spec.auth === 'partner'
          ? [[401, 'TokenRejected'] as [number, string], [403, 'Forbidden'] as [number, string]]
          : []),
        ...(UNSAFE_METHODS.has(spec.method) &&
        spec.auth !== 'staff' &&
        spec.auth !== 'signature' &&
        spec.auth !== 'partner'
          ? [[403, 'ChallengeFailed'] as [number, string]]
          : []),
      ];
      for (const [status, code] of expected) {
        const response = responses[String(status)];
        expect({ route: keyOf(spec), code, status, described: response?.description?.includes(`${code}: `) }).toEqual({
          route: keyOf(spec),
          code,
          status,
          described: true,
        });
        expect(response!.content).toEqual(errorSchema);
      }
      const success = Object.keys(responses).filter((status) => Number(status) < 400);
      expect({ route: keyOf(spec), success }).toEqual({ route: keyOf(spec), success: [String(spec.status ?? 200)] });
    }
  });

  it('documents picture uploads as raw JPEG or PNG bodies of at most 3 MB', () => {
    for (const path of ['/api/me/settings/profile/picture', '/api/profile/img']) {
      const upload = document.paths[path]!.put!;
      expect(upload.requestBody!.content).toEqual({
        'image/jpeg': { schema: { type: 'string', format: 'binary', maxLength: 3 * 1024 * 1024 } },
        'image/png': { schema: { type: 'string', format: 'binary', maxLength: 3 * 1024 * 1024 } },
      });
      expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    }
  });

  it('documents /api/profile/edit/{v} as one of the one-field bodies, v one of their fields', () => {
    const edit = document.paths['/api/profile/edit/{v}']!.put!;
    const v = edit.parameters!.find((p) => p.name === 'v')!;
    expect(v).toMatchObject({
      in: 'path',
      schema: { enum: ['fullname', 'headline', 'bio', 'birthdate', 'country', 'gender'] },
    });
    expect(edit.requestBody!.content['application/json']!.schema).toEqual({
      anyOf: ['FullnameBody', 'HeadlineBody', 'BioBody', 'BirthdateBody', 'CountryBody', 'GenderBody'].map((id) => ({
        $ref: `#/components/schemas/${id}`,
      })),
    });
    expect(Object.keys(edit.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
  });

  it('is the committed services/gateway/openapi.json (npm run openapi -w @pencraft/gateway)', () => {
    expect(readFileSync(root('services/gateway/openapi.json'), 'utf8')).toBe(openApiJson(declaredRoutes()));
  });

  it('has the partner surface in the committed services/gateway/openapi-v1.json, naming production Keycloak', () => {
    expect(readFileSync(root('services/gateway/openapi-v1.json'), 'utf8')).toBe(partnerOpenApiJson(declaredRoutes()));
    expect(COMMITTED_TOKEN_URL).toBe('https://auth.pencraft.az/realms/pencraft/protocol/openid-connect/token');
  });

  it('describes bodies, every error status and the CSRF scheme of writes', () => {
    const register = document.paths['/api/id/register']!.post!;
    expect(register.requestBody).toBeDefined();
    expect(Object.keys(register.responses).sort()).toEqual(['201', '400', '403', '409', '429', '500', '503']);
    expect(register.security).toEqual([{ csrfHeader: [], csrfCookie: [] }]);
    const info = document.paths['/api/users/info']!.get!;
    expect(Object.keys(info.responses)).toEqual(expect.arrayContaining(['200', '401', '429', '500']));
    expect(info.security).toEqual([{ session: [] }]);
  });

  it('documents what sign-in may answer, and that publishing needs a confirmed account', () => {
    const login = document.paths['/api/id/auth/login']!.post!;
    expect(login.responses['200']!.content!['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/LoginAnswer' },
    });
    expect(login.responses['403']!.description).toContain('UserBanned');
    expect(document.paths['/api/articles/publishing/{id}']!.post!.responses['403']!.description).toContain(
      'AccountNotConfirmed',
    );
    expect(Object.keys(document.paths['/api/atrium/wrap']!.get!.responses)).toContain('302');
  });

  it('documents the captcha header: required on sign-up, optional on sign-in, absent elsewhere', () => {
    const header = (operation: Operation) => operation.parameters?.find((p) => p.name === 'X-Captcha');
    expect(header(document.paths['/api/id/register']!.post!)).toMatchObject({ in: 'header', required: true });
    expect(header(document.paths['/api/id/auth/login']!.post!)).toMatchObject({ in: 'header', required: false });
    expect(header(document.paths['/api/articles']!.post!)).toBeUndefined();
    expect(document.paths['/api/id/register']!.post!.responses['400']!.description).toContain('CaptchaRequired');
  });

  it('states the limits of text fields in code points, and refuses control characters', () => {
    const body = document.components.schemas.CreateArticleBody!.properties;
    expect(body.title).toMatchObject({ type: 'string', minLength: 1, maxLength: 150 });
    expect(String(body.title!.pattern)).toContain('\\u0000');
    const search = document.paths['/api/strict/txt']!.get!.parameters!.find((p) => p.name === 'q')!;
    expect(search.schema).toMatchObject({ minLength: 1, maxLength: 200 });
    const login = document.components.schemas.LoginBody!.properties;
    expect(login.login).toMatchObject({ minLength: 1, maxLength: 320 });
  });

  it('makes a gRPC client for exactly the upstreams system.json lists for the gateway', () => {
    const system = JSON.parse(readFileSync(root('system.json'), 'utf8')) as { gateway: { calls: string[] } };
    expect(declaredUpstreams()).toEqual([...system.gateway.calls].sort());
  });
});

describe('nullableReferences', () => {
  it('lets a nullable component be null, in OpenAPI 3.0 terms, and leaves every other allOf alone', () => {
    const ref = { $ref: '#/components/schemas/Content' };
    expect(nullableReferences({ properties: { content: { allOf: [ref, { nullable: true }] } } })).toEqual({
      properties: { content: { allOf: [ref], nullable: true } },
    });
    const other = { allOf: [ref, { description: 'x' }] };
    expect(nullableReferences(other)).toEqual(other);
    const document = JSON.stringify(buildOpenApi(declaredRoutes()));
    expect(document).not.toMatch(/"allOf":\[[^\]]*\{"nullable":true\}\]/);
  });
});

describe('the partner document (/api/v1)', () => {
  const partnerRoute = (overrides: Partial<RouteSpec>): RouteSpec => ({
    operationId: 'v1Thing',
    method: 'GET',
    path: '/api/v1/things',
    tag: 'partner',
    summary: 'Things',
    auth: 'partner',
    scopes: ['read'],
    ...overrides,
  });
  type Doc = {
    paths: Record<string, Record<string, Operation & { responses: Record<string, { headers?: object }> }>>;
    components: { securitySchemes: Record<string, Record<string, unknown>> };
  };
  const build = (routes: RouteSpec[], tokenUrl?: string) => buildPartnerOpenApi(routes, tokenUrl) as unknown as Doc;

  it('has the OAuth2 client-credentials scheme at the given token endpoint, with the scopes, and the token scheme', () => {
    const doc = build([partnerRoute({})], 'http://localhost:8380/realms/pencraft/protocol/openid-connect/token');
    expect(doc.components.securitySchemes.partnerClient).toMatchObject({
      type: 'oauth2',
      flows: {
        clientCredentials: {
          tokenUrl: 'http://localhost:8380/realms/pencraft/protocol/openid-connect/token',
          scopes: {
            read: expect.any(String),
            search: expect.any(String),
            act: expect.any(String),
            webhooks: expect.any(String),
          },
        },
      },
    });
    expect(doc.components.securitySchemes.personalToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it("states each operation's scopes, a token allowed only where every scope is a token's", () => {
    const doc = build([
      partnerRoute({}),
      partnerRoute({ operationId: 'v1Hooks', path: '/api/v1/webhooks', scopes: ['webhooks'] }),
    ]);
    expect(doc.paths['/api/v1/things']!.get!.security).toEqual([{ partnerClient: ['read'] }, { personalToken: [] }]);
    expect(doc.paths['/api/v1/webhooks']!.get!.security).toEqual([{ partnerClient: ['webhooks'] }]);
  });

  it("carries who may call each operation (x-pencraft-auth), for the attacker's matrix", () => {
    const doc = build([partnerRoute({ scopes: ['read', 'act'] })]);
    expect(doc.paths['/api/v1/things']!.get!['x-pencraft-auth']).toEqual({ kind: 'partner', scopes: ['read', 'act'] });
    const site = buildOpenApi([
      { ...partnerRoute({}), path: '/api/staff/things', auth: 'staff', staffRole: 'admin', scopes: undefined },
      { ...partnerRoute({}), path: '/api/mine', auth: 'required', whileBanned: true, scopes: undefined },
      { ...partnerRoute({}), path: '/api/open', auth: undefined, scopes: undefined },
    ]) as unknown as Doc;
    expect(site.paths['/api/staff/things']!.get!['x-pencraft-auth']).toEqual({ kind: 'staff', staffRole: 'admin' });
    expect(site.paths['/api/mine']!.get!['x-pencraft-auth']).toEqual({ kind: 'required', whileBanned: true });
    expect(site.paths['/api/open']!.get!['x-pencraft-auth']).toEqual({ kind: 'none' });
  });

  it('documents 401, 403 and 429, and the RateLimit headers on the answer and on 429', () => {
    const { responses } = build([partnerRoute({})]).paths['/api/v1/things']!.get!;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    expect(responses['401']!.description).toContain('TokenRejected: ');
    expect(Object.keys(responses['200']!.headers!)).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(Object.keys(responses['429']!.headers!)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit']);
  });

  it('documents the acting token header on operations that act for a writer, and no CSRF anywhere', () => {
    const doc = build([partnerRoute({ method: 'POST', scopes: ['act'], operationId: 'v1Act' })]);
    const act = doc.paths['/api/v1/things']!.post!;
    expect(act.parameters).toEqual([
      expect.objectContaining({ name: 'Pencraft-Acting-Token', in: 'header', required: false }),
    ]);
    expect(act.responses['403']!.description).not.toContain('ChallengeFailed');
    expect(JSON.stringify(doc)).not.toContain('csrf');
  });

  it('marks a deprecated operation and documents its Deprecation and Sunset headers', () => {
    const doc = build([
      partnerRoute({ deprecated: { since: '2026-11-01', sunset: '2027-05-01', link: '/api/v1/others' } }),
    ]);
    const operation = doc.paths['/api/v1/things']!.get!;
    expect(operation.deprecated).toBe(true);
    expect(Object.keys(operation.responses['200']!.headers!)).toEqual(
      expect.arrayContaining(['Deprecation', 'Sunset']),
    );
    expect((operation as { description?: string }).description).toContain('2027-05-01');
  });

  it('leaves the site document without any /api/v1 route, and the partner document without the site', () => {
    const site = buildOpenApi([partnerRoute({}), { ...partnerRoute({}), path: '/api/things', auth: undefined }]);
    expect(Object.keys(site.paths ?? {})).toEqual(['/api/things']);
    const partner = build([partnerRoute({}), { ...partnerRoute({}), path: '/api/things', auth: undefined }]);
    expect(Object.keys(partner.paths)).toEqual(['/api/v1/things']);
  });
});
