// Paid articles on real servers (identity, articles, publications, search, notifications, the gateway with its edge
// and public cache, the shell's and the reader's static servers, the reader rendering): a member publishes a paid
// article into a publication, with a unique marker sentence in its paid part only. A visitor, a signed-in outsider
// and a free subscriber never get the marker, twice each (the second time from the caches): not from the article
// API, its meta, the server-rendered page and its JSON-LD (isAccessibleForFree false, hasPart), the RSS feeds, the
// sitemap, search, the home and category lists, notifications or the mails they were sent. The owner, a member (the
// author) and a paid subscriber (a row with tier paid and a future period end) read it in full. A personal article is
// refused paid readers (PaidAudienceNeedsPublication).
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { mailsTo } from '../support/mailbox.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { signUp, type Person } from '../support/reader-fixtures.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { errorCode, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

let db: TestDatabase;
const apps: AppHandle[] = [];
let site: string;
const run = Date.now().toString(36);
const MARKER = `Zanbaq-${run} is the secret word only paying readers see.`;
const OPEN = `Bakının payızı haqqında açıq giriş ${run}, hamı üçün.`;
const FILLER = 'Xəzər sahilində küləklər əsir və şəhər sakitcə yeni günə hazırlaşır, çay süfrələri açılır.';

let owner: Person;
let member: Person;
let outsider: Person;
let freeSub: Person;
let paidSub: Person;
let publicationId: string;
let articleId: string;

const api = (person: Person) => typedApi(person.client);
const byId = (id: string) => ({ params: { path: { id } } });
const search = (client: TypedApi, q: string) => client.GET('/api/strict/txt', { params: { query: { q } } });
const content: BodyOf<'createDraft'>['content'] = {
  blocks: [
    { type: 'paragraph', data: { text: OPEN } },
    ...Array.from({ length: 6 }, () => ({ type: 'paragraph' as const, data: { text: FILLER } })),
    { type: 'paragraph', data: { text: MARKER } },
  ],
};

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('paid_articles');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('publications', db.name),
      startService('search', db.name),
      startService('notifications', db.name),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }),
  );
  apps.push(...(await Promise.all([startService('shell', db.name), startService('reader', db.name)])));
  site = httpBase('gateway');
  [owner, member, outsider, freeSub, paidSub] = (await Promise.all(
    ['own', 'mem', 'out', 'fre', 'pai'].map((who) => signUp(site, `pd_${who}_${run}`, `Paid ${who}`, 'en')),
  )) as [Person, Person, Person, Person, Person];
  const created = await api(owner).POST('/api/core-publications', {
    body: { name: `Ödənişli ${run}`, slug: `odenisli-${run}` },
  });
  expect(created.status).toBe(201);
  publicationId = created.data!.id;
  const invited = await api(owner).POST('/api/core-publications/{id}/studio/members', {
    ...byId(publicationId),
    body: { username: member.username },
  });
  expect(invited.status).toBe(204);
  expect((await api(member).POST('/api/ttin/pbls/invitations/{id}/accept', byId(publicationId))).status).toBe(204);
  const plan = await api(owner).POST('/api/core-publications/{id}/studio/plans', {
    ...byId(publicationId),
    body: { interval: 'month', price: 500 },
  });
  expect(plan.status).toBe(201);
  for (const reader of [freeSub, paidSub])
    expect((await api(reader).POST('/api/core-publications/{id}/sub', byId(publicationId))).status).toBeLessThan(300);
  // The paid subscription as the payment provider's webhook would leave it: tier paid, a period not ended.
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    await sql.query(
      `update publications.subscriptions set tier = 'paid', period_end = now() + interval '30 days'
        where publication_id = $1 and uid = $2`,
      [publicationId, paidSub.uid],
    );
  } finally {
    await sql.end();
  }

  // The member writes the paid article into the publication: the marker only past the teaser.
  const draft = await api(member).POST('/api/drafts', {
    body: {
      title: `Paid notes ${run}`,
      description: 'A paid article of a publication.',
      language: 'en',
      category: 'travel',
      content,
    },
  });
  expect(draft.status).toBe(201);
  const targeted = await api(member).PUT('/api/drafts/{id}/publication', {
    ...byId(draft.data!.id),
    body: { publicationId },
  });
  expect(targeted.status).toBe(200);
  const saved = await api(member).PUT('/api/drafts/{id}', {
    ...byId(draft.data!.id),
    body: {
      title: `Paid notes ${run}`,
      description: 'A paid article of a publication.',
      language: 'en',
      category: 'travel',
      audience: 'paid',
      version: targeted.data!.version,
      content,
    },
  });
  expect(saved.status).toBe(200);
  expect(saved.data!.audience).toBe('paid');
  const submitted = await api(member).POST('/api/articles/publishing/{id}', byId(draft.data!.id));
  expect(submitted.status).toBe(200);
  articleId = submitted.data!.id;
  await approveArticle(articleId);
  // Search has indexed it (by its title, open to everyone).
  await eventually(async () => {
    const found = await search(typedApi(new ApiClient(site)), `notes ${run}`);
    return found.data?.items?.some((item) => item.id === articleId) ? true : undefined;
  });
}, 120_000);

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

const markerIn = (text: string) => text.includes(`Zanbaq-${run}`);

describe('a paid article in a publication', () => {
  const readers = () =>
    [
      ['a visitor', typedApi(new ApiClient(site))],
      ['a signed-in outsider', api(outsider)],
      ['a free subscriber', api(freeSub)],
    ] as const;

  it.each([0, 1, 2])('keeps its paid part from reader %#, twice, through the API and every list', async (index) => {
    const [, client] = readers()[index]!;
    for (let time = 0; time < 2; time += 1) {
      const read = await client.GET('/api/articles/{id}', byId(articleId));
      expect(read.status).toBe(200);
      expect(read.data).toMatchObject({ paid: true, locked: true, publicationId, audience: 'paid' });
      expect(JSON.stringify(read.data)).toContain(OPEN);
      expect(markerIn(JSON.stringify(read.data))).toBe(false);
      const lists: [string, () => Promise<{ status: number; data?: unknown; error?: unknown }>][] = [
        ['meta', () => client.GET('/api/articles/{id}/meta', byId(articleId))],
        ['home', () => client.GET('/api/home/articles', { params: { query: { page: 1 } } })],
        [
          'category',
          () =>
            client.GET('/api/articles/cs/cot/{category}', {
              params: { path: { category: 'travel' }, query: { page: 1, sKey: 'new' } },
            }),
        ],
        ['top', () => client.GET('/api/articles/top', { params: { query: { page: 1 } } })],
        ['search marker', () => search(client, `Zanbaq-${run}`)],
        ['search title', () => search(client, `notes ${run}`)],
        ['search secret', () => search(client, 'secret')],
        [
          'profile articles',
          () => client.GET('/api/profile/{username}/articles', { params: { path: { username: member.username } } }),
        ],
      ];
      for (const [what, call] of lists) {
        const answer = await call();
        expect(answer.status).toBeLessThan(500);
        expect([what, markerIn(JSON.stringify(answer.data ?? answer.error))]).toEqual([what, false]);
      }
      const found = await search(client, `Zanbaq-${run}`);
      expect(found.data!.items.map((item) => item.id)).not.toContain(articleId);
    }
  });

  it('is rendered on the server as its teaser, with paywall JSON-LD, twice; feeds and the sitemap carry no text', async () => {
    for (let time = 0; time < 2; time += 1) {
      const page = await fetch(`${site}/a/${articleId}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(OPEN);
      expect(markerIn(html)).toBe(false);
      expect(html).toContain('pc-article__paid');
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
      const article = ld.find((item) => item['@type'] === 'Article');
      expect(article).toMatchObject({
        isAccessibleForFree: false,
        hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.pc-article__paid' },
      });
      for (const path of ['/feed.xml', '/c/travel/feed.xml', `/@${member.username}/feed.xml`, '/sitemap.xml', '/']) {
        const answer = await fetch(`${site}${path}`);
        expect(answer.status).toBe(200);
        expect([path, markerIn(await answer.text())]).toEqual([path, false]);
      }
    }
    const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/a/${articleId}`);
  });

  it('reads in full for the owner, the member who wrote it and a paid subscriber, twice', async () => {
    for (const person of [owner, member, paidSub]) {
      for (let time = 0; time < 2; time += 1) {
        const read = await api(person).GET('/api/articles/{id}', byId(articleId));
        expect(read.status).toBe(200);
        expect([person.username, read.data!.locked, markerIn(JSON.stringify(read.data))]).toEqual([
          person.username,
          false,
          true,
        ]);
      }
    }
    // The visitor's teaser in the shared cache did not reach them, nor theirs the visitor.
    const visitor = await typedApi(new ApiClient(site)).GET('/api/articles/{id}', byId(articleId));
    expect(markerIn(JSON.stringify(visitor.data ?? visitor.error))).toBe(false);
  });

  it('sends no paid text in notifications or mails', async () => {
    for (const person of [outsider, freeSub, paidSub, owner]) {
      const notifications = await api(person).GET('/api/notifications', { params: { query: { page: 1 } } });
      expect(markerIn(JSON.stringify(notifications.data ?? notifications.error))).toBe(false);
      const mails = await mailsTo({ to: person.email });
      for (const mail of mails) expect(markerIn(`${mail.subject}\n${mail.text}\n${mail.html}`)).toBe(false);
    }
  });
});

describe('a personal article', () => {
  it('is refused paid readers (PaidAudienceNeedsPublication)', async () => {
    const draft = await api(outsider).POST('/api/drafts', { body: { title: 'Personal', language: 'en' } });
    expect(draft.status).toBe(201);
    const paid = await api(outsider).PUT('/api/drafts/{id}', {
      ...byId(draft.data!.id),
      body: { title: 'Personal', audience: 'paid', version: draft.data!.version },
    });
    expect([paid.status, errorCode(paid)]).toEqual([400, 'PaidAudienceNeedsPublication']);
    const created = await api(outsider).POST('/api/drafts', { body: { title: 'Personal', audience: 'paid' } });
    expect([created.status, errorCode(created)]).toEqual([400, 'PaidAudienceNeedsPublication']);
  });
});
