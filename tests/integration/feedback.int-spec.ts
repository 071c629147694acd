// Feedback on real servers (identity and the gateway; PostgreSQL, Redis, mailpit, Keycloak): POST /api/feedback needs
// a solved captcha and refuses each broken rule of the form with its catalogue code (never a 5xx); a signed-in user's
// feedback shows in their own log and in nobody else's; a visitor gives an address; each account and each address
// may send three an hour (Flood with Retry-After); staff with a moderator token list, filter, answer (shown in the
// user's log and mailed in the sender's language) and close, and nobody else reaches the console.
import type { Schemas } from '@pencraft/api-client';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { solveCaptcha } from '../support/captcha.ts';
import { useClientAddress } from '../support/client-address.ts';
import { bearer, staffToken, userTokenWithoutRole } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { waitForMail } from '../support/mailbox.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

const CLIENT_ADDRESS = '127.0.0.115';
const run = Date.now().toString(36);
const DESCRIPTION = 'The code blocks of an article are hard to read in the dark theme.';

type Feedback = Schemas['Feedback'];
type StaffFeedback = Schemas['StaffFeedback'];
type ErrorBody = Schemas['Error'];

const apps: AppHandle[] = [];
let db: TestDatabase;
let base: string;
let staff: { authorization: string };
let n = 0;

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('feedback');
  apps.push(await startService('identity', db.name));
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
    }),
  );
  base = httpBase('gateway');
  staff = bearer(await staffToken('moderator'));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

interface Person {
  client: ApiClient;
  email: string;
}

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const email = `feedback${n}_${run}@example.az`;
  const password = 'feedback-pass-7';
  rememberSecret(email, password);
  const response = await client.post(
    '/api/id/register',
    {
      email,
      username: `fdb_${run}_${n}`,
      password,
      fullname: `Feedback User ${n}`,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    { 'x-captcha': await solveCaptcha(base) },
  );
  expect(response.status).toBe(201);
  return { client, email };
}

async function send(client: ApiClient, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return client.post<Feedback | ErrorBody>('/api/feedback', body, {
    'x-captcha': await solveCaptcha(base),
    ...headers,
  });
}

const good = (title: string) => ({ title, type: 'bug', description: DESCRIPTION });
const errorOf = (response: { status: number; body: unknown }) => {
  const { error } = response.body as ErrorBody;
  return { status: response.status, code: error.code, details: error.details?.map((d) => [d.field, d.code]) };
};

describe('sending feedback', () => {
  it('needs a solved captcha', async () => {
    const visitor = new ApiClient(base);
    const body = { ...good('No captcha'), email: `guest0_${run}@example.az` };
    expect(errorOf(await visitor.post('/api/feedback', body))).toMatchObject({ status: 400, code: 'CaptchaRequired' });
    expect(errorOf(await visitor.post('/api/feedback', body, { 'x-captcha': 'bm90IGEgc29sdXRpb24=' }))).toMatchObject({
      status: 403,
      code: 'ChallengeFailed',
    });
  });

  it('refuses each broken rule of the form with its catalogue code, every field at once', async () => {
    const { client } = await signedUp();
    const cases: [Record<string, unknown>, string, [string, string][]][] = [
      [{ ...good(''), title: '' }, 'NullOrEmpty', [['title', 'NullOrEmpty']]],
      [{ ...good('x'), title: 'ə'.repeat(151) }, 'InvalidTitle', [['title', 'InvalidTitle']]],
      [{ ...good('No text'), description: '   ' }, 'NullOrEmpty', [['description', 'NullOrEmpty']]],
      [
        { ...good('Short'), description: 'ə'.repeat(19) },
        'InvalidDescription',
        [['description', 'InvalidDescription']],
      ],
      [
        { ...good('Long'), description: 'ə'.repeat(1001) },
        'InvalidDescription',
        [['description', 'InvalidDescription']],
      ],
      [{ ...good('No type'), type: '' }, 'NullOrEmpty', [['type', 'NullOrEmpty']]],
      [{ ...good('Odd type'), type: 'praise' }, 'InvalidModel', [['type', 'InvalidModel']]],
      [
        { title: '', type: '', description: 'short' },
        'NullOrEmpty',
        [
          ['title', 'NullOrEmpty'],
          ['type', 'NullOrEmpty'],
          ['description', 'InvalidDescription'],
        ],
      ],
    ];
    for (const [body, code, details] of cases) {
      expect(errorOf(await send(client, body))).toEqual({ status: 400, code, details });
    }
  });

  it('asks a visitor for a valid address, and refuses a body that is not an object, never with a 5xx', async () => {
    const visitor = new ApiClient(base);
    expect(errorOf(await send(visitor, good('From a visitor')))).toEqual({
      status: 400,
      code: 'NullOrEmpty',
      details: [['email', 'NullOrEmpty']],
    });
    expect(errorOf(await send(visitor, { ...good('From a visitor'), email: 'not-an-address' }))).toEqual({
      status: 400,
      code: 'InvalidEmail',
      details: [['email', 'InvalidEmail']],
    });
    const notObject = await send(visitor, ['x'] as never);
    expect(notObject.status).toBe(400);
  });
});

describe('the log and the limit', () => {
  let leyla: Person;
  let other: Person;
  let sent: Feedback;

  beforeAll(async () => {
    [leyla, other] = await Promise.all([signedUp(), signedUp()]);
  });

  it("records a user's feedback and shows it in their own log only", async () => {
    const response = await send(leyla.client, { ...good(' Dark  theme '), email: 'ignored@example.az' });
    expect(response.status).toBe(201);
    sent = response.body as Feedback;
    expect(sent).toMatchObject({ title: 'Dark theme', type: 'bug', status: 'new', answer: null });

    const log = await leyla.client.get<Schemas['FeedbackLogPage']>('/api/ttin/logs/fdb');
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ total: 1, page: 1, pageSize: 20, items: [{ id: sent.id, status: 'new' }] });
    expect((await other.client.get<Schemas['FeedbackLogPage']>('/api/ttin/logs/fdb')).body.items).toEqual([]);
    expect(errorOf(await new ApiClient(base).get('/api/ttin/logs/fdb'))).toMatchObject({ status: 401 });
    expect(errorOf(await leyla.client.get('/api/ttin/logs/fdb?page=0'))).toMatchObject({ code: 'InvalidPage' });
  });

  it('lets an account send three an hour, then answers Flood with Retry-After; refusals do not count', async () => {
    expect((await send(leyla.client, { ...good('Refused'), description: 'short' })).status).toBe(400);
    for (const title of ['Second', 'Third']) expect((await send(leyla.client, good(title))).status).toBe(201);
    const flood = await send(leyla.client, good('Fourth'));
    expect(errorOf(flood)).toMatchObject({ status: 429, code: 'Flood' });
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(3_000);
    // Another account is counted apart.
    expect((await send(other.client, good('Mine'))).status).toBe(201);
  });

  it("counts a visitor's address however it is written", async () => {
    const visitor = new ApiClient(base);
    const address = `guest1_${run}@example.az`;
    rememberSecret(address);
    for (const email of [address, address.toUpperCase(), ` ${address} `]) {
      expect((await send(visitor, { ...good('Visitor'), email })).status).toBe(201);
    }
    expect(errorOf(await send(visitor, { ...good('Visitor'), email: address }))).toMatchObject({ code: 'Flood' });
  });
});

describe('the staff console', () => {
  let user: Person;
  let mine: Feedback;
  let guestsFeedback: Feedback;
  const guest = `guest2_${run}@example.az`;

  beforeAll(async () => {
    rememberSecret(guest);
    user = await signedUp();
    // Mails go out in the account's language, whatever the language of the request.
    expect((await user.client.request('PUT', '/api/ttin/prefs/language', { language: 'ru' })).status).toBe(200);
    mine = (await send(user.client, { title: `Question ${run}`, type: 'question', description: DESCRIPTION }))
      .body as Feedback;
    guestsFeedback = (
      await send(
        new ApiClient(base),
        // The page's language (the body's lang) wins over the browser's Accept-Language.
        { title: `Visitor ${run}`, type: 'enhancement', description: DESCRIPTION, email: guest, lang: 'en' },
        { 'accept-language': 'ru' },
      )
    ).body as Feedback;
  });

  it('is closed to anyone without a moderator token', async () => {
    const client = new ApiClient(base);
    expect((await client.get('/api/staff/feedback')).status).toBe(401);
    expect(
      (await client.request('GET', '/api/staff/feedback', undefined, bearer(await userTokenWithoutRole()))).status,
    ).toBe(403);
    expect((await user.client.get('/api/staff/feedback')).status).toBe(401);
  });

  it('lists feedback newest first, filtered by type and status, with the sender (never a visitor’s address)', async () => {
    const client = new ApiClient(base);
    const questions = await client.request<Schemas['StaffFeedbackPage']>(
      'GET',
      '/api/staff/feedback?type=question&status=new',
      undefined,
      staff,
    );
    expect(questions.status).toBe(200);
    expect(questions.body.items.map((f) => f.id)).toEqual([mine.id]);
    expect(questions.body.items[0]!.sender?.username).toBe(`fdb_${run}_${n}`);

    const all = await client.request<Schemas['StaffFeedbackPage']>('GET', '/api/staff/feedback', undefined, staff);
    expect(all.body.items[0]!.id).toBe(guestsFeedback.id);
    expect(all.body.items[0]).toMatchObject({ sender: null, lang: 'en' });
    expect(JSON.stringify(all.body)).not.toContain(guest);

    const one = await client.request<StaffFeedback>('GET', `/api/staff/feedback/${mine.id}`, undefined, staff);
    expect(one.body).toMatchObject({ id: mine.id, description: DESCRIPTION, lang: 'ru' });
    expect(
      errorOf(await client.request('GET', `/api/staff/feedback/${crypto.randomUUID()}`, undefined, staff)),
    ).toMatchObject({
      status: 404,
      code: 'NotFound',
    });
    expect(errorOf(await client.request('GET', '/api/staff/feedback/not-an-id', undefined, staff))).toMatchObject({
      code: 'NotFound',
    });
  });

  it('answers a user: the answer shows in their log and is mailed to them in their language', async () => {
    const client = new ApiClient(base);
    const before = new Date();
    expect(errorOf(await client.post(`/api/staff/feedback/${mine.id}/answer`, { answer: ' ' }, staff))).toMatchObject({
      status: 400,
      code: 'NullOrEmpty',
    });
    const answered = await client.post<StaffFeedback>(
      `/api/staff/feedback/${mine.id}/answer`,
      { answer: 'Thank you! It works as you describe.' },
      staff,
    );
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'answered', answeredBy: expect.any(String) });

    const log = await user.client.get<Schemas['FeedbackLogPage']>('/api/ttin/logs/fdb');
    expect(log.body.items[0]).toMatchObject({
      id: mine.id,
      status: 'answered',
      answer: 'Thank you! It works as you describe.',
    });
    expect(log.body.items[0]).not.toHaveProperty('answeredBy');

    const mail = await waitForMail({ to: user.email, subject: /Ответ на ваш отзыв/, after: before });
    expect(mail.subject).toBe(`Ответ на ваш отзыв: Question ${run}`);
    expect(mail.text).toContain('Thank you! It works as you describe.');
    expect(mail.text).toContain('/settings/feedback');
  });

  it('answers a visitor at their address in the language they wrote in, then closes it for good', async () => {
    const client = new ApiClient(base);
    const before = new Date();
    await client.post(`/api/staff/feedback/${guestsFeedback.id}/answer`, { answer: 'Noted, thanks.' }, staff);
    const mail = await waitForMail({ to: guest, subject: /answer to your feedback/, after: before });
    expect(mail.text).toContain('Noted, thanks.');
    expect(mail.text).not.toContain('/settings/feedback');

    const closed = await client.post<StaffFeedback>(`/api/staff/feedback/${guestsFeedback.id}/close`, undefined, staff);
    expect(closed.body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await client.post(`/api/staff/feedback/${guestsFeedback.id}/close`, undefined, staff)).status).toBe(200);
    expect(
      errorOf(await client.post(`/api/staff/feedback/${guestsFeedback.id}/answer`, { answer: 'More.' }, staff)),
    ).toMatchObject({ status: 409, code: 'OperationFailed' });
    const closedOnes = await client.request<Schemas['StaffFeedbackPage']>(
      'GET',
      '/api/staff/feedback?status=closed',
      undefined,
      staff,
    );
    expect(closedOnes.body.items.map((f) => f.id)).toEqual([guestsFeedback.id]);
  });
});
