// Publications through the gateway on real servers (identity, articles, publications, gateway; PostgreSQL, Redis,
// NATS, mailpit): one publication per owner, unique names and slugs regardless of case, reserved and malformed slugs;
// reading by id and by slug with the viewer's role; invitations by username accepted and rejected from the settings
// page; who may do what in the studio (an outsider is ActorNotPublicationMember, a member asking for an owner's action
// ActorNotPublicationOwner, the owner cannot remove themself); free subscriptions; paid plans and their prices;
// pinning; renames; the logo and the cover (uploaded, judged by content, served under /media, replaced and removed);
// the page-load summary's dom and pub; the studio's analytics (a read of an article published into the publication in
// its series and most read, the owner's revenue per day from the income ledger, none for a member) and comments (a
// published comment on that article); the studio's list of the publication's articles with their views and reads;
// the income page's merchant account (none, onboarding after connecting, connected once Stripe enables charges);
// deletion (its images go too). The actor is always the session's user.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { Language } from '@pencraft/contracts/common/v1/common';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { PLAN_PRICE_MAX, PLAN_PRICE_MIN, RESERVED_SLUGS } from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { closeCommentReviewClient, decideComment } from '../support/comment-review.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { accountEnabled, deliverSigned } from '../support/stripe-webhooks.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, errorCode, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

interface Account {
  client: ApiClient;
  api: TypedApi;
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
let publication: Schemas['Publication'];
const slug = `pub-${run}`;
const name = `Bakı Qeydləri ${run}`;

let logoUrl: string;
let coverUrl: string;
const statusAndCode = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  errorCode(response),
];
/** The same of a raw answer: a call the document refuses (a value outside its lists). */
const rawStatusAndCode = (response: { status: number; body: unknown }) => [
  response.status,
  response.status >= 400 ? (response.body as Schemas['Error']).error.code : undefined,
];

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const account = { email: `pbl${seq}.${run}@example.az`, username: `pbl_${run}_${seq}`, password: 'publication-7' };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Publication User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username };
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

/** A fresh visitor: no session, its own cookie jar. */
const visitorApi = () => typedApi(new ApiClient(base));
const byPublication = (id = publication.id) => ({ params: { path: { id } } });
const create = (account: Account, body: BodyOf<'createPublication'>) =>
  account.api.POST('/api/core-publications', { body });
const view = (api: TypedApi, id = publication.id) => api.GET('/api/core-publications/{id}', byPublication(id));
const bySlug = (api: TypedApi, slug: string) => api.GET('/api/core-publications', { params: { query: { slug } } });
const info = async (account: Account) => (await account.api.GET('/api/users/info')).data!;
const mine = async (account: Account) => (await account.api.GET('/api/ttin/pbls')).data!;
const invite = (account: Account, username: string) =>
  account.api.POST('/api/core-publications/{id}/studio/members', { ...byPublication(), body: { username } });
const acceptInvitation = (account: Account) =>
  account.api.POST('/api/ttin/pbls/invitations/{id}/accept', byPublication());
const dashboard = (account: Account, id = publication.id) =>
  account.api.GET('/api/core-publications/{id}/studio/dashboard', byPublication(id));
const members = (account: Account) => account.api.GET('/api/core-publications/{id}/studio/members', byPublication());
const removeMember = (account: Account, uid: string) =>
  account.api.DELETE('/api/core-publications/{id}/studio/members/{uid}', {
    params: { path: { id: publication.id, uid } },
  });
const subscribers = (account: Account) =>
  account.api.GET('/api/core-publications/{id}/studio/subscribers', byPublication());
const studioPlans = (account: Account) => account.api.GET('/api/core-publications/{id}/studio/plans', byPublication());
const publicPlans = async () =>
  (await visitorApi().GET('/api/core-publications/{id}/plns', byPublication())).data!.items;
// Any number: one outside the document's periods (30, 90, 365) is sent on purpose, to see it refused.
const analytics = (account: Account, days?: number) =>
  account.api.GET('/api/core-publications/{id}/studio/analytics', {
    params: { path: { id: publication.id }, query: days ? { days: days as 30 | 90 | 365 } : {} },
  });
const studioComments = (account: Account) =>
  account.api.GET('/api/core-publications/{id}/studio/comments', byPublication());
const settings = (account: Account, body: BodyOf<'updatePublicationSettings'>) =>
  account.api.PUT('/api/core-publications/{id}/studio/settings', { ...byPublication(), body });
const moveSlug = (account: Account, slug: string) =>
  account.api.PUT('/api/core-publications/{id}/studio/slug', { ...byPublication(), body: { slug } });
const createPlan = (account: Account, body: BodyOf<'createPublicationPlan'>) =>
  account.api.POST('/api/core-publications/{id}/studio/plans', { ...byPublication(), body });
const deletePlan = (account: Account, planId: string) =>
  account.api.DELETE('/api/core-publications/{id}/studio/plans/{planId}', {
    params: { path: { id: publication.id, planId } },
  });
const pinned = async () =>
  (await visitorApi().GET('/api/core-publications/{id}/articles', byPublication())).data!.pinned;
const pin = (account: Account, aid: string) =>
  account.api.PUT('/api/core-publications/{id}/studio/articles/{aid}/pin', {
    params: { path: { id: publication.id, aid } },
  });
const unpin = (account: Account, aid: string) =>
  account.api.DELETE('/api/core-publications/{id}/studio/articles/{aid}/pin', {
    params: { path: { id: publication.id, aid } },
  });
const subscribe = (account: Account, id = publication.id) =>
  account.api.POST('/api/core-publications/{id}/sub', byPublication(id));
const unsubscribe = (account: Account) => account.api.POST('/api/core-publications/{id}/unsub', byPublication());
const removeImage = (account: Account, kind: 'logo' | 'cover') =>
  kind === 'logo'
    ? account.api.DELETE('/api/core-publications/{id}/studio/logo', byPublication())
    : account.api.DELETE('/api/core-publications/{id}/studio/cover', byPublication());
const studioArticles = (account: Account) =>
  account.api.GET('/api/core-publications/{id}/studio/articles', byPublication());
const income = (account: Account) => account.api.GET('/api/core-publications/{id}/studio/income', byPublication());
const connect = (account: Account) =>
  account.api.POST('/api/core-publications/{id}/studio/income/connect', byPublication());
const deletePublication = (account: Account) => account.api.DELETE('/api/core-publications/{id}', byPublication());

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
    const visitor = visitorApi();
    expect(statusAndCode(await visitor.POST('/api/core-publications', { body: { name, slug } }))).toEqual([
      401,
      'Unauthorized',
    ]);
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
    publication = created.data!;
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
    const byId = await view(owner.api);
    expect(byId.status).toBe(200);
    expect(byId.data).toMatchObject({ publication: { id: publication.id, slug }, role: 'owner', subscription: null });
    const visitor = visitorApi();
    const found = await bySlug(visitor, slug);
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ publication: { id: publication.id, name }, role: null, subscription: null });
    expect((await view(outsider.api)).data!.role).toBeNull();
  });

  it('answers PublicationNotFound for an unknown id or slug', async () => {
    const visitor = visitorApi();
    expect(statusAndCode(await view(visitor, randomUUID()))).toEqual([404, 'PublicationNotFound']);
    expect(statusAndCode(await view(visitor, 'not-a-uuid'))).toEqual([404, 'PublicationNotFound']);
    expect(statusAndCode(await bySlug(visitor, `nobody-${run}`))).toEqual([404, 'PublicationNotFound']);
    expect(statusAndCode(await visitor.GET('/api/core-publications/{id}/about', byPublication(randomUUID())))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect(statusAndCode(await visitor.GET('/api/core-publications/{id}/plns', byPublication(randomUUID())))).toEqual([
      404,
      'PublicationNotFound',
    ]);
  });

  it('answers the about page and an empty collections page', async () => {
    const about = await visitorApi().GET('/api/core-publications/{id}/about', byPublication());
    expect(about.status).toBe(200);
    expect(about.data!.members).toEqual([
      expect.objectContaining({
        role: 'owner',
        user: expect.objectContaining({ uid: owner.uid, username: owner.username }),
      }),
    ]);
    const collections = await visitorApi().GET('/api/core-publications/{id}/collections', byPublication());
    expect(collections.status).toBe(200);
    expect(collections.data!.items).toEqual([]);
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
    const listed = await members(owner);
    expect(listed.status).toBe(200);
    expect(listed.data!.items.map((m) => [m.user.uid, m.role])).toEqual([[owner.uid, 'owner']]);
    expect(listed.data!.invitations.map((i) => i.uid).sort()).toEqual([alice.uid, bob.uid].sort());
    // Invitees are named like members (identity resolves them).
    expect(listed.data!.invitations.map((i) => [i.uid, i.user.username]).sort()).toEqual(
      [
        [alice.uid, alice.username],
        [bob.uid, bob.username],
      ].sort(),
    );
  });

  it('an invitee is no member before answering', async () => {
    expect(statusAndCode(await dashboard(alice))).toEqual([403, 'ActorNotPublicationMember']);
  });

  it('one accepts and becomes a member; the other rejects and stays outside', async () => {
    const accepted = await acceptInvitation(alice);
    expect(accepted.status).toBe(204);
    expect(statusAndCode(await acceptInvitation(alice))).toEqual([404, 'MemberNotFound']);
    const rejected = await bob.api.POST('/api/ttin/pbls/invitations/{id}/reject', byPublication());
    expect(rejected.status).toBe(204);
    expect(statusAndCode(await acceptInvitation(bob))).toEqual([404, 'MemberNotFound']);

    expect(await mine(alice)).toMatchObject({ publication: { id: publication.id }, role: 'member', invitations: [] });
    expect(await mine(bob)).toMatchObject({ publication: null, role: null, invitations: [] });
    const listed = (await members(owner)).data!;
    expect(listed.items.map((m) => [m.user.uid, m.user.username, m.role])).toEqual([
      [owner.uid, owner.username, 'owner'],
      [alice.uid, alice.username, 'member'],
    ]);
    expect(listed.invitations).toEqual([]);
    expect((await view(alice.api)).data).toMatchObject({ role: 'member', publication: { members: 2 } });
    expect(await info(alice)).toMatchObject({ dom: `${slug}.localhost`, pub: publication.id });
    expect(await info(bob)).toMatchObject({ dom: null, pub: null });
  });

  it('a member sees the studio but cannot act for the owner', async () => {
    const studio = await dashboard(alice);
    expect(studio.status).toBe(200);
    expect(studio.data!.role).toBe('member');
    const listed = await members(alice);
    expect(listed.status).toBe(200);
    expect(listed.data!.invitations).toEqual([]);

    const denied = [403, 'ActorNotPublicationOwner'];
    expect(statusAndCode(await removeMember(alice, owner.uid))).toEqual(denied);
    expect(statusAndCode(await invite(alice, bob.username))).toEqual(denied);
    expect(statusAndCode(await settings(alice, { description: 'Mənim' }))).toEqual(denied);
    expect(statusAndCode(await moveSlug(alice, `alice-${run}`))).toEqual(denied);
    expect(statusAndCode(await subscribers(alice))).toEqual(denied);
    expect(statusAndCode(await studioPlans(alice))).toEqual(denied);
    expect(statusAndCode(await createPlan(alice, { interval: 'month', price: 500 }))).toEqual(denied);
    expect(statusAndCode(await deletePublication(alice))).toEqual(denied);
    expect(statusAndCode(await income(alice))).toEqual(denied);
    expect(statusAndCode(await connect(alice))).toEqual(denied);
    expect((await view(owner.api)).data!.publication.description).toBe('Şəhər haqqında qeydlər');
    // Analytics, comments and the articles' list are the members' too.
    expect((await analytics(alice)).status).toBe(200);
    expect((await studioComments(alice)).status).toBe(200);
    expect((await studioArticles(alice)).status).toBe(200);
  });

  it('an outsider gets ActorNotPublicationMember on every studio route', async () => {
    const denied = [403, 'ActorNotPublicationMember'];
    expect(statusAndCode(await dashboard(outsider))).toEqual(denied);
    expect(statusAndCode(await members(outsider))).toEqual(denied);
    expect(statusAndCode(await subscribers(outsider))).toEqual(denied);
    expect(statusAndCode(await studioPlans(outsider))).toEqual(denied);
    expect(statusAndCode(await analytics(outsider))).toEqual(denied);
    expect(statusAndCode(await studioComments(outsider))).toEqual(denied);
    expect(statusAndCode(await studioArticles(outsider))).toEqual(denied);
    expect(statusAndCode(await income(outsider))).toEqual(denied);
    expect(statusAndCode(await connect(outsider))).toEqual(denied);
    expect(statusAndCode(await invite(outsider, bob.username))).toEqual(denied);
    expect(statusAndCode(await removeMember(outsider, alice.uid))).toEqual(denied);
    expect(statusAndCode(await settings(outsider, { description: 'Yad' }))).toEqual(denied);
    expect(statusAndCode(await createPlan(outsider, { interval: 'month', price: 500 }))).toEqual(denied);
    expect(statusAndCode(await deletePublication(outsider))).toEqual(denied);
    expect(statusAndCode(await dashboard(outsider, randomUUID()))).toEqual([404, 'PublicationNotFound']);
    const visitor = visitorApi();
    expect(statusAndCode(await visitor.GET('/api/core-publications/{id}/studio/dashboard', byPublication()))).toEqual([
      401,
      'Unauthorized',
    ]);
  });

  it('the owner cannot remove themself; an unknown member is MemberNotFound', async () => {
    expect(statusAndCode(await removeMember(owner, owner.uid))).toEqual([409, 'CantDeleteSelfMember']);
    expect(statusAndCode(await removeMember(owner, bob.uid))).toEqual([404, 'MemberNotFound']);
    expect((await view(owner.api)).data!.publication.members).toBe(2);
  });
});

describe('subscriptions', () => {
  it('a reader subscribes for free once; the owner and the members cannot', async () => {
    const subscribed = await subscribe(reader);
    expect(subscribed.status).toBe(201);
    expect(subscribed.data).toMatchObject({ tier: 'free', uid: reader.uid, publicationId: publication.id });
    expect(statusAndCode(await subscribe(reader))).toEqual([409, 'AlreadySubscribed']);
    expect(statusAndCode(await subscribe(owner))).toEqual([409, 'CannotSubscribePublication']);
    expect(statusAndCode(await subscribe(alice))).toEqual([409, 'CannotSubscribePublication']);
    expect(statusAndCode(await subscribe(reader, randomUUID()))).toEqual([404, 'PublicationNotFound']);

    expect((await view(reader.api)).data).toMatchObject({
      role: null,
      subscription: { tier: 'free', uid: reader.uid },
      publication: { subscribers: 1 },
    });
    const mySubscriptions = await reader.api.GET('/api/ttin/sbcs');
    expect(mySubscriptions.data!.items.map((item) => item.publication.id)).toEqual([publication.id]);
    const listed = await subscribers(owner);
    expect(listed.status).toBe(200);
    expect(listed.data!.total).toBe(1);
    expect(listed.data!.items.map((item) => [item.user.uid, item.user.username])).toEqual([
      [reader.uid, reader.username],
    ]);

    // The studio's analytics: one entry per day of the period, today counting the new subscriber.
    const series = await analytics(owner);
    expect(series.status).toBe(200);
    expect(series.data!.days).toBe(30);
    expect(series.data!.daily).toHaveLength(30);
    expect(series.data!.daily.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      subscribers: 1,
      newSubscribers: 1,
    });
    expect(series.data!.daily.slice(0, -1).every((day) => day.subscribers === 0 && day.views === 0)).toBe(true);
    expect((await analytics(owner, 365)).data!.daily).toHaveLength(365);
    expect(statusAndCode(await analytics(owner, 7))).toEqual([400, 'InvalidModel']);
    // No article of the publication has comments yet.
    const comments = await studioComments(owner);
    expect(comments.status).toBe(200);
    expect(comments.data).toMatchObject({ items: [], hasMore: false });
  });

  it('unsubscribing ends it; again is SubscriptionNotFound', async () => {
    expect((await unsubscribe(reader)).status).toBe(204);
    expect(statusAndCode(await unsubscribe(reader))).toEqual([404, 'SubscriptionNotFound']);
    expect(statusAndCode(await unsubscribe(outsider))).toEqual([404, 'SubscriptionNotFound']);
    expect((await view(reader.api)).data).toMatchObject({ subscription: null, publication: { subscribers: 0 } });
    expect((await reader.api.GET('/api/ttin/sbcs')).data!.items).toEqual([]);
  });
});

describe('plans', () => {
  let plan: Schemas['PublicationPlan'];

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
    // Raw: the document requires a price, which the typed client would not leave out; the service names it.
    const priceless = await owner.client.post(`/api/core-publications/${publication.id}/studio/plans`, {
      interval: 'month',
    });
    expect(rawStatusAndCode(priceless)).toEqual([400, 'EmptyPlanPrice']);
    // Raw: 'week' is outside the document's list of intervals, which the typed client would not send.
    const weekly = await owner.client.post(`/api/core-publications/${publication.id}/studio/plans`, {
      interval: 'week',
      price: 500,
    });
    expect(rawStatusAndCode(weekly)).toEqual([400, 'InvalidModel']);
    expect(await publicPlans()).toEqual([]);
  });

  it('adds one plan per interval, lists it publicly and deletes it', async () => {
    const created = await createPlan(owner, { interval: 'month', price: 500, description: 'Aylıq' });
    expect(created.status).toBe(201);
    plan = created.data!;
    expect(plan).toMatchObject({ interval: 'month', price: 500, description: 'Aylıq' });
    expect(statusAndCode(await createPlan(owner, { interval: 'month', price: 900 }))).toEqual([409, 'AlreadyHasPlan']);
    expect((await publicPlans()).map((p) => [p.id, p.price])).toEqual([[plan.id, 500]]);
    expect((await studioPlans(owner)).data!.items.map((p) => p.id)).toEqual([plan.id]);
    expect(statusAndCode(await deletePlan(alice, plan.id))).toEqual([403, 'ActorNotPublicationOwner']);

    expect((await deletePlan(owner, plan.id)).status).toBe(204);
    expect(statusAndCode(await deletePlan(owner, plan.id))).toEqual([404, 'PlanNotFound']);
    expect(await publicPlans()).toEqual([]);
  });
});

describe('articles, settings and renames', () => {
  it('the owner pins a member’s article (listed first) and unpins it; an outsider’s is ArticleNotFound', async () => {
    const mineArticle = await publishedArticle(alice);
    const foreign = await publishedArticle(outsider);
    expect(statusAndCode(await pin(owner, foreign))).toEqual([404, 'ArticleNotFound']);
    expect(statusAndCode(await pin(alice, mineArticle))).toEqual([403, 'ActorNotPublicationOwner']);
    expect((await pin(owner, mineArticle)).status).toBe(204);
    expect(await pinned()).toEqual([mineArticle]);
    expect((await unpin(owner, mineArticle)).status).toBe(204);
    expect(await pinned()).toEqual([]);
  });

  it('the owner changes the description and the name, the name once in 14 days', async () => {
    const described = await settings(owner, { description: 'Yeni təsvir' });
    expect(described.status).toBe(200);
    expect(described.data!.description).toBe('Yeni təsvir');
    const renamed = await settings(owner, { name: `${name} 2` });
    expect(renamed.status).toBe(200);
    expect(renamed.data!.name).toBe(`${name} 2`);
    expect(statusAndCode(await settings(owner, { name: `${name} 3` }))).toEqual([429, 'CantUpdatePublicationName']);
    expect((await view(owner.api)).data!.nameChangeableAt).not.toBeNull();
  });

  it('the owner changes the slug: the new one reads it, the summary follows', async () => {
    expect(statusAndCode(await moveSlug(owner, RESERVED_SLUGS[1]!))).toEqual([400, 'InvalidSlug']);
    const moved = await moveSlug(owner, `moved-${run}`);
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ slug: `moved-${run}`, domain: `moved-${run}.localhost` });
    const visitor = visitorApi();
    expect((await bySlug(visitor, `moved-${run}`)).data!.publication.id).toBe(publication.id);
    expect(statusAndCode(await bySlug(visitor, slug))).toEqual([404, 'PublicationNotFound']);
    expect(await info(owner)).toMatchObject({ dom: `moved-${run}.localhost`, pub: publication.id });
    expect(statusAndCode(await moveSlug(owner, `again-${run}`))).toEqual([429, 'CantUpdatePublicationSlug']);
  });
});

/**
 * A raw body upload of the studio's logo or cover form (the gateway's image body parser): a raw fetch, not the typed
 * client, since the body is the file's bytes with its declared type (text and a GIF among them), not JSON. The answer
 * is checked against the document, so it is the PictureUrl on a 200 and the Error otherwise.
 */
async function sendImage(account: Account, kind: 'logo' | 'cover', bytes: Buffer, type = 'image/png') {
  const client = account.client;
  if (!client.cookies.has('pc_csrf')) await account.api.GET('/api/csrf');
  const path = `/api/core-publications/${publication.id}/studio/${kind}`;
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
  const body: unknown = await response.json();
  expectDocumented('PUT', path, response.status, body);
  return response.ok
    ? { status: response.status, data: body as Schemas['PictureUrl'], error: undefined }
    : { status: response.status, data: undefined, error: body as Schemas['Error'] };
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
    logoUrl = logo.data!.url;
    expect(logoUrl).toMatch(new RegExp(`^/media/publications/${publication.id}/logo-[0-9a-f]{32}\\.jpg$`));
    expect(await served(logoUrl)).toEqual({ format: 'jpeg', width: 200, height: 200 });
    const cover = await sendImage(owner, 'cover', await png(1600, 900));
    expect(cover.status).toBe(200);
    coverUrl = cover.data!.url;
    expect(await served(coverUrl)).toEqual({ format: 'jpeg', width: 1200, height: 240 });
    expect((await view(visitorApi())).data!.publication).toMatchObject({ logoUrl, coverUrl });
  });

  it('replacing the logo deletes the old one; removing it leaves none', async () => {
    const replaced = await sendImage(owner, 'logo', await png(300, 300, 220));
    expect(replaced.status).toBe(200);
    expect(replaced.data!.url).not.toBe(logoUrl);
    expect(await served(logoUrl)).toBe(404);
    expect((await removeImage(owner, 'logo')).status).toBe(204);
    expect(await served(replaced.data!.url)).toBe(404);
    expect((await view(owner.api)).data!.publication).toMatchObject({ logoUrl: null, coverUrl });
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
    expect((await view(owner.api)).data!.publication).toMatchObject({ logoUrl: null, coverUrl });
  });

  it('only the owner: a member is ActorNotPublicationOwner, an outsider ActorNotPublicationMember', async () => {
    const image = await png(50, 50);
    expect(statusAndCode(await sendImage(alice, 'logo', image))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await removeImage(alice, 'cover'))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await sendImage(outsider, 'cover', image))).toEqual([403, 'ActorNotPublicationMember']);
    expect(statusAndCode(await removeImage(outsider, 'logo'))).toEqual([403, 'ActorNotPublicationMember']);
    expect(await served(coverUrl)).toEqual({ format: 'jpeg', width: 1200, height: 240 });
  });
});

describe('the studio’s analytics and comments', () => {
  let articleId: string;
  const title = `Nəşrin məqaləsi ${run}`;

  it('a read of an article published into the publication shows in the series and the most read', async () => {
    // A member writes into the publication as the editor does: a draft aimed at it, submitted, approved.
    const draft = await alice.api.POST('/api/drafts', {
      body: {
        title,
        description: 'Təsvir',
        language: 'az',
        category: 'travel',
        subCategories: [],
        content: { blocks: [{ type: 'paragraph', data: { text: body } }] },
      },
    });
    expect(draft.status).toBe(201);
    const draftId = { params: { path: { id: draft.data!.id } } };
    const aimed = await alice.api.PUT('/api/drafts/{id}/publication', {
      ...draftId,
      body: { publicationId: publication.id },
    });
    expect(aimed.data!.publicationId).toBe(publication.id);
    const submitted = await alice.api.POST('/api/articles/publishing/{id}', draftId);
    expect(submitted.status).toBe(200);
    articleId = submitted.data!.id;
    await approveArticle(articleId);

    const headers = { 'user-agent': 'Mozilla/5.0 Firefox/140.0' };
    expect(
      (await reader.api.POST('/api/analytics/pv', { body: { path: `/a/${articleId}`, articleId }, headers })).status,
    ).toBe(204);
    expect((await reader.api.POST('/api/analytics/read', { body: { articleId, seconds: 45 }, headers })).status).toBe(
      204,
    );
    const series = await eventually(async () => {
      const answer = await analytics(owner);
      return answer.data!.daily.at(-1)?.reads === 1 ? answer.data! : undefined;
    });
    expect(series.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), views: 1, reads: 1 });
    expect(series.top).toEqual([{ articleId, title, views: 1, reads: 1 }]);
    // The member reads the same numbers, without the revenue.
    const ofMember = await analytics(alice);
    expect(ofMember.status).toBe(200);
    expect(ofMember.data).toMatchObject({ top: series.top, revenue: null });
    expect(ofMember.data!.daily.at(-1)).toMatchObject({ views: 1, reads: 1 });
  });

  it('the studio’s list of articles gives it with its author, audience, views and reads', async () => {
    const item = await eventually(async () => {
      const answer = await studioArticles(owner);
      expect(answer.status).toBe(200);
      const found = answer.data!.items.find((entry) => entry.id === articleId);
      return found?.reads === 1 ? found : undefined;
    });
    expect(item).toMatchObject({
      title,
      language: 'az',
      author: { uid: alice.uid, username: alice.username },
      authorIsMember: true,
      pinned: false,
      audience: 'free',
      views: 1,
      reads: 1,
    });
    expect((await studioArticles(alice)).data!.items.find((entry) => entry.id === articleId)).toEqual(item);
  });

  it('the owner’s revenue per day comes from the income ledger, exact integer qəpik', async () => {
    const before = (await analytics(owner)).data!.revenue!;
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
    const revenue = (await analytics(owner)).data!.revenue!;
    expect(revenue.daily.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      amountQepik: 9_007_199_254_740 + 1234,
      payments: 2,
    });
    expect(revenue.totalQepik).toBe(9_007_199_254_740 + 1234);
    const quarter = (await analytics(owner, 90)).data!.revenue!;
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.totalQepik).toBe(9_007_199_254_740 + 1234 + 500);
    expect(quarter.daily.filter((entry) => entry.payments > 0)).toHaveLength(2);
    expect((await analytics(alice)).data!.revenue).toBeNull();
  });

  it('a published comment on it shows in the studio’s comments, for the owner and the members', async () => {
    const written = await bob.api.POST('/api/articles/comment', {
      body: { articleId, content: 'Çox maraqlı yazı' },
    });
    expect(written.status).toBe(201);
    // Under review it is not listed yet.
    expect((await studioComments(owner)).data!.items).toEqual([]);
    await decideComment(written.data!.id, 'approve');
    for (const account of [owner, alice]) {
      const comments = await studioComments(account);
      expect(comments.status).toBe(200);
      expect(comments.data!.hasMore).toBe(false);
      expect(comments.data!.items).toEqual([
        expect.objectContaining({
          id: written.data!.id,
          articleId,
          articleTitle: title,
          content: 'Çox maraqlı yazı',
          author: expect.objectContaining({ uid: bob.uid, username: bob.username }),
        }),
      ]);
    }
    const denied = [403, 'ActorNotPublicationMember'];
    expect(statusAndCode(await studioComments(outsider))).toEqual(denied);
    expect(statusAndCode(await analytics(outsider))).toEqual(denied);
    expect(statusAndCode(await analytics(bob))).toEqual(denied);
  });
});

describe('the income page’s merchant account', () => {
  it('is none until the owner connects, onboarding until Stripe enables charges, then connected', async () => {
    const before = await income(owner);
    expect(before.status).toBe(200);
    expect(before.data!.merchant).toEqual({ status: 'none' });

    const onboarding = await connect(owner);
    expect(onboarding.status).toBe(200);
    expect(onboarding.data!.url).toMatch(/^https:\/\//);
    expect((await income(owner)).data!.merchant).toEqual({ status: 'onboarding' });

    const sql = new pg.Pool({ connectionString: db.url, max: 1 });
    let accountId: string;
    try {
      const { rows } = await sql.query<{ account_id: string }>(
        'select account_id from publications.merchant_accounts where publication_id = $1',
        [publication.id],
      );
      accountId = rows[0]!.account_id;
    } finally {
      await sql.end();
    }
    expect((await deliverSigned(base, accountEnabled(accountId))).status).toBe(200);
    expect((await income(owner)).data!.merchant).toEqual({ status: 'connected' });
    expect(statusAndCode(await connect(owner))).toEqual([409, 'AlreadyIntegrated']);
  });
});

describe('leaving and deleting', () => {
  it('a member leaves by removing themself', async () => {
    expect((await removeMember(alice, alice.uid)).status).toBe(204);
    expect(await info(alice)).toMatchObject({ dom: null, pub: null });
    expect(statusAndCode(await dashboard(alice))).toEqual([403, 'ActorNotPublicationMember']);
  });

  it('the owner deletes it: gone for everyone, and from the owner’s summary', async () => {
    expect((await deletePublication(owner)).status).toBe(204);
    expect(statusAndCode(await view(visitorApi()))).toEqual([404, 'PublicationNotFound']);
    // Its images go with it.
    expect(await served(coverUrl)).toBe(404);
    expect(statusAndCode(await deletePublication(owner))).toEqual([404, 'PublicationNotFound']);
    expect(await info(owner)).toMatchObject({ dom: null, pub: null });
    expect(await mine(owner)).toMatchObject({ publication: null });
    // One per owner: after deleting, the owner may create another.
    expect((await create(owner, { name: `Təzə ${run}`, slug: `fresh-${run}` })).status).toBe(201);
  });
});
