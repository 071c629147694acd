// Publication subdomains (issue #15) on real servers: identity, articles and publications behind the gateway, the
// shell's and the reader's static servers behind its edge, every request with its Host header set explicitly (as a
// browser at {slug}.localhost:<port> sends it). A known slug answers the publication's own server-rendered home
// (title, canonical on the subdomain, Open Graph, plans in manat) and sitemap; an unknown slug is a 404 page and
// PublicationNotFound on the API; a write's Origin may be the main site or an existing publication's subdomain only;
// a client's x-pencraft-publication or x-forwarded-host changes nothing. API calls made on the subdomain carry the
// publication (search behind the gateway too): a search there finds only the publication's articles, and a draft or
// article a member or the owner starts there starts in the publication (anyone else's stays personal, no error).
import { request as httpRequest } from 'node:http';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { signUp, type Person } from '../support/reader-fixtures.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { typedApi } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';

let db: TestDatabase;
const apps: AppHandle[] = [];
let site: URL;
let owner: Person;
let member: Person;
let outsider: Person;
let publication: Schemas['Publication'];
const run = Date.now().toString(36);
const slug = `sub-${run}`;
const name = `Subdomain Notes ${run}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request to the gateway with the Host (and any other header) as given: fetch would not let us set Host. Every call
 * with a forged Host, Origin, x-pencraft-publication or x-forwarded-host goes through it rather than the typed client
 * (which sends the stack's own host and origin); the error bodies are read as the document's Error.
 */
function send(
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        hostname: '127.0.0.1',
        port: site.port,
        method,
        path,
        headers: {
          host,
          'accept-language': 'en',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The gateway's PUBLIC_ORIGIN host in the test profile (the stack's base address is 127.0.0.1). */
const mainHost = () => `localhost:${site.port}`;
const subdomain = (label: string) => `${label}.${mainHost()}`;
const codeOf = (answer: Answer) => (JSON.parse(answer.text) as Partial<Schemas['Error']>).error?.code;
const sessionHeaders = (person: Person) => ({
  cookie: [...person.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  'x-csrf-token': person.client.cookies.get('pc_csrf') ?? '',
});

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('subdomains');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('publications', db.name),
      startService('search', db.name),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }),
  );
  apps.push(...(await Promise.all([startService('shell', db.name), startService('reader', db.name)])));
  site = new URL(httpBase('gateway'));
  owner = await signUp(site.origin, `subo_${run}`, 'Subdomain Owner', 'en');
  const api = typedApi(owner.client);
  const created = await api.POST('/api/core-publications', {
    body: { name, slug, description: 'Notes written on a subdomain of their own.' },
  });
  expect(created.status).toBe(201);
  publication = created.data!;
  const plan = await api.POST('/api/core-publications/{id}/studio/plans', {
    params: { path: { id: publication.id } },
    body: { interval: 'month', price: 500, description: 'Every note, every month.' },
  });
  expect(plan.status).toBe(201);
  await api.GET('/api/csrf');
  [member, outsider] = (await Promise.all(
    ['mem', 'out'].map((who) => signUp(site.origin, `sub${who}_${run}`, `Subdomain ${who}`, 'en')),
  )) as [Person, Person];
  const invited = await api.POST('/api/core-publications/{id}/studio/members', {
    params: { path: { id: publication.id } },
    body: { username: member.username },
  });
  expect(invited.status).toBe(204);
  const accepted = await typedApi(member.client).POST('/api/ttin/pbls/invitations/{id}/accept', {
    params: { path: { id: publication.id } },
  });
  expect(accepted.status).toBe(204);
  for (const person of [member, outsider]) await typedApi(person.client).GET('/api/csrf');
}, 120_000);

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe("a publication's subdomain", () => {
  it("answers the publication's own home, rendered on the server", async () => {
    const answer = await send('GET', '/', subdomain(slug), { accept: 'text/html' });
    expect(answer.status).toBe(200);
    const html = answer.text;
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${site.protocol}//${subdomain(slug)}/" data-pc-ssr />`);
    expect(html).toContain(`<meta property="og:title" content="${name}" data-pc-ssr />`);
    expect(html).toContain(`<meta property="og:url" content="${site.protocol}//${subdomain(slug)}/" data-pc-ssr />`);
    expect(html).toContain(
      '<meta property="og:description" content="Notes written on a subdomain of their own." data-pc-ssr />',
    );
    expect(html).toContain(`<meta name="pc-publication" content="${slug}" data-pc-ssr />`);
    // The page itself: the name, the about text and the plan in manat (the first view is in Azerbaijani).
    expect(html).toContain(`<h1 id="pc-publication-title">${name}</h1>`);
    expect(html).toContain('Every note, every month.');
    expect(html).toContain('5,00\u00a0₼');
  });

  it("lists the subdomain's home in its own sitemap", async () => {
    const answer = await send('GET', '/sitemap.xml', subdomain(slug));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<loc>${site.protocol}//${subdomain(slug)}/</loc>`);
  });

  it('is a not-found page for an unknown slug, and PublicationNotFound on the API there', async () => {
    const page = await send('GET', '/', subdomain(`nobody-${run}`), { accept: 'text/html' });
    expect(page.status).toBe(404);
    expect(page.text).toContain('<meta name="robots" content="noindex" data-pc-ssr />');
    expect((await send('GET', '/sitemap.xml', subdomain(`nobody-${run}`))).status).toBe(404);
    const api = await send('GET', '/api/articles/categories', subdomain(`nobody-${run}`));
    expect([api.status, codeOf(api)]).toEqual([404, 'PublicationNotFound']);
    // The publication's own API host works, with the session of the main host.
    const info = await send('GET', '/api/users/info', subdomain(slug), sessionHeaders(owner));
    expect(info.status).toBe(200);
  });

  it("accepts a write whose Origin is the main site or an existing publication's subdomain, nothing else", async () => {
    const write = (origin: string, host = mainHost()) =>
      send('PUT', '/api/ttin/prefs/language', host, { ...sessionHeaders(owner), origin }, { language: 'en' });
    const scheme = site.protocol;
    expect((await write(`${scheme}//${mainHost()}`)).status).toBeLessThan(300);
    expect((await write(`${scheme}//${subdomain(slug)}`)).status).toBeLessThan(300);
    expect((await write(`${scheme}//${subdomain(slug)}`, subdomain(slug))).status).toBeLessThan(300);
    for (const origin of [
      `${scheme}//${subdomain(`nobody-${run}`)}`,
      `${scheme}//www.${mainHost()}`,
      `${scheme}//a.${subdomain(slug)}`,
      `${scheme}//${slug}.localhost:1`,
      `https://${subdomain(slug)}`,
      `${scheme}//${slug}.example.org:${site.port}`,
    ]) {
      const refused = await write(origin);
      expect([origin, refused.status, codeOf(refused)]).toEqual([origin, 403, 'ChallengeFailed']);
    }
  });

  it('ignores a forged x-pencraft-publication or x-forwarded-host on the main host', async () => {
    const answer = await send('GET', '/', mainHost(), {
      accept: 'text/html',
      'x-pencraft-publication': `${publication.id} ${slug}`,
      'x-forwarded-host': subdomain(slug),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>Pencraft</title>');
    expect(answer.text).not.toContain('pc-publication');
    expect(answer.text).not.toContain(name);
  });
});

describe('API calls on the subdomain carry the publication', () => {
  /** A write made as a browser on `host` makes it: the session, the CSRF token and that host's own Origin. */
  const write = (person: Person, path: string, host: string, body: unknown) =>
    send('POST', path, host, { ...sessionHeaders(person), origin: `${site.protocol}//${host}` }, body);
  const json = <T>(answer: Answer) => JSON.parse(answer.text) as T;
  const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });

  /** An article created with POST /api/articles on `host`, submitted and approved; answers its publicationId. */
  async function published(person: Person, host: string, title: string, word: string) {
    const created = await write(person, '/api/articles', host, {
      title,
      language: 'en',
      category: 'travel',
      content: { blocks: [paragraph(`The ${word} lamps along the old harbour were lit again this autumn evening.`)] },
    });
    expect(created.status).toBe(201);
    const article = json<Schemas['Article']>(created);
    const submitted = await typedApi(person.client).POST('/api/articles/publishing/{id}', {
      params: { path: { id: article.id } },
    });
    expect(submitted.status).toBe(200);
    await approveArticle(article.id);
    return article.publicationId;
  }

  const titlesFound = async (host: string, word: string) => {
    const answer = await send('GET', `/api/strict/txt?q=${word}`, host);
    expect(answer.status).toBe(200);
    return json<Schemas['SearchPage']>(answer)
      .items.map((item) => item.title)
      .sort();
  };

  it("searches only the publication's articles there, and every article on the main host", async () => {
    const word = `harbourlamp${run}`;
    const inside = `Harbour lamps inside ${run}`;
    const outside = `Harbour lamps outside ${run}`;
    // The member writes on the subdomain (the article starts in the publication); the outsider there too (theirs
    // stays personal), with the same word.
    expect(await published(member, subdomain(slug), inside, word)).toBe(publication.id);
    expect(await published(outsider, subdomain(slug), outside, word)).toBeNull();

    expect(await eventually(async () => ((await titlesFound(mainHost(), word)).length === 2 ? true : undefined))).toBe(
      true,
    );
    expect(await titlesFound(mainHost(), word)).toEqual([inside, outside]);
    expect(await titlesFound(subdomain(slug), word)).toEqual([inside]);
  });

  it("starts a member's or the owner's draft there in the publication, and anyone else's as a personal one", async () => {
    const draftOf = async (person: Person, path: string, host: string, body: object = {}) => {
      const answer = await write(person, path, host, { title: `On the subdomain ${run}`, ...body });
      expect([path, host, answer.status]).toEqual([path, host, 201]);
      return json<Schemas['Draft']>(answer);
    };
    const on = subdomain(slug);
    expect((await draftOf(member, '/api/drafts', on)).publicationId).toBe(publication.id);
    expect((await draftOf(member, '/api/articles/draft', on)).publicationId).toBe(publication.id);
    expect((await draftOf(owner, '/api/drafts', on)).publicationId).toBe(publication.id);
    expect((await draftOf(outsider, '/api/drafts', on)).publicationId).toBeNull();
    expect((await draftOf(member, '/api/drafts', mainHost())).publicationId).toBeNull();

    // As if PUT /api/drafts/{id}/publication had been called: the draft reads back so, and takes paid readers at once.
    const started = await draftOf(member, '/api/drafts', on, { audience: 'paid' });
    expect(started).toMatchObject({ publicationId: publication.id, audience: 'paid' });
    const read = await typedApi(member.client).GET('/api/drafts/{id}', { params: { path: { id: started.id } } });
    expect(read.data).toMatchObject({ publicationId: publication.id, audience: 'paid' });
    const refused = await write(outsider, '/api/drafts', on, { audience: 'paid' });
    expect([refused.status, codeOf(refused)]).toEqual([400, 'PaidAudienceNeedsPublication']);
  });

  it('answers PublicationNotFound for search and writing on an unknown subdomain', async () => {
    const unknown = subdomain(`nobody-${run}`);
    const search = await send('GET', '/api/strict/txt?q=harbour', unknown);
    expect([search.status, codeOf(search)]).toEqual([404, 'PublicationNotFound']);
    const draft = await send('POST', '/api/drafts', unknown, sessionHeaders(member), { title: 'Nowhere' });
    expect([draft.status, codeOf(draft)]).toEqual([404, 'PublicationNotFound']);
  });
});
