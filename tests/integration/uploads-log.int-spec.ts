// The uploads log (GET /api/ttin/logs/img, SPEC.md section 7's "logs img") on real servers (identity, articles and
// the gateway; PostgreSQL, Redis, NATS, mailpit and the object store): each editor image of the signed-in user with
// its thumbnail (fetched back through /media), size as uploaded, dimensions, upload time and where it is used (a draft
// cover, an article's content, a draft the user co-authors), newest first; an unused one deleted from there with
// DELETE /api/publication/f; nobody lists or deletes another's image by any key or cursor; keyset pages that neither
// skip nor repeat images uploaded within one millisecond (rows seeded in SQL); InvalidPage and 401 as documented.
import pg from 'pg';
import sharp from 'sharp';
import type { Schemas } from '@pencraft/api-client';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
}

const PASSWORD = 'uploads-log-pass-5';
rememberSecret(PASSWORD);
const run = Date.now().toString(36);
let seq = 0;
let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('uploads_log');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(...(await Promise.all([startService('identity', db.name), startService('articles', db.name)])));
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
  base = httpBase('gateway');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

async function signUp(): Promise<Account> {
  seq += 1;
  const email = `uplog${seq}.${run}@example.az`;
  const username = `uplog_${run}_${seq}`;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: { email, username, password: PASSWORD, fullname: `Uploads ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  return { client, api, uid: response.data!.uid, username };
}

/** The raw body upload of the editor (bytes, not JSON), its answer checked against the document. */
async function upload(account: Account, bytes: Buffer, type: string): Promise<Schemas['EditorImage']> {
  if (!account.client.cookies.has('pc_csrf')) await account.api.GET('/api/csrf');
  const response = await fetch(`${base}/api/publication/f`, {
    method: 'POST',
    headers: {
      'content-type': type,
      cookie: [...account.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': account.client.cookies.get('pc_csrf') ?? '',
    },
    body: new Uint8Array(bytes),
  });
  const body: unknown = await response.json();
  expectDocumented('POST', '/api/publication/f', response.status, body);
  expect(response.status).toBe(201);
  return body as Schemas['EditorImage'];
}

const picture = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } });

const logOf = (account: Account, cursor?: string) =>
  account.api.GET('/api/ttin/logs/img', { params: { query: cursor === undefined ? {} : { cursor } } });

async function itemsOf(account: Account) {
  const page = await logOf(account);
  expect(page.status).toBe(200);
  return page.data!.items;
}

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  response.error?.error.code,
];
const byId = (id: string) => ({ params: { path: { id } } });
const imageBlock = (url: string) => ({ type: 'image' as const, data: { url, caption: 'A picture' } });
const paragraph = { type: 'paragraph' as const, data: { text: 'The Caspian wind cleans the city every autumn.' } };

describe('the uploads log', () => {
  let alice: Account;
  let bob: Account;
  let png: Buffer;
  let jpeg: Buffer;
  let cover: Schemas['EditorImage'];
  let inline: Schemas['EditorImage'];
  let draftId: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUp(), signUp()]);
    png = await picture(1400, 700, 10).png().toBuffer();
    jpeg = await picture(800, 600, 200).jpeg({ quality: 80 }).toBuffer();
    cover = await upload(alice, png, 'image/png');
    inline = await upload(alice, jpeg, 'image/jpeg');
  });

  it('lists each image newest first with its thumbnail, size as uploaded, dimensions and time, unused at first', async () => {
    const items = await itemsOf(alice);
    expect(items.map((item) => item.key)).toEqual([inline.key, cover.key]);
    const [newest, older] = items as [Schemas['UploadedImage'], Schemas['UploadedImage']];
    expect(newest).toMatchObject({ url: inline.url, width: 800, height: 600, type: 'image/jpeg', bytes: jpeg.length });
    expect(newest.uses).toEqual([]);
    expect(older).toMatchObject({ url: cover.url, width: 1400, height: 700, type: 'image/png', bytes: png.length });
    expect(older.thumbnail).toEqual({ url: cover.variants[0]!.url, width: 640, height: 320 });
    expect(Date.parse(newest.uploadedAt)).toBeGreaterThanOrEqual(Date.parse(older.uploadedAt));
    expect(Math.abs(Date.now() - Date.parse(newest.uploadedAt))).toBeLessThan(60_000);
    const thumbnail = await fetch(`${base}${older.thumbnail.url}`);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/png']);
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([640, 320]);
  });

  it('says where each is used: a draft cover, an article (by its content), a co-authored draft', async () => {
    const draft = await alice.api.POST('/api/drafts', { body: { title: 'Cover story' } });
    expect(draft.status).toBe(201);
    draftId = draft.data!.id;
    expect((await alice.api.PUT('/api/drafts/{id}/cover', { ...byId(draftId), body: { key: cover.key } })).status).toBe(
      200,
    );
    // An article of hers (as review leaves it) showing the other image in its content.
    const { rows } = await sql.query<{ id: string }>(
      `insert into articles.articles (author_id, title, language, category, content, body_text, word_count,
                                      symbol_count, status)
       values ($1, 'Autumn in Baku', 'en', 'travel', $2, 'Autumn', 1, 6, 'accepted') returning id`,
      [alice.uid, JSON.stringify({ blocks: [paragraph, imageBlock(inline.variants[0]!.url)] })],
    );
    const articleId = rows[0]!.id;
    const items = await itemsOf(alice);
    expect(items.map((item) => [item.key, item.uses])).toEqual([
      [inline.key, [{ kind: 'article', id: articleId, title: 'Autumn in Baku' }]],
      [cover.key, [{ kind: 'draft', id: draftId, title: 'Cover story' }]],
    ]);

    // Bob co-authors her draft and puts his own image in it: his log names her draft, hers never lists his image.
    const invited = await alice.api.POST('/api/drafts/{id}/invite', {
      params: { path: { id: draftId }, query: { username: bob.username } },
    });
    expect(invited.status).toBe(201);
    const invitation = (await bob.api.GET('/api/drafts/invitations')).data!.items[0]!;
    expect((await bob.api.POST('/api/drafts/invitations/{id}/accept', byId(invitation.id))).status).toBe(200);
    const his = await upload(bob, await picture(500, 500, 90).png().toBuffer(), 'image/png');
    const current = await bob.api.GET('/api/drafts/{id}', byId(draftId));
    const saved = await bob.api.PUT('/api/drafts/{id}', {
      ...byId(draftId),
      body: {
        title: 'Cover story',
        content: { blocks: [paragraph, imageBlock(his.url)] },
        version: current.data!.version,
      },
    });
    expect(saved.status).toBe(200);
    expect((await itemsOf(bob)).map((item) => [item.key, item.uses])).toEqual([
      [his.key, [{ kind: 'draft', id: draftId, title: 'Cover story' }]],
    ]);
    expect((await itemsOf(alice)).map((item) => item.key)).toEqual([inline.key, cover.key]);
  });

  it("lets nobody list or delete another's image, by key or by cursor", async () => {
    const bobs = (await itemsOf(bob)).map((item) => item.key);
    expect(bobs.some((key) => key.includes(alice.uid))).toBe(false);
    // Alice's page position as a cursor only continues Bob's own list.
    const aliceFirst = (await itemsOf(alice))[0]!;
    const at = (
      await sql.query<{ us: string; id: string }>(
        `select (extract(epoch from created_at) * 1000000)::bigint::text as us, id from articles.media where key = $1`,
        [aliceFirst.key],
      )
    ).rows[0]!;
    const fromHers = await logOf(bob, `${BigInt(at.us) + 1n}.${at.id}`);
    expect(fromHers.status).toBe(200);
    expect(fromHers.data!.items.every((item) => item.key.startsWith(`articles/${bob.uid}/`))).toBe(true);
    // Deleting hers, by its key or any variant's, is the same NotFound as an unknown key, and changes nothing.
    for (const key of [cover.key, cover.variants[0]!.key, cover.key.replace(/\.png$/, '.webp')]) {
      expect(codeOf(await bob.api.DELETE('/api/publication/f', { params: { query: { key } } }))).toEqual([
        404,
        'NotFound',
      ]);
    }
    expect((await itemsOf(alice)).map((item) => item.key)).toEqual([inline.key, cover.key]);
    expect((await fetch(`${base}${cover.url}`)).status).toBe(200);
    // A visitor has no log.
    expect(codeOf(await typedApi(new ApiClient(base)).GET('/api/ttin/logs/img'))).toEqual([401, 'Unauthorized']);
  });

  it('deletes an image once it is unused, with every variant', async () => {
    expect((await alice.api.DELETE('/api/drafts/{id}/cover', byId(draftId))).status).toBe(200);
    const unused = (await itemsOf(alice)).find((item) => item.key === cover.key)!;
    expect(unused.uses).toEqual([]);
    const removed = await alice.api.DELETE('/api/publication/f', { params: { query: { key: unused.key } } });
    expect(removed.status).toBe(204);
    expect((await itemsOf(alice)).map((item) => item.key)).toEqual([inline.key]);
    for (const url of [unused.url, unused.thumbnail.url]) expect((await fetch(`${base}${url}`)).status).toBe(404);
  });
});

describe('the uploads log, a page at a time', () => {
  it('walks every image newest first, none skipped or repeated within one millisecond, and refuses a made-up cursor', async () => {
    const carol = await signUp();
    // 23 images: the 19th to 22nd within one millisecond, the 20th and 21st at the same microsecond (ordered by id).
    const micros = [...Array.from({ length: 18 }, (_, i) => 10_000 * (30 - i)), 999, 400, 400, 300, 100];
    const ids: string[] = [];
    for (const [n, us] of micros.entries()) {
      const id = (await sql.query<{ id: string }>('select gen_random_uuid()::text as id')).rows[0]!.id;
      const folder = `articles/${carol.uid}/${id}/`;
      await sql.query(
        `insert into articles.media (id, owner_uid, folder, key, type, width, height, keys, bytes, created_at)
         values ($1, $2, $3, $4, 'image/jpeg', 640, 480, $5, $6,
                 timestamptz '2026-11-28 06:00:00.123000+00' + $7 * interval '1 microsecond')`,
        [id, carol.uid, folder, `${folder}640.jpg`, [`${folder}640.jpg`], 1000 + n, us],
      );
      ids.push(id);
    }
    const expected = (
      await sql.query<{ key: string }>(
        'select key from articles.media where owner_uid = $1 order by created_at desc, id desc',
        [carol.uid],
      )
    ).rows.map((row) => row.key);

    const first = await logOf(carol);
    expect(first.status).toBe(200);
    expect(first.data!.items).toHaveLength(20);
    expect(first.data!.nextCursor).not.toBeNull();
    const second = await logOf(carol, first.data!.nextCursor!);
    expect(second.status).toBe(200);
    expect(second.data!.nextCursor).toBeNull();
    expect([...first.data!.items, ...second.data!.items].map((item) => item.key)).toEqual(expected);
    expect(first.data!.items[0]).toMatchObject({ bytes: 1000, uses: [], uploadedAt: '2026-11-28T06:00:00.423Z' });

    for (const cursor of ['2', 'abc', `1.${ids[0]!.toUpperCase()}`, `${'9'.repeat(18)}.${ids[0]}`]) {
      expect(codeOf(await logOf(carol, cursor))).toEqual([400, 'InvalidPage']);
    }
    expect(codeOf(await logOf(carol, 'x'.repeat(81)))).toEqual([400, 'InvalidPage']);
  });
});
