// identity's ProfileService over gRPC against real PostgreSQL and NATS: what the unique indexes and row locks decide
// when requests race (one link per provider, one holder per username), follower pages in order, and the
// identity.user.updated / followed / unfollowed events published through the outbox to JetStream.
import { Language } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import { UserFollowed, UserUpdated } from '@pencraft/contracts/events/v1/identity';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { ProfileServiceClient, ProfileServiceService } from '@pencraft/contracts/identity/v1/profile';
import { AppError } from '@pencraft/errors';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { AckPolicy, connect, type NatsConnection } from 'nats';
import type { AppHandle } from '../../../packages/devstack/src/index.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../../../tests/support/stack.ts';

let db: TestDatabase;
let identity: AppHandle;
let accounts: PromiseClient<IdentityServiceClient>;
let profiles: PromiseClient<ProfileServiceClient>;
let nc: NatsConnection;
let n = 0;

async function newUser(): Promise<string> {
  n += 1;
  const { user } = await accounts.register({
    email: `profile${n}@example.az`,
    username: `profile_${n}`,
    fullname: `Profile ${n}`,
    password: 'correct-horse-1',
    acceptTerms: true,
    acceptPrivacy: true,
    client: { ip: '198.51.100.7', userAgent: 'jest', lang: Language.LANGUAGE_EN },
  });
  return user!.uid;
}

function outcomes(results: PromiseSettledResult<unknown>[]) {
  return results.map((r) => (r.status === 'fulfilled' ? 'ok' : AppError.is(r.reason) ? r.reason.code : 'error')).sort();
}

/** The events of one subject published so far, decoded. */
async function published<T>(subject: string, decode: (data: Uint8Array) => T): Promise<T[]> {
  const jsm = await nc.jetstreamManager();
  const durable = `probe_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await jsm.consumers.add('IDENTITY', {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    filter_subject: subject,
  });
  const consumer = await nc.jetstream().consumers.get('IDENTITY', durable);
  const seen: T[] = [];
  for await (const msg of await consumer.fetch({ max_messages: 500, expires: 1_500 })) {
    seen.push(decode(msg.data));
    msg.ack();
  }
  await jsm.consumers.delete('IDENTITY', durable);
  return seen;
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('identity_profile');
  identity = await startService('identity', db.name);
  accounts = createGrpcClient(IdentityServiceClient, IdentityServiceService, grpcAddress('identity'));
  profiles = createGrpcClient(ProfileServiceClient, ProfileServiceService, grpcAddress('identity'));
  nc = await connect(natsAdmin(stack));
});

afterAll(async () => {
  accounts?.close();
  profiles?.close();
  await nc?.close();
  await identity?.stop();
  await db?.drop();
});

describe('ProfileService against PostgreSQL and NATS', () => {
  it('keeps one link per provider when adds race', async () => {
    const uid = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        profiles.addLink({ uid, provider: 'github', url: `https://github.com/racer${i}` }),
      ),
    );
    expect(outcomes(results)).toEqual([
      'AlreadyHasLinkProvider',
      'AlreadyHasLinkProvider',
      'AlreadyHasLinkProvider',
      'AlreadyHasLinkProvider',
      'ok',
    ]);
    expect((await profiles.getProfile({ uid })).profile!.links).toHaveLength(1);
  });

  it('gives a contested username to one account only, whatever its case', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const results = await Promise.allSettled([
      profiles.changeUsername({ uid: a, username: 'contested_name' }),
      profiles.changeUsername({ uid: b, username: 'Contested_Name' }),
    ]);
    expect(outcomes(results)).toEqual(['UsernameAlreadyExists', 'ok']);
  });

  it('announces a changed full name as identity.user.updated, and nothing for other fields', async () => {
    const uid = await newUser();
    await profiles.updateProfile({ uid, fullname: 'Nərgiz Əliyeva', headline: 'Editor' });
    await profiles.updateProfile({ uid, headline: 'Chief editor' });
    // The second change leaves the shown name alone: one event only (waiting a moment for a wrong second one).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const updates = await eventually(async () => {
      const mine = (await published(EVENTS.userUpdated.subject, (data) => UserUpdated.decode(data))).filter(
        (u) => u.uid === uid,
      );
      return mine.length > 0 ? mine : undefined;
    });
    expect(updates).toEqual([expect.objectContaining({ uid, fullname: 'Nərgiz Əliyeva', imageUrl: '' })]);
  });

  it('pages followers newest first and announces each follow once', async () => {
    const star = await newUser();
    const fans: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      const fan = await newUser();
      fans.push(fan);
      await profiles.follow({ uid: fan, targetUid: star });
    }
    await profiles.follow({ uid: fans[0]!, targetUid: star });
    const first = await profiles.listFollowers({ userId: star, page: 1, pageSize: 20 });
    const second = await profiles.listFollowers({ userId: star, page: 2, pageSize: 20 });
    expect([first.total, first.items.length, first.hasMore, second.items.length, second.hasMore]).toEqual([
      23,
      20,
      true,
      3,
      false,
    ]);
    expect([...first.items, ...second.items].map((u) => u.uid)).toEqual([...fans].reverse());
    const follows = await eventually(async () => {
      const mine = (await published(EVENTS.userFollowed.subject, (data) => UserFollowed.decode(data))).filter(
        (f) => f.followeeUid === star,
      );
      return mine.length >= 23 ? mine : undefined;
    });
    expect(follows).toHaveLength(23);
    const profile = await profiles.getPublicProfile({ username: 'PROFILE_' + String(n - 23), viewerUid: fans[5]! });
    expect(profile.profile).toMatchObject({ uid: star, followers: 23, following: 0, followedByViewer: true });
  });
});
