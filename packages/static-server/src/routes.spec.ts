import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseRoutes, routeMatcher, routeRegex } from './routes.ts';
import { createStaticServer } from './server.ts';

describe('client routes', () => {
  it('matches react-router patterns: whole segments, optional and prefixed parameters, a splat', () => {
    const match = routeMatcher(['/', '/a/:id', '/@:username', '/write/:draftId?', '/docs/privacy', '/files/*']);
    for (const known of [
      '/',
      '/a/123',
      '/a/123/',
      '/@aysel',
      '/write',
      '/write/d1',
      '/docs/privacy',
      '/files',
      '/files/x/y',
    ])
      expect([known, match(known)]).toEqual([known, true]);
    for (const unknown of ['/a', '/a/1/2', '/@', '/aysel', '/write/d1/x', '/docs', '/docs/privacyx', '/nope', '//'])
      expect([unknown, match(unknown)]).toEqual([unknown, false]);
  });

  it('escapes the fixed text of a pattern', () => {
    expect(routeRegex('/sitemap.xml').test('/sitemapxxml')).toBe(false);
    expect(routeRegex('/sitemap.xml').test('/sitemap.xml')).toBe(true);
  });

  it('reads SPA_ROUTES and refuses what is not a path', () => {
    expect(parseRoutes(' /, /a/:id ,,/login')).toEqual(['/', '/a/:id', '/login']);
    expect(parseRoutes(undefined)).toEqual([]);
    expect(() => parseRoutes('/ok,login')).toThrow(/SPA_ROUTES/);
    expect(() => parseRoutes('/a b')).toThrow(/SPA_ROUTES/);
  });
});

describe('the shell server with its routes', () => {
  let dir: string;
  let origin: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pc-routes-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Pencraft</title>');
    await writeFile(path.join(dir, 'assets', 'main.0123abcd.js'), 'var x;');
    const { server } = createStaticServer({ root: dir, spaFallback: true, routes: ['/', '/login', '/a/:id'] });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
  });

  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a known route 200 and an unknown page 404, both with the app (its not-found page)', async () => {
    for (const [route, status] of [
      ['/login', 200],
      ['/a/1', 200],
      ['/', 200],
      ['/no-such-page', 404],
      ['/a/1/2', 404],
    ] as const) {
      const reply = await fetch(`${origin}${route}`);
      expect([route, reply.status]).toEqual([route, status]);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await reply.text()).toContain('<title>Pencraft</title>');
    }
  });

  it('never revalidates a 404 into a 304', async () => {
    const first = await fetch(`${origin}/no-such-page`);
    expect(first.headers.get('etag')).toBeNull();
    await first.text();
  });

  it('still answers a missing file 404 without the app', async () => {
    const reply = await fetch(`${origin}/missing.js`);
    expect(reply.status).toBe(404);
    expect(await reply.text()).toBe('Not Found');
  });
});
