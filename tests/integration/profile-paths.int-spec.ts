// The Profile group of SPEC.md section 7 (/api/profile, /profile/articles, /{username}/stats, /settings, /edit,
// /edit/{v}, /img) through the gateway on real servers (identity, articles and search behind it; PostgreSQL, Redis,
// NATS, mailpit and the S3 object store): each path answers as its twin (/api/profile/{username}...,
// /api/me/settings/profile...) does, refusals included; the signed-in ones answer 401 without a session; a session
// reaches only its own user's settings through them; and the names of those static paths are reserved usernames.
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';

interface ErrorBody {
  error: { code: string; details?: { field: string; code: string }[] };
}
interface Account {
  client: ApiClient;
  uid: string;
  email: string;
  username: string;
}

const MB3 = 3 * 1024 * 1024;

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;
const run = Date.now().toString(36);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('profile_paths');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('search', db.name),
    ])),
  );
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
  base = httpBase('gateway');
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

async function signUp(): Promise<Account> {
  seq += 1;
  const account = {
    email: `ppaths${seq}.${run}@example.az`,
    username: `ppath_${run}_${seq}`,
    password: 'profile-pass-7',
  };
  const client = new ApiClient(base);
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: `Path User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  return { client, uid: response.body.uid, email: account.email, username: account.username };
}

/** Status, catalogue code and refused fields: what two routes must agree on when they refuse. */
const refusal = (response: { status: number; body: unknown }) => {
  const error = (response.body as ErrorBody).error;
  return { status: response.status, code: error?.code, fields: error?.details?.map((d) => `${d.field}:${d.code}`) };
};

async function upload(client: ApiClient, path: string, bytes: Buffer, contentType: string) {
  if (!client.cookies.has('pc_csrf')) await client.get('/api/csrf');
  const response = await fetch(`${base}${path}`, {
    method: 'PUT',
    headers: {
      'content-type': contentType,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { url: string } & ErrorBody;
  expectDocumented('PUT', path, response.status, body);
  return { status: response.status, body };
}

const png = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe('the Profile paths', () => {
  let writer: Account;
  let reader: Account;
  let articleId: string;

  beforeAll(async () => {
    writer = await signUp();
    reader = await signUp();
    await confirmAccount(writer.client, writer.email);
    const draft = await writer.client.post<{ id: string }>('/api/articles', {
      title: 'An article of the profile paths',
      description: 'On the profile',
      language: 'en',
      category: 'tech',
      content: {
        blocks: [
          { type: 'paragraph', data: { text: 'This article is listed by /api/profile/articles for its own author.' } },
        ],
      },
    });
    articleId = draft.body.id;
    expect((await writer.client.post(`/api/articles/publishing/${articleId}`)).status).toBe(200);
    await approveArticle(articleId);
    expect((await reader.client.post(`/api/users/${writer.uid}/follow`)).status).toBe(200);
  });

  it('answers 401 without a session on every signed-in path', async () => {
    const visitor = new ApiClient(base);
    const answers = [
      await visitor.get('/api/profile'),
      await visitor.get('/api/profile/articles'),
      await visitor.get('/api/profile/settings'),
      await visitor.request('PATCH', '/api/profile/edit', { headline: 'Nobody' }),
      await visitor.request('PUT', '/api/profile/edit/headline', { headline: 'Nobody' }),
      await upload(visitor, '/api/profile/img', await png(), 'image/png'),
    ];
    expect(answers.map(refusal)).toEqual(answers.map(() => ({ status: 401, code: 'Unauthorized' })));
  });

  it("GET /api/profile and /api/profile/articles are the user's own public profile and articles", async () => {
    const own = await writer.client.get<Record<string, unknown>>('/api/profile');
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await writer.client.get(`/api/profile/${writer.username}`)).body);
    expect(own.body).toMatchObject({ uid: writer.uid, username: writer.username, followers: 1, articles: 1 });

    const articles = await writer.client.get<{ items: { id: string }[] }>('/api/profile/articles?page=1');
    expect(articles.status).toBe(200);
    expect(articles.body).toEqual((await writer.client.get(`/api/profile/${writer.username}/articles?page=1`)).body);
    expect(articles.body.items.map((a) => a.id)).toEqual([articleId]);
    // The reader has none: their own list, not the writer's.
    expect((await reader.client.get<{ total: number }>('/api/profile/articles')).body.total).toBe(0);
    expect((await reader.client.get<{ uid: string }>('/api/profile')).body.uid).toBe(reader.uid);

    expect(refusal(await writer.client.get('/api/profile/articles?page=0'))).toEqual(
      refusal(await writer.client.get(`/api/profile/${writer.username}/articles?page=0`)),
    );
  });

  it('GET /api/profile/{username}/stats gives the counts of the public profile to anyone', async () => {
    const visitor = new ApiClient(base);
    const stats = await visitor.get(`/api/profile/${writer.username.toUpperCase()}/stats`);
    expect(stats.status).toBe(200);
    const profile = (await visitor.get<Record<string, unknown>>(`/api/profile/${writer.username}`)).body;
    expect(stats.body).toEqual({
      followers: 1,
      following: 0,
      articles: 1,
      rating: profile.rating,
      joinedAt: profile.joinedAt,
    });
    expect(refusal(await visitor.get('/api/profile/no_such_user_here/stats'))).toMatchObject({
      status: 404,
      code: 'UserNotFound',
    });
    expect(refusal(await visitor.get('/api/profile/bad%20name/stats'))).toMatchObject({
      status: 404,
      code: 'UserNotFound',
    });
  });

  it('GET /api/profile/settings and PATCH /api/profile/edit answer as /api/me/settings/profile', async () => {
    const settings = await writer.client.get('/api/profile/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual((await writer.client.get('/api/me/settings/profile')).body);

    const edited = await writer.client.request<Record<string, unknown>>('PATCH', '/api/profile/edit', {
      headline: 'Edited through the short path',
      country: 'AZ',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ headline: 'Edited through the short path', country: 'AZ' });
    expect(edited.body).toEqual((await writer.client.get('/api/me/settings/profile')).body);

    const bad = { fullname: '', gender: 'robot' };
    const refused = refusal(await writer.client.request('PATCH', '/api/profile/edit', bad));
    expect(refused).toEqual(refusal(await writer.client.request('PATCH', '/api/me/settings/profile', bad)));
    expect(refused.fields).toEqual(['fullname:InvalidFullname', 'gender:InvalidGender']);
    const future = { birthdate: '2999-01-01' };
    expect(refusal(await writer.client.request('PATCH', '/api/profile/edit', future))).toEqual(
      refusal(await writer.client.request('PATCH', '/api/me/settings/profile', future)),
    );
    const empty = refusal(await writer.client.request('PATCH', '/api/profile/edit', {}));
    expect(empty).toEqual(refusal(await writer.client.request('PATCH', '/api/me/settings/profile', {})));
    expect(empty.status).toBe(400);
  });

  it('PUT /api/profile/edit/{v} answers as PUT /api/me/settings/profile/{v}, for each field', async () => {
    const values = {
      fullname: 'Short Path Writer',
      headline: 'A headline',
      bio: 'Two lines\nof bio',
      birthdate: '1991-02-03',
      country: 'GE',
      gender: 'female',
    };
    for (const [field, value] of Object.entries(values)) {
      const answer = await writer.client.request<Record<string, unknown>>('PUT', `/api/profile/edit/${field}`, {
        [field]: value,
      });
      expect([field, answer.status, answer.body[field]]).toEqual([field, 200, value]);
      expect(answer.body).toEqual((await writer.client.get('/api/me/settings/profile')).body);
    }
    // The session's summary follows the name, as with the long path.
    expect((await writer.client.get<{ fln: string }>('/api/users/info')).body.fln).toBe('Short Path Writer');

    // Refusals are the long path's: a bad value, another field's body, an empty body.
    const bodies: [string, unknown][] = [
      ['gender', { gender: 'robot' }],
      ['birthdate', { birthdate: '2999-01-01' }],
      ['country', { country: 'XX' }],
      ['fullname', { fullname: 5 }],
      ['bio', { headline: 'not the bio' }],
      ['headline', {}],
      ['fullname', { fullname: 'Two Fields', bio: 'extra' }],
    ];
    for (const [field, body] of bodies) {
      const short = refusal(await writer.client.request('PUT', `/api/profile/edit/${field}`, body));
      expect([field, short]).toEqual([
        field,
        refusal(await writer.client.request('PUT', `/api/me/settings/profile/${field}`, body)),
      ]);
      expect(short.status).toBe(400);
    }

    // A v with no one-field route is NotFound, whatever the body.
    for (const v of ['email', 'username', 'links', 'picture']) {
      expect(refusal(await writer.client.request('PUT', `/api/profile/edit/${v}`, { [v]: 'x' }))).toMatchObject({
        status: 404,
        code: 'NotFound',
      });
    }
    expect((await writer.client.get<{ fullname: string }>('/api/me/settings/profile')).body.fullname).toBe(
      'Short Path Writer',
    );
  });

  it('PUT /api/profile/img stores the profile picture as PUT /api/me/settings/profile/picture does', async () => {
    const uploaded = await upload(writer.client, '/api/profile/img', await png(), 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.url).toMatch(new RegExp(`^/media/users/${writer.uid}/avatar-[0-9a-f]{32}\\.jpg$`));
    const served = await fetch(`${base}${uploaded.body.url}`);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 200,
    });
    expect((await writer.client.get<{ imageUrl: string }>('/api/profile/settings')).body.imageUrl).toBe(
      uploaded.body.url,
    );
    expect((await writer.client.get<{ iul: string }>('/api/users/info')).body.iul).toBe(uploaded.body.url);

    const text = Buffer.from('a text file named as a picture');
    for (const bytes of [text, Buffer.alloc(MB3 + 1, 0x42)]) {
      const short = await upload(writer.client, '/api/profile/img', bytes, 'image/png');
      const long = await upload(writer.client, '/api/me/settings/profile/picture', bytes, 'image/png');
      expect(refusal(short)).toEqual(refusal(long));
    }
    expect(refusal(await upload(writer.client, '/api/profile/img', text, 'image/png')).code).toBe(
      'InvalidAvatarFormat',
    );
    expect(
      refusal(await upload(writer.client, '/api/profile/img', Buffer.alloc(MB3 + 1, 0x42), 'image/jpeg')).code,
    ).toBe('InvalidAvatarSize');
  });

  it("reaches only the session's own settings: nothing in a path, query or body names another user", async () => {
    const before = (await writer.client.get('/api/me/settings/profile')).body;
    const mine = await reader.client.get<{ uid: string }>(`/api/profile/settings?uid=${writer.uid}`);
    expect(mine.body.uid).toBe(reader.uid);
    const edited = await reader.client.request<{ uid: string; headline: string }>(
      'PATCH',
      `/api/profile/edit?uid=${writer.uid}`,
      { headline: 'The reader' },
    );
    expect([edited.body.uid, edited.body.headline]).toEqual([reader.uid, 'The reader']);
    const field = await reader.client.request<{ uid: string }>('PUT', `/api/profile/edit/bio?uid=${writer.uid}`, {
      bio: 'The reader bio',
    });
    expect(field.body.uid).toBe(reader.uid);
    for (const body of [
      { uid: writer.uid, headline: 'x' },
      { username: writer.username, headline: 'x' },
    ]) {
      expect(refusal(await reader.client.request('PATCH', '/api/profile/edit', body))).toMatchObject({
        status: 400,
        code: 'InvalidModel',
      });
    }
    const picture = await upload(reader.client, `/api/profile/img?uid=${writer.uid}`, await png(), 'image/png');
    expect(picture.body.url).toContain(`/users/${reader.uid}/`);
    expect((await reader.client.get<{ uid: string }>(`/api/profile?username=${writer.username}`)).body.uid).toBe(
      reader.uid,
    );
    expect((await writer.client.get('/api/me/settings/profile')).body).toEqual(before);
  });

  it('reserves the names of the static profile paths as usernames', async () => {
    const client = new ApiClient(base);
    for (const username of ['settings', 'Articles', 'edit', 'img', 'profile']) {
      const taken = await client.post(
        '/api/id/register',
        {
          email: `${username.toLowerCase()}.${run}@example.az`,
          username,
          fullname: 'Reserved Name',
          password: 'profile-pass-7',
          acceptTerms: true,
          acceptPrivacy: true,
        },
        await captchaHeader(base),
      );
      expect([username, refusal(taken).code]).toEqual([username, 'UsernameAlreadyExists']);
    }
    const change = await reader.client.request('PUT', '/api/me/settings/profile/username', { username: 'Settings' });
    expect(refusal(change)).toMatchObject({ status: 409, code: 'UsernameAlreadyExists' });
  });
});
