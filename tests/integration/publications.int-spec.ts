// Publications through the gateway on real servers (identity, articles, publications, gateway; PostgreSQL, Redis,
// NATS, mailpit): one publication per owner, unique names and slugs regardless of case, reserved and malformed slugs;
// reading by id and by slug with the viewer's role; invitations by username accepted and rejected from the settings
// page; who may do what in the studio (an outsider is ActorNotPublicationMember, a member asking for an owner's action
// ActorNotPublicationOwner, the owner cannot remove themself); free subscriptions; paid plans and their prices;
// pinning; renames; the logo and the cover (uploaded, judged by content, served under /media, replaced and removed);
// the page-load summary's dom and pub; the studio's analytics (a read of an article published into the publication in
// its series and most read, the owner's revenue per day from the income ledger, none for a member) and comments (a
// published comment on that article); deletion (its images go too). The actor is always the session's user.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { Language } from '@pencraft/contracts/common/v1/common';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { PLAN_PRICE_MAX, PLAN_PRICE_MIN, RESERVED_SLUGS } from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { closeCommentReviewClient, decideComment } from '../support/comment-review.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';

interface ErrorBody {
  error: { code: string; details?: { field: string; code: string }[] };
}
interface PublicationJson {
  id: string;
  name: string;
  slug: string;
  domain: string;
  description: string;
  ownerUid: string;
  logoUrl: string | null;
  coverUrl: string | null;
  members: number;
  subscribers: number;
}
interface PublicationView {
  publication: PublicationJson;
  role: 'owner' | 'member' | null;
  subscription: { tier: 'free' | 'paid'; uid: string; publicationId: string } | null;
  nameChangeableAt: string | null;
  slugChangeableAt: string | null;
}
interface Person {
  uid: string;
  username: string | null;
}
interface Invitation {
  publicationId: string;
  publicationName: string;
  uid: string;
  invitedByUid: string;
}
interface Members {
  items: { user: Person; role: 'owner' | 'member' }[];
  invitations: Invitation[];
}
interface MyPublications {
  publication: PublicationJson | null;
  role: 'owner' | 'member' | null;
  invitations: Invitation[];
}
interface Plan {
  id: string;
  interval: 'month' | 'year';
  price: number;
  description: string;
}
interface UserInfo {
  uid: string;
  dom: string | null;
  pub: string | null;
}
interface Account {
  client: ApiClient;
  uid: string;
  username: string;
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let articles: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const body = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let owner: Account;
let rival: Account;
let alice: Account;
let bob: Account;
let outsider: Account;
let reader: Account;
let unconfirmed: Account;
let publication: PublicationJson;
const slug = `pub-${run}`;
const name = `Bakı Qeydləri ${run}`;

interface Analytics {
  days: number;
  daily: { date: string; views: number; reads: number; subscribers: number; newSubscribers: number }[];
  top: { articleId: string; title: string; views: number; reads: number }[];
  revenue: {
    currency: 'AZN';
    totalQepik: number;
    daily: { date: string; amountQepik: number; payments: number }[];
  } | null;
}
interface StudioComments {
  items: { id: string; articleId: string; articleTitle: string; content: string; author: Person }[];
  hasMore: boolean;
}

let logoUrl: string;
let coverUrl: string;
const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;
const statusAndCode = (response: { status: number; body: unknown }) => [response.status, codeOf(response)];

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const account = { email: `pbl${seq}.${run}@example.az`, username: `pbl_${run}_${seq}`, password: 'publication-7' };
  const client = new ApiClient(base);
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: `Publication User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, account.email);
  return { client, uid: response.body.uid, username: account.username };
}

/** A published article written by `author` (submitted over gRPC and approved as moderation would). */
async function publishedArticle(author: Account): Promise<string> {
  const { article: created } = await articles.createArticle({
    author: { uid: author.uid, username: author.username, fullname: 'Publication Writer', imageUrl: '' },
    title: 'Nəşr üçün məqalə',
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: body } }] }),
  });
  const { article: submitted } = await articles.publishArticle({ articleId: created!.id, actorUid: author.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  return submitted!.id;
}

const P = (id = publication.id) => `/api/core-publications/${id}`;
const studio = (path: string, id = publication.id) => `${P(id)}/studio/${path}`;
const create = (account: Account, fields: Record<string, unknown>) =>
  account.client.post<PublicationJson & ErrorBody>('/api/core-publications', fields);
const view = (client: ApiClient, id = publication.id) => client.get<PublicationView & ErrorBody>(P(id));
const info = async (account: Account) => (await account.client.get<UserInfo>('/api/users/info')).body;
const mine = async (account: Account) => (await account.client.get<MyPublications>('/api/ttin/pbls')).body;
const invite = (account: Account, username: string) => account.client.post<ErrorBody>(studio('members'), { username });
const put = <T>(account: Account, path: string, fields: unknown) =>
  account.client.request<T & ErrorBody>('PUT', path, fields);
const del = (account: Account, path: string) => account.client.request<ErrorBody>('DELETE', path);
const createPlan = (account: Account, fields: Record<string, unknown>) =>
  account.client.post<Plan & ErrorBody>(studio('plans'), fields);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('publications');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      // Statistics flushed every 300 ms, so a read shows in the studio's analytics within the test.
      startService('articles', db.name, { STATISTICS_FLUSH_INTERVAL_MS: '300' }),
      startService('publications', db.name),
      startService('comments', db.name),
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
  articles = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  [owner, rival, alice, bob, outsider, reader, unconfirmed] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(false),
  ]);
});

afterAll(async () => {
  articles?.close();
  closeReviewClient();
  closeCommentReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('creating a publication', () => {
  it('refuses visitors and unconfirmed accounts', async () => {
    const visitor = new ApiClient(base);
    expect(statusAndCode(await visitor.post('/api/core-publications', { name, slug }))).toEqual([401, 'Unauthorized']);
    expect(statusAndCode(await create(unconfirmed, { name, slug }))).toEqual([403, 'AccountNotConfirmed']);
  });

  it('refuses a malformed or reserved slug as InvalidSlug', async () => {
    for (const bad of ['a--b', '1abc', 'ab', 'trailing-', 'x'.repeat(65), RESERVED_SLUGS[0]!, 'Admin']) {
      expect({ bad, answer: statusAndCode(await create(owner, { name, slug: bad })) }).toEqual({
        bad,
        answer: [400, 'InvalidSlug'],
      });
    }
    expect(statusAndCode(await create(owner, { name: '', slug }))).toEqual([400, 'NullOrEmpty']);
  });

  it('creates one owned by the signed-in user, its slug stored lowercase', async () => {
    const created = await create(owner, { name, slug: slug.toUpperCase(), description: 'Şəhər haqqında qeydlər' });
    expect(created.status).toBe(201);
    publication = created.body;
    expect(publication).toMatchObject({
      name,
      slug,
      domain: `${slug}.localhost`,
      description: 'Şəhər haqqında qeydlər',
      ownerUid: owner.uid,
      members: 1,
      subscribers: 0,
    });
  });

  it('keeps one publication per owner, and names and slugs unique regardless of case', async () => {
    expect(statusAndCode(await create(owner, { name: `Başqa ${run}`, slug: `other-${run}` }))).toEqual([
      409,
      'UserAlreadyOwnsPublication',
    ]);
    expect(statusAndCode(await create(rival, { name: `Başqa ${run}`, slug: slug.toUpperCase() }))).toEqual([
      409,
      'SlugExists',
    ]);
    // Azerbaijani's dotless ı and dotted İ: "Bakı", "BAKI", "Baki" and "BAKİ" are one name.
    for (const same of [
      name.toUpperCase(),
      name.toLocaleUpperCase('az'),
      name.replace('ı', 'i'),
      `BAKİ QEYDLƏRİ ${run}`,
    ]) {
      expect({ same, answer: statusAndCode(await create(rival, { name: same, slug: `rival-${run}` })) }).toEqual({
        same,
        answer: [409, 'NameExists'],
      });
    }
  });
});

describe('reading a publication', () => {
  it('answers it by id and by slug, with the viewer’s role', async () => {
    const byId = await view(owner.client);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ publication: { id: publication.id, slug }, role: 'owner', subscription: null });
    const visitor = new ApiClient(base);
    const bySlug = await visitor.get<PublicationView>(`/api/core-publications?slug=${slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({ publication: { id: publication.id, name }, role: null, subscription: null });
    expect((await view(outsider.client)).body.role).toBeNull();
  });

  it('answers PublicationNotFound for an unknown id or slug', async () => {
    const visitor = new ApiClient(base);
    expect(statusAndCode(await view(visitor, randomUUID()))).toEqual([404, 'PublicationNotFound']);
    expect(statusAndCode(await view(visitor, 'not-a-uuid'))).toEqual([404, 'PublicationNotFound']);
    expect(statusAndCode(await visitor.get(`/api/core-publications?slug=nobody-${run}`))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect(statusAndCode(await visitor.get(`${P(randomUUID())}/about`))).toEqual([404, 'PublicationNotFound']);
    expect(statusAndCode(await visitor.get(`${P(randomUUID())}/plns`))).toEqual([404, 'PublicationNotFound']);
  });

  it('answers the about page and an empty collections page', async () => {
    const about = await new ApiClient(base).get<{ publication: PublicationJson; members: Members['items'] }>(
      `${P()}/about`,
    );
    expect(about.status).toBe(200);
    expect(about.body.members).toEqual([
      expect.objectContaining({
        role: 'owner',
        user: expect.objectContaining({ uid: owner.uid, username: owner.username }),
      }),
    ]);
    const collections = await new ApiClient(base).get<{ items: unknown[] }>(`${P()}/collections`);
    expect(collections.status).toBe(200);
    expect(collections.body.items).toEqual([]);
  });

  it('puts the publication in its owner’s page-load summary only', async () => {
    expect(await info(owner)).toMatchObject({ uid: owner.uid, dom: `${slug}.localhost`, pub: publication.id });
    expect(await info(outsider)).toMatchObject({ uid: outsider.uid, dom: null, pub: null });
  });
});

describe('members and invitations', () => {
  it('invites by username: the invitee sees it on the settings page, the owner in the studio', async () => {
    expect(statusAndCode(await invite(owner, `nobody_${run}`))).toEqual([404, 'UserNotFound']);
    expect((await invite(owner, alice.username.toUpperCase())).status).toBe(204);
    expect((await invite(owner, bob.username)).status).toBe(204);
    expect(statusAndCode(await invite(owner, alice.username))).toEqual([409, 'MemberAlreadyInvited']);
    expect(statusAndCode(await invite(owner, owner.username))).toEqual([409, 'MemberAlreadyInvited']);

    const invited = await mine(alice);
    expect(invited.publication).toBeNull();
    expect(invited.invitations).toEqual([
      expect.objectContaining({ publicationId: publication.id, publicationName: name, invitedByUid: owner.uid }),
    ]);
    const members = await owner.client.get<Members>(studio('members'));
    expect(members.status).toBe(200);
    expect(members.body.items.map((m) => [m.user.uid, m.role])).toEqual([[owner.uid, 'owner']]);
    expect(members.body.invitations.map((i) => i.uid).sort()).toEqual([alice.uid, bob.uid].sort());
    // Invitees are named like members (identity resolves them).
    expect(
      (members.body.invitations as unknown as { uid: string; user: Person }[])
        .map((i) => [i.uid, i.user.username])
        .sort(),
    ).toEqual(
      [
        [alice.uid, alice.username],
        [bob.uid, bob.username],
      ].sort(),
    );
  });

  it('an invitee is no member before answering', async () => {
    expect(statusAndCode(await alice.client.get(studio('dashboard')))).toEqual([403, 'ActorNotPublicationMember']);
  });

  it('one accepts and becomes a member; the other rejects and stays outside', async () => {
    const accepted = await alice.client.post(`/api/ttin/pbls/invitations/${publication.id}/accept`);
    expect(accepted.status).toBe(204);
    expect(statusAndCode(await alice.client.post(`/api/ttin/pbls/invitations/${publication.id}/accept`))).toEqual([
      404,
      'MemberNotFound',
    ]);
    const rejected = await bob.client.post(`/api/ttin/pbls/invitations/${publication.id}/reject`);
    expect(rejected.status).toBe(204);
    expect(statusAndCode(await bob.client.post(`/api/ttin/pbls/invitations/${publication.id}/accept`))).toEqual([
      404,
      'MemberNotFound',
    ]);

    expect(await mine(alice)).toMatchObject({ publication: { id: publication.id }, role: 'member', invitations: [] });
    expect(await mine(bob)).toMatchObject({ publication: null, role: null, invitations: [] });
    const members = await owner.client.get<Members>(studio('members'));
    expect(members.body.items.map((m) => [m.user.uid, m.user.username, m.role])).toEqual([
      [owner.uid, owner.username, 'owner'],
      [alice.uid, alice.username, 'member'],
    ]);
    expect(members.body.invitations).toEqual([]);
    expect((await view(alice.client)).body).toMatchObject({ role: 'member', publication: { members: 2 } });
    expect(await info(alice)).toMatchObject({ dom: `${slug}.localhost`, pub: publication.id });
    expect(await info(bob)).toMatchObject({ dom: null, pub: null });
  });

  it('a member sees the studio but cannot act for the owner', async () => {
    const dashboard = await alice.client.get<{ role: string }>(studio('dashboard'));
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.role).toBe('member');
    const members = await alice.client.get<Members>(studio('members'));
    expect(members.status).toBe(200);
    expect(members.body.invitations).toEqual([]);

    const denied = [403, 'ActorNotPublicationOwner'];
    expect(statusAndCode(await del(alice, studio(`members/${owner.uid}`)))).toEqual(denied);
    expect(statusAndCode(await invite(alice, bob.username))).toEqual(denied);
    expect(statusAndCode(await put(alice, studio('settings'), { description: 'Mənim' }))).toEqual(denied);
    expect(statusAndCode(await put(alice, studio('slug'), { slug: `alice-${run}` }))).toEqual(denied);
    expect(statusAndCode(await alice.client.get(studio('subscribers')))).toEqual(denied);
    expect(statusAndCode(await alice.client.get(studio('plans')))).toEqual(denied);
    expect(statusAndCode(await createPlan(alice, { interval: 'month', price: 500 }))).toEqual(denied);
    expect(statusAndCode(await del(alice, P()))).toEqual(denied);
    expect((await view(owner.client)).body.publication.description).toBe('Şəhər haqqında qeydlər');
    // Analytics and comments are the members' too.
    expect((await alice.client.get(studio('analytics'))).status).toBe(200);
    expect((await alice.client.get(studio('comments'))).status).toBe(200);
  });

  it('an outsider gets ActorNotPublicationMember on every studio route', async () => {
    const denied = [403, 'ActorNotPublicationMember'];
    expect(statusAndCode(await outsider.client.get(studio('dashboard')))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('members')))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('subscribers')))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('plans')))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('analytics')))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('comments')))).toEqual(denied);
    expect(statusAndCode(await invite(outsider, bob.username))).toEqual(denied);
    expect(statusAndCode(await del(outsider, studio(`members/${alice.uid}`)))).toEqual(denied);
    expect(statusAndCode(await put(outsider, studio('settings'), { description: 'Yad' }))).toEqual(denied);
    expect(statusAndCode(await createPlan(outsider, { interval: 'month', price: 500 }))).toEqual(denied);
    expect(statusAndCode(await del(outsider, P()))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('dashboard', randomUUID())))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    const visitor = new ApiClient(base);
    expect(statusAndCode(await visitor.get(studio('dashboard')))).toEqual([401, 'Unauthorized']);
  });

  it('the owner cannot remove themself; an unknown member is MemberNotFound', async () => {
    expect(statusAndCode(await del(owner, studio(`members/${owner.uid}`)))).toEqual([409, 'CantDeleteSelfMember']);
    expect(statusAndCode(await del(owner, studio(`members/${bob.uid}`)))).toEqual([404, 'MemberNotFound']);
    expect((await view(owner.client)).body.publication.members).toBe(2);
  });
});

describe('subscriptions', () => {
  it('a reader subscribes for free once; the owner and the members cannot', async () => {
    const subscribed = await reader.client.post<{ tier: string; uid: string }>(`${P()}/sub`);
    expect(subscribed.status).toBe(201);
    expect(subscribed.body).toMatchObject({ tier: 'free', uid: reader.uid, publicationId: publication.id });
    expect(statusAndCode(await reader.client.post(`${P()}/sub`))).toEqual([409, 'AlreadySubscribed']);
    expect(statusAndCode(await owner.client.post(`${P()}/sub`))).toEqual([409, 'CannotSubscribePublication']);
    expect(statusAndCode(await alice.client.post(`${P()}/sub`))).toEqual([409, 'CannotSubscribePublication']);
    expect(statusAndCode(await reader.client.post(`${P(randomUUID())}/sub`))).toEqual([404, 'PublicationNotFound']);

    expect((await view(reader.client)).body).toMatchObject({
      role: null,
      subscription: { tier: 'free', uid: reader.uid },
      publication: { subscribers: 1 },
    });
    const mySubscriptions = await reader.client.get<{ items: { publication: PublicationJson }[] }>('/api/ttin/sbcs');
    expect(mySubscriptions.body.items.map((item) => item.publication.id)).toEqual([publication.id]);
    const subscribers = await owner.client.get<{ items: { user: Person }[]; total: number }>(studio('subscribers'));
    expect(subscribers.status).toBe(200);
    expect(subscribers.body.total).toBe(1);
    expect(subscribers.body.items.map((item) => [item.user.uid, item.user.username])).toEqual([
      [reader.uid, reader.username],
    ]);

    // The studio's analytics: one entry per day of the period, today counting the new subscriber.
    const analytics = await owner.client.get<Analytics>(studio('analytics'));
    expect(analytics.status).toBe(200);
    expect(analytics.body.days).toBe(30);
    expect(analytics.body.daily).toHaveLength(30);
    expect(analytics.body.daily.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      subscribers: 1,
      newSubscribers: 1,
    });
    expect(analytics.body.daily.slice(0, -1).every((day) => day.subscribers === 0 && day.views === 0)).toBe(true);
    expect((await owner.client.get<Analytics>(`${studio('analytics')}?days=365`)).body.daily).toHaveLength(365);
    expect(statusAndCode(await owner.client.get(`${studio('analytics')}?days=7`))).toEqual([400, 'InvalidModel']);
    // No article of the publication has comments yet.
    const comments = await owner.client.get<{ items: unknown[]; hasMore: boolean }>(studio('comments'));
    expect(comments.status).toBe(200);
    expect(comments.body).toMatchObject({ items: [], hasMore: false });
  });

  it('unsubscribing ends it; again is SubscriptionNotFound', async () => {
    expect((await reader.client.post(`${P()}/unsub`)).status).toBe(204);
    expect(statusAndCode(await reader.client.post(`${P()}/unsub`))).toEqual([404, 'SubscriptionNotFound']);
    expect(statusAndCode(await outsider.client.post(`${P()}/unsub`))).toEqual([404, 'SubscriptionNotFound']);
    expect((await view(reader.client)).body).toMatchObject({ subscription: null, publication: { subscribers: 0 } });
    expect((await reader.client.get<{ items: unknown[] }>('/api/ttin/sbcs')).body.items).toEqual([]);
  });
});

describe('plans', () => {
  let plan: Plan;

  it('refuses a free, absent, too low or too high price', async () => {
    expect(statusAndCode(await createPlan(owner, { interval: 'month', price: 0 }))).toEqual([
      409,
      'CannotCreateFreePlan',
    ]);
    expect(statusAndCode(await createPlan(owner, { interval: 'month', price: PLAN_PRICE_MAX + 1 }))).toEqual([
      400,
      'PlanPriceMoreThan',
    ]);
    expect(statusAndCode(await createPlan(owner, { interval: 'month', price: PLAN_PRICE_MIN - 1 }))).toEqual([
      400,
      'PlanPriceLessThan',
    ]);
    expect(statusAndCode(await createPlan(owner, { interval: 'month' }))).toEqual([400, 'EmptyPlanPrice']);
    expect(statusAndCode(await createPlan(owner, { interval: 'week', price: 500 }))).toEqual([400, 'InvalidModel']);
    expect((await new ApiClient(base).get<{ items: Plan[] }>(`${P()}/plns`)).body.items).toEqual([]);
  });

  it('adds one plan per interval, lists it publicly and deletes it', async () => {
    const created = await createPlan(owner, { interval: 'month', price: 500, description: 'Aylıq' });
    expect(created.status).toBe(201);
    plan = created.body;
    expect(plan).toMatchObject({ interval: 'month', price: 500, description: 'Aylıq' });
    expect(statusAndCode(await createPlan(owner, { interval: 'month', price: 900 }))).toEqual([409, 'AlreadyHasPlan']);
    const publicPlans = await new ApiClient(base).get<{ items: Plan[] }>(`${P()}/plns`);
    expect(publicPlans.body.items.map((p) => [p.id, p.price])).toEqual([[plan.id, 500]]);
    expect((await owner.client.get<{ items: Plan[] }>(studio('plans'))).body.items.map((p) => p.id)).toEqual([plan.id]);
    expect(statusAndCode(await del(alice, studio(`plans/${plan.id}`)))).toEqual([403, 'ActorNotPublicationOwner']);

    expect((await del(owner, studio(`plans/${plan.id}`))).status).toBe(204);
    expect(statusAndCode(await del(owner, studio(`plans/${plan.id}`)))).toEqual([404, 'PlanNotFound']);
    expect((await new ApiClient(base).get<{ items: Plan[] }>(`${P()}/plns`)).body.items).toEqual([]);
  });
});

describe('articles, settings and renames', () => {
  it('the owner pins a member’s article (listed first) and unpins it; an outsider’s is ArticleNotFound', async () => {
    const mineArticle = await publishedArticle(alice);
    const foreign = await publishedArticle(outsider);
    expect(statusAndCode(await put(owner, studio(`articles/${foreign}/pin`), undefined))).toEqual([
      404,
      'ArticleNotFound',
    ]);
    expect(statusAndCode(await put(alice, studio(`articles/${mineArticle}/pin`), undefined))).toEqual([
      403,
      'ActorNotPublicationOwner',
    ]);
    expect((await put(owner, studio(`articles/${mineArticle}/pin`), undefined)).status).toBe(204);
    const listed = await new ApiClient(base).get<{ pinned: string[] }>(`${P()}/articles`);
    expect(listed.body.pinned).toEqual([mineArticle]);
    expect((await del(owner, studio(`articles/${mineArticle}/pin`))).status).toBe(204);
    expect((await new ApiClient(base).get<{ pinned: string[] }>(`${P()}/articles`)).body.pinned).toEqual([]);
  });

  it('the owner changes the description and the name, the name once in 14 days', async () => {
    const described = await put<PublicationJson>(owner, studio('settings'), { description: 'Yeni təsvir' });
    expect(described.status).toBe(200);
    expect(described.body.description).toBe('Yeni təsvir');
    const renamed = await put<PublicationJson>(owner, studio('settings'), { name: `${name} 2` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe(`${name} 2`);
    expect(statusAndCode(await put(owner, studio('settings'), { name: `${name} 3` }))).toEqual([
      429,
      'CantUpdatePublicationName',
    ]);
    expect((await view(owner.client)).body.nameChangeableAt).not.toBeNull();
  });

  it('the owner changes the slug: the new one reads it, the summary follows', async () => {
    expect(statusAndCode(await put(owner, studio('slug'), { slug: RESERVED_SLUGS[1]! }))).toEqual([400, 'InvalidSlug']);
    const moved = await put<PublicationJson>(owner, studio('slug'), { slug: `moved-${run}` });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ slug: `moved-${run}`, domain: `moved-${run}.localhost` });
    const visitor = new ApiClient(base);
    expect((await visitor.get<PublicationView>(`/api/core-publications?slug=moved-${run}`)).body.publication.id).toBe(
      publication.id,
    );
    expect(statusAndCode(await visitor.get(`/api/core-publications?slug=${slug}`))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect(await info(owner)).toMatchObject({ dom: `moved-${run}.localhost`, pub: publication.id });
    expect(statusAndCode(await put(owner, studio('slug'), { slug: `again-${run}` }))).toEqual([
      429,
      'CantUpdatePublicationSlug',
    ]);
  });
});

/** A raw body upload of the studio's logo or cover form (the gateway's image body parser). */
async function sendImage(account: Account, kind: 'logo' | 'cover', bytes: Buffer, type = 'image/png') {
  const client = account.client;
  if (!client.cookies.has('pc_csrf')) await client.get('/api/csrf');
  const path = studio(kind);
  const response = await fetch(`${base}${path}`, {
    method: 'PUT',
    headers: {
      'content-type': type,
      'accept-language': 'en',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { url: string } & ErrorBody;
  expectDocumented('PUT', path, response.status, body);
  return { status: response.status, body };
}

const png = (width: number, height: number, shade = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** The stored picture's format and size, or the status when it is not served. */
async function served(url: string) {
  const response = await fetch(`${base}${url}`);
  if (response.status !== 200) return response.status;
  return sharp(Buffer.from(await response.arrayBuffer()))
    .metadata()
    .then(({ format, width, height }) => ({ format, width, height }));
}

describe('logo and cover', () => {
  it('the owner uploads a logo and a cover: cropped, served under /media, named by the publication', async () => {
    const logo = await sendImage(owner, 'logo', await png(640, 480));
    expect(logo.status).toBe(200);
    logoUrl = logo.body.url;
    expect(logoUrl).toMatch(new RegExp(`^/media/publications/${publication.id}/logo-[0-9a-f]{32}\\.jpg$`));
    expect(await served(logoUrl)).toEqual({ format: 'jpeg', width: 200, height: 200 });
    const cover = await sendImage(owner, 'cover', await png(1600, 900));
    expect(cover.status).toBe(200);
    coverUrl = cover.body.url;
    expect(await served(coverUrl)).toEqual({ format: 'jpeg', width: 1200, height: 240 });
    expect((await view(new ApiClient(base))).body.publication).toMatchObject({ logoUrl, coverUrl });
  });

  it('replacing the logo deletes the old one; removing it leaves none', async () => {
    const replaced = await sendImage(owner, 'logo', await png(300, 300, 220));
    expect(replaced.status).toBe(200);
    expect(replaced.body.url).not.toBe(logoUrl);
    expect(await served(logoUrl)).toBe(404);
    expect((await del(owner, studio('logo'))).status).toBe(204);
    expect(await served(replaced.body.url)).toBe(404);
    expect((await view(owner.client)).body.publication).toMatchObject({ logoUrl: null, coverUrl });
  });

  it('judges by content and size: text, a GIF and more than 3 MB are refused with the kind’s code', async () => {
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    expect(statusAndCode(await sendImage(owner, 'logo', Buffer.from('not an image at all')))).toEqual([
      400,
      'InvalidAvatarFormat',
    ]);
    expect(statusAndCode(await sendImage(owner, 'cover', gif, 'image/gif'))).toEqual([400, 'InvalidCoverFormat']);
    const tooLarge = Buffer.concat([await png(20, 20), Buffer.alloc(3 * 1024 * 1024)]);
    expect(statusAndCode(await sendImage(owner, 'cover', tooLarge))).toEqual([400, 'InvalidCoverSize']);
    expect((await view(owner.client)).body.publication).toMatchObject({ logoUrl: null, coverUrl });
  });

  it('only the owner: a member is ActorNotPublicationOwner, an outsider ActorNotPublicationMember', async () => {
    const image = await png(50, 50);
    expect(statusAndCode(await sendImage(alice, 'logo', image))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await del(alice, studio('cover')))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await sendImage(outsider, 'cover', image))).toEqual([403, 'ActorNotPublicationMember']);
    expect(statusAndCode(await del(outsider, studio('logo')))).toEqual([403, 'ActorNotPublicationMember']);
    expect(await served(coverUrl)).toEqual({ format: 'jpeg', width: 1200, height: 240 });
  });
});

describe('the studio’s analytics and comments', () => {
  let articleId: string;
  const title = `Nəşrin məqaləsi ${run}`;

  it('a read of an article published into the publication shows in the series and the most read', async () => {
    // A member writes into the publication as the editor does: a draft aimed at it, submitted, approved.
    const draft = await alice.client.post<{ id: string }>('/api/drafts', {
      title,
      description: 'Təsvir',
      language: 'az',
      category: 'travel',
      subCategories: [],
      content: { blocks: [{ type: 'paragraph', data: { text: body } }] },
    });
    expect(draft.status).toBe(201);
    const aimed = await put<{ publicationId: string }>(alice, `/api/drafts/${draft.body.id}/publication`, {
      publicationId: publication.id,
    });
    expect(aimed.body.publicationId).toBe(publication.id);
    const submitted = await alice.client.post<{ id: string }>(`/api/articles/publishing/${draft.body.id}`);
    expect(submitted.status).toBe(200);
    articleId = submitted.body.id;
    await approveArticle(articleId);

    const headers = { 'user-agent': 'Mozilla/5.0 Firefox/140.0' };
    expect(
      (await reader.client.post('/api/analytics/pv', { path: `/a/${articleId}`, articleId }, headers)).status,
    ).toBe(204);
    expect((await reader.client.post('/api/analytics/read', { articleId, seconds: 45 }, headers)).status).toBe(204);
    const analytics = await eventually(async () => {
      const answer = await owner.client.get<Analytics>(studio('analytics'));
      return answer.body.daily.at(-1)?.reads === 1 ? answer.body : undefined;
    });
    expect(analytics.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), views: 1, reads: 1 });
    expect(analytics.top).toEqual([{ articleId, title, views: 1, reads: 1 }]);
    // The member reads the same numbers, without the revenue.
    const ofMember = await alice.client.get<Analytics>(studio('analytics'));
    expect(ofMember.status).toBe(200);
    expect(ofMember.body).toMatchObject({ top: analytics.top, revenue: null });
    expect(ofMember.body.daily.at(-1)).toMatchObject({ views: 1, reads: 1 });
  });

  it('the owner’s revenue per day comes from the income ledger, exact integer qəpik', async () => {
    const before = (await owner.client.get<Analytics>(studio('analytics'))).body.revenue!;
    expect(before.currency).toBe('AZN');
    expect(before.daily).toHaveLength(30);
    expect(before.totalQepik).toBe(0);
    expect(before.daily.every((day) => day.amountQepik === 0 && day.payments === 0)).toBe(true);
    // Two payments today and one 40 days ago, as the verified webhook writes them (payments.int-spec covers that).
    const sql = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const day = 86_400_000;
      for (const [ref, amount, paidAt] of [
        ['in_a', 1234, new Date()],
        ['in_b', 9_007_199_254_740, new Date()],
        ['in_c', 500, new Date(Date.now() - 40 * day)],
      ] as const) {
        await sql.query(
          `insert into publications.income_entries (id, publication_id, uid, provider, provider_subscription_id,
             payment_ref, event_id, amount_qepik, currency, paid_at)
           values ($1, $2, $3, 'stripe', 'sub_test', $4, $5, $6, 'AZN', $7)`,
          [randomUUID(), publication.id, reader.uid, `${ref}_${run}`, `evt_${ref}_${run}`, amount, paidAt],
        );
      }
    } finally {
      await sql.end();
    }
    const revenue = (await owner.client.get<Analytics>(studio('analytics'))).body.revenue!;
    expect(revenue.daily.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      amountQepik: 9_007_199_254_740 + 1234,
      payments: 2,
    });
    expect(revenue.totalQepik).toBe(9_007_199_254_740 + 1234);
    const quarter = (await owner.client.get<Analytics>(`${studio('analytics')}?days=90`)).body.revenue!;
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.totalQepik).toBe(9_007_199_254_740 + 1234 + 500);
    expect(quarter.daily.filter((entry) => entry.payments > 0)).toHaveLength(2);
    expect((await alice.client.get<Analytics>(studio('analytics'))).body.revenue).toBeNull();
  });

  it('a published comment on it shows in the studio’s comments, for the owner and the members', async () => {
    const written = await bob.client.post<{ id: string }>('/api/articles/comment', {
      articleId,
      content: 'Çox maraqlı yazı',
    });
    expect(written.status).toBe(201);
    // Under review it is not listed yet.
    expect((await owner.client.get<StudioComments>(studio('comments'))).body.items).toEqual([]);
    await decideComment(written.body.id, 'approve');
    for (const account of [owner, alice]) {
      const comments = await account.client.get<StudioComments>(studio('comments'));
      expect(comments.status).toBe(200);
      expect(comments.body.hasMore).toBe(false);
      expect(comments.body.items).toEqual([
        expect.objectContaining({
          id: written.body.id,
          articleId,
          articleTitle: title,
          content: 'Çox maraqlı yazı',
          author: expect.objectContaining({ uid: bob.uid, username: bob.username }),
        }),
      ]);
    }
    const denied = [403, 'ActorNotPublicationMember'];
    expect(statusAndCode(await outsider.client.get(studio('comments')))).toEqual(denied);
    expect(statusAndCode(await outsider.client.get(studio('analytics')))).toEqual(denied);
    expect(statusAndCode(await bob.client.get(studio('analytics')))).toEqual(denied);
  });
});

describe('leaving and deleting', () => {
  it('a member leaves by removing themself', async () => {
    expect((await del(alice, studio(`members/${alice.uid}`))).status).toBe(204);
    expect(await info(alice)).toMatchObject({ dom: null, pub: null });
    expect(statusAndCode(await alice.client.get(studio('dashboard')))).toEqual([403, 'ActorNotPublicationMember']);
  });

  it('the owner deletes it: gone for everyone, and from the owner’s summary', async () => {
    expect((await del(owner, P())).status).toBe(204);
    expect(statusAndCode(await view(new ApiClient(base)))).toEqual([404, 'PublicationNotFound']);
    // Its images go with it.
    expect(await served(coverUrl)).toBe(404);
    expect(statusAndCode(await del(owner, P()))).toEqual([404, 'PublicationNotFound']);
    expect(await info(owner)).toMatchObject({ dom: null, pub: null });
    expect(await mine(owner)).toMatchObject({ publication: null });
    // One per owner: after deleting, the owner may create another.
    expect((await create(owner, { name: `Təzə ${run}`, slug: `fresh-${run}` })).status).toBe(201);
  });
});
