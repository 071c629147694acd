// The profile settings through the gateway on real servers (identity, articles and search behind it; PostgreSQL,
// Redis, NATS, mailpit and the S3 object store): profile fields and links with every refusal, the username once per
// 14 days, the phone verified by a code read from the SMS mailbox, pictures uploaded as PNG and JPEG made here with
// sharp and fetched back through /media at their stored sizes, refused by content and size, preferences, follows,
// the public profile and its articles (kept current from identity.user.updated). And that no user reaches another's
// profile, links, phone or pictures by any id, path or body field: the uid is always the session's.
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
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
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { field: string; code: string }[];
    params?: Record<string, string | number>;
  };
}
interface Account {
  client: ApiClient;
  uid: string;
  email: string;
  username: string;
}
interface ProfileSettings {
  uid: string;
  username: string;
  fullname: string;
  headline: string;
  bio: string;
  birthdate: string | null;
  country: string | null;
  gender: string;
  imageUrl: string | null;
  bannerUrl: string | null;
  links: { id: string; provider: string; url: string }[];
  usernameChangeableAt: string | null;
}

const MB3 = 3 * 1024 * 1024;

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;
const run = Date.now().toString(36);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('profile');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
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
  await sql?.end();
  await db?.drop();
});

async function signUp(): Promise<Account> {
  seq += 1;
  const account = {
    email: `profile${seq}.${run}@example.az`,
    username: `prof_${run}_${seq}`,
    password: 'profile-pass-7',
  };
  const client = new ApiClient(base);
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: `Profile User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  return { client, uid: response.body.uid, email: account.email, username: account.username };
}

const put = <T>(client: ApiClient, path: string, body?: unknown) => client.request<T & ErrorBody>('PUT', path, body);
const patch = <T>(client: ApiClient, path: string, body?: unknown) =>
  client.request<T & ErrorBody>('PATCH', path, body);
const del = <T>(client: ApiClient, path: string) => client.request<T & ErrorBody>('DELETE', path);
const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;
const fieldsOf = (response: { body: unknown }) =>
  (response.body as ErrorBody).error?.details?.map((d) => `${d.field}:${d.code}`);

/** A raw body upload as the settings page sends a picture: the file's bytes with its declared type. */
async function upload(client: ApiClient, path: string, bytes: Buffer | ReadableStream, contentType: string) {
  if (!client.cookies.has('pc_csrf')) await client.get('/api/csrf');
  const response = await fetch(`${base}${path}`, {
    method: 'PUT',
    headers: {
      'content-type': contentType,
      'accept-language': 'en',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: bytes,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const body = (await response.json()) as { url: string } & ErrorBody;
  expectDocumented('PUT', path, response.status, body);
  return { status: response.status, body };
}

const picture = (width: number, height: number, blue = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: blue } } })
    .withMetadata({ exif: { IFD0: { Artist: 'profile-test-artist' } } })
    .png()
    .toBuffer();

describe('profile fields', () => {
  let account: Account;

  beforeAll(async () => {
    account = await signUp();
  });

  it('starts empty and saves every field through PATCH and the per-field paths', async () => {
    const initial = await account.client.get<ProfileSettings>('/api/me/settings/profile');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      uid: account.uid,
      username: account.username,
      headline: '',
      bio: '',
      birthdate: null,
      country: null,
      gender: 'notSpecified',
      imageUrl: null,
      bannerUrl: null,
      links: [],
      usernameChangeableAt: null,
    });

    const saved = await patch<ProfileSettings>(account.client, '/api/me/settings/profile', {
      headline: '  Backend   developer ',
      bio: 'Line one\n\nLine two',
      birthdate: '1995-04-12',
      country: 'AZ',
      gender: 'female',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      headline: 'Backend developer',
      bio: 'Line one\n\nLine two',
      birthdate: '1995-04-12',
      country: 'AZ',
      gender: 'female',
    });

    expect(
      (await put<ProfileSettings>(account.client, '/api/me/settings/profile/fullname', { fullname: 'Leyla Məmmədova' }))
        .body.fullname,
    ).toBe('Leyla Məmmədova');
    expect(
      (await put<ProfileSettings>(account.client, '/api/me/settings/profile/headline', { headline: 'Writer' })).body
        .headline,
    ).toBe('Writer');
    expect((await put<ProfileSettings>(account.client, '/api/me/settings/profile/bio', { bio: '' })).body.bio).toBe('');
    expect(
      (await put<ProfileSettings>(account.client, '/api/me/settings/profile/birthdate', { birthdate: '' })).body
        .birthdate,
    ).toBeNull();
    expect(
      (await put<ProfileSettings>(account.client, '/api/me/settings/profile/country', { country: 'DE' })).body.country,
    ).toBe('DE');
    expect(
      (await put<ProfileSettings>(account.client, '/api/me/settings/profile/gender', { gender: 'notSpecified' })).body
        .gender,
    ).toBe('notSpecified');
    // The page-load summary shows the new name at once (the session's cached summary was dropped).
    expect((await account.client.get<{ fln: string }>('/api/users/info')).body.fln).toBe('Leyla Məmmədova');
  });

  it('answers each refused field with its own code, all at once', async () => {
    // Malformed fields are refused by the gateway's schema, the rest by identity's rules; each layer reports all.
    const malformed = await patch(account.client, '/api/me/settings/profile', {
      fullname: 'x',
      headline: 'x'.repeat(101),
      bio: 'x'.repeat(501),
      gender: 'other',
    });
    expect(malformed.status).toBe(400);
    expect(new Set(fieldsOf(malformed))).toEqual(
      new Set(['fullname:InvalidFullname', 'headline:InvalidHeadline', 'bio:InvalidBio', 'gender:InvalidGender']),
    );
    const unreal = await patch(account.client, '/api/me/settings/profile', {
      birthdate: '2001-02-29',
      country: 'XX',
      headline: 'Fine',
    });
    expect([unreal.status, fieldsOf(unreal)]).toEqual([400, ['birthdate:InvalidBirthdate', 'country:InvalidCountry']]);
    const today = new Date();
    const tooYoung = `${today.getUTCFullYear() - 12}-01-01`;
    const future = `${today.getUTCFullYear() + 1}-01-01`;
    for (const birthdate of [tooYoung, future, '1899-12-31', '12-04-1995']) {
      const response = await put(account.client, '/api/me/settings/profile/birthdate', { birthdate });
      expect([birthdate, response.status, codeOf(response)]).toEqual([birthdate, 400, 'InvalidBirthdate']);
    }
    expect(codeOf(await put(account.client, '/api/me/settings/profile/headline', { headline: '<b>me</b>' }))).toBe(
      'InvalidHeadline',
    );
    expect(codeOf(await put(account.client, '/api/me/settings/profile/country', { country: 'ZZ' }))).toBe(
      'InvalidCountry',
    );
    expect(codeOf(await put(account.client, '/api/me/settings/profile/fullname', { fullname: 'A <script>' }))).toBe(
      'InvalidFullname',
    );
    expect(codeOf(await put(account.client, '/api/me/settings/profile/bio', { bio: 'a\u0000b' }))).toBe('InvalidBio');
    // Nothing of the refused changes was saved.
    expect((await account.client.get<ProfileSettings>('/api/me/settings/profile')).body.country).toBe('DE');
  });

  it('lists countries and languages named in the request language, publicly cacheable', async () => {
    const az = await new ApiClient(base, 'az').get<{ items: { code: string; name: string }[] }>('/api/ttin/country');
    expect(az.status).toBe(200);
    expect(az.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(az.body.items.find((c) => c.code === 'AZ')?.name).toBe('Azərbaycan');
    const ru = await new ApiClient(base, 'ru').get<{ items: { code: string; name: string }[] }>('/api/ttin/country');
    expect(ru.body.items.find((c) => c.code === 'DE')?.name).toBe('Германия');
    expect(ru.body.items.length).toBeGreaterThan(240);
    const langs = await new ApiClient(base).get<{ items: { code: string; name: string }[] }>('/api/ttin/langs');
    expect(langs.body.items).toEqual([
      { code: 'az', name: 'Azərbaycanca' },
      { code: 'en', name: 'English' },
      { code: 'ru', name: 'Русский' },
    ]);
  });
});

describe('links', () => {
  it('adds one link per provider on its own host, and removes only the owner’s', async () => {
    const owner = await signUp();
    const other = await signUp();
    const added = await owner.client.post<{ id: string; provider: string; url: string }>(
      '/api/me/settings/profile/links',
      { provider: 'github', url: 'https://GitHub.com/leyla' },
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ provider: 'github', url: 'https://github.com/leyla' });
    expect(
      (await owner.client.post('/api/me/settings/profile/links', { provider: 'website', url: 'https://leyla.dev' }))
        .status,
    ).toBe(201);

    const again = await owner.client.post('/api/me/settings/profile/links', {
      provider: 'github',
      url: 'https://github.com/other',
    });
    expect([again.status, codeOf(again)]).toEqual([409, 'AlreadyHasLinkProvider']);
    const provider = await owner.client.post('/api/me/settings/profile/links', {
      provider: 'myspace',
      url: 'https://myspace.com/a',
    });
    expect([provider.status, codeOf(provider)]).toEqual([400, 'InvalidLinkProvider']);
    for (const url of ['https://gitlab.com/leyla', 'http://linkedin.com/in/x', 'javascript:alert(1)', 'not a url']) {
      const response = await owner.client.post('/api/me/settings/profile/links', { provider: 'linkedin', url });
      expect([url, response.status, codeOf(response)]).toEqual([url, 400, 'InvalidLinkUrl']);
    }

    // Another user cannot remove it by its id, and a made-up id is the same NotFound.
    const stolen = await del(other.client, `/api/me/settings/profile/links/${added.body.id}`);
    expect([stolen.status, codeOf(stolen)]).toEqual([404, 'NotFound']);
    expect(
      (await del(owner.client, '/api/me/settings/profile/links/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await owner.client.get<unknown[]>('/api/me/settings/profile/links')).body).toHaveLength(2);
    expect((await other.client.get<unknown[]>('/api/me/settings/profile/links')).body).toEqual([]);

    expect((await del(owner.client, `/api/me/settings/profile/links/${added.body.id}`)).status).toBe(204);
    expect(
      (await owner.client.get<{ provider: string }[]>('/api/me/settings/profile/links')).body.map((l) => l.provider),
    ).toEqual(['website']);
  });
});

describe('username', () => {
  it('changes once every 14 days, refusing malformed, taken and reserved names', async () => {
    const account = await signUp();
    const taken = await signUp();
    const wanted = `renamed_${run}_${seq}`;
    const malformed = await put(account.client, '/api/me/settings/profile/username', { username: '9lives' });
    expect([malformed.status, codeOf(malformed)]).toEqual([400, 'InvalidUsername']);
    const other = await put(account.client, '/api/me/settings/profile/username', {
      username: taken.username.toUpperCase(),
    });
    expect([other.status, codeOf(other)]).toEqual([409, 'UsernameAlreadyExists']);
    const reserved = await put(account.client, '/api/me/settings/profile/username', { username: 'Admin' });
    expect([reserved.status, codeOf(reserved)]).toEqual([409, 'UsernameAlreadyExists']);

    const changed = await put<{ username: string; usernameChangeableAt: string }>(
      account.client,
      '/api/me/settings/profile/username',
      { username: wanted },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.username).toBe(wanted);
    const next = Date.parse(changed.body.usernameChangeableAt);
    expect(next - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect((await account.client.get<{ unm: string }>('/api/users/info')).body.unm).toBe(wanted);

    const soon = await put(account.client, '/api/me/settings/profile/username', { username: `${wanted}_2` });
    expect([soon.status, codeOf(soon)]).toEqual([429, 'CantUpdateUsername']);
    expect((soon.body as ErrorBody).error.params?.availableAt).toBe(changed.body.usernameChangeableAt);

    // As if the change was 15 days ago: another change is allowed.
    await sql.query(`update identity.users set username_changed_at = now() - interval '15 days' where id = $1`, [
      account.uid,
    ]);
    expect((await put(account.client, '/api/me/settings/profile/username', { username: `${wanted}_2` })).status).toBe(
      200,
    );
    const summary = await account.client.get<{ username: string; usernameChangeableAt: string }>('/api/ttin/accs');
    expect(summary.body.username).toBe(`${wanted}_2`);
  });
});

describe('phone', () => {
  const phoneNumber = () => `+99450${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const smsTo = (phone: string) => `${phone.replace(/\D/g, '')}@sms.pencraft.test`;

  it('sets a number only with the code sent to it by SMS', async () => {
    const account = await signUp();
    const phone = phoneNumber();
    rememberSecret(phone, phone.slice(1));

    const invalid = await put(account.client, '/api/ttin/phone', { phone: '+994 12' });
    expect([invalid.status, codeOf(invalid)]).toEqual([400, 'InvalidPhoneNumber']);
    const notE164 = await put(account.client, '/api/ttin/phone', { phone: '0501234567' });
    expect(codeOf(notE164)).toBe('InvalidPhoneNumber');

    const before = new Date();
    const sent = await put<{ phone: string; verified: boolean }>(account.client, '/api/ttin/phone', { phone });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ phone: `${phone.slice(0, 4)}•••••••${phone.slice(-2)}`, verified: false });
    const sms = await waitForMail({ to: smsTo(phone), after: before });
    const code = codeIn(sms);

    const wrong = await account.client.post('/api/ttin/phone/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'WrongCode']);
    expect((await account.client.get<{ phone: string | null }>('/api/ttin/accs')).body.phone).toBeNull();

    const verified = await account.client.post<{ verified: boolean }>('/api/ttin/phone/verify', { code });
    expect([verified.status, verified.body.verified]).toEqual([200, true]);
    const again = await account.client.post('/api/ttin/phone/verify', { code });
    expect([again.status, codeOf(again)]).toEqual([400, 'ExpiredOrInvalid']);
    expect((await account.client.get('/api/ttin/accs')).body).toMatchObject({
      phone: sent.body.phone,
      phoneVerified: true,
      email: account.email,
      emailConfirmed: false,
    });

    const same = await put(account.client, '/api/ttin/phone', { phone });
    expect([same.status, codeOf(same)]).toEqual([400, 'NewOldPhoneNumberMatch']);

    // Another account cannot take the number.
    const other = await signUp();
    const taken = await put(other.client, '/api/ttin/phone', { phone });
    expect([taken.status, codeOf(taken)]).toEqual([409, 'PhoneNumberAlreadyExists']);

    // A second code only after the cooldown.
    const secondPhone = phoneNumber();
    rememberSecret(secondPhone, secondPhone.slice(1));
    expect((await put(account.client, '/api/ttin/phone', { phone: secondPhone })).status).toBe(429);

    expect((await del(account.client, '/api/ttin/phone')).status).toBe(204);
    expect((await account.client.get('/api/ttin/accs')).body).toMatchObject({ phone: null, phoneVerified: false });
  });
});

describe('pictures', () => {
  let account: Account;
  let other: Account;

  beforeAll(async () => {
    account = await signUp();
    other = await signUp();
  });

  it('stores a PNG avatar as a 200x200 JPEG without metadata, served from /media', async () => {
    const uploaded = await upload(
      account.client,
      '/api/me/settings/profile/picture',
      await picture(800, 600),
      'image/png',
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.url).toMatch(new RegExp(`^/media/users/${account.uid}/avatar-[0-9a-f]{32}\\.jpg$`));
    const served = await fetch(`${base}${uploaded.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(bytes.toString('latin1')).not.toContain('profile-test-artist');
    expect((await account.client.get<{ iul: string }>('/api/users/info')).body.iul).toBe(uploaded.body.url);
  });

  it('stores a JPEG banner as 1200x240 and removes the replaced object', async () => {
    const first = await upload(
      account.client,
      '/api/me/settings/profile/banner',
      await sharp(await picture(1600, 900))
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    expect(first.status).toBe(200);
    const served = Buffer.from(await (await fetch(`${base}${first.body.url}`)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 240 });

    // A PNG sent as image/jpeg is judged by its bytes: accepted as the picture it is.
    const second = await upload(
      account.client,
      '/api/me/settings/profile/banner',
      await picture(900, 300, 90),
      'image/jpeg',
    );
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await fetch(`${base}${first.body.url}`)).status).toBe(404);
    expect((await account.client.get<ProfileSettings>('/api/me/settings/profile')).body.bannerUrl).toBe(
      second.body.url,
    );

    expect((await del(account.client, '/api/me/settings/profile/banner')).status).toBe(204);
    expect((await fetch(`${base}${second.body.url}`)).status).toBe(404);
    expect((await account.client.get<ProfileSettings>('/api/me/settings/profile')).body.bannerUrl).toBeNull();
  });

  it('accepts a picture just under 3 MB (gRPC carries it to identity within its 4 MB message limit)', async () => {
    const side = 1000;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    // Uncompressed: about 3.0 MB (1000 x 1000 x 3 bytes and the PNG framing), under the 3 MiB limit.
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(png.length).toBeLessThanOrEqual(MB3);
    const uploaded = await upload(account.client, '/api/me/settings/profile/picture', png, 'image/png');
    expect(uploaded.status).toBe(200);
  });

  it('refuses text named as a picture, and bodies over 3 MB before reading them', async () => {
    const text = Buffer.from('this is a text file renamed to avatar.png, not an image');
    const avatar = await upload(account.client, '/api/me/settings/profile/picture', text, 'image/png');
    expect([avatar.status, avatar.body.error.code]).toEqual([400, 'InvalidAvatarFormat']);
    const cover = await upload(account.client, '/api/me/settings/profile/banner', text, 'image/png');
    expect([cover.status, cover.body.error.code]).toEqual([400, 'InvalidCoverFormat']);
    const json = await put(account.client, '/api/me/settings/profile/picture', { url: 'https://x.test/a.png' });
    expect([json.status, codeOf(json)]).toEqual([400, 'InvalidAvatarFormat']);

    const big = Buffer.alloc(MB3 + 1, 0x42);
    const tooBig = await upload(account.client, '/api/me/settings/profile/picture', big, 'image/png');
    expect([tooBig.status, tooBig.body.error.code]).toEqual([400, 'InvalidAvatarSize']);
    const tooBigCover = await upload(account.client, '/api/me/settings/profile/banner', big, 'image/jpeg');
    expect([tooBigCover.status, tooBigCover.body.error.code]).toEqual([400, 'InvalidCoverSize']);

    // Without a declared length (chunked), the gateway stops once the bytes pass the limit.
    const chunk = Buffer.alloc(512 * 1024, 0x42);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent > MB3 + chunk.length) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const chunked = await upload(account.client, '/api/me/settings/profile/picture', stream, 'image/png');
    expect([chunked.status, chunked.body.error.code]).toEqual([400, 'InvalidAvatarSize']);
  });

  it("never reaches another user's pictures: the uid is the session's", async () => {
    const mine = await upload(other.client, '/api/me/settings/profile/picture', await picture(300, 300), 'image/png');
    expect(mine.status).toBe(200);
    const before = (await account.client.get<ProfileSettings>('/api/me/settings/profile')).body.imageUrl;
    expect(before).not.toBe(mine.body.url);
    // Removing "the" picture removes only the caller's own; the other user's object is still served.
    expect((await del(account.client, '/api/me/settings/profile/picture')).status).toBe(204);
    expect((await account.client.get<ProfileSettings>('/api/me/settings/profile')).body.imageUrl).toBeNull();
    expect((await fetch(`${base}${mine.body.url}`)).status).toBe(200);
    expect((await other.client.get<ProfileSettings>('/api/me/settings/profile')).body.imageUrl).toBe(mine.body.url);
    // A uid in a body or query names nobody: bodies are closed, and the query is ignored.
    const smuggled = await patch(account.client, '/api/me/settings/profile', { uid: other.uid, headline: 'pwned' });
    expect([smuggled.status, codeOf(smuggled)]).toEqual([400, 'InvalidModel']);
    await patch(account.client, `/api/me/settings/profile?uid=${other.uid}`, { headline: 'mine' });
    expect((await other.client.get<ProfileSettings>('/api/me/settings/profile')).body.headline).toBe('');
    // Without a session nothing is read or changed.
    const anonymous = new ApiClient(base);
    expect((await anonymous.get('/api/me/settings/profile')).status).toBe(401);
    expect(
      (await upload(anonymous, '/api/me/settings/profile/picture', await picture(50, 50), 'image/png')).status,
    ).toBe(401);
    expect((await del(anonymous, `/api/me/settings/profile/picture`)).status).toBe(401);
  });
});

describe('preferences', () => {
  it('saves theme, language and notification switches on the account', async () => {
    const account = await signUp();
    const initial = await account.client.get<{
      theme: string;
      language: string;
      notifications: Record<string, boolean>;
    }>('/api/ttin/prefs');
    expect(initial.body.theme).toBe('system');
    expect(Object.values(initial.body.notifications).every(Boolean)).toBe(true);

    const bad = await put(account.client, '/api/ttin/prefs/theme', { theme: 'blue' });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'InvalidTheme']);
    expect((await put(account.client, '/api/ttin/prefs/theme', { theme: 'dark' })).status).toBe(200);
    expect((await put(account.client, '/api/ttin/prefs/language', { language: 'ru' })).status).toBe(200);
    expect(codeOf(await put(account.client, '/api/ttin/prefs/language', { language: 'de' }))).toBe('InvalidModel');
    const info = await account.client.get<{ thm: string; lng: string }>('/api/users/info');
    expect([info.body.thm, info.body.lng]).toEqual(['dark', 'ru']);

    const switched = await put<Record<string, boolean>>(account.client, '/api/ttin/nots', { cc: false, ar: false });
    expect(switched.body).toMatchObject({ cc: false, ar: false, ac: true });
    expect(codeOf(await put(account.client, '/api/ttin/nots', { zz: true }))).toBe('InvalidModel');
    expect((await put(account.client, '/api/ttin/nots', {})).status).toBe(400);
    expect((await patch(account.client, '/api/me/settings/profile', {})).status).toBe(400);
    expect((await account.client.get('/api/ttin/nots')).body).toMatchObject({ cc: false, ar: false, cra: true });
    expect((await account.client.get('/api/ttin/index/prefs')).body).toEqual({
      theme: 'dark',
      language: 'ru',
      languageName: 'Русский',
      notificationsOn: 6,
      notificationsTotal: 8,
    });
  });
});

describe('follows and the public profile', () => {
  it('follows idempotently, counts, lists, and shows the public profile with its articles', async () => {
    const writer = await signUp();
    const reader = await signUp();
    await confirmAccount(writer.client, writer.email);
    await writer.client.post('/api/me/settings/profile/links', { provider: 'x', url: 'https://x.com/writer' });
    await patch(writer.client, '/api/me/settings/profile', { birthdate: '1990-01-01', country: 'AZ', gender: 'male' });
    rememberSecret('+994501112233', '994501112233');
    await put(writer.client, '/api/ttin/phone', { phone: '+994501112233' });

    const self = await reader.client.post(`/api/users/${reader.uid}/follow`);
    expect([self.status, codeOf(self)]).toEqual([400, 'CantFollowYourself']);
    const nobody = await reader.client.post('/api/users/00000000-0000-4000-8000-000000000000/follow');
    expect([nobody.status, codeOf(nobody)]).toEqual([404, 'UserNotFound']);
    expect((await new ApiClient(base).post(`/api/users/${writer.uid}/follow`)).status).toBe(401);

    expect((await reader.client.post(`/api/users/${writer.uid}/follow`)).body).toEqual({
      following: true,
      followers: 1,
    });
    expect((await reader.client.post(`/api/users/${writer.uid}/follow`)).body).toEqual({
      following: true,
      followers: 1,
    });
    const followers = await new ApiClient(base).get<{ items: { uid: string }[]; total: number }>(
      `/api/users/${writer.uid}/followers`,
    );
    expect(followers.body.total).toBe(1);
    expect(followers.body.items.map((u) => u.uid)).toEqual([reader.uid]);
    expect((await reader.client.get<{ items: { uid: string }[] }>('/api/follow/following')).body.items[0]!.uid).toBe(
      writer.uid,
    );
    expect(
      (await new ApiClient(base).get<{ total: number }>(`/api/users/${reader.uid}/following?page=1`)).body.total,
    ).toBe(1);
    expect(codeOf(await new ApiClient(base).get(`/api/users/${reader.uid}/following?page=0`))).toBe('InvalidPage');
    // A path parameter of any length is refused with the route's code, not by the router.
    const long = await new ApiClient(base).get(`/api/users/${'x'.repeat(300)}/followers`);
    expect([long.status, codeOf(long)]).toEqual([404, 'UserNotFound']);

    const draft = await writer.client.post<{ id: string }>('/api/articles', {
      title: 'A profile article',
      description: 'On the profile',
      language: 'en',
      category: 'tech',
      content: {
        blocks: [
          {
            type: 'paragraph',
            data: { text: 'This article belongs on the profile page of its author, under the articles tab.' },
          },
        ],
      },
    });
    await writer.client.post<{ id: string }>('/api/articles', {
      title: 'A draft that stays hidden',
      description: '',
      language: 'en',
      category: 'tech',
      content: {
        blocks: [
          {
            type: 'paragraph',
            data: { text: 'Drafts never appear on a public profile page, whoever looks at it and whenever.' },
          },
        ],
      },
    });
    expect((await writer.client.post(`/api/articles/publishing/${draft.body.id}`)).status).toBe(200);
    await approveArticle(draft.body.id);

    const seen = await reader.client.get<Record<string, unknown>>(`/api/profile/${writer.username.toUpperCase()}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      uid: writer.uid,
      username: writer.username,
      country: 'AZ',
      followers: 1,
      following: 0,
      articles: 1,
      followedByMe: true,
      links: [{ provider: 'x', url: 'https://x.com/writer' }],
    });
    expect(JSON.stringify(seen.body)).not.toMatch(/example\.az|1990-01-01|"male"|994501112233|email|phone|birthdate/);
    const visitor = await new ApiClient(base).get<{ followedByMe: boolean }>(`/api/profile/${writer.username}`);
    expect(visitor.body.followedByMe).toBe(false);
    expect(codeOf(await new ApiClient(base).get('/api/profile/no_such_user_here'))).toBe('UserNotFound');
    expect(codeOf(await new ApiClient(base).get('/api/profile/bad%20name'))).toBe('UserNotFound');

    const articles = await new ApiClient(base).get<{ items: { id: string }[]; total: number }>(
      `/api/profile/${writer.username}/articles?page=1`,
    );
    expect(articles.body.items.map((a) => a.id)).toEqual([draft.body.id]);
    expect(articles.body.total).toBe(1);

    // The author's new name and picture reach their articles (identity.user.updated → articles).
    await put(writer.client, '/api/me/settings/profile/fullname', { fullname: 'Renamed Writer' });
    const avatar = await upload(
      writer.client,
      '/api/me/settings/profile/picture',
      await picture(400, 400),
      'image/png',
    );
    const author = await eventually(async () => {
      const read = await new ApiClient(base).get<{ author: { fullname: string; imageUrl: string } }>(
        `/api/articles/${draft.body.id}`,
      );
      return read.body.author.imageUrl === avatar.body.url ? read.body.author : undefined;
    });
    expect(author).toMatchObject({ fullname: 'Renamed Writer', imageUrl: avatar.body.url });

    expect((await del(reader.client, `/api/users/${writer.uid}/follow`)).body).toEqual({
      following: false,
      followers: 0,
    });
    expect((await del(reader.client, `/api/users/${writer.uid}/follow`)).body).toEqual({
      following: false,
      followers: 0,
    });
    const events = await sql.query(
      `select subject from identity.outbox where subject like 'identity.user.%follow%' order by created_at`,
    );
    expect(events.rows.map((r: { subject: string }) => r.subject)).toEqual([
      'identity.user.followed',
      'identity.user.unfollowed',
    ]);
  });
});
