// The mail catcher and the object store of the test stack, through the kit's clients: a mail sent with the Mailer
// arrives in mailpit and the mailbox helper reads it back; objects go in and out of versitygw through the
// ObjectStore; the gateway serves stored pictures under /media and nothing else.
import { Mailer, ObjectStore, objectStoreConfigSchema, parseConfig } from '@pencraft/kit';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { envFor, MAIL_FROM, smtpUrl, type AppHandle } from '../../packages/devstack/src/index.ts';
import { codeIn, linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';
import { freshDatabase, httpBase, resetMessaging, stack, startService, type TestDatabase } from '../support/stack.ts';

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const run = randomBytes(4).toString('hex');
let store: ObjectStore;
let db: TestDatabase;
let gateway: AppHandle | undefined;
let base: string;

/** The object store as identity is configured in the test stack (the same variables the dev stack passes). */
function storeAsIdentity(): ObjectStore {
  return ObjectStore.fromConfig(parseConfig(objectStoreConfigSchema, envFor('identity', 'test')));
}

/** One HTTP/1.1 request with its target exactly as written (fetch would normalise dot segments). */
function rawGet(target: string): Promise<number> {
  const port = Number(new URL(base).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(Number(Buffer.concat(chunks).toString('latin1').split(' ')[1])));
  });
}

beforeAll(async () => {
  await resetMessaging();
  store = storeAsIdentity();
  await store.ensureBucket();
  db = await freshDatabase('mail_storage');
  gateway = await startService('gateway', db.name, { EDGE_ROUTES: '' });
  base = httpBase('gateway');
});

afterAll(async () => {
  await gateway?.stop();
  await db?.drop();
});

describe('mail through the kit Mailer to mailpit', () => {
  it('delivers text and HTML to the recipient, and the helper finds the code and the link', async () => {
    const to = `mailer-${run}@example.test`;
    const after = new Date();
    const mailer = Mailer.fromConfig({ SMTP_URL: smtpUrl(stack), MAIL_FROM });
    await mailer.send({
      to,
      subject: 'Your code',
      text: `Your code is 482913.\nOr open http://localhost:8180/api/atrium/wrap?token=tok-${run}-abcdef\n`,
      html: `<p>Your code is <b>482913</b>.</p>`,
    });

    const mail = await waitForMail({ to, subject: /code/, after });
    expect(mail).toMatchObject({ to, from: 'no-reply@pencraft.local', subject: 'Your code' });
    expect(mail.html).toContain('<b>482913</b>');
    expect(codeIn(mail)).toBe('482913');
    expect(linkIn(mail, '/api/atrium/wrap')).toBe(`http://localhost:8180/api/atrium/wrap?token=tok-${run}-abcdef`);
    expect(() => linkIn(mail, '/api/atrium/drop')).toThrow(/no link/);
  });

  it('tells mails apart by exact recipient, subject and time, and times out when none arrives', async () => {
    const to = `second-${run}@example.test`;
    const mailer = Mailer.fromConfig({ SMTP_URL: smtpUrl(stack), MAIL_FROM });
    await mailer.send({ to, subject: 'First', text: 'one 111111', html: '<p>one</p>' });
    // mailpit keeps milliseconds: step past the first mail's.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const between = new Date();
    await mailer.send({ to, subject: 'Second', text: 'two 222222', html: '<p>two</p>' });
    await mailer.send({ to: `x${to}`, subject: 'Second', text: 'other 333333', html: '<p>other</p>' });

    expect(codeIn(await waitForMail({ to, subject: /Second/ }))).toBe('222222');
    expect(codeIn(await waitForMail({ to, subject: /First/ }))).toBe('111111');
    expect((await mailsTo({ to, after: between })).map((m) => m.subject)).toEqual(['Second']);
    await expect(waitForMail({ to, subject: /Third/, timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });
});

describe('objects through the kit ObjectStore to versitygw', () => {
  it('puts, gets with the content type, and removes', async () => {
    const key = `it/${run}/object.png`;
    await store.put(key, PNG, 'image/png');
    await expect(store.get(key)).resolves.toEqual({ body: PNG, contentType: 'image/png' });
    await store.remove(key);
    await expect(store.get(key)).resolves.toBeUndefined();
    // Removing again is not an error.
    await expect(store.remove(key)).resolves.toBeUndefined();
  });

  it('answers readiness pings and creating the bucket twice is harmless', async () => {
    await expect(store.ensureBucket()).resolves.toBeUndefined();
    await expect(store.ping()).resolves.toBeUndefined();
    expect(store.publicUrl('avatars/a.webp')).toBe('/media/avatars/a.webp');
  });

  it('refuses bad credentials', async () => {
    const env = { ...envFor('identity', 'test'), S3_SECRET_KEY: 'not-the-secret-key' };
    const intruder = ObjectStore.fromConfig(parseConfig(objectStoreConfigSchema, env));
    await expect(intruder.put(`it/${run}/intruder.png`, PNG, 'image/png')).rejects.toThrow();
  });
});

describe('GET /media/<key> on the gateway', () => {
  const image = `it/${run}/picture.png`;
  const page = `it/${run}/page.png`;

  beforeAll(async () => {
    await store.put(image, PNG, 'image/png');
    // Stored under an image-looking key but typed as HTML: must never be served.
    await store.put(page, Buffer.from('<script>alert(1)</script>'), 'text/html');
  });

  afterAll(async () => {
    await store.remove(image);
    await store.remove(page);
  });

  it('serves a stored image with its type, nosniff and a long immutable cache', async () => {
    const response = await fetch(`${base}/media/${image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);

    const head = await fetch(`${base}/media/${image}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  it('answers 404, never cached, for what is not a stored image', async () => {
    for (const path of [`/media/${page}`, `/media/it/${run}/none.png`, '/media/', '/media/a%20b.png']) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('refuses keys that climb out of the bucket, however they are spelled', async () => {
    for (const target of [
      `/media/it/../it/${run}/picture.png`,
      `/media/it/%2e%2e/it/${run}/picture.png`,
      `/media/..%2f..%2fsecrets.json`,
      `/media/it//${run}/picture.png`,
      '/media/%2e%2e',
    ]) {
      const status = await rawGet(target);
      expect({ target, refused: status === 404 || status === 400 }).toEqual({ target, refused: true });
    }
  });

  it('answers 405 with Allow to the other methods', async () => {
    const response = await fetch(`${base}/media/${image}`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
