// What readers see of an article right after its publication or its audience changes, on real servers (identity,
// articles, publications, search, the gateway; PostgreSQL, Redis, NATS, mailpit). The gateway keeps shared copies of
// articles here for 60 seconds (PUBLIC_CACHE_SECONDS), so an answer that changes within the few seconds `eventually`
// waits came from a dropped copy, never from one that expired: articles announces the article again
// (articles.article.published) and, once that has committed, tells every gateway on Redis to drop its copies.
//
// - An article detached from its publication, and every article of a deleted publication (a free one's copy and a
//   paid one's teaser kept for visitors), answer without the publication.
// - An article made paid stops answering its paid part to visitors, and made free again answers it.
// - A translation follows its original: while the original is paid, search holds only the translation's teaser (a
//   word past it finds nothing, snippets carry none of it) and visitors read its teaser; once the original is free
//   again the word is found. Search's documents carry the publication (a translation's is its original's) and lose
//   it with the publication.
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { approveArticle, closeReviewClient, decideEdit } from '../support/review.ts';
import { signUp, type Person } from '../support/reader-fixtures.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { typedApi, type BodyOf } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let site: string;
const run = Date.now().toString(36);

let owner: Person;
let member: Person;
let publicationId: string;
/** The article translated, and its translation (the translations' block sets them; the last block reads them). */
let original: string;
let translation: string;

type Content = NonNullable<BodyOf<'createDraft'>['content']>;
const FILLER = 'Xəzər sahilində küləklər əsir və şəhər sakitcə yeni günə hazırlaşır, çay süfrələri açılır.';
const FILLER_EN = 'The wind blows along the Caspian shore and the city quietly gets ready for a new day.';
/** An opening paragraph, five more, then `last`: the paid teaser keeps the opening and never reaches `last`. */
const contentOf = (open: string, last: string, filler = FILLER): Content => ({
  blocks: [
    { type: 'paragraph', data: { text: open } },
    ...Array.from({ length: 6 }, () => ({ type: 'paragraph' as const, data: { text: filler } })),
    { type: 'paragraph', data: { text: last } },
  ],
});

const api = (person: Person) => typedApi(person.client);
const visitor = () => typedApi(new ApiClient(site));
const byId = (id: string) => ({ params: { path: { id } } });

/** What a visitor is answered for the article (from the gateway's shared copy when it holds one). */
async function visitorRead(id: string) {
  const answer = await visitor().GET('/api/articles/{id}', byId(id));
  expect(answer.status).toBe(200);
  return answer.data!;
}

/**
 * Reads the article until the gateway answers it from its shared copy: a title changed behind the articles service's
 * back (never announced) stays unseen. Retried, since the copy made right after publishing is dropped when the
 * publication's own announcement arrives. Answers the title the articles service now holds.
 */
async function warmed(id: string): Promise<string> {
  let stored = '';
  await eventually(async () => {
    const seen = await visitorRead(id);
    stored = `${seen.title.replace(/ \(\d+\)$/, '')} (${Date.now()})`;
    await sql.query('update articles.articles set title = $2 where id = $1', [id, stored]);
    return (await visitorRead(id)).title === seen.title ? true : undefined;
  });
  return stored;
}

const search = async (q: string) => (await visitor().GET('/api/strict/txt', { params: { query: { q } } })).data!;

/** The search document's publication (undefined while the article is not indexed). */
async function indexedPublication(id: string): Promise<string | null | undefined> {
  const { rows } = await sql.query<{ publication_id: string | null }>(
    'select publication_id from search.documents where id = $1',
    [id],
  );
  return rows[0]?.publication_id;
}

/** A member's article published into the publication (submitted, then approved as moderation would). */
async function published(title: string, content: Content, audience: 'free' | 'paid' = 'free') {
  const draft = await api(member).POST('/api/drafts', { body: { title, language: 'az', category: 'travel' } });
  expect(draft.status).toBe(201);
  const targeted = await api(member).PUT('/api/drafts/{id}/publication', {
    ...byId(draft.data!.id),
    body: { publicationId },
  });
  expect(targeted.status).toBe(200);
  const saved = await api(member).PUT('/api/drafts/{id}', {
    ...byId(draft.data!.id),
    body: {
      title,
      description: 'Təsvir',
      language: 'az',
      category: 'travel',
      audience,
      content,
      version: targeted.data!.version,
    },
  });
  expect(saved.status).toBe(200);
  const submitted = await api(member).POST('/api/articles/publishing/{id}', byId(draft.data!.id));
  expect(submitted.status).toBe(200);
  await approveArticle(submitted.data!.id);
  return submitted.data!.id;
}

/**
 * An edit of the published article to the audience, submitted and approved (the article changes then). The gateway
 * drops its copies when the edit is submitted through it, so the articles in `warm` are read into its copies after
 * that, before the approval.
 */
async function changeAudience(articleId: string, audience: 'free' | 'paid', warm = [articleId]) {
  const edit = await api(member).POST('/api/articles/publishing/{id}/edit', byId(articleId));
  expect(edit.status).toBe(200);
  // The edit starts as the live article; only the audience changes.
  const { title, description, language, category, content } = edit.data!;
  const saved = await api(member).PUT('/api/drafts/{id}', {
    ...byId(edit.data!.id),
    body: {
      title,
      description,
      language,
      category: category as BodyOf<'createDraft'>['category'],
      content: content as Content,
      audience,
      version: edit.data!.version,
    },
  });
  expect(saved.status).toBe(200);
  expect(saved.data!.audience).toBe(audience);
  expect((await api(member).POST('/api/articles/publishing/{id}', byId(edit.data!.id))).status).toBe(200);
  for (const id of warm) await warmed(id);
  await decideEdit(articleId, 'approve', { database: db.url });
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('publication_changes');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('publications', db.name),
      startService('search', db.name),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_CACHE_SECONDS: '60',
    }),
  );
  site = httpBase('gateway');
  [owner, member] = (await Promise.all(
    ['own', 'mem'].map((who) => signUp(site, `pc_${who}_${run}`, `Changes ${who}`, 'en')),
  )) as [Person, Person];
  const created = await api(owner).POST('/api/core-publications', {
    body: { name: `Dəyişikliklər ${run}`, slug: `deyisiklik-${run}` },
  });
  expect(created.status).toBe(201);
  publicationId = created.data!.id;
  const invited = await api(owner).POST('/api/core-publications/{id}/studio/members', {
    ...byId(publicationId),
    body: { username: member.username },
  });
  expect(invited.status).toBe(204);
  expect((await api(member).POST('/api/ttin/pbls/invitations/{id}/accept', byId(publicationId))).status).toBe(204);
}, 120_000);

afterAll(async () => {
  closeReviewClient();
  await sql?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe("an article's publication changes", () => {
  it('detached: a visitor is answered without the publication at once, not when the copy expires', async () => {
    const id = await published(`Ayrılan ${run}`, contentOf('Açıq giriş.', 'Son abzas.'));
    expect(await visitorRead(id)).toMatchObject({ publicationId });
    const title = await warmed(id);
    expect(await eventually(async () => ((await indexedPublication(id)) === publicationId ? true : undefined))).toBe(
      true,
    );

    const detach = await api(owner).POST('/api/core-publications/{id}/studio/articles/{aid}/detach', {
      params: { path: { id: publicationId, aid: id } },
    });
    expect(detach.status).toBe(204);

    const after = await eventually(async () => {
      const article = await visitorRead(id);
      return article.publicationId === null ? article : undefined;
    });
    expect(after).toMatchObject({ title, status: 'published', paid: false });
    expect(await eventually(async () => ((await indexedPublication(id)) === null ? true : undefined))).toBe(true);
  });
});

describe("an article's audience changes", () => {
  const secret = `Gizli-${run} yalnız abunəçilər üçündür.`;
  let id: string;

  it('made paid: a visitor stops getting its paid part at once; made free again: gets it at once', async () => {
    id = await published(`Ödənişə keçən ${run}`, contentOf('Hamı üçün giriş.', secret));
    expect(JSON.stringify(await visitorRead(id))).toContain(`Gizli-${run}`);

    await changeAudience(id, 'paid');
    const locked = await eventually(async () => {
      const article = await visitorRead(id);
      return article.locked ? article : undefined;
    });
    expect(locked).toMatchObject({ paid: true, publicationId });
    expect(JSON.stringify(locked)).not.toContain(`Gizli-${run}`);
    // The teaser is what visitors now share.
    expect(JSON.stringify(await visitorRead(id))).not.toContain(`Gizli-${run}`);

    await changeAudience(id, 'free');
    const open = await eventually(async () => {
      const article = await visitorRead(id);
      return article.locked ? undefined : article;
    });
    expect(open).toMatchObject({ paid: false, publicationId });
    expect(JSON.stringify(open)).toContain(`Gizli-${run}`);
  });
});

describe('a translation of an article whose audience changes', () => {
  const opening = `Opening${run} of the translation, open to everyone.`;
  const word = `lotus${run}`;
  const found = async (q: string) => (await search(q)).items.map((item) => item.id);

  it('is found by a word of its full text while its original is free, with the publication in its document', async () => {
    original = await published(`Tərcümə olunan ${run}`, contentOf('Azərbaycanca giriş.', 'Son söz.'));
    const draft = await api(member).POST('/api/drafts/translate', {
      params: { query: { aid: original, lang: 'en' } },
    });
    expect(draft.status).toBe(201);
    expect(draft.data!.audience).toBe('free');
    const saved = await api(member).PUT('/api/drafts/{id}', {
      ...byId(draft.data!.id),
      body: {
        title: `Translated ${run}`,
        description: 'A translation.',
        language: 'en',
        category: 'travel',
        content: contentOf(opening, `The ${word} is the word only paying readers see.`, FILLER_EN),
        version: draft.data!.version,
      },
    });
    expect(saved.status).toBe(200);
    const submitted = await api(member).POST('/api/articles/publishing/{id}', byId(draft.data!.id));
    expect(submitted.status).toBe(200);
    translation = submitted.data!.id;
    await approveArticle(translation);

    expect(await eventually(async () => ((await found(word)).includes(translation) ? true : undefined))).toBe(true);
    expect(JSON.stringify(await visitorRead(translation))).toContain(word);
    // Its own row names no publication; its document names its original's.
    expect(await indexedPublication(translation)).toBe(publicationId);
    expect(await indexedPublication(original)).toBe(publicationId);
  });

  it('keeps only its teaser in search and for visitors while the original is paid', async () => {
    await changeAudience(original, 'paid', [original, translation]);
    expect(await eventually(async () => ((await found(word)).includes(translation) ? undefined : true))).toBe(true);
    // Still found by its opening, and the snippet carries none of the paid part.
    const hits = (await search(`Opening${run}`)).items;
    const hit = hits.find((item) => item.id === translation);
    expect(hit).toBeDefined();
    expect(JSON.stringify(hits)).not.toContain(word);
    const locked = await eventually(async () => {
      const article = await visitorRead(translation);
      return article.locked ? article : undefined;
    });
    expect(JSON.stringify(locked)).not.toContain(word);
  });

  it('is found by that word again once the original is free', async () => {
    await changeAudience(original, 'free', [original, translation]);
    expect(await eventually(async () => ((await found(word)).includes(translation) ? true : undefined))).toBe(true);
    const open = await eventually(async () => {
      const article = await visitorRead(translation);
      return article.locked ? undefined : article;
    });
    expect(JSON.stringify(open)).toContain(word);
  });
});

describe('the publication deleted', () => {
  it("answers each of its articles without it at once: a free one's copy and a paid one's teaser", async () => {
    const paid = await published(`Ödənişli ${run}`, contentOf('Giriş.', `Gizli-${run}-2.`), 'paid');
    const free = await published(`Pulsuz ${run}`, contentOf('Giriş.', 'Son.'));
    expect(await visitorRead(paid)).toMatchObject({ publicationId, paid: true, locked: true });
    expect(await visitorRead(free)).toMatchObject({ publicationId, paid: false });
    const titles = [await warmed(paid), await warmed(free)];
    expect(await eventually(async () => ((await indexedPublication(paid)) === publicationId ? true : undefined))).toBe(
      true,
    );

    expect((await api(owner).DELETE('/api/core-publications/{id}', byId(publicationId))).status).toBe(204);

    for (const [n, id] of [paid, free].entries()) {
      const after = await eventually(async () => {
        const article = await visitorRead(id);
        return article.publicationId === null ? article : undefined;
      });
      expect(after).toMatchObject({ status: 'published', title: titles[n] });
    }
    // A paid article with nobody to sell it stays paid: visitors keep getting its teaser.
    expect(JSON.stringify(await visitorRead(paid))).not.toContain(`Gizli-${run}-2`);
    // Search forgets the publication too, for its translations as well.
    for (const id of [paid, free, original, translation]) {
      expect(await eventually(async () => ((await indexedPublication(id)) === null ? true : undefined))).toBe(true);
    }
  });
});
