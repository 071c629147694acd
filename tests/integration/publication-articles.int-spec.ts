// Articles in publications through the gateway on real servers (identity, articles, publications, gateway;
// PostgreSQL, Redis, NATS, mailpit): a member sets a draft's target (PUT /api/drafts/{id}/publication, which articles
// decides by asking publications' GetRole) and publishes into the publication through review, the article and its
// card carrying publicationId; an outsider, an unknown publication and another's draft are refused; submitting asks
// again, so a member removed in between is refused, while what they published stays under their name; the owner
// detaches an article and deletes the publication, and articles (publications.article.detached and
// publications.publication.deleted) make those articles, and the drafts aimed there, personal. Paid readers are
// allowed in a publication (tests/integration/paid-articles.int-spec.ts covers paid reading). The publication's list
// (GET /api/core-publications/{id}/articles) answers its published cards, the pinned first, then the newest, a page at
// a time by cursor; a detached article leaves it. The studio's list (GET /api/core-publications/{id}/studio/articles)
// answers the team every article of the publication newest first, pinned or not, with its author (on the team or
// not), audience and counts; the owner pins a member's article from it and detaches it; an outsider, a visitor, an
// unknown or malformed id and a foreign cursor are refused with their codes.
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, errorCode, typedApi, type TypedApi } from '../support/typed-api.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

type Draft = Schemas['Draft'];
type Article = Schemas['Article'];
interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const TEXT = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let owner: Account;
let alice: Account;
let bob: Account;
let outsider: Account;
let publicationId: string;

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [response.status, errorCode(response)];
const byId = (id: string) => ({ params: { path: { id } } });
/** A fresh visitor: no session, its own cookie jar. */
const visitorApi = () => typedApi(new ApiClient(base));
const getDraft = async (account: Account, id: string) => (await account.api.GET('/api/drafts/{id}', byId(id))).data!;
const submit = (account: Account, draftId: string) => account.api.POST('/api/articles/publishing/{id}', byId(draftId));
const pin = (account: Account, aid: string) =>
  account.api.PUT('/api/core-publications/{id}/studio/articles/{aid}/pin', {
    params: { path: { id: publicationId, aid } },
  });

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `pa${seq}.${run}@example.az`, username: `pa_${run}_${seq}`, password: 'publication-7' };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Publication Writer ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email, registeredAt);
  return { client, api, uid: response.data!.uid, username: account.username };
}

/** A draft ready to be submitted. */
async function draftOf(account: Account, title: string): Promise<Draft> {
  const created = await account.api.POST('/api/drafts', {
    body: {
      title,
      description: 'Təsvir',
      language: 'az',
      category: 'travel',
      subCategories: ['culture'],
      content: { blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
    },
  });
  expect(created.status).toBe(201);
  return created.data!;
}

const target = (account: Account, draftId: string, id: string | null) =>
  account.api.PUT('/api/drafts/{id}/publication', { ...byId(draftId), body: { publicationId: id } });

/** Submits the draft and approves it as moderation would: the published article. */
async function publish(account: Account, draftId: string): Promise<Article> {
  const submitted = await submit(account, draftId);
  expect(submitted.status).toBe(200);
  await approveArticle(submitted.data!.id);
  return read(submitted.data!.id);
}

async function read(articleId: string): Promise<Article> {
  const response = await visitorApi().GET('/api/articles/{id}', byId(articleId));
  expect(response.status).toBe(200);
  return response.data!;
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('publication_articles');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('publications', db.name),
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
  [owner, alice, bob, outsider] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);

  const created = await owner.api.POST('/api/core-publications', {
    body: { name: `Xəzər Qeydləri ${run}`, slug: `xezer-${run}` },
  });
  expect(created.status).toBe(201);
  publicationId = created.data!.id;
  for (const member of [alice, bob]) {
    const invited = await owner.api.POST('/api/core-publications/{id}/studio/members', {
      ...byId(publicationId),
      body: { username: member.username },
    });
    expect(invited.status).toBe(204);
    expect((await member.api.POST('/api/ttin/pbls/invitations/{id}/accept', byId(publicationId))).status).toBe(204);
  }
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

const list = (cursor?: string, id = publicationId) =>
  visitorApi().GET('/api/core-publications/{id}/articles', {
    params: { path: { id }, query: cursor === undefined ? {} : { cursor } },
  });

let aliceArticle: Article;
let bobArticle: Article;
let aliceDraftInPublication: Draft;
let personalOfBob: string;
const ownerArticles: Article[] = [];

describe('writing into a publication', () => {
  it('a member sets the target and publishes into the publication: the article and its card carry publicationId', async () => {
    const draft = await draftOf(alice, 'Xəzərdə payız');
    expect(draft).toMatchObject({ publicationId: null, target: 'personal' });

    const set = await target(alice, draft.id, publicationId);
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ id: draft.id, publicationId, target: 'personal', version: draft.version + 1 });
    expect((await getDraft(alice, draft.id)).publicationId).toBe(publicationId);

    aliceArticle = await publish(alice, draft.id);
    expect(aliceArticle).toMatchObject({
      status: 'published',
      publicationId,
      author: { uid: alice.uid, username: alice.username },
    });
    const profile = await visitorApi().GET('/api/profile/{username}/articles', {
      params: { path: { username: alice.username } },
    });
    expect(profile.data!.items.find((card) => card.id === aliceArticle.id)?.publicationId).toBe(publicationId);
  });

  it('the owner writes there too, and a draft goes back to the personal blog with null', async () => {
    const draft = await draftOf(owner, 'Sahibin qeydi');
    expect((await target(owner, draft.id, publicationId)).data!.publicationId).toBe(publicationId);
    const back = await target(owner, draft.id, null);
    expect(back.status).toBe(200);
    expect(back.data!.publicationId).toBeNull();
  });

  it('refuses an outsider, an unknown publication, another’s draft and a malformed id', async () => {
    const draft = await draftOf(outsider, 'Kənardan');
    expect(codeOf(await target(outsider, draft.id, publicationId))).toEqual([403, 'ActorNotPublicationMember']);
    expect(codeOf(await target(outsider, draft.id, '00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect((await getDraft(outsider, draft.id)).publicationId).toBeNull();
    // Alice is a member, but the draft is not hers.
    expect(codeOf(await target(alice, draft.id, publicationId))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await target(outsider, draft.id, 'not-an-id'))).toEqual([400, 'InvalidIdentifier']);
  });

  it('allows paid readers in a publication (the personal blog refuses them)', async () => {
    const draft = await draftOf(alice, 'Ödənişli');
    await target(alice, draft.id, publicationId);
    const paid = await alice.api.PUT('/api/drafts/{id}', {
      ...byId(draft.id),
      body: { title: 'Ödənişli', audience: 'paid', version: draft.version + 1 },
    });
    expect(paid.status).toBe(200);
    expect(paid.data!.audience).toBe('paid');
    expect((await alice.api.DELETE('/api/drafts/{id}', byId(draft.id))).status).toBe(204);
  });
});

describe('a member removed', () => {
  it('is refused when submitting into the publication; what they published stays under their name', async () => {
    const first = await draftOf(bob, 'Bobun məqaləsi');
    expect((await target(bob, first.id, publicationId)).status).toBe(200);
    bobArticle = await publish(bob, first.id);
    expect(bobArticle.publicationId).toBe(publicationId);
    const later = await draftOf(bob, 'Sonrakı');
    expect((await target(bob, later.id, publicationId)).status).toBe(200);

    const removed = await owner.api.DELETE('/api/core-publications/{id}/studio/members/{uid}', {
      params: { path: { id: publicationId, uid: bob.uid } },
    });
    expect(removed.status).toBe(204);

    const refused = await submit(bob, later.id);
    expect(codeOf(refused)).toEqual([403, 'ActorNotPublicationMember']);
    // The draft is kept; aimed at the personal blog it goes through.
    expect((await target(bob, later.id, null)).status).toBe(200);
    const personal = await submit(bob, later.id);
    expect(personal.status).toBe(200);
    expect(personal.data!.publicationId).toBeNull();
    await approveArticle(personal.data!.id);
    personalOfBob = personal.data!.id;

    expect(await read(bobArticle.id)).toMatchObject({
      publicationId,
      author: { uid: bob.uid, username: bob.username },
    });
  });
});

describe("the publication's list", () => {
  it('answers the pinned first (last pinned first), then the newest, a page at a time by cursor', async () => {
    // 20 more articles: with Alice's and Bob's, 22 in the publication, more than a page (PAGE_SIZE, 20).
    for (let n = 0; n < 20; n += 1) {
      const draft = await draftOf(owner, `Sahibin yazısı ${n}`);
      expect((await target(owner, draft.id, publicationId)).status).toBe(200);
      ownerArticles.push(await publish(owner, draft.id));
    }
    // Pinned: the owner's oldest there, then Alice's (Bob's cannot be: he left, and the gateway pins only what someone
    // of the publication wrote).
    expect((await pin(owner, ownerArticles[0]!.id)).status).toBe(204);
    expect((await pin(owner, aliceArticle.id)).status).toBe(204);

    const answer = await list();
    expect(answer.status).toBe(200);
    const first = answer.data!;
    expect(first.pinned).toEqual([aliceArticle.id, ownerArticles[0]!.id]);
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, 2).map((card) => [card.id, card.pinned])).toEqual([
      [aliceArticle.id, true],
      [ownerArticles[0]!.id, true],
    ]);
    // The others newest first: the owner's 19 unpinned, then Bob's (published before them).
    const newest = [
      ...ownerArticles
        .slice(1)
        .map((article) => article.id)
        .reverse(),
      bobArticle.id,
    ];
    expect(first.items.slice(2).map((card) => card.id)).toEqual(newest.slice(0, 18));
    expect(first.items.slice(2).every((card) => !card.pinned && card.author.uid === owner.uid)).toBe(true);
    expect(first.items.every((card) => card.publicationId === publicationId)).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));

    const next = await list(first.nextCursor!);
    expect(next.status).toBe(200);
    const second = next.data!;
    expect(second.items.map((card) => [card.id, card.pinned])).toEqual(newest.slice(18).map((id) => [id, false]));
    expect(second.nextCursor).toBeNull();
    // Bob's personal article (published after he left) is not the publication's.
    const all = [...first.items, ...second.items].map((card) => card.id);
    expect(new Set(all).size).toBe(22);
    expect(all).not.toContain(personalOfBob);
  });

  it('refuses a cursor it did not write and an unknown publication', async () => {
    expect(codeOf(await list('p.0.nope'))).toEqual([400, 'InvalidPage']);
    const unknown = await list(undefined, '00000000-0000-4000-8000-000000000000');
    expect(codeOf(unknown)).toEqual([404, 'PublicationNotFound']);
  });
});

const studioList = (account: Account, cursor?: string, id = publicationId) =>
  account.api.GET('/api/core-publications/{id}/studio/articles', {
    params: { path: { id }, query: cursor === undefined ? {} : { cursor } },
  });

/** Every page of the studio's list, by cursor. */
async function studioAll(account: Account) {
  const items: Schemas['PublicationStudioArticle'][] = [];
  let cursor: string | undefined;
  for (;;) {
    const answer = await studioList(account, cursor);
    expect(answer.status).toBe(200);
    items.push(...answer.data!.items);
    if (!answer.data!.nextCursor) return items;
    cursor = answer.data!.nextCursor;
  }
}

describe("the studio's list", () => {
  let alicePaid: Article;

  it('gives the team every article of the publication newest first, pinned or not, with author, audience and counts', async () => {
    const draft = await draftOf(alice, 'Abunəçilər üçün');
    await target(alice, draft.id, publicationId);
    const paid = await alice.api.PUT('/api/drafts/{id}', {
      ...byId(draft.id),
      body: {
        title: 'Abunəçilər üçün',
        description: 'Təsvir',
        language: 'az',
        category: 'travel',
        subCategories: ['culture'],
        content: { blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
        audience: 'paid',
        version: draft.version + 1,
      },
    });
    expect(paid.status).toBe(200);
    alicePaid = await publish(alice, draft.id);
    expect(alicePaid.publicationId).toBe(publicationId);

    const first = await studioList(owner);
    expect(first.status).toBe(200);
    expect(first.data!.items).toHaveLength(20);
    expect(first.data!.pinned).toEqual([aliceArticle.id, ownerArticles[0]!.id]);
    const items = await studioAll(owner);
    // Newest first, the pinned in their place: Alice's paid one, the owner's 20, Bob's, Alice's first.
    const newest = [
      alicePaid.id,
      ...ownerArticles.map((article) => article.id).reverse(),
      bobArticle.id,
      aliceArticle.id,
    ];
    expect(items.map((item) => item.id)).toEqual(newest);
    expect(items.filter((item) => item.pinned).map((item) => item.id)).toEqual([ownerArticles[0]!.id, aliceArticle.id]);
    expect(items.find((item) => item.id === alicePaid.id)).toEqual({
      id: alicePaid.id,
      title: 'Abunəçilər üçün',
      language: 'az',
      author: { uid: alice.uid, username: alice.username, fullname: alicePaid.author.fullname || null, imageUrl: null },
      authorIsMember: true,
      publishedAt: expect.any(String),
      pinned: false,
      audience: 'paid',
      views: 0,
      reads: 0,
    });
    expect(items.find((item) => item.id === aliceArticle.id)).toMatchObject({ audience: 'free', pinned: true });
    // Bob left: his article stays the publication's, and the list says he is no longer on the team.
    expect(items.find((item) => item.id === bobArticle.id)).toMatchObject({
      author: { uid: bob.uid, username: bob.username },
      authorIsMember: false,
      pinned: false,
    });
    expect(items.map((item) => item.id)).not.toContain(personalOfBob);
    // A member reads the same list.
    expect((await studioAll(alice)).map((item) => [item.id, item.pinned])).toEqual(
      items.map((item) => [item.id, item.pinned]),
    );
  });

  it("the owner pins a member's article from it (first on the public list) and unpins it; a member cannot", async () => {
    expect(codeOf(await pin(alice, alicePaid.id))).toEqual([403, 'ActorNotPublicationOwner']);
    expect((await pin(owner, alicePaid.id)).status).toBe(204);
    expect((await studioAll(owner)).find((item) => item.id === alicePaid.id)).toMatchObject({ pinned: true });
    const publicList = (await list()).data!;
    expect(publicList.items[0]).toMatchObject({ id: alicePaid.id, pinned: true });
    expect(publicList.pinned[0]).toBe(alicePaid.id);

    const unpinned = await owner.api.DELETE('/api/core-publications/{id}/studio/articles/{aid}/pin', {
      params: { path: { id: publicationId, aid: alicePaid.id } },
    });
    expect(unpinned.status).toBe(204);
    expect((await studioAll(owner)).find((item) => item.id === alicePaid.id)).toMatchObject({ pinned: false });
    expect((await list()).data!.pinned).toEqual([aliceArticle.id, ownerArticles[0]!.id]);
  });

  it("the owner detaches a member's article from it: it leaves the list and stays under its author", async () => {
    const detach = await owner.api.POST('/api/core-publications/{id}/studio/articles/{aid}/detach', {
      params: { path: { id: publicationId, aid: alicePaid.id } },
    });
    expect(detach.status).toBe(204);
    const items = await eventually(async () => {
      const all = await studioAll(owner);
      return all.some((item) => item.id === alicePaid.id) ? undefined : all;
    });
    expect(items).toHaveLength(22);
    expect(await read(alicePaid.id)).toMatchObject({ publicationId: null, author: { uid: alice.uid } });
  });

  it('refuses an outsider, a visitor, an unknown or malformed publication and a foreign cursor, never with a 5xx', async () => {
    expect(codeOf(await studioList(outsider))).toEqual([403, 'ActorNotPublicationMember']);
    expect(codeOf(await visitorApi().GET('/api/core-publications/{id}/studio/articles', byId(publicationId)))).toEqual([
      401,
      'Unauthorized',
    ]);
    expect(codeOf(await studioList(owner, undefined, '00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect(codeOf(await studioList(outsider, undefined, '00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect(codeOf(await studioList(owner, undefined, 'not-an-id'))).toEqual([404, 'PublicationNotFound']);
    expect(codeOf(await studioList(owner, 'p.0.nope'))).toEqual([400, 'InvalidPage']);
    expect(codeOf(await studioList(owner, `n.1.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}x`))).toEqual([
      400,
      'InvalidPage',
    ]);
  });
});

describe('what the publication decides', () => {
  it('detaching an article makes it personal: it stays under its author', async () => {
    const detach = await owner.api.POST('/api/core-publications/{id}/studio/articles/{aid}/detach', {
      params: { path: { id: publicationId, aid: aliceArticle.id } },
    });
    expect(detach.status).toBe(204);
    const detached = await eventually(async () => {
      const article = await read(aliceArticle.id);
      return article.publicationId === null ? article : undefined;
    });
    expect(detached).toMatchObject({ status: 'published', author: { uid: alice.uid, username: alice.username } });
    // Gone from the publication's list, pinned though it was.
    const after = (await list()).data!;
    expect(after.items.map((card) => card.id)).not.toContain(aliceArticle.id);
    expect(after.items[0]).toMatchObject({ id: ownerArticles[0]!.id, pinned: true });
  });

  it('deleting the publication makes its articles and the drafts aimed at it personal', async () => {
    aliceDraftInPublication = await draftOf(alice, 'Gözləyən qaralama');
    expect((await target(alice, aliceDraftInPublication.id, publicationId)).status).toBe(200);

    expect((await owner.api.DELETE('/api/core-publications/{id}', byId(publicationId))).status).toBe(204);

    const personal = await eventually(async () => {
      const article = await read(bobArticle.id);
      return article.publicationId === null ? article : undefined;
    });
    expect(personal).toMatchObject({ status: 'published', author: { uid: bob.uid, username: bob.username } });
    const draft = await eventually(async () => {
      const found = await getDraft(alice, aliceDraftInPublication.id);
      return found.publicationId === null ? found : undefined;
    });
    expect(draft.id).toBe(aliceDraftInPublication.id);
    // The publication is gone: aiming a draft at it answers PublicationNotFound.
    expect(codeOf(await target(alice, draft.id, publicationId))).toEqual([404, 'PublicationNotFound']);
  });
});
