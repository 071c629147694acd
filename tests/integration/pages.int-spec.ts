// Pages and statuses (issue #17) on real servers: identity and articles behind the gateway, the shell's and the
// reader's static servers (the reader in renderer mode), reached through the gateway's edge as a browser or a crawler
// would. Every frontend's route answers 200; an unknown path 404 with the app (its not-found page), not a soft 200;
// a missing article, profile or category 404; an article its author deleted 410. The documents API answers each
// document in az, en and ru at /api/docs/{kind} beside the API reference, which keeps /api/docs and its files.
import { readFileSync } from 'node:fs';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { useClientAddress, suiteFetch } from '../support/client-address.ts';
import { signUp, type Person } from '../support/reader-fixtures.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';

const CLIENT_ADDRESS = '127.0.0.116';
const KINDS = ['agreement', 'privacy', 'payment', 'gdpr'] as const;
const LANGS = ['az', 'en', 'ru'] as const;

let db: TestDatabase;
const apps: AppHandle[] = [];
let site: string;
let writer: Person;
const run = Date.now().toString(36);

interface LegalDocument {
  kind: string;
  uid: string;
  language: string;
  current: boolean;
  title: string;
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
  versions: { uid: string }[];
}

async function get(path: string, language = 'en') {
  const response = await suiteFetch(`${site}${path}`, { headers: { 'accept-language': language } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

/** The shell's index.html (the app that shows the page, the not-found page included). */
const isApp = (body: string) => /<div id="root"/.test(body);

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('pages');
  apps.push(...(await Promise.all([startService('identity', db.name), startService('articles', db.name)])));
  apps.push(
    await startService('gateway', db.name, { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }),
  );
  apps.push(...(await Promise.all([startService('shell', db.name), startService('reader', db.name)])));
  site = httpBase('gateway');
  writer = await signUp(site, `pages_${run}`, 'Səhifə Yazar', 'en');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('page statuses', () => {
  it("answers every frontend's routes 200 with the app", async () => {
    const system = JSON.parse(readFileSync(new URL('../../system.json', import.meta.url), 'utf8')) as {
      frontends: Record<string, { routes?: string[]; pages?: string[] }>;
    };
    const pages = new Set(system.frontends.reader!.pages);
    const routes = Object.values(system.frontends)
      .flatMap((f) => f.routes ?? [])
      // The reader renders its public pages itself (a made-up id there is a missing article: below).
      .filter((route) => !pages.has(route) && !route.includes(':'));
    expect(routes).toEqual(expect.arrayContaining(['/docs/privacy', '/contactus', '/guide/rating', '/about']));
    for (const route of routes) {
      const page = await get(route);
      expect([route, page.status, isApp(page.body)]).toEqual([route, 200, true]);
    }
    for (const route of ['/register/profile', '/write/d1', '/staff/items/x1', '/cookies/settings/'])
      expect([route, (await get(route)).status]).toEqual([route, 200]);
  });

  it('answers an unknown path 404 with the app, which shows the not-found page', async () => {
    for (const path of [`/no-such-page-${run}`, '/docs/nope', '/guide', '/about/more', '/contactus/x']) {
      const page = await get(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.type).toBe('text/html; charset=utf-8');
      expect(isApp(page.body)).toBe(true);
    }
    // A missing file is a plain 404, and /api stays the API's.
    expect((await get('/missing-file.js')).status).toBe(404);
    expect((await get(`/api/no-such-${run}`)).status).toBe(404);
  });

  it('answers a missing article, profile or category 404 with the not-found page', async () => {
    for (const path of [
      '/a/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
      '/a/not-an-id',
      `/@nobody_${run}`,
      `/c/no-such-category-${run}`,
    ]) {
      const page = await get(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.type).toBe('text/html; charset=utf-8');
    }
    // The writer's profile is there.
    expect((await get(`/@${writer.username}`)).status).toBe(200);
  });

  it('answers an article its author deleted 410, and the API says it is gone', async () => {
    const created = await writer.client.post<{ id: string }>('/api/articles', {
      title: `To be deleted ${run}`,
      description: '',
      language: 'en',
      category: 'tech',
      subCategories: [],
      content: {
        blocks: [{ type: 'paragraph', data: { text: `A body long enough for the rules. `.repeat(8) + run } }],
      },
    });
    expect([created.status, created.body]).toEqual([201, expect.objectContaining({ id: expect.any(String) })]);
    const id = created.body.id;
    expect((await writer.client.request('DELETE', `/api/articles/${id}`)).status).toBe(204);

    const page = await get(`/a/${id}`);
    expect(page.status).toBe(410);
    expect(page.type).toBe('text/html; charset=utf-8');
    const api = await suiteFetch(`${site}/api/articles/${id}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'ArticleNotFound', params: { deleted: 'true' } } });
  });
});

describe('the documents API', () => {
  it('answers each document in az, en and ru, in the language asked for or the request language', async () => {
    const titles = new Map<string, string>();
    for (const kind of KINDS) {
      for (const lang of LANGS) {
        const response = await suiteFetch(`${site}/api/docs/${kind}?lang=${lang}`);
        expect([kind, lang, response.status]).toEqual([kind, lang, 200]);
        const document = (await response.json()) as LegalDocument;
        expect(document).toMatchObject({ kind, language: lang, current: true });
        expect(document.sections.length).toBeGreaterThanOrEqual(6);
        expect(document.versions.map((v) => v.uid)).toContain(document.uid);
        titles.set(`${kind}:${lang}`, document.title);
      }
      expect(new Set(LANGS.map((lang) => titles.get(`${kind}:${lang}`))).size).toBe(3);
    }
    expect(titles.get('privacy:az')).toBe('Məxfilik siyasəti');
    expect(titles.get('agreement:ru')).toBe('Пользовательское соглашение');

    const byHeader = await suiteFetch(`${site}/api/docs/payment`, { headers: { 'accept-language': 'ru' } });
    expect(((await byHeader.json()) as LegalDocument).language).toBe('ru');
    expect(byHeader.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('answers a version by its uid, and NotFound for an unknown version or document', async () => {
    const current = (await (await suiteFetch(`${site}/api/docs/agreement?lang=en`)).json()) as LegalDocument;
    const named = await suiteFetch(`${site}/api/docs/agreement?lang=en&uid=${current.uid}`);
    expect(named.status).toBe(200);
    expect(((await named.json()) as LegalDocument).uid).toBe(current.uid);
    for (const path of ['/api/docs/agreement?uid=1999-01-01', '/api/docs/terms', '/api/docs/agreement?uid=latest']) {
      const response = await suiteFetch(`${site}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NotFound');
    }
    expect((await suiteFetch(`${site}/api/docs/privacy?lang=de`)).status).toBe(400);
  });

  it('leaves the API reference where it was', async () => {
    const reference = await suiteFetch(`${site}/api/docs`);
    expect(reference.status).toBe(200);
    expect(await reference.text()).toContain('/api/docs/init.js');
    const openapi = await suiteFetch(`${site}/api/docs/openapi.json`);
    expect(openapi.status).toBe(200);
    const document = (await openapi.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/docs/{kind}', '/api/docs']));
    const script = await suiteFetch(`${site}/api/docs/init.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, expect.stringMatching(/javascript/)]);
    expect((await suiteFetch(`${site}/api/docs/assets/swagger-ui.css`)).status).toBe(200);
  });
});
