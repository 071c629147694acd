// Image limits through the gateway on real servers (identity, articles and the gateway; PostgreSQL, Redis, NATS,
// mailpit and the versitygw object store): a decompression bomb (a PNG of a few KB claiming 20000x20000 pixels, made
// here with zlib) is refused by its header as a profile picture, a banner and an editor image with the size code of
// each, while the service's peak memory stays within its chart limit; a writer uploads at most 30 editor images in
// 10 minutes and keeps at most 200; an editor image no draft or article refers to is collected with its variants
// after the grace period, one that a draft uses (as its cover or in its content) is kept.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { parse } from 'yaml';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
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
import { EDITOR_IMAGE_UPLOAD_WINDOW_MS } from '@pencraft/rules';
import { freshRateWindow } from '../support/rate-window.ts';

type EditorImage = Schemas['EditorImage'];
interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
}

const PASSWORD = 'limits-pass-77';
rememberSecret(PASSWORD);
const MiB = 1024 * 1024;

let db: TestDatabase;
let sql: pg.Pool;
let identity: AppHandle;
let articles: AppHandle;
let gateway: AppHandle;
let base: string;
let seq = 0;
const run = Date.now().toString(36);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('image_limits');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  [identity, articles] = await Promise.all([
    startService('identity', db.name),
    // Swept every half second; the grace is an hour, so only the rows this suite backdates are due.
    startService('articles', db.name, { MEDIA_SWEEP_INTERVAL_SECONDS: '0.5', MEDIA_SWEEP_GRACE_SECONDS: '3600' }),
  ]);
  gateway = await startService('gateway', db.name, { EDGE_ROUTES: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  base = httpBase('gateway');
});

afterAll(async () => {
  await Promise.all([gateway, articles, identity].filter(Boolean).map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

async function signUp(): Promise<Account> {
  seq += 1;
  const email = `limits${seq}.${run}@example.az`;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: {
      email,
      username: `limits_${run}_${seq}`,
      password: PASSWORD,
      fullname: `Limits User ${seq}`,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  return { client, api, uid: response.data!.uid };
}

/**
 * A decompression bomb: a one-colour 1-bit greyscale PNG of width x height whose file is a few kilobytes (the rows
 * deflate to almost nothing) but whose decoded pixels would take width x height x 3 bytes or more.
 */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(width / 8); // the filter byte, then the bits (all zero: black)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The memory limit of a service's container in the chart (its own resources, else the defaults'), in bytes. */
function chartMemoryLimit(service: string): number {
  type Resources = { limits?: { memory?: string } };
  const values = parse(readFileSync(new URL('../../charts/pencraft/values.yaml', import.meta.url), 'utf8')) as {
    defaults: { resources: Resources };
    services: Record<string, { resources?: Resources }>;
  };
  const limit = values.services[service]?.resources?.limits?.memory ?? values.defaults.resources.limits?.memory;
  const match = /^(\d+)Mi$/.exec(limit ?? '');
  if (!match) throw new Error(`no memory limit in Mi for ${service}: ${limit}`);
  return Number(match[1]) * MiB;
}

/** The peak resident memory of a process so far (VmHWM), in bytes. */
function peakMemory(app: AppHandle): number {
  const status = readFileSync(`/proc/${app.pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmHWM for pid ${app.pid}`);
  return Number(match[1]) * 1024;
}

/**
 * A raw body upload (the editor's image tool, or the settings' picture form): a raw fetch, not the typed client, since
 * the body is the file's bytes (a decompression bomb among them), not JSON. The answer is checked against the
 * document, so it is the route's answer on a 2xx and the Error otherwise.
 */
async function send<Answer>(client: ApiClient, method: 'POST' | 'PUT', path: string, bytes: Buffer) {
  if (!client.cookies.has('pc_csrf')) await typedApi(client).GET('/api/csrf');
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'image/png',
      'accept-language': 'en',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: new Uint8Array(bytes),
  });
  const body: unknown = await response.json();
  expectDocumented(method, path, response.status, body);
  return response.ok
    ? { status: response.status, data: body as Answer, error: undefined }
    : { status: response.status, data: undefined, error: body as Schemas['Error'] };
}

const EDITOR = '/api/publication/f';
const uploadEditorImage = (client: ApiClient, bytes: Buffer) => send<EditorImage>(client, 'POST', EDITOR, bytes);
const sendPicture = (client: ApiClient, kind: 'picture' | 'banner', bytes: Buffer) =>
  send<Schemas['PictureUrl']>(client, 'PUT', `/api/me/settings/profile/${kind}`, bytes);
const small = (shade: number) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe('decompression bombs', () => {
  const bomb = pngBomb(20_000, 20_000);

  it('the bomb is a few KB claiming 400 megapixels (well over a GB once decoded)', async () => {
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
  });

  it('refuses it as a profile picture and a banner by its header, identity staying within its memory limit', async () => {
    const user = await signUp();
    const before = peakMemory(identity);
    const avatar = await sendPicture(user.client, 'picture', bomb);
    expect([avatar.status, errorCode(avatar)]).toEqual([400, 'InvalidAvatarSize']);
    expect(avatar.error?.error.message).toBe('The profile picture must not exceed 3 MB or 24 megapixels.');
    const banner = await sendPicture(user.client, 'banner', bomb);
    expect([banner.status, errorCode(banner)]).toEqual([400, 'InvalidCoverSize']);
    const after = peakMemory(identity);
    expect(after).toBeLessThan(chartMemoryLimit('identity'));
    // Nothing was decoded: decoding would have added hundreds of MB to the peak.
    expect(after - before).toBeLessThan(48 * MiB);
  });

  it('refuses it as an editor image by its header, articles staying within its memory limit', async () => {
    const user = await signUp();
    const before = peakMemory(articles);
    const refused = await uploadEditorImage(user.client, bomb);
    expect([refused.status, errorCode(refused)]).toEqual([400, 'InvalidImageSize']);
    // Past 24 megapixels but under the decoder's old 50: refused by its size too, before decoding.
    const wide = await uploadEditorImage(user.client, pngBomb(6_000, 5_000));
    expect([wide.status, errorCode(wide)]).toEqual([400, 'InvalidImageSize']);
    const after = peakMemory(articles);
    expect(after).toBeLessThan(chartMemoryLimit('articles'));
    expect(after - before).toBeLessThan(48 * MiB);
    const kept = await sql.query('select count(*)::int as n from articles.media where owner_uid = $1', [user.uid]);
    expect(kept.rows[0].n).toBe(0);
  });
});

describe('editor image quotas', () => {
  it('takes 30 uploads in 10 minutes from a writer, then answers TooManyRequests (others unaffected)', async () => {
    const [writer, other] = [await signUp(), await signUp()];
    const image = await small(10);
    // The 31 uploads within one of the fixed ten-minute windows.
    await freshRateWindow(60, EDITOR_IMAGE_UPLOAD_WINDOW_MS);
    for (let i = 0; i < 30; i += 1) {
      const uploaded = await uploadEditorImage(writer.client, image);
      expect([i, uploaded.status]).toEqual([i, 201]);
    }
    const refused = await uploadEditorImage(writer.client, image);
    expect([refused.status, errorCode(refused)]).toEqual([429, 'TooManyRequests']);
    expect((await uploadEditorImage(other.client, image)).status).toBe(201);
  });

  it('lets a writer keep 200 images: the next is ImageQuotaExceeded until one is deleted', async () => {
    const writer = await signUp();
    const first = await uploadEditorImage(writer.client, await small(20));
    expect(first.status).toBe(201);
    // 199 more kept images, written straight to the table (uploading them would take the rate's 70 minutes).
    await sql.query(
      `insert into articles.media (id, owner_uid, folder, key, type, width, height, keys)
       select id::uuid, $1::uuid, $2 || id || '/', $2 || id || '/16.png', 'image/png', 16, 12,
              array[$2 || id || '/16.png']
         from (select gen_random_uuid()::text as id from generate_series(1, 199)) ids`,
      [writer.uid, `articles/${writer.uid}/`],
    );
    const refused = await uploadEditorImage(writer.client, await small(30));
    expect([refused.status, errorCode(refused)]).toEqual([429, 'ImageQuotaExceeded']);
    expect(refused.error?.error.message).toBe(
      'You can keep up to 200 images. Delete images you no longer use to upload new ones.',
    );
    const removed = await writer.api.DELETE('/api/publication/f', { params: { query: { key: first.data!.key } } });
    expect(removed.status).toBe(204);
    expect((await uploadEditorImage(writer.client, await small(40))).status).toBe(201);
  });
});

describe('the image sweeper', () => {
  it('collects an old image nothing refers to with every variant, and keeps the ones a draft uses', async () => {
    const writer = await signUp();
    const images: EditorImage[] = [];
    for (const shade of [50, 60, 70, 80]) {
      const uploaded = await uploadEditorImage(writer.client, await small(shade));
      expect(uploaded.status).toBe(201);
      images.push(uploaded.data!);
    }
    const [covered, embedded, orphan, fresh] = images as [EditorImage, EditorImage, EditorImage, EditorImage];
    const draft = await writer.api.POST('/api/drafts', {
      body: {
        title: 'Pictures kept',
        content: { blocks: [{ type: 'image', data: { url: embedded.url, caption: 'kept by its URL' } }] },
      },
    });
    expect(draft.status).toBe(201);
    const withCover = await writer.api.PUT('/api/drafts/{id}/cover', {
      params: { path: { id: draft.data!.id } },
      body: { key: covered.key },
    });
    expect(withCover.status).toBe(200);

    // Past the grace period, but for the fresh one (uploaded unreferenced just now).
    await sql.query(`update articles.media set created_at = now() - interval '2 hours' where key = any($1)`, [
      [covered.key, embedded.key, orphan.key],
    ]);
    await eventually(async () => {
      const rows = await sql.query('select key from articles.media where owner_uid = $1 order by key', [writer.uid]);
      expect(rows.rows.map((row: { key: string }) => row.key).sort()).toEqual(
        [covered.key, embedded.key, fresh.key].sort(),
      );
      return true;
    });
    // Every variant goes from the object store (after the rows' commit): the original format, WebP and AVIF.
    await eventually(async () => {
      for (const format of ['png', 'webp', 'avif']) {
        const key = orphan.key.replace(/\.png$/, `.${format}`);
        expect([format, (await fetch(`${base}/media/${key}`)).status]).toEqual([format, 404]);
      }
      return true;
    });
    for (const kept of [covered, embedded, fresh]) expect((await fetch(`${base}${kept.url}`)).status).toBe(200);
  });
});
