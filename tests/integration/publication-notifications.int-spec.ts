// Publication notifications through the gateway on real servers (identity, publications, notifications, gateway;
// PostgreSQL, Redis, NATS, mailpit): an invitation to a publication (publications.member.invited) is a 400 to the
// invited user, naming the owner and the publication, and a mail in their language that leads to the settings page
// where it is answered (once per publication: inviting, cancelling and inviting again tells them once); a free
// subscription (publications.subscription.created) is a 300 to the owner, in the app only, once per subscriber however
// often they subscribe, unsubscribe and subscribe again.
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
  fullname: string;
  email: string;
}

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const name = `Xəzər Qeydləri ${run}`;
let publicationId: string;

let owner: Account;
let invitee: Account;
let reader: Account;

async function signUp(): Promise<Account> {
  seq += 1;
  const account = {
    email: `pubnote${seq}.${run}@example.az`,
    username: `pubnote_${run}_${seq}`,
    password: 'pub-notes-7',
  };
  const fullname = `Pub Note ${seq}`;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username, fullname, email: account.email };
}

const byPublication = () => ({ params: { path: { id: publicationId } } });
const invite = (username: string) =>
  owner.api.POST('/api/core-publications/{id}/studio/members', { ...byPublication(), body: { username } });
const subscribe = (account: Account) => account.api.POST('/api/core-publications/{id}/sub', byPublication());
const mine = (account: Account) => account.api.GET('/api/notifications');
const ofType = async (account: Account, type: number) =>
  (await mine(account)).data!.items.filter((n) => n.type === type);

/** Waits for a notification of `type` among the account's newest. */
async function arrived(account: Account, type: number): Promise<Schemas['Notification']> {
  return eventually(async () => (await ofType(account, type))[0], { timeoutMs: 20_000, intervalMs: 200 });
}

/** How many events of `subject` the notifications service has handled (each recorded with what it stored). */
async function processed(subject: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    'select count(*) as n from notifications.processed_events where subject = $1',
    [subject],
  );
  return Number(rows[0]!.n);
}

/** Waits until the notifications service has handled `n` more events of `subject` than `before`. */
async function handled(subject: string, before: number, n: number) {
  await eventually(async () => ((await processed(subject)) >= before + n ? true : undefined), {
    timeoutMs: 20_000,
    intervalMs: 100,
  });
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('publication_notifications');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('publications', db.name),
      startService('notifications', db.name, { MAIL_POLL_MS: '200' }),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  [owner, invitee, reader] = await Promise.all([signUp(), signUp(), signUp()]);
  const created = await owner.api.POST('/api/core-publications', { body: { name, slug: `xn-${run}` } });
  expect(created.status).toBe(201);
  publicationId = created.data!.id;
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

describe('an invitation to a publication (400)', () => {
  it('tells the invited user who invited them to which publication, and mails it in their language', async () => {
    expect((await invitee.api.PUT('/api/ttin/prefs/language', { body: { language: 'ru' } })).status).toBe(200);
    // Every notification switch off: an invitation has no switch, it comes anyway (and by mail).
    const off = { ar: false, ac: false, ara: false, at: false, atra: false, cr: false, cc: false, cra: false };
    expect((await invitee.api.PUT('/api/ttin/nots', { body: off })).status).toBe(200);
    expect((await invitee.api.PUT('/api/ttin/nots/mail', { body: off })).status).toBe(200);
    await eventually(async () => {
      const { rows } = await sql.query("select settings->>'ar' as ar from notifications.people where uid = $1", [
        invitee.uid,
      ]);
      return rows[0]?.ar === 'false' ? true : undefined;
    });

    const since = new Date();
    expect((await invite(invitee.username)).status).toBe(204);
    const invitation = await arrived(invitee, 400);
    expect(invitation).toMatchObject({
      actor: { uid: owner.uid, username: owner.username, fullname: owner.fullname },
      data: { publicationId, publication: name },
      read: false,
    });

    const mail = await waitForMail({ to: invitee.email, subject: /пригласил\(а\) вас в публикацию/, after: since });
    expect(mail.subject).toContain(`«${name}»`);
    expect(mail.text).toContain(`${owner.fullname} пригласил(а) вас в публикацию «${name}».`);
    expect(mail.text).toContain('Принять или отклонить приглашение');
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/settings\/publication(\s|$)/);
    expect(mail.html).toContain('<html lang="ru">');
    // Nobody else heard of it.
    expect(await ofType(owner, 400)).toEqual([]);
    expect(await ofType(reader, 400)).toEqual([]);
  });

  it('tells them once when the owner cancels and invites again', async () => {
    const before = await processed('publications.member.invited');
    const cancelled = await owner.api.DELETE('/api/core-publications/{id}/studio/members/{uid}', {
      params: { path: { id: publicationId, uid: invitee.uid } },
    });
    expect(cancelled.status).toBe(204);
    expect((await invite(invitee.username)).status).toBe(204);
    await handled('publications.member.invited', before, 1);
    expect(await ofType(invitee, 400)).toHaveLength(1);
    // The mail sender polls every 200 ms: a second mail would be out by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailsTo({ to: invitee.email, subject: /пригласил\(а\) вас в публикацию/ })).toHaveLength(1);
  });

  it('is answered where the notification leads: the invitation is listed for the invited user', async () => {
    const invitations = await invitee.api.GET('/api/ttin/pbls');
    expect(invitations.data!.invitations.map((i) => i.publicationId)).toEqual([publicationId]);
  });
});

describe('a subscription to a publication (300)', () => {
  it('tells the owner who subscribed, in the app only', async () => {
    const since = new Date();
    expect((await subscribe(reader)).status).toBe(201);
    const subscribed = await arrived(owner, 300);
    expect(subscribed).toMatchObject({
      actor: { uid: reader.uid, username: reader.username, fullname: reader.fullname },
      data: { publicationId, publication: name, tier: 'free' },
    });
    expect(await ofType(reader, 300)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailsTo({ to: owner.email, after: since })).toEqual([]);
  });

  it('tells the owner once when the reader unsubscribes and subscribes again', async () => {
    const before = await processed('publications.subscription.created');
    expect((await reader.api.POST('/api/core-publications/{id}/unsub', byPublication())).status).toBe(204);
    expect((await subscribe(reader)).status).toBe(201);
    await handled('publications.subscription.created', before, 1);
    expect(await ofType(owner, 300)).toHaveLength(1);
  });
});
