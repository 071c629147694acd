// The writing lifecycle through the gateway on real servers (identity, articles, search, publications, the object
// store):
// drafts on the server with version conflicts and caps, preview links, submission into review, the moderation
// service's decisions (played over gRPC, tests/support/review.ts), revision and edits of a published article,
// pending deletion with its 6-hour window and daily count, and who may see or touch what.
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { closeReviewClient, decideEdit, decideReview, approveArticle } from '../support/review.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let n = 0;

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { field: string; code: string }[];
    params?: Record<string, string | number>;
  };
}
interface Draft {
  id: string;
  target?: string;
  version: number;
  title: string;
  role: string | null;
  articleId: string | null;
  previewExpiresAt: string | null;
  content?: { blocks: { type: string; data: Record<string, unknown> }[] } | null;
  coverKey: string | null;
  coverUrl: string | null;
  updatedAt: string;
}
interface Article {
  id: string;
  status: string;
  reviewNote: string;
  editCount: number;
  title: string;
  coverUrl: string | null;
}
interface Person {
  uid: string;
  client: ApiClient;
}

const TEXT = 'The Caspian wind cleans the city every autumn, and everyone gathers around the tea table.';
const body = (title: string, text = TEXT) => ({
  title,
  description: 'A description',
  language: 'en',
  category: 'travel',
  subCategories: ['culture'],
  content: { blocks: [{ type: 'paragraph', data: { text } }] },
});

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const email = `drafts${n}_${Date.now().toString(36)}@example.az`;
  rememberSecret(email);
  const registeredAt = new Date();
  const response = await client.post(
    '/api/id/register',
    {
      email,
      username: `drafts_user_${n}_${Date.now().toString(36)}`,
      fullname: `Drafts User ${n}`,
      password: 'pass-word-42',
      acceptTerms: true,
      acceptPrivacy: true,
    },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  const info = await client.get<{ uid: string }>('/api/users/info');
  return { uid: info.body.uid, client };
}

const put = <T>(client: ApiClient, path: string, payload?: unknown) => client.request<T>('PUT', path, payload);
const del = <T>(client: ApiClient, path: string) => client.request<T>('DELETE', path);
const codeOf = (response: { status: number; body: unknown }) => [
  response.status,
  (response.body as ErrorBody | undefined)?.error?.code,
];

/** A draft written and submitted: an article waiting for review. */
async function pendingArticle(person: Person, title: string): Promise<Article> {
  const draft = await person.client.post<Draft>('/api/drafts', body(title));
  expect(draft.status).toBe(201);
  const submitted = await person.client.post<Article>(`/api/articles/publishing/${draft.body.id}`);
  expect(submitted.status).toBe(200);
  return submitted.body;
}

let alice: Person;
let bob: Person;
let visitor: ApiClient;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('drafts');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  // publications: articles asks it whether a draft's owner may write into a publication.
  apps.push(
    ...(await Promise.all(
      ['identity', 'articles', 'search', 'publications'].map((name) => startService(name, db.name)),
    )),
  );
  apps.push(
    await startService('gateway', db.name, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      EDGE_ROUTES: '',
    }),
  );
  base = httpBase('gateway');
  alice = await signedUp();
  bob = await signedUp();
  visitor = new ApiClient(base);
});

afterAll(async () => {
  closeReviewClient();
  await sql?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('drafts on the server', () => {
  it('creates, reads, lists and saves a draft with its version; a stale save is a conflict, never an overwrite', async () => {
    const created = await alice.client.post<Draft>('/api/drafts', { title: 'Half a thought' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Half a thought', version: 1, role: 'owner', content: null });

    // A short draft is fine while it is written; only the upper limits apply.
    const first = await put<Draft>(alice.client, `/api/drafts/${created.body.id}`, {
      ...body('Half a thought', 'Short.'),
      version: 1,
    });
    expect([first.status, first.body.version]).toEqual([200, 2]);

    // A second tab still holding version 1 is refused and told the current version.
    const stale = await put<ErrorBody>(alice.client, `/api/drafts/${created.body.id}`, {
      ...body('Tab two'),
      version: 1,
    });
    expect(codeOf(stale)).toEqual([409, 'DraftConflict']);
    expect(stale.body.error.params).toMatchObject({ version: 2, updatedAt: expect.any(String) });
    expect((await alice.client.get<Draft>(`/api/drafts/${created.body.id}`)).body.title).toBe('Half a thought');

    const second = await put<Draft>(alice.client, `/api/drafts/${created.body.id}`, { ...body('Whole'), version: 2 });
    expect(second.body).toMatchObject({ title: 'Whole', version: 3 });

    const list = await alice.client.get<{ items: Draft[]; count: number; max: number }>('/api/drafts');
    expect(list.body).toMatchObject({ count: 1, max: 10 });
    expect(list.body.items.map((d) => d.id)).toEqual([created.body.id]);
    expect(list.body.items[0]!.content).toBeUndefined();
  });

  it('sanitizes what a draft stores and holds it to the upper limits, naming the rule', async () => {
    const evil = await alice.client.post<Draft>('/api/drafts', {
      title: 'Evil <script>alert(1)</script>',
      content: {
        blocks: [
          { type: 'paragraph', data: { text: 'Hi <img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' } },
        ],
      },
    });
    expect(evil.status).toBe(201);
    expect(JSON.stringify(evil.body)).not.toMatch(/<script|onerror|javascript:/);
    const stored = await sql.query('select content::text as c, title from articles.drafts where id = $1', [
      evil.body.id,
    ]);
    expect(stored.rows[0].c).not.toMatch(/onerror|javascript:/);
    expect(stored.rows[0].title).not.toContain('<script');

    const long = await alice.client.post<ErrorBody>('/api/drafts', body('Too long', 'x'.repeat(30_001)));
    expect(codeOf(long)).toEqual([400, 'InvalidContentMax']);
    expect(long.body.error.message).toContain('30,000');
    const title = await alice.client.post<ErrorBody>('/api/drafts', { title: 't'.repeat(151) });
    expect(title.status).toBe(400);
    expect(title.body.error.details?.map((d) => `${d.field}:${d.code}`)).toEqual(['title:InvalidArticleTitle']);
    const video = await alice.client.post<ErrorBody>('/api/drafts', {
      content: { blocks: [{ type: 'video', data: { source: 'https://vimeo.com/1' } }] },
    });
    expect(codeOf(video)).toEqual([400, 'InvalidLinkUrl']);
    expect((await del(alice.client, `/api/drafts/${evil.body.id}`)).status).toBe(204);
  });

  it("keeps a draft from everyone but its owner: nobody reads, saves, deletes, previews or covers another's draft", async () => {
    const draft = await alice.client.post<Draft>('/api/drafts', body('Private'));
    const id = draft.body.id;
    const attempts = [
      await bob.client.get(`/api/drafts/${id}`),
      await put(bob.client, `/api/drafts/${id}`, { ...body('Mine now'), version: 1 }),
      await del(bob.client, `/api/drafts/${id}`),
      await bob.client.post(`/api/drafts/${id}/preview`),
      await bob.client.get(`/api/drafts/${id}/dtls`),
      await put(bob.client, `/api/drafts/${id}/cover`, { key: `articles/${alice.uid}/x/640.png` }),
      await del(bob.client, `/api/drafts/${id}/cover`),
      await bob.client.post(`/api/articles/publishing/${id}`),
    ];
    expect(attempts.map(codeOf)).toEqual(Array(8).fill([404, 'DraftNotFound']));
    expect((await bob.client.get<{ items: Draft[] }>('/api/drafts')).body.items).toEqual([]);
    expect((await visitor.get(`/api/drafts/${id}`)).status).toBe(401);
    expect((await visitor.get('/api/drafts')).status).toBe(401);
    // Nothing changed.
    expect((await alice.client.get<Draft>(`/api/drafts/${id}`)).body).toMatchObject({ title: 'Private', version: 1 });
    expect((await del(alice.client, `/api/drafts/${id}`)).status).toBe(204);
    expect(codeOf(await alice.client.get(`/api/drafts/${id}`))).toEqual([404, 'DraftNotFound']);
  });

  it('holds at most 10 drafts: delete one to create a new one', async () => {
    const carol = await signedUp();
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1)
      ids.push((await carol.client.post<Draft>('/api/drafts', { title: `D${i}` })).body.id);
    expect(codeOf(await carol.client.post('/api/drafts', { title: 'Eleventh' }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
    expect((await del(carol.client, `/api/drafts/${ids[0]}`)).status).toBe(204);
    expect((await carol.client.post('/api/drafts', { title: 'Eleventh' })).status).toBe(201);
  });

  it('counts every route that creates a draft against the same cap of 10, also POST /api/articles', async () => {
    const erin = await signedUp();
    for (let i = 0; i < 5; i += 1) expect((await erin.client.post('/api/drafts', { title: `D${i}` })).status).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await erin.client.post('/api/articles', body(`A${i}`))).status).toBe(201);
    expect((await erin.client.post('/api/articles/draft', { title: 'Tenth' })).status).toBe(201);
    expect(codeOf(await erin.client.post('/api/articles', body('Eleventh')))).toEqual([429, 'MaxDraftsCountReached']);
    expect(codeOf(await erin.client.post('/api/drafts', { title: 'Eleventh' }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
    expect(codeOf(await erin.client.post('/api/articles/draft', { title: 'Eleventh' }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
  });

  it('never lets 20 parallel creations through all routes pass the cap', async () => {
    const finn = await signedUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? finn.client.post('/api/articles', body(`Parallel ${i}`))
          : finn.client.post(i % 3 === 1 ? '/api/drafts' : '/api/articles/draft', { title: `Parallel ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 201).map(codeOf)).toEqual(
      Array.from({ length: 10 }, () => [429, 'MaxDraftsCountReached']),
    );
    const held = await sql.query(
      `select (select count(*) from articles.drafts where owner_id = $1)
            + (select count(*) from articles.articles where author_id = $1 and status = 'draft') as c`,
      [finn.uid],
    );
    expect(Number(held.rows[0].c)).toBe(10);
  });

  it('answers the Articles group paths /api/articles/draft and the draft target /api/drafts/{id}/publication', async () => {
    const dana = await signedUp();
    const created = await dana.client.post<Draft>('/api/articles/draft', body('Through the articles path'));
    expect(created.status).toBe(201);
    const listed = await dana.client.get<{ items: Draft[] }>('/api/articles/draft');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((d) => d.id)).toContain(created.body.id);
    expect((await bob.client.get<{ items: Draft[] }>('/api/articles/draft')).body.items.map((d) => d.id)).not.toContain(
      created.body.id,
    );

    const personal = await put<Draft>(dana.client, `/api/drafts/${created.body.id}/publication`, {
      publicationId: null,
    });
    expect(personal.status).toBe(200);
    expect(personal.body.target).toBe('personal');
    const elsewhere = { publicationId: '00000000-0000-4000-8000-000000000001' };
    expect(codeOf(await put(dana.client, `/api/drafts/${created.body.id}/publication`, elsewhere))).toEqual([
      404,
      'PublicationNotFound',
    ]);
    expect(
      codeOf(await put(bob.client, `/api/drafts/${created.body.id}/publication`, { publicationId: null })),
    ).toEqual([404, 'DraftNotFound']);
    expect((await del(dana.client, `/api/drafts/${created.body.id}`)).status).toBe(204);
  });

  it('shares a read-only preview by link; refreshing the link makes the old one stop working', async () => {
    const draft = await alice.client.post<Draft>('/api/drafts', body('Previewed'));
    const link = await alice.client.post<{ token: string; url: string; expiresAt: string }>(
      `/api/drafts/${draft.body.id}/preview`,
    );
    expect(link.status).toBe(200);
    expect(link.body.url).toBe(`/preview/${link.body.token}`);
    rememberSecret(link.body.token);

    const seen = await visitor.get<Draft>(`/api/drafts/public/${link.body.token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: draft.body.id, title: 'Previewed', previewExpiresAt: null, role: null });
    expect(seen.headers.get('cache-control')).toContain('no-store');
    expect((await alice.client.get<Draft>(`/api/drafts/${draft.body.id}`)).body.previewExpiresAt).toBe(
      link.body.expiresAt,
    );

    const refreshed = await alice.client.post<{ token: string }>(`/api/drafts/${draft.body.id}/preview`);
    rememberSecret(refreshed.body.token);
    expect(refreshed.body.token).not.toBe(link.body.token);
    expect(codeOf(await visitor.get(`/api/drafts/public/${link.body.token}`))).toEqual([404, 'DraftNotFound']);
    expect((await visitor.get(`/api/drafts/public/${refreshed.body.token}`)).status).toBe(200);
    expect(codeOf(await visitor.get(`/api/drafts/public/${'A'.repeat(32)}`))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await visitor.get('/api/drafts/public/short'))).toEqual([404, 'DraftNotFound']);
  });

  it('keeps only the hash of a preview token, and the link stops working 30 days after it was made', async () => {
    const gina = await signedUp();
    const draft = await gina.client.post<Draft>('/api/drafts', body('Previewed for a month'));
    const before = Date.now();
    const link = await gina.client.post<{ token: string; expiresAt: string }>(`/api/drafts/${draft.body.id}/preview`);
    rememberSecret(link.body.token);
    const term = Date.parse(link.body.expiresAt) - before;
    expect(term).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(term).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);

    const stored = await sql.query<{ row: string }>(
      'select row_to_json(d)::text as row from articles.drafts d where id = $1',
      [draft.body.id],
    );
    expect(stored.rows[0]!.row).not.toContain(link.body.token);
    const hashed = await sql.query<{ same: boolean }>(
      "select preview_token_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex') as same from articles.drafts where id = $1",
      [draft.body.id, link.body.token],
    );
    expect(hashed.rows[0]!.same).toBe(true);
    expect((await visitor.get(`/api/drafts/public/${link.body.token}`)).status).toBe(200);

    await sql.query(
      "update articles.drafts set preview_token_created_at = now() - interval '30 days 1 minute' where id = $1",
      [draft.body.id],
    );
    expect(codeOf(await visitor.get(`/api/drafts/public/${link.body.token}`))).toEqual([404, 'DraftNotFound']);
    const refreshed = await gina.client.post<{ token: string }>(`/api/drafts/${draft.body.id}/preview`);
    rememberSecret(refreshed.body.token);
    expect((await visitor.get(`/api/drafts/public/${refreshed.body.token}`)).status).toBe(200);
  });

  it('refuses paid readers for a personal article (create, save, publish) and serves an older paid one to its author only', async () => {
    const hugo = await signedUp();
    const paid = { ...body('For paying readers'), audience: 'paid' };
    expect(codeOf(await hugo.client.post('/api/drafts', paid))).toEqual([400, 'PaidAudienceNeedsPublication']);
    const draft = await hugo.client.post<Draft>('/api/drafts', body('Free for now'));
    expect(
      codeOf(await put(hugo.client, `/api/drafts/${draft.body.id}`, { ...paid, version: draft.body.version })),
    ).toEqual([400, 'PaidAudienceNeedsPublication']);

    // A draft saved as paid before the rule existed is not published as it is.
    await sql.query("update articles.drafts set audience = 'paid' where id = $1", [draft.body.id]);
    expect(codeOf(await hugo.client.post(`/api/articles/publishing/${draft.body.id}`))).toEqual([
      400,
      'PaidAudienceNeedsPublication',
    ]);
    const articles = await sql.query(
      'select count(*)::int as c from articles.articles where author_id = $1 and audience = $2',
      [hugo.uid, 'paid'],
    );
    expect(articles.rows[0].c).toBe(0);
    expect((await del(hugo.client, `/api/drafts/${draft.body.id}`)).status).toBe(204);

    // An article that went out for paid readers before the rule is read by its author alone, and never cached.
    const { id } = await pendingArticle(hugo, 'Paid before the rule');
    await sql.query("update articles.articles set audience = 'paid' where id = $1", [id]);
    await approveArticle(id);
    expect(codeOf(await visitor.get(`/api/articles/${id}`))).toEqual([404, 'ArticleNotFound']);
    const own = await hugo.client.get<Article & { audience: string }>(`/api/articles/${id}`);
    expect([own.status, own.body.audience]).toEqual([200, 'paid']);
    expect(codeOf(await visitor.get(`/api/articles/${id}`))).toEqual([404, 'ArticleNotFound']);
  });

  it("sets the cover to an image its owner uploaded, never to someone else's", async () => {
    const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    if (!alice.client.cookies.has('pc_csrf')) await alice.client.get('/api/csrf');
    const upload = await fetch(`${base}/api/publication/f`, {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        cookie: [...alice.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': alice.client.cookies.get('pc_csrf') ?? '',
      },
      body: new Uint8Array(png),
    });
    expect(upload.status).toBe(201);
    const { key } = (await upload.json()) as { key: string };

    const draft = await alice.client.post<Draft>('/api/drafts', body('With a cover'));
    const covered = await put<Draft>(alice.client, `/api/drafts/${draft.body.id}/cover`, { key });
    expect(covered.status).toBe(200);
    expect(covered.body).toMatchObject({ coverKey: key, coverUrl: `/media/${key}` });

    const bobsDraft = await bob.client.post<Draft>('/api/drafts', body('Borrowing'));
    const stolen = await put<ErrorBody>(bob.client, `/api/drafts/${bobsDraft.body.id}/cover`, { key });
    expect(codeOf(stolen)).toEqual([400, 'InvalidCoverFormat']);
    const forged = await put(bob.client, `/api/drafts/${bobsDraft.body.id}/cover`, {
      key: `articles/${bob.uid}/00000000-0000-4000-8000-000000000000/640.png`,
    });
    expect(codeOf(forged)).toEqual([400, 'InvalidCoverFormat']);

    // The cover travels with the submitted article.
    const article = await alice.client.post<Article>(`/api/articles/publishing/${draft.body.id}`);
    expect(article.body.coverUrl).toBe(`/media/${key}`);
    const cleared = await alice.client.post<Draft>('/api/drafts', body('No cover'));
    expect((await del<Draft>(alice.client, `/api/drafts/${cleared.body.id}/cover`)).body.coverKey).toBeNull();
    await del(alice.client, `/api/drafts/${cleared.body.id}`);
    await del(bob.client, `/api/drafts/${bobsDraft.body.id}`);
  });
});

describe('publishing and review', () => {
  it('submits a draft into review, refusing content under the minimum with a message that names the rule', async () => {
    const short = await alice.client.post<Draft>('/api/drafts', body('Too short', 'Tiny.'));
    const refused = await alice.client.post<ErrorBody>(`/api/articles/publishing/${short.body.id}`);
    expect(codeOf(refused)).toEqual([400, 'InvalidContentMin']);
    expect(refused.body.error.message).toContain('50');
    const untitled = await alice.client.post<Draft>('/api/drafts', { ...body(''), title: '' });
    const noTitle = await alice.client.post<ErrorBody>(`/api/articles/publishing/${untitled.body.id}`);
    expect(noTitle.body.error.details?.map((d) => `${d.field}:${d.code}`)).toEqual(['title:InvalidArticleTitle']);
    await del(alice.client, `/api/drafts/${short.body.id}`);
    await del(alice.client, `/api/drafts/${untitled.body.id}`);
  });

  it('walks an article through the review states, with its timeline and notes for the author only', async () => {
    const draft = await alice.client.post<Draft>('/api/drafts', body('Reviewed'));
    const submitted = await alice.client.post<Article>(`/api/articles/publishing/${draft.body.id}`);
    expect(submitted.body).toMatchObject({ status: 'accepted', reviewNote: '' });
    const id = submitted.body.id;
    // The draft became the article.
    expect(codeOf(await alice.client.get(`/api/drafts/${draft.body.id}`))).toEqual([404, 'DraftNotFound']);
    // A pending article is its author's alone.
    expect(codeOf(await bob.client.get(`/api/articles/${id}`))).toEqual([404, 'ArticleNotFound']);
    expect(codeOf(await bob.client.get(`/api/articles/${id}/review`))).toEqual([404, 'ArticleNotFound']);
    expect((await visitor.get(`/api/articles/${id}/review`)).status).toBe(401);
    expect((await alice.client.get<Article>(`/api/articles/${id}`)).body.status).toBe('accepted');

    await decideReview(id, 'startInitialReview');
    await decideReview(id, 'passInitialReview');
    const revision = await decideReview(id, 'requestRevision', 'Add a source for the wind.');
    expect(revision).toMatchObject({
      status: ArticleStatus.ARTICLE_STATUS_REVISION_REQUESTED,
      reviewNote: 'Add a source for the wind.',
    });

    const mine = await alice.client.get<{
      items: { id: string; status: string; reviewNote: string; editable: boolean }[];
    }>('/api/articles/review');
    expect(mine.body.items.find((item) => item.id === id)).toMatchObject({
      status: 'revisionRequested',
      reviewNote: 'Add a source for the wind.',
      editable: true,
    });
    expect((await bob.client.get<{ items: unknown[] }>('/api/articles/review')).body.items).toEqual([]);

    // The author revises and resubmits: review again, then approval publishes it.
    const edit = await alice.client.post<Draft>(`/api/articles/publishing/${id}/edit`);
    expect(edit.body).toMatchObject({ articleId: id, title: 'Reviewed' });
    await put(alice.client, `/api/drafts/${edit.body.id}`, { ...body('Reviewed, with a source'), version: 1 });
    const resubmitted = await alice.client.post<Article>(`/api/articles/publishing/${edit.body.id}`);
    expect(resubmitted.body).toMatchObject({
      id,
      status: 'accepted',
      title: 'Reviewed, with a source',
      reviewNote: '',
    });
    expect((await approveArticle(id)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    expect((await bob.client.get<Article>(`/api/articles/${id}`)).body.status).toBe('published');

    const timeline = await alice.client.get<{ status: string; events: { status: string; note: string }[] }>(
      `/api/articles/${id}/review`,
    );
    expect(timeline.body.status).toBe('published');
    expect(timeline.body.events.map((e) => e.status)).toEqual([
      'accepted',
      'initialReview',
      'underModeration',
      'revisionRequested',
      'accepted',
      'initialReview',
      'underModeration',
      'approved',
      'published',
    ]);
    expect(timeline.body.events[3]!.note).toBe('Add a source for the wind.');
    // The moderation service may retry a decision; a decided article takes no other.
    expect((await approveArticle(id)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    await expect(decideReview(id, 'reject', 'Too late')).rejects.toMatchObject({ code: 'OperationFailed' });
  });

  it('sends each edit of a published article through review, at most 5 times; only its author may edit', async () => {
    const { id } = await pendingArticle(alice, 'Edited often');
    await approveArticle(id);
    expect(codeOf(await bob.client.post(`/api/articles/publishing/${id}/edit`))).toEqual([403, 'Forbidden']);
    for (let i = 1; i <= 5; i += 1) {
      const edit = await alice.client.post<Draft>(`/api/articles/publishing/${id}/edit`);
      expect(edit.status).toBe(200);
      // Opening it again answers the same draft.
      expect((await alice.client.post<Draft>(`/api/articles/publishing/${id}/edit`)).body.id).toBe(edit.body.id);
      await put(alice.client, `/api/drafts/${edit.body.id}`, { ...body(`Edited ${i}`), version: edit.body.version });
      const saved = await alice.client.post<Article>(`/api/articles/publishing/${edit.body.id}`);
      // The published version stays live while the edit waits for review.
      expect(saved.body).toMatchObject({ id, status: 'published', editCount: i - 1 });
      expect(saved.body.title).not.toBe(`Edited ${i}`);
      if (i === 1) {
        // A second edit waits for the first one's outcome (its draft stays).
        const second = await alice.client.post<Draft>(`/api/articles/publishing/${id}/edit`);
        expect(codeOf(await alice.client.post(`/api/articles/publishing/${second.body.id}`))).toEqual([
          409,
          'ArticleEditPending',
        ]);
      }
      expect(await decideEdit(id, 'approve', { database: db.url })).toMatchObject({
        title: `Edited ${i}`,
        editCount: i,
      });
    }
    expect((await visitor.get<Article>(`/api/articles/${id}`)).body.title).toBe('Edited 5');
    expect(codeOf(await alice.client.post(`/api/articles/publishing/${id}/edit`))).toEqual([429, 'EditArticleCount']);
  });

  it('refuses edits of a rejected article and keeps the reason', async () => {
    const { id } = await pendingArticle(alice, 'Rejected one');
    const rejected = await decideReview(id, 'reject', 'Off topic.');
    expect(rejected).toMatchObject({ status: ArticleStatus.ARTICLE_STATUS_REJECTED, reviewNote: 'Off topic.' });
    expect(codeOf(await alice.client.post(`/api/articles/publishing/${id}/edit`))).toEqual([409, 'OperationFailed']);
    expect(codeOf(await del(alice.client, `/api/articles/${id}`))).toEqual([409, 'ArticleDeletionExpired']);
  });

  it('lets an author have at most 5 articles waiting for review', async () => {
    const dan = await signedUp();
    for (let i = 0; i < 5; i += 1) await pendingArticle(dan, `Pending ${i}`);
    const sixth = await dan.client.post<Draft>('/api/drafts', body('Sixth'));
    const refused = await dan.client.post<ErrorBody>(`/api/articles/publishing/${sixth.body.id}`);
    expect(codeOf(refused)).toEqual([429, 'MaxArticlePublishCount']);
    // The draft is kept for later.
    expect((await dan.client.get(`/api/drafts/${sixth.body.id}`)).status).toBe(200);
  });
});

describe('pending deletion', () => {
  it('deletes a pending article within 6 hours of its creation, and not after review or the window', async () => {
    const erin = await signedUp();
    const fresh = await pendingArticle(erin, 'Fresh');
    const old = await pendingArticle(erin, 'Old');
    const published = await pendingArticle(erin, 'Published');
    await approveArticle(published.id);

    expect(codeOf(await bob.client.request('DELETE', `/api/articles/${fresh.id}`))).toEqual([404, 'ArticleNotFound']);
    expect(codeOf(await bob.client.request('DELETE', `/api/articles/${published.id}`))).toEqual([403, 'Forbidden']);
    expect((await visitor.request('DELETE', `/api/articles/${fresh.id}`)).status).toBe(401);

    // Aged past the window in PostgreSQL, as 6 hours and a minute would age it.
    await sql.query("update articles.articles set created_at = now() - interval '6 hours 1 minute' where id = $1", [
      old.id,
    ]);
    const review = await erin.client.get<{ items: { id: string; deletable: boolean }[] }>('/api/articles/review');
    expect(Object.fromEntries(review.body.items.map((i) => [i.id, i.deletable]))).toEqual({
      [fresh.id]: true,
      [old.id]: false,
      [published.id]: false,
    });
    expect(codeOf(await del(erin.client, `/api/articles/${old.id}`))).toEqual([409, 'ArticleDeletionExpired']);
    expect(codeOf(await del(erin.client, `/api/articles/${published.id}`))).toEqual([409, 'ArticleDeletionExpired']);

    expect((await del(erin.client, `/api/articles/${fresh.id}`)).status).toBe(204);
    expect(codeOf(await erin.client.get(`/api/articles/${fresh.id}`))).toEqual([404, 'ArticleNotFound']);
    const gone = await sql.query('select count(*)::int as c from articles.article_reviews where article_id = $1', [
      fresh.id,
    ]);
    expect(gone.rows[0].c).toBe(0);
  });

  it('allows at most 3 deletions in 24 hours', async () => {
    const finn = await signedUp();
    const articles = [];
    for (let i = 0; i < 4; i += 1) articles.push(await pendingArticle(finn, `Deletable ${i}`));
    for (let i = 0; i < 3; i += 1)
      expect((await del(finn.client, `/api/articles/${articles[i]!.id}`)).status).toBe(204);
    expect(codeOf(await del(finn.client, `/api/articles/${articles[3]!.id}`))).toEqual([
      429,
      'MaxArticleDeletionCount',
    ]);
    // A day later the count starts again.
    await sql.query(
      "update articles.article_deletions set at = at - interval '24 hours 1 minute' where author_id = $1",
      [finn.uid],
    );
    expect((await del(finn.client, `/api/articles/${articles[3]!.id}`)).status).toBe(204);
  });
});
