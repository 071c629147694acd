// Articles in publications through the gateway on real servers (identity, articles, publications, gateway;
// PostgreSQL, Redis, NATS, mailpit): a member sets a draft's target (PUT /api/drafts/{id}/publication, which articles
// decides by asking publications' GetRole) and publishes into the publication through review, the article and its
// card carrying publicationId; an outsider, an unknown publication and another's draft are refused; submitting asks
// again, so a member removed in between is refused, while what they published stays under their name; the owner
// detaches an article and deletes the publication, and articles (publications.article.detached and
// publications.publication.deleted) make those articles, and the drafts aimed there, personal. Paid readers are
// allowed in a publication (tests/integration/paid-articles.int-spec.ts covers paid reading). The publication's list
// (GET /api/core-publications/{id}/articles) answers its published cards, the pinned first, then the newest, a page at
// a time by cursor; a detached article leaves it.
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

interface ErrorBody {
  error: { code: string; details?: { field: string; code: string }[] };
}
interface Draft {
  id: string;
  version: number;
  target: string;
  audience: string;
  publicationId: string | null;
}
interface Article {
  id: string;
  status: string;
  target: string;
  publicationId: string | null;
  author: { uid: string; username: string };
}
interface Account {
  client: ApiClient;
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

const codeOf = (response: { status: number; body: unknown }) => [
  response.status,
  (response.body as ErrorBody | undefined)?.error?.code,
];
const put = <T>(account: Account, path: string, payload?: unknown) => account.client.request<T>('PUT', path, payload);
const del = (account: Account, path: string) => account.client.request<ErrorBody>('DELETE', path);
const studio = (path: string) => `/api/core-publications/${publicationId}/studio/${path}`;

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `pa${seq}.${run}@example.az`, username: `pa_${run}_${seq}`, password: 'publication-7' };
  const client = new ApiClient(base);
  const registeredAt = new Date();
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: `Publication Writer ${seq}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email, registeredAt);
  return { client, uid: response.body.uid, username: account.username };
}

/** A draft ready to be submitted. */
async function draftOf(account: Account, title: string): Promise<Draft> {
  const created = await account.client.post<Draft>('/api/drafts', {
    title,
    description: 'Təsvir',
    language: 'az',
    category: 'travel',
    subCategories: ['culture'],
    content: { blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const target = (account: Account, draftId: string, id: string | null) =>
  put<Draft & ErrorBody>(account, `/api/drafts/${draftId}/publication`, { publicationId: id });

/** Submits the draft and approves it as moderation would: the published article. */
async function publish(account: Account, draftId: string): Promise<Article> {
  const submitted = await account.client.post<Article & ErrorBody>(`/api/articles/publishing/${draftId}`);
  expect(submitted.status).toBe(200);
  await approveArticle(submitted.body.id);
  return read(submitted.body.id);
}

async function read(articleId: string): Promise<Article> {
  const response = await new ApiClient(base).get<Article>(`/api/articles/${articleId}`);
  expect(response.status).toBe(200);
  return response.body;
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

  const created = await owner.client.post<{ id: string }>('/api/core-publications', {
    name: `Xəzər Qeydləri ${run}`,
    slug: `xezer-${run}`,
  });
  expect(created.status).toBe(201);
  publicationId = created.body.id;
  for (const member of [alice, bob]) {
    expect((await owner.client.post(studio('members'), { username: member.username })).status).toBe(204);
    expect((await member.client.post(`/api/ttin/pbls/invitations/${publicationId}/accept`)).status).toBe(204);
  }
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

interface ListCard {
  id: string;
  pinned: boolean;
  publicationId?: string | null;
  author: { uid: string };
}
interface ArticleList {
  pinned: string[];
  items: ListCard[];
  nextCursor: string | null;
}

const list = (cursor?: string) =>
  new ApiClient(base).get<ArticleList & ErrorBody>(
    `/api/core-publications/${publicationId}/articles${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
  );

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
    expect(set.body).toMatchObject({ id: draft.id, publicationId, target: 'personal', version: draft.version + 1 });
    expect((await alice.client.get<Draft>(`/api/drafts/${draft.id}`)).body.publicationId).toBe(publicationId);

    aliceArticle = await publish(alice, draft.id);
    expect(aliceArticle).toMatchObject({
      status: 'published',
      publicationId,
      author: { uid: alice.uid, username: alice.username },
    });
    const profile = await new ApiClient(base).get<{ items: { id: string; publicationId?: string | null }[] }>(
      `/api/profile/${alice.username}/articles`,
    );
    expect(profile.body.items.find((card) => card.id === aliceArticle.id)?.publicationId).toBe(publicationId);
  });

  it('the owner writes there too, and a draft goes back to the personal blog with null', async () => {
    const draft = await draftOf(owner, 'Sahibin qeydi');
    expect((await target(owner, draft.id, publicationId)).body.publicationId).toBe(publicationId);
    const back = await target(owner, draft.id, null);
    expect(back.status).toBe(200);
    expect(back.body.publicationId).toBeNull();
  });

  it('refuses an outsider, an unknown publication, another’s draft and a malformed id', async () => {
    const draft = await draftOf(outsider, 'Kənardan');
    expect(codeOf(await target(outsider, draft.id, publicationId))).toEqual([403, 'ActorNotPublicationMember']);
    expect(codeOf(await target(outsider, draft.id, '00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect((await outsider.client.get<Draft>(`/api/drafts/${draft.id}`)).body.publicationId).toBeNull();
    // Alice is a member, but the draft is not hers.
    expect(codeOf(await target(alice, draft.id, publicationId))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await target(outsider, draft.id, 'not-an-id'))).toEqual([400, 'InvalidIdentifier']);
  });

  it('allows paid readers in a publication (the personal blog refuses them)', async () => {
    const draft = await draftOf(alice, 'Ödənişli');
    await target(alice, draft.id, publicationId);
    const paid = await put<Draft & ErrorBody>(alice, `/api/drafts/${draft.id}`, {
      title: 'Ödənişli',
      audience: 'paid',
      version: draft.version + 1,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.audience).toBe('paid');
    expect((await del(alice, `/api/drafts/${draft.id}`)).status).toBe(204);
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

    expect((await del(owner, studio(`members/${bob.uid}`))).status).toBe(204);

    const refused = await bob.client.post<ErrorBody>(`/api/articles/publishing/${later.id}`);
    expect(codeOf(refused)).toEqual([403, 'ActorNotPublicationMember']);
    // The draft is kept; aimed at the personal blog it goes through.
    expect((await target(bob, later.id, null)).status).toBe(200);
    const personal = await bob.client.post<Article>(`/api/articles/publishing/${later.id}`);
    expect(personal.status).toBe(200);
    expect(personal.body.publicationId).toBeNull();
    await approveArticle(personal.body.id);
    personalOfBob = personal.body.id;

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
    expect((await put(owner, studio(`articles/${ownerArticles[0]!.id}/pin`))).status).toBe(204);
    expect((await put(owner, studio(`articles/${aliceArticle.id}/pin`))).status).toBe(204);

    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.pinned).toEqual([aliceArticle.id, ownerArticles[0]!.id]);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items.slice(0, 2).map((card) => [card.id, card.pinned])).toEqual([
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
    expect(first.body.items.slice(2).map((card) => card.id)).toEqual(newest.slice(0, 18));
    expect(first.body.items.slice(2).every((card) => !card.pinned && card.author.uid === owner.uid)).toBe(true);
    expect(first.body.items.every((card) => card.publicationId === publicationId)).toBe(true);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const second = await list(first.body.nextCursor!);
    expect(second.status).toBe(200);
    expect(second.body.items.map((card) => [card.id, card.pinned])).toEqual(newest.slice(18).map((id) => [id, false]));
    expect(second.body.nextCursor).toBeNull();
    // Bob's personal article (published after he left) is not the publication's.
    const all = [...first.body.items, ...second.body.items].map((card) => card.id);
    expect(new Set(all).size).toBe(22);
    expect(all).not.toContain(personalOfBob);
  });

  it('refuses a cursor it did not write and an unknown publication', async () => {
    expect(codeOf(await list('p.0.nope'))).toEqual([400, 'InvalidPage']);
    const unknown = await new ApiClient(base).get<ErrorBody>(
      '/api/core-publications/00000000-0000-4000-8000-000000000000/articles',
    );
    expect(codeOf(unknown)).toEqual([404, 'PublicationNotFound']);
  });
});

describe('what the publication decides', () => {
  it('detaching an article makes it personal: it stays under its author', async () => {
    expect((await owner.client.post(studio(`articles/${aliceArticle.id}/detach`))).status).toBe(204);
    const detached = await eventually(async () => {
      const article = await read(aliceArticle.id);
      return article.publicationId === null ? article : undefined;
    });
    expect(detached).toMatchObject({ status: 'published', author: { uid: alice.uid, username: alice.username } });
    // Gone from the publication's list, pinned though it was.
    const after = await list();
    expect(after.body.items.map((card) => card.id)).not.toContain(aliceArticle.id);
    expect(after.body.items[0]).toMatchObject({ id: ownerArticles[0]!.id, pinned: true });
  });

  it('deleting the publication makes its articles and the drafts aimed at it personal', async () => {
    aliceDraftInPublication = await draftOf(alice, 'Gözləyən qaralama');
    expect((await target(alice, aliceDraftInPublication.id, publicationId)).status).toBe(200);

    expect((await del(owner, `/api/core-publications/${publicationId}`)).status).toBe(204);

    const personal = await eventually(async () => {
      const article = await read(bobArticle.id);
      return article.publicationId === null ? article : undefined;
    });
    expect(personal).toMatchObject({ status: 'published', author: { uid: bob.uid, username: bob.username } });
    const draft = await eventually(async () => {
      const response = await alice.client.get<Draft>(`/api/drafts/${aliceDraftInPublication.id}`);
      return response.body.publicationId === null ? response.body : undefined;
    });
    expect(draft.id).toBe(aliceDraftInPublication.id);
    // The publication is gone: aiming a draft at it answers PublicationNotFound.
    expect(codeOf(await target(alice, draft.id, publicationId))).toEqual([404, 'PublicationNotFound']);
  });
});
