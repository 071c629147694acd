// The editor's images through the gateway on real servers (identity, articles and the gateway; PostgreSQL, Redis,
// NATS, mailpit and the versitygw object store): POST /api/publication/f stores a JPEG or PNG made here with sharp at
// 640/1280/1920 px (never enlarged) in its own format, WebP and AVIF, without its metadata; every variant is fetched
// back through /media and measured; /media answers AVIF or WebP by the Accept header with Vary: Accept; format and
// size are refused by content (2 MB before the body is read); only the owner deletes an image, by any key of it.
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, errorCode, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  email: string;
}

const MB2 = 2 * 1024 * 1024;
const PASSWORD = 'media-pass-77';
rememberSecret(PASSWORD);
const PATH = '/api/publication/f';
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;
const run = Date.now().toString(36);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('editor_media');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name, { DELETION_JOB_INTERVAL_SECONDS: '0.5' }),
      startService('articles', db.name),
    ])),
  );
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
  base = httpBase('gateway');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const email = `media${seq}.${run}@example.az`;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: {
      email,
      username: `media_${run}_${seq}`,
      password: PASSWORD,
      fullname: `Media User ${seq}`,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, email, registeredAt);
  return { client, api, uid: response.data!.uid, email };
}

/**
 * An upload the gateway refuses before reading it: it answers at once and stops reading, so the client may still be
 * writing when the connection closes (EPIPE, ECONNRESET) and never see the answer. Either is a refusal.
 */
async function refusedUpload(client: ApiClient, bytes: Buffer | ReadableStream, contentType: string) {
  try {
    return await upload(client, bytes, contentType);
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    if (code === 'EPIPE' || code === 'ECONNRESET') return 'connection cut' as const;
    throw error;
  }
}

/**
 * A raw body upload as the editor's image tool sends it: the file's bytes with its declared type (whatever they are:
 * text, a GIF, an SVG, a chunked stream). A raw fetch, not the typed client, since the body is bytes, not JSON; the
 * answer is checked against the document, so it is the EditorImage on a 201 and the Error otherwise.
 */
async function upload(client: ApiClient, bytes: Buffer | ReadableStream, contentType: string) {
  if (!client.cookies.has('pc_csrf')) await typedApi(client).GET('/api/csrf');
  const response = await fetch(`${base}${PATH}`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'accept-language': 'en',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: bytes,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const body: unknown = await response.json();
  expectDocumented('POST', PATH, response.status, body);
  return response.ok
    ? { status: response.status, data: body as Schemas['EditorImage'], error: undefined }
    : { status: response.status, data: undefined, error: body as Schemas['Error'] };
}

const remove = (client: ApiClient, key: string) =>
  typedApi(client).DELETE('/api/publication/f', { params: { query: { key } } });

async function fetchMedia(url: string, accept?: string) {
  const response = await fetch(`${base}${url}`, { headers: accept ? { accept } : {} });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#f80"/></svg>`,
        ),
      },
    ])
    .withMetadata({ exif: { IFD0: { Artist: 'editor-media-artist' } } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('uploading editor images', () => {
  let writer: Account;

  beforeAll(async () => {
    writer = await signUp();
  });

  it('stores a large JPEG at 640, 1280 and 1920 px in JPEG, WebP and AVIF, each served and measured', async () => {
    const uploaded = await upload(writer.client, await photo(2400, 1600), 'image/jpeg');
    expect(uploaded.status).toBe(201);
    const folder = `articles/${writer.uid}/`;
    expect(uploaded.data).toMatchObject({ width: 1920, height: 1280, type: 'image/jpeg' });
    expect(uploaded.data!.key).toMatch(new RegExp(`^${folder}[0-9a-f-]{36}/1920\\.jpg$`));
    expect(uploaded.data!.url).toBe(`/media/${uploaded.data!.key}`);
    expect(uploaded.data!.variants.map((v) => [v.width, v.height])).toEqual([
      [640, 427],
      [1280, 853],
      [1920, 1280],
    ]);
    for (const variant of uploaded.data!.variants) {
      for (const [extension, format, type] of [
        ['jpg', 'jpeg', 'image/jpeg'],
        ['webp', 'webp', 'image/webp'],
        ['avif', 'heif', 'image/avif'],
      ] as const) {
        const { response, bytes } = await fetchMedia(variant.url.replace(/\.jpg$/, `.${extension}`));
        expect([variant.width, extension, response.status, response.headers.get('content-type')]).toEqual([
          variant.width,
          extension,
          200,
          type,
        ]);
        const meta = await sharp(bytes).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
          format,
          width: variant.width,
          height: variant.height,
          exif: undefined,
        });
        expect(bytes.toString('latin1')).not.toContain('editor-media-artist');
      }
    }
    const { rows } = await sql.query<{ owner_uid: string; keys: string[] }>(
      'select owner_uid, keys from articles.media where key = $1',
      [uploaded.data!.key],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.owner_uid).toBe(writer.uid);
    expect(rows[0]!.keys).toHaveLength(9);
  });

  it('never enlarges: a 900 px PNG (sent as image/jpeg, judged by its bytes) gets 640 and 900 as PNG', async () => {
    const png = await sharp(await photo(900, 450))
      .png()
      .toBuffer();
    const uploaded = await upload(writer.client, png, 'image/jpeg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.data).toMatchObject({ width: 900, height: 450, type: 'image/png' });
    expect(uploaded.data!.key).toMatch(/\/900\.png$/);
    expect(uploaded.data!.variants.map((v) => v.width)).toEqual([640, 900]);
    const { response, bytes } = await fetchMedia(uploaded.data!.url, 'image/png');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 900, height: 450 });
  });

  it('answers AVIF, WebP or the original by the Accept header, with Vary: Accept', async () => {
    const uploaded = await upload(writer.client, await photo(700, 400), 'image/jpeg');
    const url = uploaded.data!.url;
    const cases: [string | undefined, string, string][] = [
      [CHROME_ACCEPT, 'image/avif', 'heif'],
      ['image/webp,image/*,*/*;q=0.8', 'image/webp', 'webp'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
      ['image/jpeg,image/*;q=0.8', 'image/jpeg', 'jpeg'],
      [undefined, 'image/jpeg', 'jpeg'],
    ];
    for (const [accept, type, format] of cases) {
      const { response, bytes } = await fetchMedia(url, accept);
      expect([accept, response.status, response.headers.get('content-type'), response.headers.get('vary')]).toEqual([
        accept,
        200,
        type,
        'Accept',
      ]);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(bytes).metadata()).toMatchObject({ format, width: 700, height: 400 });
    }
    // A profile picture has no siblings: its answer does not vary.
    const { response } = await fetchMedia(`/media/users/${writer.uid}/avatar-none.jpg`, CHROME_ACCEPT);
    expect([response.status, response.headers.get('vary')]).toEqual([404, null]);
  });

  it('refuses other formats by their content, whatever type they are sent as', async () => {
    const small = await photo(64, 64);
    const gif = await sharp(small).gif().toBuffer();
    const webp = await sharp(small).webp().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
    const text = Buffer.from('this is a text file renamed to photo.png, not an image');
    for (const [bytes, type] of [
      [gif, 'image/gif'],
      [gif, 'image/png'],
      [webp, 'image/webp'],
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [text, 'image/jpeg'],
      [text, 'application/octet-stream'],
      [small.subarray(0, 300), 'image/jpeg'],
    ] as const) {
      const refused = await upload(writer.client, bytes, type);
      expect([type, refused.status, errorCode(refused)]).toEqual([type, 400, 'InvalidImageFormat']);
      expect(refused.error?.error.message).toBe('The image must be a JPG, JPEG or PNG file.');
    }
    // Raw: a JSON body (a link instead of the file), which the document does not offer for this route.
    const json = await writer.client.post(PATH, { url: 'https://x.test/a.png' });
    expect([json.status, (json.body as Schemas['Error']).error.code]).toEqual([400, 'InvalidImageFormat']);
  });

  it('accepts 2 MB and refuses a byte more before reading it, also when the body is chunked', async () => {
    const counted = await sql.query('select count(*)::int as n from articles.media where owner_uid = $1', [writer.uid]);
    const imagesBefore: number = counted.rows[0].n;
    const side = 830;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1.9 * 1024 * 1024);
    expect(png.length).toBeLessThanOrEqual(MB2);
    const accepted = await upload(writer.client, png, 'image/png');
    expect([accepted.status, accepted.data?.width]).toEqual([201, side]);

    const big = Buffer.concat([png, Buffer.alloc(MB2 + 1 - png.length, 0x42)]);
    const tooBig = await refusedUpload(writer.client, big, 'image/png');
    if (tooBig !== 'connection cut') {
      expect([tooBig.status, errorCode(tooBig)]).toEqual([400, 'InvalidImageSize']);
      expect(tooBig.error?.error.message).toBe('The image must not exceed 2 MB or 24 megapixels.');
    }

    // Without a declared length (chunked), the gateway stops once the bytes pass the limit.
    const chunk = Buffer.alloc(512 * 1024, 0x42);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent > MB2 + chunk.length) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const chunked = await refusedUpload(writer.client, stream, 'image/jpeg');
    if (chunked !== 'connection cut') expect([chunked.status, errorCode(chunked)]).toEqual([400, 'InvalidImageSize']);
    // Either way nothing of it was kept: the writer's images are the one accepted above.
    const { rows } = await sql.query('select count(*)::int as n from articles.media where owner_uid = $1', [
      writer.uid,
    ]);
    expect(rows[0].n).toBe(imagesBefore + 1);
  });

  it('is for signed-in, confirmed writers only', async () => {
    const anonymous = new ApiClient(base);
    const bytes = await photo(100, 100);
    expect((await upload(anonymous, bytes, 'image/jpeg')).status).toBe(401);
    const unconfirmed = await signUp(false);
    const refused = await upload(unconfirmed.client, bytes, 'image/jpeg');
    expect([refused.status, errorCode(refused)]).toEqual([403, 'AccountNotConfirmed']);
    expect((await remove(anonymous, `articles/${writer.uid}/x/1.jpg`)).status).toBe(401);
  });
});

describe('deleting editor images', () => {
  let owner: Account;
  let other: Account;

  beforeAll(async () => {
    owner = await signUp();
    other = await signUp();
  });

  it("nobody deletes another's image: NotFound, and every variant is still served", async () => {
    const uploaded = await upload(owner.client, await photo(1400, 700), 'image/jpeg');
    expect(uploaded.status).toBe(201);
    const keys = uploaded.data!.variants.flatMap((v) => ['jpg', 'webp', 'avif'].map((e) => v.key.replace(/jpg$/, e)));
    for (const key of [uploaded.data!.key, keys[1]!]) {
      const refused = await remove(other.client, key);
      expect([refused.status, errorCode(refused)]).toEqual([404, 'NotFound']);
    }
    // A key in the other user's own folder that names the owner's image folder is no way in either.
    const forged = uploaded.data!.key.replace(owner.uid, other.uid);
    expect((await remove(other.client, forged)).status).toBe(404);
    for (const key of keys) expect((await fetchMedia(`/media/${key}`)).response.status).toBe(200);
  });

  it('the owner deletes an image by any of its keys, and every variant goes', async () => {
    const uploaded = await upload(owner.client, await photo(1400, 700), 'image/jpeg');
    const keys = uploaded.data!.variants.flatMap((v) => ['jpg', 'webp', 'avif'].map((e) => v.key.replace(/jpg$/, e)));
    expect(keys).toHaveLength(9);
    const deleted = await remove(owner.client, keys[4]!);
    expect(deleted.status).toBe(204);
    for (const key of keys) expect((await fetchMedia(`/media/${key}`)).response.status).toBe(404);
    const { rowCount } = await sql.query('select 1 from articles.media where key = $1', [uploaded.data!.key]);
    expect(rowCount).toBe(0);
    // Deleting it again, or an unknown key, is NotFound; a malformed key is refused as such.
    expect((await remove(owner.client, uploaded.data!.key)).status).toBe(404);
    const malformed = await remove(owner.client, '../etc/passwd');
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'InvalidModel']);
    // Raw: without the key the document requires, which the typed client would not send.
    const missing = await owner.client.request('DELETE', PATH);
    expect([missing.status, (missing.body as Schemas['Error']).error.code]).toEqual([400, 'NullOrEmpty']);
  });
});

describe("a deleted account's images", () => {
  it('go with the account: rows and every object under articles/<uid>/', async () => {
    const leaving = await signUp();
    const uploaded = await upload(leaving.client, await photo(1400, 700), 'image/jpeg');
    expect(uploaded.status).toBe(201);
    const keys = uploaded.data!.variants.flatMap((v) => ['jpg', 'webp', 'avif'].map((e) => v.key.replace(/jpg$/, e)));
    for (const key of keys) expect((await fetchMedia(`/media/${key}`)).response.status).toBe(200);

    // Deletion as the settings page asks for it (password, then the mailed code), made due at once.
    const after = new Date();
    const step = await leaving.api.POST('/api/id/account/danger', { body: { password: PASSWORD } });
    expect(step.status).toBe(200);
    const code = codeIn(
      await waitForMail({ to: leaving.email, subject: /account deletion code|silinməsi|удаления аккаунта/, after }),
    );
    const scheduled = await leaving.api.POST('/api/id/account/danger', { body: { password: PASSWORD, code } });
    expect(scheduled.status).toBe(200);
    await sql.query('update identity.deletion_requests set scheduled_for = now() where user_id = $1', [leaving.uid]);

    await eventually(
      async () => {
        const { rows } = await sql.query('select 1 from articles.media where owner_uid = $1', [leaving.uid]);
        return rows.length === 0 ? true : undefined;
      },
      { timeoutMs: 20_000 },
    );
    await eventually(async () => {
      const statuses = await Promise.all(keys.map(async (key) => (await fetchMedia(`/media/${key}`)).response.status));
      return statuses.every((status) => status === 404) ? true : undefined;
    });
  });
});
