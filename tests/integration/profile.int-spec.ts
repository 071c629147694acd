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
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, smsMailboxOf, waitForMail } from '../support/mailbox.ts';
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
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  email: string;
  username: string;
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
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Profile User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  return { client, api, uid: response.data!.uid, email: account.email, username: account.username };
}

const codeOf = (response: { error?: Schemas['Error'] }) => response.error?.error.code;
const fieldsOf = (response: { error?: Schemas['Error'] }) =>
  response.error?.error.details?.map((d) => `${d.field}:${d.code}`);
/** The same of a raw answer: a call the document refuses (a value outside its lists, an unknown field). */
const rawError = (response: { status: number; body: unknown }) =>
  response.status >= 400 ? (response.body as Schemas['Error']) : undefined;
const rawCodeOf = (response: { status: number; body: unknown }) => rawError(response)?.error.code;
const rawFieldsOf = (response: { status: number; body: unknown }) => fieldsOf({ error: rawError(response) });
const byId = (id: string) => ({ params: { path: { id } } });

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
  // Checked against the document, so it is the picture's answer on a 200 and the Error otherwise.
  const body: unknown = await response.json();
  expectDocumented('PUT', path, response.status, body);
  return response.ok
    ? { status: response.status, data: body as Schemas['PictureUrl'], error: undefined }
    : { status: response.status, data: undefined, error: body as Schemas['Error'] };
}

/**
 * An upload over the size limit is refused before its body is read: the gateway answers `code` from the declared
 * length (or once the streamed bytes pass the limit) and closes the connection. A client still writing the rest may
 * see that close (EPIPE, ECONNRESET) before the answer, as happens on a busy machine: that too is a refusal before
 * reading. Anything else (an answer other than `code`, another failure) fails.
 */
async function expectRefusedTooBig(
  client: ApiClient,
  path: string,
  bytes: Buffer | ReadableStream,
  type: string,
  code: string,
) {
  try {
    const answer = await upload(client, path, bytes, type);
    expect([answer.status, codeOf(answer)]).toEqual([400, code]);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (cause !== 'EPIPE' && cause !== 'ECONNRESET') throw error;
  }
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
    const { api } = account;
    const initial = await api.GET('/api/me/settings/profile');
    expect(initial.status).toBe(200);
    expect(initial.data).toMatchObject({
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

    const saved = await api.PATCH('/api/me/settings/profile', {
      body: {
        headline: '  Backend   developer ',
        bio: 'Line one\n\nLine two',
        birthdate: '1995-04-12',
        country: 'AZ',
        gender: 'female',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      headline: 'Backend developer',
      bio: 'Line one\n\nLine two',
      birthdate: '1995-04-12',
      country: 'AZ',
      gender: 'female',
    });

    const fullname = await api.PUT('/api/me/settings/profile/fullname', { body: { fullname: 'Leyla Məmmədova' } });
    expect(fullname.data!.fullname).toBe('Leyla Məmmədova');
    const headline = await api.PUT('/api/me/settings/profile/headline', { body: { headline: 'Writer' } });
    expect(headline.data!.headline).toBe('Writer');
    expect((await api.PUT('/api/me/settings/profile/bio', { body: { bio: '' } })).data!.bio).toBe('');
    const birthdate = await api.PUT('/api/me/settings/profile/birthdate', { body: { birthdate: '' } });
    expect(birthdate.data!.birthdate).toBeNull();
    expect((await api.PUT('/api/me/settings/profile/country', { body: { country: 'DE' } })).data!.country).toBe('DE');
    const gender = await api.PUT('/api/me/settings/profile/gender', { body: { gender: 'notSpecified' } });
    expect(gender.data!.gender).toBe('notSpecified');
    // The page-load summary shows the new name at once (the session's cached summary was dropped).
    expect((await api.GET('/api/users/info')).data!.fln).toBe('Leyla Məmmədova');
  });

  it('answers each refused field with its own code, all at once', async () => {
    const { api } = account;
    // Malformed fields are refused by the gateway's schema, the rest by identity's rules; each layer reports all.
    // Raw on purpose: a gender outside the document's list.
    const malformed = await account.client.request('PATCH', '/api/me/settings/profile', {
      fullname: 'x',
      headline: 'x'.repeat(101),
      bio: 'x'.repeat(501),
      gender: 'other',
    });
    expect(malformed.status).toBe(400);
    expect(new Set(rawFieldsOf(malformed))).toEqual(
      new Set(['fullname:InvalidFullname', 'headline:InvalidHeadline', 'bio:InvalidBio', 'gender:InvalidGender']),
    );
    const unreal = await api.PATCH('/api/me/settings/profile', {
      body: { birthdate: '2001-02-29', country: 'XX', headline: 'Fine' },
    });
    expect([unreal.status, fieldsOf(unreal)]).toEqual([400, ['birthdate:InvalidBirthdate', 'country:InvalidCountry']]);
    const today = new Date();
    const tooYoung = `${today.getUTCFullYear() - 12}-01-01`;
    const future = `${today.getUTCFullYear() + 1}-01-01`;
    for (const birthdate of [tooYoung, future, '1899-12-31', '12-04-1995']) {
      const response = await api.PUT('/api/me/settings/profile/birthdate', { body: { birthdate } });
      expect([birthdate, response.status, codeOf(response)]).toEqual([birthdate, 400, 'InvalidBirthdate']);
    }
    expect(codeOf(await api.PUT('/api/me/settings/profile/headline', { body: { headline: '<b>me</b>' } }))).toBe(
      'InvalidHeadline',
    );
    expect(codeOf(await api.PUT('/api/me/settings/profile/country', { body: { country: 'ZZ' } }))).toBe(
      'InvalidCountry',
    );
    expect(codeOf(await api.PUT('/api/me/settings/profile/fullname', { body: { fullname: 'A <script>' } }))).toBe(
      'InvalidFullname',
    );
    expect(codeOf(await api.PUT('/api/me/settings/profile/bio', { body: { bio: 'a\u0000b' } }))).toBe('InvalidBio');
    // Nothing of the refused changes was saved.
    expect((await api.GET('/api/me/settings/profile')).data!.country).toBe('DE');
  });

  it('lists countries and languages named in the request language, publicly cacheable', async () => {
    const az = await typedApi(new ApiClient(base, 'az')).GET('/api/ttin/country');
    expect(az.status).toBe(200);
    expect(az.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(az.data!.items.find((c) => c.code === 'AZ')?.name).toBe('Azərbaycan');
    const ru = await typedApi(new ApiClient(base, 'ru')).GET('/api/ttin/country');
    expect(ru.data!.items.find((c) => c.code === 'DE')?.name).toBe('Германия');
    expect(ru.data!.items.length).toBeGreaterThan(240);
    const langs = await typedApi(new ApiClient(base)).GET('/api/ttin/langs');
    expect(langs.data!.items).toEqual([
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
    const addLink = (body: Schemas['LinkBody']) => owner.api.POST('/api/me/settings/profile/links', { body });
    const removeLink = (who: Account, id: string) => who.api.DELETE('/api/me/settings/profile/links/{id}', byId(id));
    const added = await addLink({ provider: 'github', url: 'https://GitHub.com/leyla' });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ provider: 'github', url: 'https://github.com/leyla' });
    expect((await addLink({ provider: 'website', url: 'https://leyla.dev' })).status).toBe(201);

    const again = await addLink({ provider: 'github', url: 'https://github.com/other' });
    expect([again.status, codeOf(again)]).toEqual([409, 'AlreadyHasLinkProvider']);
    // Raw on purpose: a provider outside the document's list.
    const provider = await owner.client.post('/api/me/settings/profile/links', {
      provider: 'myspace',
      url: 'https://myspace.com/a',
    });
    expect([provider.status, rawCodeOf(provider)]).toEqual([400, 'InvalidLinkProvider']);
    for (const url of ['https://gitlab.com/leyla', 'http://linkedin.com/in/x', 'javascript:alert(1)', 'not a url']) {
      const response = await addLink({ provider: 'linkedin', url });
      expect([url, response.status, codeOf(response)]).toEqual([url, 400, 'InvalidLinkUrl']);
    }

    // Another user cannot remove it by its id, and a made-up id is the same NotFound.
    const stolen = await removeLink(other, added.data!.id);
    expect([stolen.status, codeOf(stolen)]).toEqual([404, 'NotFound']);
    expect((await removeLink(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await owner.api.GET('/api/me/settings/profile/links')).data).toHaveLength(2);
    expect((await other.api.GET('/api/me/settings/profile/links')).data).toEqual([]);

    expect((await removeLink(owner, added.data!.id)).status).toBe(204);
    expect((await owner.api.GET('/api/me/settings/profile/links')).data!.map((l) => l.provider)).toEqual(['website']);
  });
});

describe('username', () => {
  it('changes once every 14 days, refusing malformed, taken and reserved names', async () => {
    const account = await signUp();
    const taken = await signUp();
    const wanted = `renamed_${run}_${seq}`;
    const rename = (username: string) => account.api.PUT('/api/me/settings/profile/username', { body: { username } });
    const malformed = await rename('9lives');
    expect([malformed.status, codeOf(malformed)]).toEqual([400, 'InvalidUsername']);
    const other = await rename(taken.username.toUpperCase());
    expect([other.status, codeOf(other)]).toEqual([409, 'UsernameAlreadyExists']);
    const reserved = await rename('Admin');
    expect([reserved.status, codeOf(reserved)]).toEqual([409, 'UsernameAlreadyExists']);

    const changed = await rename(wanted);
    expect(changed.status).toBe(200);
    expect(changed.data!.username).toBe(wanted);
    const next = Date.parse(changed.data!.usernameChangeableAt!);
    expect(next - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect((await account.api.GET('/api/users/info')).data!.unm).toBe(wanted);

    const soon = await rename(`${wanted}_2`);
    expect([soon.status, codeOf(soon)]).toEqual([429, 'CantUpdateUsername']);
    expect(soon.error!.error.params?.availableAt).toBe(changed.data!.usernameChangeableAt);

    // As if the change was 15 days ago: another change is allowed.
    await sql.query(`update identity.users set username_changed_at = now() - interval '15 days' where id = $1`, [
      account.uid,
    ]);
    expect((await rename(`${wanted}_2`)).status).toBe(200);
    const summary = await account.api.GET('/api/ttin/accs');
    expect(summary.data!.username).toBe(`${wanted}_2`);
  });
});

describe('phone', () => {
  const phoneNumber = () => `+99450${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;

  it('sets a number only with the code sent to it by SMS', async () => {
    const account = await signUp();
    const { api } = account;
    const setPhone = (who: Account, phone: string) => who.api.PUT('/api/ttin/phone', { body: { phone } });
    const verify = (code: string) => api.POST('/api/ttin/phone/verify', { body: { code } });
    const phone = phoneNumber();
    rememberSecret(phone, phone.slice(1));

    const invalid = await setPhone(account, '+994 12');
    expect([invalid.status, codeOf(invalid)]).toEqual([400, 'InvalidPhoneNumber']);
    const notE164 = await setPhone(account, '0501234567');
    expect(codeOf(notE164)).toBe('InvalidPhoneNumber');

    const before = new Date();
    const sent = await setPhone(account, phone);
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ phone: `${phone.slice(0, 4)}•••••••${phone.slice(-2)}`, verified: false });
    const sms = await waitForMail({ to: smsMailboxOf(phone), after: before });
    const code = codeIn(sms);

    const wrong = await verify(code === '000000' ? '111111' : '000000');
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'WrongCode']);
    expect((await api.GET('/api/ttin/accs')).data!.phone).toBeNull();

    const verified = await verify(code);
    expect([verified.status, verified.data?.verified]).toEqual([200, true]);
    const again = await verify(code);
    expect([again.status, codeOf(again)]).toEqual([400, 'ExpiredOrInvalid']);
    expect((await api.GET('/api/ttin/accs')).data).toMatchObject({
      phone: sent.data!.phone,
      phoneVerified: true,
      email: account.email,
      emailConfirmed: false,
    });

    const same = await setPhone(account, phone);
    expect([same.status, codeOf(same)]).toEqual([400, 'NewOldPhoneNumberMatch']);

    // Another account cannot take the number.
    const other = await signUp();
    const taken = await setPhone(other, phone);
    expect([taken.status, codeOf(taken)]).toEqual([409, 'PhoneNumberAlreadyExists']);

    // A second code only after the cooldown.
    const secondPhone = phoneNumber();
    rememberSecret(secondPhone, secondPhone.slice(1));
    expect((await setPhone(account, secondPhone)).status).toBe(429);

    expect((await api.DELETE('/api/ttin/phone')).status).toBe(204);
    expect((await api.GET('/api/ttin/accs')).data).toMatchObject({ phone: null, phoneVerified: false });
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
    const url = uploaded.data!.url;
    expect(url).toMatch(new RegExp(`^/media/users/${account.uid}/avatar-[0-9a-f]{32}\\.jpg$`));
    const served = await fetch(`${base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(bytes.toString('latin1')).not.toContain('profile-test-artist');
    expect((await account.api.GET('/api/users/info')).data!.iul).toBe(url);
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
    const served = Buffer.from(await (await fetch(`${base}${first.data!.url}`)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 240 });

    // A PNG sent as image/jpeg is judged by its bytes: accepted as the picture it is.
    const second = await upload(
      account.client,
      '/api/me/settings/profile/banner',
      await picture(900, 300, 90),
      'image/jpeg',
    );
    expect(second.status).toBe(200);
    expect(second.data!.url).not.toBe(first.data!.url);
    expect((await fetch(`${base}${first.data!.url}`)).status).toBe(404);
    expect((await account.api.GET('/api/me/settings/profile')).data!.bannerUrl).toBe(second.data!.url);

    expect((await account.api.DELETE('/api/me/settings/profile/banner')).status).toBe(204);
    expect((await fetch(`${base}${second.data!.url}`)).status).toBe(404);
    expect((await account.api.GET('/api/me/settings/profile')).data!.bannerUrl).toBeNull();
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
    expect([avatar.status, codeOf(avatar)]).toEqual([400, 'InvalidAvatarFormat']);
    const cover = await upload(account.client, '/api/me/settings/profile/banner', text, 'image/png');
    expect([cover.status, codeOf(cover)]).toEqual([400, 'InvalidCoverFormat']);
    // Raw on purpose: the document's picture upload takes bytes, not a JSON body.
    const json = await account.client.request('PUT', '/api/me/settings/profile/picture', {
      url: 'https://x.test/a.png',
    });
    expect([json.status, rawCodeOf(json)]).toEqual([400, 'InvalidAvatarFormat']);

    const big = Buffer.alloc(MB3 + 1, 0x42);
    await expectRefusedTooBig(
      account.client,
      '/api/me/settings/profile/picture',
      big,
      'image/png',
      'InvalidAvatarSize',
    );
    await expectRefusedTooBig(account.client, '/api/me/settings/profile/banner', big, 'image/jpeg', 'InvalidCoverSize');

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
    await expectRefusedTooBig(
      account.client,
      '/api/me/settings/profile/picture',
      stream,
      'image/png',
      'InvalidAvatarSize',
    );
  });

  it("never reaches another user's pictures: the uid is the session's", async () => {
    const settingsOf = async (who: TypedApi) => (await who.GET('/api/me/settings/profile')).data!;
    const mine = await upload(other.client, '/api/me/settings/profile/picture', await picture(300, 300), 'image/png');
    expect(mine.status).toBe(200);
    const before = (await settingsOf(account.api)).imageUrl;
    expect(before).not.toBe(mine.data!.url);
    // Removing "the" picture removes only the caller's own; the other user's object is still served.
    expect((await account.api.DELETE('/api/me/settings/profile/picture')).status).toBe(204);
    expect((await settingsOf(account.api)).imageUrl).toBeNull();
    expect((await fetch(`${base}${mine.data!.url}`)).status).toBe(200);
    expect((await settingsOf(other.api)).imageUrl).toBe(mine.data!.url);
    // A uid in a body or query names nobody: bodies are closed, and the query is ignored.
    // Raw on purpose: neither the body field nor the query is in the document.
    const smuggled = await account.client.request('PATCH', '/api/me/settings/profile', {
      uid: other.uid,
      headline: 'pwned',
    });
    expect([smuggled.status, rawCodeOf(smuggled)]).toEqual([400, 'InvalidModel']);
    await account.client.request('PATCH', `/api/me/settings/profile?uid=${other.uid}`, { headline: 'mine' });
    expect((await settingsOf(other.api)).headline).toBe('');
    // Without a session nothing is read or changed.
    const anonymous = new ApiClient(base);
    expect((await typedApi(anonymous).GET('/api/me/settings/profile')).status).toBe(401);
    expect(
      (await upload(anonymous, '/api/me/settings/profile/picture', await picture(50, 50), 'image/png')).status,
    ).toBe(401);
    expect((await typedApi(anonymous).DELETE('/api/me/settings/profile/picture')).status).toBe(401);
  });
});

describe('preferences', () => {
  it('saves theme, language and notification switches on the account', async () => {
    const account = await signUp();
    const { api } = account;
    const initial = await api.GET('/api/ttin/prefs');
    expect(initial.data!.theme).toBe('system');
    expect(Object.values(initial.data!.notifications).every(Boolean)).toBe(true);

    // Raw on purpose: a theme and a language outside the document's lists.
    const bad = await account.client.request('PUT', '/api/ttin/prefs/theme', { theme: 'blue' });
    expect([bad.status, rawCodeOf(bad)]).toEqual([400, 'InvalidTheme']);
    expect((await api.PUT('/api/ttin/prefs/theme', { body: { theme: 'dark' } })).status).toBe(200);
    expect((await api.PUT('/api/ttin/prefs/language', { body: { language: 'ru' } })).status).toBe(200);
    expect(rawCodeOf(await account.client.request('PUT', '/api/ttin/prefs/language', { language: 'de' }))).toBe(
      'InvalidModel',
    );
    const info = await api.GET('/api/users/info');
    expect([info.data!.thm, info.data!.lng]).toEqual(['dark', 'ru']);

    const switched = await api.PUT('/api/ttin/nots', { body: { cc: false, ar: false } });
    expect(switched.data).toMatchObject({ cc: false, ar: false, ac: true });
    // Raw on purpose: a switch the document does not name.
    expect(rawCodeOf(await account.client.request('PUT', '/api/ttin/nots', { zz: true }))).toBe('InvalidModel');
    expect((await api.PUT('/api/ttin/nots', { body: {} })).status).toBe(400);
    expect((await api.PATCH('/api/me/settings/profile', { body: {} })).status).toBe(400);
    expect((await api.GET('/api/ttin/nots')).data).toMatchObject({ cc: false, ar: false, cra: true });
    expect((await api.GET('/api/ttin/index/prefs')).data).toEqual({
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
    const visitor = () => typedApi(new ApiClient(base));
    await confirmAccount(writer.client, writer.email);
    await writer.api.POST('/api/me/settings/profile/links', { body: { provider: 'x', url: 'https://x.com/writer' } });
    await writer.api.PATCH('/api/me/settings/profile', {
      body: { birthdate: '1990-01-01', country: 'AZ', gender: 'male' },
    });
    rememberSecret('+994501112233', '994501112233');
    await writer.api.PUT('/api/ttin/phone', { body: { phone: '+994501112233' } });

    const follow = (who: TypedApi, id: string) => who.POST('/api/users/{id}/follow', byId(id));
    const unfollow = (who: TypedApi, id: string) => who.DELETE('/api/users/{id}/follow', byId(id));
    const self = await follow(reader.api, reader.uid);
    expect([self.status, codeOf(self)]).toEqual([400, 'CantFollowYourself']);
    const nobody = await follow(reader.api, '00000000-0000-4000-8000-000000000000');
    expect([nobody.status, codeOf(nobody)]).toEqual([404, 'UserNotFound']);
    expect((await follow(visitor(), writer.uid)).status).toBe(401);

    expect((await follow(reader.api, writer.uid)).data).toEqual({ following: true, followers: 1 });
    expect((await follow(reader.api, writer.uid)).data).toEqual({ following: true, followers: 1 });
    const followers = await visitor().GET('/api/users/{id}/followers', byId(writer.uid));
    expect(followers.data!.total).toBe(1);
    expect(followers.data!.items.map((u) => u.uid)).toEqual([reader.uid]);
    expect((await reader.api.GET('/api/follow/following')).data!.items[0]!.uid).toBe(writer.uid);
    const followingOf = (id: string, page: number) =>
      visitor().GET('/api/users/{id}/following', { params: { path: { id }, query: { page } } });
    expect((await followingOf(reader.uid, 1)).data!.total).toBe(1);
    expect(codeOf(await followingOf(reader.uid, 0))).toBe('InvalidPage');
    // A path parameter of any length is refused with the route's code, not by the router.
    const long = await visitor().GET('/api/users/{id}/followers', byId('x'.repeat(300)));
    expect([long.status, codeOf(long)]).toEqual([404, 'UserNotFound']);

    const draft = await writer.api.POST('/api/articles', {
      body: {
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
      },
    });
    await writer.api.POST('/api/articles', {
      body: {
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
      },
    });
    const articleId = draft.data!.id;
    expect((await writer.api.POST('/api/articles/publishing/{id}', byId(articleId))).status).toBe(200);
    await approveArticle(articleId);

    const profileOf = (who: TypedApi, username: string) =>
      who.GET('/api/profile/{username}', { params: { path: { username } } });
    const seen = await profileOf(reader.api, writer.username.toUpperCase());
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({
      uid: writer.uid,
      username: writer.username,
      country: 'AZ',
      followers: 1,
      following: 0,
      articles: 1,
      followedByMe: true,
      links: [{ provider: 'x', url: 'https://x.com/writer' }],
    });
    expect(JSON.stringify(seen.data)).not.toMatch(/example\.az|1990-01-01|"male"|994501112233|email|phone|birthdate/);
    expect((await profileOf(visitor(), writer.username)).data!.followedByMe).toBe(false);
    expect(codeOf(await profileOf(visitor(), 'no_such_user_here'))).toBe('UserNotFound');
    expect(codeOf(await profileOf(visitor(), 'bad name'))).toBe('UserNotFound');

    const articles = await visitor().GET('/api/profile/{username}/articles', {
      params: { path: { username: writer.username }, query: { page: 1 } },
    });
    expect(articles.data!.items.map((a) => a.id)).toEqual([articleId]);
    expect(articles.data!.total).toBe(1);

    // The author's new name and picture reach their articles (identity.user.updated → articles).
    await writer.api.PUT('/api/me/settings/profile/fullname', { body: { fullname: 'Renamed Writer' } });
    const avatar = await upload(
      writer.client,
      '/api/me/settings/profile/picture',
      await picture(400, 400),
      'image/png',
    );
    const author = await eventually(async () => {
      const read = await visitor().GET('/api/articles/{id}', byId(articleId));
      return read.data!.author.imageUrl === avatar.data!.url ? read.data!.author : undefined;
    });
    expect(author).toMatchObject({ fullname: 'Renamed Writer', imageUrl: avatar.data!.url });

    expect((await unfollow(reader.api, writer.uid)).data).toEqual({ following: false, followers: 0 });
    expect((await unfollow(reader.api, writer.uid)).data).toEqual({ following: false, followers: 0 });
    const events = await sql.query(
      `select subject from identity.outbox where subject like 'identity.user.%follow%' order by created_at`,
    );
    expect(events.rows.map((r: { subject: string }) => r.subject)).toEqual([
      'identity.user.followed',
      'identity.user.unfollowed',
    ]);
  });
});
