import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GatewayModule } from '../gateway.module.js';
import { declaredRoutes } from '../http/route.js';
import { declaredUpstreams } from '../upstreams/upstream.js';
import { buildOpenApi, nullableReferences, openApiJson } from './openapi.js';

interface Operation {
  responses: Record<string, { content?: Record<string, unknown>; description?: string }>;
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: Record<string, string[]>[];
}

const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

describe('the OpenAPI document', () => {
  expect(GatewayModule).toBeDefined(); // importing it declares every area's routes
  const document = buildOpenApi(declaredRoutes()) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  };

  it('documents every route of every area', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/articles',
        '/api/articles/categories',
        '/api/articles/publishing/{id}',
        '/api/articles/{id}',
        // analytics: page views, reads, consent, an article's statistics
        '/api/analytics/pv',
        '/api/analytics/read',
        '/api/analytics/consent',
        '/api/articles/{id}/stats',
        // drafts, publishing and review (issue #8, lifecycle)
        '/api/drafts',
        '/api/drafts/{id}',
        '/api/drafts/{id}/cover',
        '/api/drafts/{id}/preview',
        '/api/drafts/public/{token}',
        '/api/drafts/{id}/dtls',
        '/api/drafts/{id}/publication',
        '/api/articles/draft',
        // editor images
        '/api/publication/f',
        '/api/articles/publishing/{id}/edit',
        '/api/articles/review',
        '/api/articles/{id}/review',
        // comments (issue #9)
        '/api/articles/{id}/comments',
        '/api/articles/comment',
        '/api/articles/comments/all',
        '/api/articles/comments/{cid}',
        '/api/articles/comments/{cid}/upvote',
        '/api/articles/comments/{cid}/downvote',
        '/api/articles/comments/{cid}/report',
        '/api/articles/effect/comments',
        // reading: votes, bookmarks, collections, category follows and the reading lists (issue #8, engagement)
        '/api/articles/{id}/meta',
        '/api/articles/{id}/report',
        '/api/articles/{id}/upvote',
        '/api/articles/{id}/downvote',
        '/api/articles/{id}/bookmark',
        '/api/profile/bookmarks',
        '/api/collections',
        '/api/collections/{id}',
        '/api/collections/{id}/{articleId}',
        '/api/collections/save',
        '/api/collections/remove',
        '/api/profile/collections/{username}',
        '/api/articles/cs/cot/{category}',
        '/api/articles/nd/cot',
        '/api/articles/top',
        '/api/articles/flw',
        '/api/articles/following',
        '/api/users/{id}/articles/top',
        '/api/users/{id}/articles/{aid}/next',
        '/api/categories',
        '/api/cats',
        '/api/categories/{id}/follow',
        '/api/follow/categories',
        // collaboration: translations and co-author invitations (issue #8)
        '/api/drafts/translate',
        '/api/drafts/{id}/invite',
        '/api/drafts/invitations',
        '/api/drafts/invitations/{id}/accept',
        '/api/drafts/invitations/{id}/reject',
        '/api/articles/{id}/translations/{lang}',
        '/api/captcha/challenge',
        // staff (Keycloak bearer tokens, issue #9)
        '/api/staff/config',
        '/api/staff/me',
        '/api/staff/auth-status',
        '/api/csrf',
        '/api/docs',
        '/api/docs/assets/{file}',
        '/api/docs/init.js',
        '/api/docs/openapi.json',
        '/api/home/articles',
        '/api/id/auth/login',
        '/api/id/out',
        '/api/id/register',
        // accounts: confirmation, reset, password, e-mail, log, mailed links
        '/api/id/register/verify',
        '/api/id/register/resend',
        '/api/atrium/wrap',
        '/api/atrium/drop',
        '/api/atrium/deduce',
        '/api/id/account/password/reset',
        '/api/id/account/reset/resend',
        '/api/id/account/reset/verify',
        '/api/id/account/password',
        '/api/id/account/email',
        '/api/id/account/email/resend',
        '/api/id/account/email/verify',
        '/api/ttin/logs/ops',
        // security: MFA, sessions, bans, account deletion
        '/api/ttin/sec',
        '/api/ttin/sec/mfa',
        '/api/ttin/sec/mfa/confirm',
        '/api/ttin/sec/mfa/disable',
        '/api/ttin/sec/mfa/recovery',
        '/api/ttin/logs/sns',
        '/api/ttin/sessions/all',
        '/api/ttin/sessions/{id}',
        '/api/ttin/logs/bns',
        '/api/id/account/danger',
        '/api/id/account/danger/undo',
        '/api/atrium/crawl',
        // profiles: profile settings, pictures, phone, preferences, follows, public profile
        '/api/me/settings/profile',
        '/api/me/settings/profile/banner',
        '/api/me/settings/profile/bio',
        '/api/me/settings/profile/birthdate',
        '/api/me/settings/profile/country',
        '/api/me/settings/profile/fullname',
        '/api/me/settings/profile/gender',
        '/api/me/settings/profile/headline',
        '/api/me/settings/profile/links',
        '/api/me/settings/profile/links/{id}',
        '/api/me/settings/profile/picture',
        '/api/me/settings/profile/username',
        '/api/ttin/accs',
        '/api/ttin/country',
        '/api/ttin/index/prefs',
        '/api/ttin/langs',
        '/api/ttin/nots',
        '/api/ttin/nots/mail',
        '/api/ttin/phone',
        '/api/ttin/phone/verify',
        '/api/ttin/prefs',
        '/api/ttin/prefs/language',
        '/api/ttin/prefs/theme',
        '/api/users/{id}/follow',
        '/api/users/{id}/followers',
        '/api/users/{id}/following',
        '/api/follow/following',
        '/api/profile/{username}',
        '/api/profile/{username}/articles',
        // profiles: the Profile group of SPEC.md section 7
        '/api/profile',
        '/api/profile/articles',
        '/api/profile/{username}/stats',
        '/api/profile/settings',
        '/api/profile/edit',
        '/api/profile/edit/{v}',
        '/api/profile/img',
        '/api/strict/txt',
        '/api/users/info',
        // moderation: the staff console's queue, decisions, reports, bans and audit log (staff bearer tokens)
        '/api/moderation/me',
        '/api/moderation/queue',
        '/api/moderation/items/{id}',
        '/api/moderation/items/{id}/decision',
        '/api/moderation/reports',
        '/api/moderation/reports/{id}/resolve',
        '/api/moderation/bans',
        '/api/moderation/bans/{id}/lift',
        '/api/moderation/audit',
        // notifications: the list, the bell, marking read, the live stream
        '/api/notifications',
        '/api/notifications/my',
        '/api/notifications/read',
        '/api/notifications/{id}/read',
        '/api/notifications/stream',
      ].sort(),
    );
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
