// The writing lifecycle through the gateway on real servers (identity, articles, search, publications, the object
// store):
// drafts on the server with version conflicts and caps, preview links, submission into review, the moderation
// service's decisions (played over gRPC, tests/support/review.ts), revision and edits of a published article,
// pending deletion with its 6-hour window and daily count, and who may see or touch what.
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { closeReviewClient, decideEdit, decideReview, approveArticle } from '../support/review.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { captchaParam, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let n = 0;

interface Person {
  uid: string;
  client: ApiClient;
  api: TypedApi;
}

const TEXT = 'The Caspian wind cleans the city every autumn, and everyone gathers around the tea table.';
const body = (title: string, text = TEXT) =>
  ({
    title,
    description: 'A description',
    language: 'en',
    category: 'travel',
    subCategories: ['culture'],
    content: { blocks: [{ type: 'paragraph', data: { text } }] },
  }) satisfies BodyOf<'createDraft'> & BodyOf<'createArticle'>;

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const email = `drafts${n}_${Date.now().toString(36)}@example.az`;
  rememberSecret(email);
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: {
      email,
      username: `drafts_user_${n}_${Date.now().toString(36)}`,
      fullname: `Drafts User ${n}`,
      password: 'pass-word-42',
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  const info = await api.GET('/api/users/info');
  return { uid: info.data!.uid, client, api };
}

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  response.error?.error.code,
];
const byId = (id: string) => ({ params: { path: { id } } });

/** A draft written and submitted: an article waiting for review. */
async function pendingArticle(person: Person, title: string): Promise<Schemas['Article']> {
  const draft = await person.api.POST('/api/drafts', { body: body(title) });
  expect(draft.status).toBe(201);
  const submitted = await person.api.POST('/api/articles/publishing/{id}', byId(draft.data!.id));
  expect(submitted.status).toBe(200);
  return submitted.data!;
}

let alice: Person;
let bob: Person;
let visitor: TypedApi;

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
  visitor = typedApi(new ApiClient(base));
});

afterAll(async () => {
  closeReviewClient();
  await sql?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('drafts on the server', () => {
  it('creates, reads, lists and saves a draft with its version; a stale save is a conflict, never an overwrite', async () => {
    const created = await alice.api.POST('/api/drafts', { body: { title: 'Half a thought' } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ title: 'Half a thought', version: 1, role: 'owner', content: null });
    const id = created.data!.id;

    // A short draft is fine while it is written; only the upper limits apply.
    const first = await alice.api.PUT('/api/drafts/{id}', {
      ...byId(id),
      body: { ...body('Half a thought', 'Short.'), version: 1 },
    });
    expect([first.status, first.data?.version]).toEqual([200, 2]);

    // A second tab still holding version 1 is refused and told the current version.
    const stale = await alice.api.PUT('/api/drafts/{id}', { ...byId(id), body: { ...body('Tab two'), version: 1 } });
    expect(codeOf(stale)).toEqual([409, 'DraftConflict']);
    expect(stale.error?.error.params).toMatchObject({ version: 2, updatedAt: expect.any(String) });
    expect((await alice.api.GET('/api/drafts/{id}', byId(id))).data!.title).toBe('Half a thought');

    const second = await alice.api.PUT('/api/drafts/{id}', { ...byId(id), body: { ...body('Whole'), version: 2 } });
    expect(second.data).toMatchObject({ title: 'Whole', version: 3 });

    const list = await alice.api.GET('/api/drafts');
    expect(list.data).toMatchObject({ count: 1, max: 10 });
    expect(list.data!.items.map((d) => d.id)).toEqual([id]);
    expect(list.data!.items[0]!.content).toBeUndefined();
  });

  it('sanitizes what a draft stores and holds it to the upper limits, naming the rule', async () => {
    const evil = await alice.api.POST('/api/drafts', {
      body: {
        title: 'Evil <script>alert(1)</script>',
        content: {
          blocks: [
            { type: 'paragraph', data: { text: 'Hi <img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' } },
          ],
        },
      },
    });
    expect(evil.status).toBe(201);
    expect(JSON.stringify(evil.data)).not.toMatch(/<script|onerror|javascript:/);
    const stored = await sql.query('select content::text as c, title from articles.drafts where id = $1', [
      evil.data!.id,
    ]);
    expect(stored.rows[0].c).not.toMatch(/onerror|javascript:/);
    expect(stored.rows[0].title).not.toContain('<script');

    const long = await alice.api.POST('/api/drafts', { body: body('Too long', 'x'.repeat(30_001)) });
    expect(codeOf(long)).toEqual([400, 'InvalidContentMax']);
    expect(long.error!.error.message).toContain('30,000');
    const title = await alice.api.POST('/api/drafts', { body: { title: 't'.repeat(151) } });
    expect(title.status).toBe(400);
    expect(title.error!.error.details?.map((d) => `${d.field}:${d.code}`)).toEqual(['title:InvalidArticleTitle']);
    const video = await alice.api.POST('/api/drafts', {
      body: { content: { blocks: [{ type: 'video', data: { source: 'https://vimeo.com/1' } }] } },
    });
    expect(codeOf(video)).toEqual([400, 'InvalidLinkUrl']);
    expect((await alice.api.DELETE('/api/drafts/{id}', byId(evil.data!.id))).status).toBe(204);
  });

  it("keeps a draft from everyone but its owner: nobody reads, saves, deletes, previews or covers another's draft", async () => {
    const draft = await alice.api.POST('/api/drafts', { body: body('Private') });
    const id = draft.data!.id;
    const attempts = [
      await bob.api.GET('/api/drafts/{id}', byId(id)),
      await bob.api.PUT('/api/drafts/{id}', { ...byId(id), body: { ...body('Mine now'), version: 1 } }),
      await bob.api.DELETE('/api/drafts/{id}', byId(id)),
      await bob.api.POST('/api/drafts/{id}/preview', byId(id)),
      await bob.api.GET('/api/drafts/{id}/dtls', byId(id)),
      await bob.api.PUT('/api/drafts/{id}/cover', {
        ...byId(id),
        body: { key: `articles/${alice.uid}/x/640.png` },
      }),
      await bob.api.DELETE('/api/drafts/{id}/cover', byId(id)),
      await bob.api.POST('/api/articles/publishing/{id}', byId(id)),
    ];
    expect(attempts.map(codeOf)).toEqual(Array(8).fill([404, 'DraftNotFound']));
    expect((await bob.api.GET('/api/drafts')).data!.items).toEqual([]);
    expect((await visitor.GET('/api/drafts/{id}', byId(id))).status).toBe(401);
    expect((await visitor.GET('/api/drafts')).status).toBe(401);
    // Nothing changed.
    expect((await alice.api.GET('/api/drafts/{id}', byId(id))).data).toMatchObject({
      title: 'Private',
      version: 1,
    });
    expect((await alice.api.DELETE('/api/drafts/{id}', byId(id))).status).toBe(204);
    expect(codeOf(await alice.api.GET('/api/drafts/{id}', byId(id)))).toEqual([404, 'DraftNotFound']);
  });

  it('holds at most 10 drafts: delete one to create a new one', async () => {
    const carol = await signedUp();
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1)
      ids.push((await carol.api.POST('/api/drafts', { body: { title: `D${i}` } })).data!.id);
    expect(codeOf(await carol.api.POST('/api/drafts', { body: { title: 'Eleventh' } }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
    expect((await carol.api.DELETE('/api/drafts/{id}', byId(ids[0]!))).status).toBe(204);
    expect((await carol.api.POST('/api/drafts', { body: { title: 'Eleventh' } })).status).toBe(201);
  });

  it('counts every route that creates a draft against the same cap of 10, also POST /api/articles', async () => {
    const erin = await signedUp();
    for (let i = 0; i < 5; i += 1)
      expect((await erin.api.POST('/api/drafts', { body: { title: `D${i}` } })).status).toBe(201);
    for (let i = 0; i < 4; i += 1)
      expect((await erin.api.POST('/api/articles', { body: body(`A${i}`) })).status).toBe(201);
    expect((await erin.api.POST('/api/articles/draft', { body: { title: 'Tenth' } })).status).toBe(201);
    expect(codeOf(await erin.api.POST('/api/articles', { body: body('Eleventh') }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
    expect(codeOf(await erin.api.POST('/api/drafts', { body: { title: 'Eleventh' } }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
    expect(codeOf(await erin.api.POST('/api/articles/draft', { body: { title: 'Eleventh' } }))).toEqual([
      429,
      'MaxDraftsCountReached',
    ]);
  });

  it('never lets 20 parallel creations through all routes pass the cap', async () => {
    const finn = await signedUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? finn.api.POST('/api/articles', { body: body(`Parallel ${i}`) })
          : finn.api.POST(i % 3 === 1 ? '/api/drafts' : '/api/articles/draft', { body: { title: `Parallel ${i}` } }),
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
    const created = await dana.api.POST('/api/articles/draft', { body: body('Through the articles path') });
    expect(created.status).toBe(201);
    const id = created.data!.id;
    const listed = await dana.api.GET('/api/articles/draft');
    expect(listed.status).toBe(200);
    expect(listed.data!.items.map((d) => d.id)).toContain(id);
    expect((await bob.api.GET('/api/articles/draft')).data!.items.map((d) => d.id)).not.toContain(id);

    const target = (person: Person, publicationId: string | null) =>
      person.api.PUT('/api/drafts/{id}/publication', { ...byId(id), body: { publicationId } });
    const personal = await target(dana, null);
    expect(personal.status).toBe(200);
    expect(personal.data!.target).toBe('personal');
    expect(codeOf(await target(dana, '00000000-0000-4000-8000-000000000001'))).toEqual([404, 'PublicationNotFound']);
    expect(codeOf(await target(bob, null))).toEqual([404, 'DraftNotFound']);
    expect((await dana.api.DELETE('/api/drafts/{id}', byId(id))).status).toBe(204);
  });

  it('shares a read-only preview by link; refreshing the link makes the old one stop working', async () => {
    const draft = await alice.api.POST('/api/drafts', { body: body('Previewed') });
    const id = draft.data!.id;
    const preview = (token: string) => visitor.GET('/api/drafts/public/{token}', { params: { path: { token } } });
    const link = await alice.api.POST('/api/drafts/{id}/preview', byId(id));
    expect(link.status).toBe(200);
    const { token, url, expiresAt } = link.data!;
    expect(url).toBe(`/preview/${token}`);
    rememberSecret(token);

    const seen = await preview(token);
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ id, title: 'Previewed', previewExpiresAt: null, role: null });
    expect(seen.headers.get('cache-control')).toContain('no-store');
    expect((await alice.api.GET('/api/drafts/{id}', byId(id))).data!.previewExpiresAt).toBe(expiresAt);

    const refreshed = await alice.api.POST('/api/drafts/{id}/preview', byId(id));
    rememberSecret(refreshed.data!.token);
    expect(refreshed.data!.token).not.toBe(token);
    expect(codeOf(await preview(token))).toEqual([404, 'DraftNotFound']);
    expect((await preview(refreshed.data!.token)).status).toBe(200);
    expect(codeOf(await preview('A'.repeat(32)))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await preview('short'))).toEqual([404, 'DraftNotFound']);
  });

  it('keeps only the hash of a preview token, and the link stops working 30 days after it was made', async () => {
    const gina = await signedUp();
    const draft = await gina.api.POST('/api/drafts', { body: body('Previewed for a month') });
    const id = draft.data!.id;
    const preview = (token: string) => visitor.GET('/api/drafts/public/{token}', { params: { path: { token } } });
    const before = Date.now();
    const link = (await gina.api.POST('/api/drafts/{id}/preview', byId(id))).data!;
    rememberSecret(link.token);
    const term = Date.parse(link.expiresAt) - before;
    expect(term).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(term).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);

    const stored = await sql.query<{ row: string }>(
      'select row_to_json(d)::text as row from articles.drafts d where id = $1',
      [id],
    );
    expect(stored.rows[0]!.row).not.toContain(link.token);
    const hashed = await sql.query<{ same: boolean }>(
      "select preview_token_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex') as same from articles.drafts where id = $1",
      [id, link.token],
    );
    expect(hashed.rows[0]!.same).toBe(true);
    expect((await preview(link.token)).status).toBe(200);

    await sql.query(
      "update articles.drafts set preview_token_created_at = now() - interval '30 days 1 minute' where id = $1",
      [id],
    );
    expect(codeOf(await preview(link.token))).toEqual([404, 'DraftNotFound']);
    const refreshed = await gina.api.POST('/api/drafts/{id}/preview', byId(id));
    rememberSecret(refreshed.data!.token);
    expect((await preview(refreshed.data!.token)).status).toBe(200);
  });

  it('refuses paid readers for a personal article (create, save, publish) and shows an older paid one in full to its author only', async () => {
    const hugo = await signedUp();
    const paid = { ...body('For paying readers'), audience: 'paid' } as const;
    expect(codeOf(await hugo.api.POST('/api/drafts', { body: paid }))).toEqual([400, 'PaidAudienceNeedsPublication']);
    const draft = (await hugo.api.POST('/api/drafts', { body: body('Free for now') })).data!;
    expect(
      codeOf(await hugo.api.PUT('/api/drafts/{id}', { ...byId(draft.id), body: { ...paid, version: draft.version } })),
    ).toEqual([400, 'PaidAudienceNeedsPublication']);

    // A draft saved as paid before the rule existed is not published as it is.
    await sql.query("update articles.drafts set audience = 'paid' where id = $1", [draft.id]);
    expect(codeOf(await hugo.api.POST('/api/articles/publishing/{id}', byId(draft.id)))).toEqual([
      400,
      'PaidAudienceNeedsPublication',
    ]);
    const articles = await sql.query(
      'select count(*)::int as c from articles.articles where author_id = $1 and audience = $2',
      [hugo.uid, 'paid'],
    );
    expect(articles.rows[0].c).toBe(0);
    expect((await hugo.api.DELETE('/api/drafts/{id}', byId(draft.id))).status).toBe(204);

    // An article that went out for paid readers before the rule is read in full by its author alone: anyone else gets
    // its teaser (locked; no publication sells it), the second time from the public cache too.
    const { id } = await pendingArticle(hugo, 'Paid before the rule');
    await sql.query("update articles.articles set audience = 'paid' where id = $1", [id]);
    await approveArticle(id);
    const own = await hugo.api.GET('/api/articles/{id}', byId(id));
    expect([own.status, own.data?.audience, own.data?.locked]).toEqual([200, 'paid', false]);
    const full = JSON.stringify(own.data?.content);
    for (let round = 0; round < 2; round += 1) {
      const seen = await visitor.GET('/api/articles/{id}', byId(id));
      expect([seen.status, seen.data?.paid, seen.data?.locked]).toEqual([200, true, true]);
      expect(JSON.stringify(seen.data?.content).length).toBeLessThan(full.length);
    }
  });

  it("sets the cover to an image its owner uploaded, never to someone else's", async () => {
    const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    // A raw fetch: the upload's body is the image's bytes, not JSON.
    if (!alice.client.cookies.has('pc_csrf')) await alice.api.GET('/api/csrf');
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
    const { key } = (await upload.json()) as Schemas['EditorImage'];

    const draft = await alice.api.POST('/api/drafts', { body: body('With a cover') });
    const covered = await alice.api.PUT('/api/drafts/{id}/cover', { ...byId(draft.data!.id), body: { key } });
    expect(covered.status).toBe(200);
    expect(covered.data).toMatchObject({ coverKey: key, coverUrl: `/media/${key}` });

    const bobsDraft = (await bob.api.POST('/api/drafts', { body: body('Borrowing') })).data!;
    const cover = (coverKey: string) =>
      bob.api.PUT('/api/drafts/{id}/cover', { ...byId(bobsDraft.id), body: { key: coverKey } });
    expect(codeOf(await cover(key))).toEqual([400, 'InvalidCoverFormat']);
    const forged = await cover(`articles/${bob.uid}/00000000-0000-4000-8000-000000000000/640.png`);
    expect(codeOf(forged)).toEqual([400, 'InvalidCoverFormat']);

    // The cover travels with the submitted article.
    const article = await alice.api.POST('/api/articles/publishing/{id}', byId(draft.data!.id));
    expect(article.data!.coverUrl).toBe(`/media/${key}`);
    const cleared = (await alice.api.POST('/api/drafts', { body: body('No cover') })).data!;
    expect((await alice.api.DELETE('/api/drafts/{id}/cover', byId(cleared.id))).data!.coverKey).toBeNull();
    await alice.api.DELETE('/api/drafts/{id}', byId(cleared.id));
    await bob.api.DELETE('/api/drafts/{id}', byId(bobsDraft.id));
  });
});

describe('publishing and review', () => {
  it('submits a draft into review, refusing content under the minimum with a message that names the rule', async () => {
    const short = (await alice.api.POST('/api/drafts', { body: body('Too short', 'Tiny.') })).data!;
    const refused = await alice.api.POST('/api/articles/publishing/{id}', byId(short.id));
    expect(codeOf(refused)).toEqual([400, 'InvalidContentMin']);
    expect(refused.error!.error.message).toContain('50');
    const untitled = (await alice.api.POST('/api/drafts', { body: { ...body(''), title: '' } })).data!;
    const noTitle = await alice.api.POST('/api/articles/publishing/{id}', byId(untitled.id));
    expect(noTitle.error!.error.details?.map((d) => `${d.field}:${d.code}`)).toEqual(['title:InvalidArticleTitle']);
    await alice.api.DELETE('/api/drafts/{id}', byId(short.id));
    await alice.api.DELETE('/api/drafts/{id}', byId(untitled.id));
  });

  it('walks an article through the review states, with its timeline and notes for the author only', async () => {
    const draft = (await alice.api.POST('/api/drafts', { body: body('Reviewed') })).data!;
    const submitted = await alice.api.POST('/api/articles/publishing/{id}', byId(draft.id));
    expect(submitted.data).toMatchObject({ status: 'accepted', reviewNote: '' });
    const id = submitted.data!.id;
    // The draft became the article.
    expect(codeOf(await alice.api.GET('/api/drafts/{id}', byId(draft.id)))).toEqual([404, 'DraftNotFound']);
    // A pending article is its author's alone.
    expect(codeOf(await bob.api.GET('/api/articles/{id}', byId(id)))).toEqual([404, 'ArticleNotFound']);
    expect(codeOf(await bob.api.GET('/api/articles/{id}/review', byId(id)))).toEqual([404, 'ArticleNotFound']);
    expect((await visitor.GET('/api/articles/{id}/review', byId(id))).status).toBe(401);
    expect((await alice.api.GET('/api/articles/{id}', byId(id))).data!.status).toBe('accepted');

    await decideReview(id, 'startInitialReview');
    await decideReview(id, 'passInitialReview');
    const revision = await decideReview(id, 'requestRevision', 'Add a source for the wind.');
    expect(revision).toMatchObject({
      status: ArticleStatus.ARTICLE_STATUS_REVISION_REQUESTED,
      reviewNote: 'Add a source for the wind.',
    });

    const mine = await alice.api.GET('/api/articles/review');
    expect(mine.data!.items.find((item) => item.id === id)).toMatchObject({
      status: 'revisionRequested',
      reviewNote: 'Add a source for the wind.',
      editable: true,
    });
    expect((await bob.api.GET('/api/articles/review')).data!.items).toEqual([]);

    // The author revises and resubmits: review again, then approval publishes it.
    const edit = await alice.api.POST('/api/articles/publishing/{id}/edit', byId(id));
    expect(edit.data).toMatchObject({ articleId: id, title: 'Reviewed' });
    await alice.api.PUT('/api/drafts/{id}', {
      ...byId(edit.data!.id),
      body: { ...body('Reviewed, with a source'), version: 1 },
    });
    const resubmitted = await alice.api.POST('/api/articles/publishing/{id}', byId(edit.data!.id));
    expect(resubmitted.data).toMatchObject({
      id,
      status: 'accepted',
      title: 'Reviewed, with a source',
      reviewNote: '',
    });
    expect((await approveArticle(id)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    expect((await bob.api.GET('/api/articles/{id}', byId(id))).data!.status).toBe('published');

    const timeline = (await alice.api.GET('/api/articles/{id}/review', byId(id))).data!;
    expect(timeline.status).toBe('published');
    expect(timeline.events.map((e) => e.status)).toEqual([
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
    expect(timeline.events[3]!.note).toBe('Add a source for the wind.');
    // The moderation service may retry a decision; a decided article takes no other.
    expect((await approveArticle(id)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    await expect(decideReview(id, 'reject', 'Too late')).rejects.toMatchObject({ code: 'OperationFailed' });
  });

  it('sends each edit of a published article through review, at most 5 times; only its author may edit', async () => {
    const { id } = await pendingArticle(alice, 'Edited often');
    await approveArticle(id);
    const openEdit = (person: Person) => person.api.POST('/api/articles/publishing/{id}/edit', byId(id));
    expect(codeOf(await openEdit(bob))).toEqual([403, 'Forbidden']);
    for (let i = 1; i <= 5; i += 1) {
      const edit = await openEdit(alice);
      expect(edit.status).toBe(200);
      const draft = edit.data!;
      // Opening it again answers the same draft.
      expect((await openEdit(alice)).data!.id).toBe(draft.id);
      await alice.api.PUT('/api/drafts/{id}', {
        ...byId(draft.id),
        body: { ...body(`Edited ${i}`), version: draft.version },
      });
      const saved = await alice.api.POST('/api/articles/publishing/{id}', byId(draft.id));
      // The published version stays live while the edit waits for review.
      expect(saved.data).toMatchObject({ id, status: 'published', editCount: i - 1 });
      expect(saved.data!.title).not.toBe(`Edited ${i}`);
      if (i === 1) {
        // A second edit waits for the first one's outcome (its draft stays).
        const second = await openEdit(alice);
        expect(codeOf(await alice.api.POST('/api/articles/publishing/{id}', byId(second.data!.id)))).toEqual([
          409,
          'ArticleEditPending',
        ]);
      }
      expect(await decideEdit(id, 'approve', { database: db.url })).toMatchObject({
        title: `Edited ${i}`,
        editCount: i,
      });
    }
    expect((await visitor.GET('/api/articles/{id}', byId(id))).data!.title).toBe('Edited 5');
    expect(codeOf(await openEdit(alice))).toEqual([429, 'EditArticleCount']);
  });

  it('refuses edits of a rejected article and keeps the reason', async () => {
    const { id } = await pendingArticle(alice, 'Rejected one');
    const rejected = await decideReview(id, 'reject', 'Off topic.');
    expect(rejected).toMatchObject({ status: ArticleStatus.ARTICLE_STATUS_REJECTED, reviewNote: 'Off topic.' });
    expect(codeOf(await alice.api.POST('/api/articles/publishing/{id}/edit', byId(id)))).toEqual([
      409,
      'OperationFailed',
    ]);
    expect(codeOf(await alice.api.DELETE('/api/articles/{id}', byId(id)))).toEqual([409, 'ArticleDeletionExpired']);
  });

  it('lets an author have at most 5 articles waiting for review', async () => {
    const dan = await signedUp();
    for (let i = 0; i < 5; i += 1) await pendingArticle(dan, `Pending ${i}`);
    const sixth = (await dan.api.POST('/api/drafts', { body: body('Sixth') })).data!;
    const refused = await dan.api.POST('/api/articles/publishing/{id}', byId(sixth.id));
    expect(codeOf(refused)).toEqual([429, 'MaxArticlePublishCount']);
    // The draft is kept for later.
    expect((await dan.api.GET('/api/drafts/{id}', byId(sixth.id))).status).toBe(200);
  });
});

describe('pending deletion', () => {
  it('deletes a pending article within 6 hours of its creation, and not after review or the window', async () => {
    const erin = await signedUp();
    const fresh = await pendingArticle(erin, 'Fresh');
    const old = await pendingArticle(erin, 'Old');
    const published = await pendingArticle(erin, 'Published');
    await approveArticle(published.id);
    const remove = (api: TypedApi, id: string) => api.DELETE('/api/articles/{id}', byId(id));

    expect(codeOf(await remove(bob.api, fresh.id))).toEqual([404, 'ArticleNotFound']);
    expect(codeOf(await remove(bob.api, published.id))).toEqual([403, 'Forbidden']);
    expect((await remove(visitor, fresh.id)).status).toBe(401);

    // Aged past the window in PostgreSQL, as 6 hours and a minute would age it.
    await sql.query("update articles.articles set created_at = now() - interval '6 hours 1 minute' where id = $1", [
      old.id,
    ]);
    const review = await erin.api.GET('/api/articles/review');
    expect(Object.fromEntries(review.data!.items.map((i) => [i.id, i.deletable]))).toEqual({
      [fresh.id]: true,
      [old.id]: false,
      [published.id]: false,
    });
    expect(codeOf(await remove(erin.api, old.id))).toEqual([409, 'ArticleDeletionExpired']);
    expect(codeOf(await remove(erin.api, published.id))).toEqual([409, 'ArticleDeletionExpired']);

    expect((await remove(erin.api, fresh.id)).status).toBe(204);
    expect(codeOf(await erin.api.GET('/api/articles/{id}', byId(fresh.id)))).toEqual([404, 'ArticleNotFound']);
    const gone = await sql.query('select count(*)::int as c from articles.article_reviews where article_id = $1', [
      fresh.id,
    ]);
    expect(gone.rows[0].c).toBe(0);
  });

  it('allows at most 3 deletions in 24 hours', async () => {
    const finn = await signedUp();
    const articles: Schemas['Article'][] = [];
    for (let i = 0; i < 4; i += 1) articles.push(await pendingArticle(finn, `Deletable ${i}`));
    const remove = (i: number) => finn.api.DELETE('/api/articles/{id}', byId(articles[i]!.id));
    for (let i = 0; i < 3; i += 1) expect((await remove(i)).status).toBe(204);
    expect(codeOf(await remove(3))).toEqual([429, 'MaxArticleDeletionCount']);
    // A day later the count starts again.
    await sql.query(
      "update articles.article_deletions set at = at - interval '24 hours 1 minute' where author_id = $1",
      [finn.uid],
    );
    expect((await remove(3)).status).toBe(204);
  });
});
