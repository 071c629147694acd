// The Profile group of SPEC.md section 7 (/api/profile, /profile/articles, /{username}/stats, /settings, /edit,
// /edit/{v}, /img) through the gateway on real servers (identity, articles and search behind it; PostgreSQL, Redis,
// NATS, mailpit and the S3 object store): each path answers as its twin (/api/profile/{username}...,
// /api/me/settings/profile...) does, refusals included; the signed-in ones answer 401 without a session; a session
// reaches only its own user's settings through them; and the names of those static paths are reserved usernames.
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { captchaParam, typedApi, type BodyOf } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';
interface Account {
  client: ApiClient;
  uid: string;
  email: string;
  username: string;
}

const MB3 = 3 * 1024 * 1024;
type EditField = 'fullname' | 'headline' | 'bio' | 'birthdate' | 'country' | 'gender';

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
  const response = await typedApi(client).POST('/api/id/register', {
    body: { ...account, fullname: `Path User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  return { client, uid: response.data!.uid, email: account.email, username: account.username };
}

/** Status, catalogue code and refused fields: what two routes must agree on when they refuse. */
const refusal = (response: { status: number; error?: Schemas['Error'] }) => {
  const error = response.error?.error;
  return { status: response.status, code: error?.code, fields: error?.details?.map((d) => `${d.field}:${d.code}`) };
};
/** The same of a raw answer: a call the document refuses (a bad body, an undocumented field or path). */
const rawRefusal = (response: { status: number; body: unknown }) =>
  refusal({ status: response.status, error: response.status >= 400 ? (response.body as Schemas['Error']) : undefined });

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
  // Checked against the document, so it is the picture's answer on a 200 and the Error otherwise.
  const body: unknown = await response.json();
  expectDocumented('PUT', path, response.status, body);
  return response.ok
    ? { status: response.status, data: body as Schemas['PictureUrl'] }
    : { status: response.status, error: body as Schemas['Error'] };
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
    const draft = await typedApi(writer.client).POST('/api/articles', {
      body: {
        title: 'An article of the profile paths',
        description: 'On the profile',
        language: 'en',
        category: 'tech',
        content: {
          blocks: [
            {
              type: 'paragraph',
              data: { text: 'This article is listed by /api/profile/articles for its own author.' },
            },
          ],
        },
      },
    });
    articleId = draft.data!.id;
    const published = await typedApi(writer.client).POST('/api/articles/publishing/{id}', {
      params: { path: { id: articleId } },
    });
    expect(published.status).toBe(200);
    await approveArticle(articleId);
    const follow = await typedApi(reader.client).POST('/api/users/{id}/follow', {
      params: { path: { id: writer.uid } },
    });
    expect(follow.status).toBe(200);
  });

  it('answers 401 without a session on every signed-in path', async () => {
    const client = new ApiClient(base);
    const visitor = typedApi(client);
    const answers = [
      await visitor.GET('/api/profile'),
      await visitor.GET('/api/profile/articles'),
      await visitor.GET('/api/profile/settings'),
      await visitor.PATCH('/api/profile/edit', { body: { headline: 'Nobody' } }),
      await visitor.PUT('/api/profile/edit/{v}', { params: { path: { v: 'headline' } }, body: { headline: 'Nobody' } }),
      await upload(client, '/api/profile/img', await png(), 'image/png'),
    ];
    expect(answers.map(refusal)).toEqual(answers.map(() => ({ status: 401, code: 'Unauthorized' })));
  });

  it("GET /api/profile and /api/profile/articles are the user's own public profile and articles", async () => {
    const api = typedApi(writer.client);
    const username = writer.username;
    const own = await api.GET('/api/profile');
    expect(own.status).toBe(200);
    expect(own.data).toEqual((await api.GET('/api/profile/{username}', { params: { path: { username } } })).data);
    expect(own.data).toMatchObject({ uid: writer.uid, username: writer.username, followers: 1, articles: 1 });

    const articles = await api.GET('/api/profile/articles', { params: { query: { page: 1 } } });
    expect(articles.status).toBe(200);
    expect(articles.data).toEqual(
      (await api.GET('/api/profile/{username}/articles', { params: { path: { username }, query: { page: 1 } } })).data,
    );
    expect(articles.data!.items.map((a) => a.id)).toEqual([articleId]);
    // The reader has none: their own list, not the writer's.
    expect((await typedApi(reader.client).GET('/api/profile/articles')).data!.total).toBe(0);
    expect((await typedApi(reader.client).GET('/api/profile')).data!.uid).toBe(reader.uid);

    expect(refusal(await api.GET('/api/profile/articles', { params: { query: { page: 0 } } }))).toEqual(
      refusal(
        await api.GET('/api/profile/{username}/articles', { params: { path: { username }, query: { page: 0 } } }),
      ),
    );
  });

  it('GET /api/profile/{username}/stats gives the counts of the public profile to anyone', async () => {
    const visitor = typedApi(new ApiClient(base));
    const statsOf = (username: string) =>
      visitor.GET('/api/profile/{username}/stats', { params: { path: { username } } });
    const stats = await statsOf(writer.username.toUpperCase());
    expect(stats.status).toBe(200);
    const profile = (await visitor.GET('/api/profile/{username}', { params: { path: { username: writer.username } } }))
      .data!;
    expect(stats.data).toEqual({
      followers: 1,
      following: 0,
      articles: 1,
      rating: profile.rating,
      joinedAt: profile.joinedAt,
    });
    expect(refusal(await statsOf('no_such_user_here'))).toMatchObject({
      status: 404,
      code: 'UserNotFound',
    });
    expect(refusal(await statsOf('bad name'))).toMatchObject({
      status: 404,
      code: 'UserNotFound',
    });
  });

  it('GET /api/profile/settings and PATCH /api/profile/edit answer as /api/me/settings/profile', async () => {
    const api = typedApi(writer.client);
    const longSettings = async () => (await api.GET('/api/me/settings/profile')).data;
    const settings = await api.GET('/api/profile/settings');
    expect(settings.status).toBe(200);
    expect(settings.data).toEqual(await longSettings());

    const edited = await api.PATCH('/api/profile/edit', {
      body: { headline: 'Edited through the short path', country: 'AZ' },
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ headline: 'Edited through the short path', country: 'AZ' });
    expect(edited.data).toEqual(await longSettings());

    // Raw on purpose: a gender outside the document's list.
    const bad = { fullname: '', gender: 'robot' };
    const refused = rawRefusal(await writer.client.request('PATCH', '/api/profile/edit', bad));
    expect(refused).toEqual(rawRefusal(await writer.client.request('PATCH', '/api/me/settings/profile', bad)));
    expect(refused.fields).toEqual(['fullname:InvalidFullname', 'gender:InvalidGender']);
    const future = { birthdate: '2999-01-01' };
    expect(refusal(await api.PATCH('/api/profile/edit', { body: future }))).toEqual(
      refusal(await api.PATCH('/api/me/settings/profile', { body: future })),
    );
    const empty = refusal(await api.PATCH('/api/profile/edit', { body: {} }));
    expect(empty).toEqual(refusal(await api.PATCH('/api/me/settings/profile', { body: {} })));
    expect(empty.status).toBe(400);
  });

  it('PUT /api/profile/edit/{v} answers as PUT /api/me/settings/profile/{v}, for each field', async () => {
    const api = typedApi(writer.client);
    const values: [EditField, string, BodyOf<'editMyProfileField'>][] = [
      ['fullname', 'Short Path Writer', { fullname: 'Short Path Writer' }],
      ['headline', 'A headline', { headline: 'A headline' }],
      ['bio', 'Two lines\nof bio', { bio: 'Two lines\nof bio' }],
      ['birthdate', '1991-02-03', { birthdate: '1991-02-03' }],
      ['country', 'GE', { country: 'GE' }],
      ['gender', 'female', { gender: 'female' }],
    ];
    for (const [field, value, body] of values) {
      const answer = await api.PUT('/api/profile/edit/{v}', { params: { path: { v: field } }, body });
      expect([field, answer.status, answer.data?.[field]]).toEqual([field, 200, value]);
      expect(answer.data).toEqual((await api.GET('/api/me/settings/profile')).data);
    }
    // The session's summary follows the name, as with the long path.
    expect((await api.GET('/api/users/info')).data!.fln).toBe('Short Path Writer');

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
    // Raw on purpose: bodies the document refuses.
    for (const [field, body] of bodies) {
      const short = rawRefusal(await writer.client.request('PUT', `/api/profile/edit/${field}`, body));
      expect([field, short]).toEqual([
        field,
        rawRefusal(await writer.client.request('PUT', `/api/me/settings/profile/${field}`, body)),
      ]);
      expect(short.status).toBe(400);
    }

    // A v with no one-field route is NotFound, whatever the body.
    // Raw on purpose: a v the document does not list.
    for (const v of ['email', 'username', 'links', 'picture']) {
      expect(rawRefusal(await writer.client.request('PUT', `/api/profile/edit/${v}`, { [v]: 'x' }))).toMatchObject({
        status: 404,
        code: 'NotFound',
      });
    }
    expect((await api.GET('/api/me/settings/profile')).data!.fullname).toBe('Short Path Writer');
  });

  it('PUT /api/profile/img stores the profile picture as PUT /api/me/settings/profile/picture does', async () => {
    const uploaded = await upload(writer.client, '/api/profile/img', await png(), 'image/png');
    expect(uploaded.status).toBe(200);
    const url = uploaded.data!.url;
    expect(url).toMatch(new RegExp(`^/media/users/${writer.uid}/avatar-[0-9a-f]{32}\\.jpg$`));
    const served = await fetch(`${base}${url}`);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 200,
    });
    expect((await typedApi(writer.client).GET('/api/profile/settings')).data!.imageUrl).toBe(url);
    expect((await typedApi(writer.client).GET('/api/users/info')).data!.iul).toBe(url);

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
    const before = (await typedApi(writer.client).GET('/api/me/settings/profile')).data;
    // Raw on purpose: the query and body fields naming another user are not in the document. Their answers are read
    // as the documented ProfileSettings and PublicProfile that DocumentedClient checks them against.
    const mine = await reader.client.get<Schemas['ProfileSettings']>(`/api/profile/settings?uid=${writer.uid}`);
    expect(mine.body.uid).toBe(reader.uid);
    const edited = await reader.client.request<Schemas['ProfileSettings']>(
      'PATCH',
      `/api/profile/edit?uid=${writer.uid}`,
      { headline: 'The reader' },
    );
    expect([edited.body.uid, edited.body.headline]).toEqual([reader.uid, 'The reader']);
    const field = await reader.client.request<Schemas['ProfileSettings']>(
      'PUT',
      `/api/profile/edit/bio?uid=${writer.uid}`,
      { bio: 'The reader bio' },
    );
    expect(field.body.uid).toBe(reader.uid);
    for (const body of [
      { uid: writer.uid, headline: 'x' },
      { username: writer.username, headline: 'x' },
    ]) {
      expect(rawRefusal(await reader.client.request('PATCH', '/api/profile/edit', body))).toMatchObject({
        status: 400,
        code: 'InvalidModel',
      });
    }
    const picture = await upload(reader.client, `/api/profile/img?uid=${writer.uid}`, await png(), 'image/png');
    expect(picture.data!.url).toContain(`/users/${reader.uid}/`);
    expect(
      (await reader.client.get<Schemas['PublicProfile']>(`/api/profile?username=${writer.username}`)).body.uid,
    ).toBe(reader.uid);
    expect((await typedApi(writer.client).GET('/api/me/settings/profile')).data).toEqual(before);
  });

  it('reserves the names of the static profile paths as usernames', async () => {
    const client = new ApiClient(base);
    for (const username of ['settings', 'Articles', 'edit', 'img', 'profile']) {
      const taken = await typedApi(client).POST('/api/id/register', {
        body: {
          email: `${username.toLowerCase()}.${run}@example.az`,
          username,
          fullname: 'Reserved Name',
          password: 'profile-pass-7',
          acceptTerms: true,
          acceptPrivacy: true,
        },
        params: { header: await captchaParam(base) },
      });
      expect([username, refusal(taken).code]).toEqual([username, 'UsernameAlreadyExists']);
    }
    const change = await typedApi(reader.client).PUT('/api/me/settings/profile/username', {
      body: { username: 'Settings' },
    });
    expect(refusal(change)).toMatchObject({ status: 409, code: 'UsernameAlreadyExists' });
  });
});
