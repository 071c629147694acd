// Bans on real servers (identity, articles and search behind the gateway; PostgreSQL, Redis, NATS, mailpit): a ban
// issued through identity's gRPC (identity.v1.TrustService, as the moderation service issues it) takes effect at once
// for a session opened before it — every signed-in request but the few allowed answers 403 UserBanned with the ban's
// reason and end, sign-in is refused alike, public reads still work — and lifting it restores everything. The ban and
// its lifting are announced once each (identity.user.banned / unbanned), a retried IssueBan answers the same ban, and
// another user is untouched.
import { BanReason } from '@pencraft/contracts/common/v1/common';
import { UserBanned, UserUnbanned } from '@pencraft/contracts/events/v1/identity';
import type { TrustServiceClient } from '@pencraft/contracts/identity/v1/moderation';
import { AppError } from '@pencraft/errors';
import type { PromiseClient } from '@pencraft/kit';
import { AckPolicy, connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { closeTrustClient, refreshGatewaySessions, trustClient } from '../support/bans.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { captchaParam, errorCode, typedApi } from '../support/typed-api.ts';
interface Account {
  client: ApiClient;
  uid: string;
  email: string;
  username: string;
  password: string;
}

const DAY_MS = 86_400_000;
let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let trust: PromiseClient<TrustServiceClient>;
let nc: NatsConnection;
let seq = 0;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('bans');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('search', db.name),
    ])),
  );
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
  base = httpBase('gateway');
  trust = trustClient();
  nc = await connect(natsAdmin(stack));
});

afterAll(async () => {
  closeTrustClient();
  await nc?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

async function signUp(): Promise<Account> {
  seq += 1;
  const account = {
    email: `banned${seq}.${Date.now().toString(36)}@example.az`,
    username: `ban_user_${seq}_${Date.now().toString(36)}`,
    password: 'banned-pass-7',
  };
  const client = new ApiClient(base);
  const since = new Date();
  const response = await typedApi(client).POST('/api/id/register', {
    body: { ...account, fullname: `Ban User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email, since);
  return { ...account, client, uid: response.data!.uid };
}

async function signIn(account: Account) {
  const client = new ApiClient(base);
  const response = await typedApi(client).POST('/api/id/auth/login', {
    body: { login: account.username, password: account.password },
  });
  return { client, response };
}

/** The write of a signed-in user used throughout: a profile change (identity behind the gateway). */
const writeProfile = (client: ApiClient, headline: string) =>
  typedApi(client).PATCH('/api/me/settings/profile', { body: { headline } });

/** A draft of an article (articles behind the gateway; a confirmed account). */
const writeArticle = (client: ApiClient) =>
  typedApi(client).POST('/api/articles', {
    body: {
      title: 'An article written under a ban',
      description: 'Refused while banned',
      language: 'en',
      category: 'tech',
      content: {
        blocks: [
          {
            type: 'paragraph',
            data: { text: 'A paragraph long enough to publish, about bans and what they take away.' },
          },
        ],
      },
    },
  });

async function grpcFailure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

/** Every payload on `subject` in the IDENTITY stream so far, through a fresh probe consumer. */
async function eventsOn<T>(subject: string, decode: (data: Uint8Array) => T): Promise<T[]> {
  const jsm = await nc.jetstreamManager();
  const durable = `probe_${randomUUID().slice(0, 8)}`;
  await jsm.consumers.add('IDENTITY', {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    filter_subject: subject,
  });
  const found: T[] = [];
  for await (const msg of await nc
    .jetstream()
    .consumers.get('IDENTITY', durable)
    .then((c) => c.fetch({ max_messages: 100, expires: 1_000 }))) {
    found.push(decode(msg.data));
    msg.ack();
  }
  await jsm.consumers.delete('IDENTITY', durable);
  return found;
}

describe('a ban issued through identity', () => {
  it('refuses the existing session at once with the reason and the end, refuses sign-in, and lifting restores it', async () => {
    const banned = await signUp();
    const other = await signUp();
    // Signed in and cached by the gateway before the ban.
    expect((await writeProfile(banned.client, 'Before the ban')).status).toBe(200);
    expect((await typedApi(banned.client).GET('/api/users/info')).status).toBe(200);

    const endsAtMs = Date.now() + 2 * DAY_MS;
    const requestId = `audit-${randomUUID()}`;
    const issued = await trust.issueBan({
      uid: banned.uid,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs,
      moderator: 'moderator',
      note: 'links in every comment',
      requestId,
    });
    expect(issued.ban).toMatchObject({
      uid: banned.uid,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs,
      liftedAtMs: 0,
      moderator: 'moderator',
      note: 'links in every comment',
      active: true,
    });
    // The registration's session (the only one) is named for the gateway's cache.
    expect(issued.tokenHashes).toHaveLength(1);
    await refreshGatewaySessions(issued);

    const until = new Date(endsAtMs).toISOString();
    const refusedWrite = await writeProfile(banned.client, 'After the ban');
    expect(refusedWrite.status).toBe(403);
    expect(refusedWrite.error?.error).toMatchObject({ code: 'UserBanned', params: { reason: 'spam', until } });
    const refusedArticle = await writeArticle(banned.client);
    expect(refusedArticle.status).toBe(403);
    expect(refusedArticle.error?.error).toMatchObject({ code: 'UserBanned', params: { reason: 'spam', until } });
    // Signed-in reads are refused too, but for the summary (which tells of the ban) and the user's own bans.
    expect(errorCode(await typedApi(banned.client).GET('/api/ttin/logs/sns'))).toBe('UserBanned');
    const info = await typedApi(banned.client).GET('/api/users/info');
    expect(info.status).toBe(200);
    expect(info.data).toMatchObject({ uid: banned.uid, ban: { reason: 'spam', until } });
    const bans = await typedApi(banned.client).GET('/api/ttin/logs/bns');
    expect(bans.status).toBe(200);
    expect(bans.data!.bans).toEqual([expect.objectContaining({ reason: 'spam', liftedAt: null })]);
    // Public reads go on.
    expect((await typedApi(banned.client).GET('/api/home/articles', { params: { query: { page: 1 } } })).status).toBe(
      200,
    );
    // A new sign-in is refused alike, opening no session.
    const signInRefused = await signIn(banned);
    expect(signInRefused.response.status).toBe(403);
    expect(signInRefused.response.error?.error).toMatchObject({
      code: 'UserBanned',
      params: { reason: 'spam', until },
    });
    expect((await typedApi(signInRefused.client).GET('/api/users/info')).status).toBe(401);
    // Someone else is untouched.
    expect((await writeProfile(other.client, 'Not banned')).status).toBe(200);
    expect((await typedApi(other.client).GET('/api/users/info')).data).not.toHaveProperty('ban');

    // A retried IssueBan (the same request id) answers the same ban and announces nothing more.
    const retried = await trust.issueBan({
      uid: banned.uid,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs,
      moderator: 'moderator',
      note: '',
      requestId,
    });
    expect(retried.ban?.id).toBe(issued.ban!.id);
    const profile = await trust.getModerationProfile({ uid: '', username: banned.username });
    expect(profile).toMatchObject({ uid: banned.uid, confirmed: true, bansCount: 1 });
    expect(profile.activeBan?.id).toBe(issued.ban!.id);
    expect(profile.registeredAtMs).toBeGreaterThan(Date.now() - DAY_MS);

    // Lifting restores the existing session and sign-in.
    const lifted = await trust.liftBan({ banId: issued.ban!.id, moderator: 'admin' });
    expect(lifted.ban).toMatchObject({ active: false, liftedBy: 'admin' });
    expect(lifted.ban!.liftedAtMs).toBeGreaterThan(0);
    await refreshGatewaySessions(lifted);
    expect((await writeProfile(banned.client, 'Lifted')).status).toBe(200);
    const written = await writeArticle(banned.client);
    expect({ status: written.status, error: written.error }).toEqual({ status: 201, error: undefined });
    expect((await typedApi(banned.client).GET('/api/users/info')).data).not.toHaveProperty('ban');
    expect((await signIn(banned)).response.status).toBe(200);
    // Lifting again answers the ban as it is.
    expect((await trust.liftBan({ banId: issued.ban!.id, moderator: 'other' })).ban).toEqual(lifted.ban);

    // Each change announced exactly once.
    const bannedEvents = await eventually(async () => {
      const events = (await eventsOn('identity.user.banned', (d) => UserBanned.decode(d))).filter(
        (e) => e.uid === banned.uid,
      );
      return events.length > 0 ? events : undefined;
    });
    expect(bannedEvents).toEqual([
      {
        banId: issued.ban!.id,
        uid: banned.uid,
        reason: BanReason.BAN_REASON_SPAM,
        startsAtMs: issued.ban!.startsAtMs,
        endsAtMs,
        moderator: 'moderator',
        note: 'links in every comment',
      },
    ]);
    const unbannedEvents = await eventually(async () => {
      const events = (await eventsOn('identity.user.unbanned', (d) => UserUnbanned.decode(d))).filter(
        (e) => e.uid === banned.uid,
      );
      return events.length > 0 ? events : undefined;
    });
    expect(unbannedEvents).toEqual([
      { banId: issued.ban!.id, uid: banned.uid, moderator: 'admin', liftedAtMs: lifted.ban!.liftedAtMs },
    ]);
  });

  it('a permanent ban names no end; signing out still works', async () => {
    const banned = await signUp();
    expect((await typedApi(banned.client).GET('/api/users/info')).status).toBe(200);
    const issued = await trust.issueBan({
      uid: banned.uid,
      reason: BanReason.BAN_REASON_MISUSE,
      endsAtMs: 0,
      moderator: 'moderator',
      note: '',
      requestId: '',
    });
    expect(issued.ban).toMatchObject({ endsAtMs: 0, active: true });
    await refreshGatewaySessions(issued);

    const refused = await writeProfile(banned.client, 'Permanent');
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe('UserBanned');
    expect(refused.error?.error.params).toEqual({ reason: 'misuse' });
    expect((await typedApi(banned.client).GET('/api/users/info')).data).toMatchObject({
      ban: { reason: 'misuse', until: null },
    });
    expect((await typedApi(banned.client).POST('/api/id/out')).status).toBe(204);
    expect((await typedApi(banned.client).GET('/api/users/info')).status).toBe(401);
  });

  it('refuses an unknown user, an unknown reason, an end in the past and an unknown ban, changing nothing', async () => {
    const user = await signUp();
    const request = {
      uid: user.uid,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs: 0,
      moderator: 'moderator',
      note: '',
      requestId: '',
    };
    expect(await grpcFailure(trust.issueBan({ ...request, uid: randomUUID() }))).toBe('UserNotFound');
    expect(await grpcFailure(trust.issueBan({ ...request, uid: 'not-a-uuid' }))).toBe('UserNotFound');
    expect(await grpcFailure(trust.issueBan({ ...request, reason: BanReason.BAN_REASON_UNSPECIFIED }))).toBe(
      'InvalidModel',
    );
    expect(await grpcFailure(trust.issueBan({ ...request, endsAtMs: Date.now() - 1000 }))).toBe('InvalidModel');
    expect(await grpcFailure(trust.liftBan({ banId: randomUUID(), moderator: 'admin' }))).toBe('NotFound');
    expect(await grpcFailure(trust.getModerationProfile({ uid: '', username: 'nobody_here_at_all' }))).toBe(
      'UserNotFound',
    );
    expect((await trust.listUserBans({ uid: user.uid })).bans).toEqual([]);
    expect((await writeProfile(user.client, 'Still fine')).status).toBe(200);
  });
});
