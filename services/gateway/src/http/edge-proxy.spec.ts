import { pageFor, pagePatternRegex, parseEdgePages, parseEdgeRoutes } from './edge-proxy.js';

describe('parseEdgeRoutes', () => {
  it('orders prefixes longest first so remotes win over the shell', () => {
    const routes = parseEdgeRoutes('/=http://127.0.0.1:3000,/mf/reader/=http://127.0.0.1:3001');
    expect(routes.map((r) => [r.prefix, r.target.port])).toEqual([
      ['/mf/reader/', '3001'],
      ['/', '3000'],
    ]);
  });

  it('is empty when unset', () => {
    expect(parseEdgeRoutes('')).toEqual([]);
  });
});

describe('edge pages (server-rendered paths)', () => {
  const pages = parseEdgePages(
    '/=http://127.0.0.1:3001,/a/:id=http://127.0.0.1:3001,/@:username=http://127.0.0.1:3001,/@:username/feed.xml=http://127.0.0.1:3001,/sitemap.xml=http://127.0.0.1:3001',
  );

  it.each([
    ['/', '/'],
    ['/?utm=x', '/'],
    ['/a/123', '/a/:id'],
    ['/a/123?lang=en', '/a/:id'],
    ['/@aysel', '/@:username'],
    ['/@aysel/feed.xml', '/@:username/feed.xml'],
    ['/sitemap.xml', '/sitemap.xml'],
  ])('sends %s to the renderer (%s)', (url, pattern) => {
    expect(pageFor(pages, url)?.pattern).toBe(pattern);
  });

  it.each([
    '/login',
    '/a',
    '/a/',
    '/a/1/2',
    '/@',
    '/aysel',
    '/assets/main.js',
    '/mf/reader/remoteEntry.js',
    '/sitemapxxml',
  ])('leaves %s to the prefixes', (url) => {
    expect(pageFor(pages, url)).toBeUndefined();
  });

  it('matches a prefixed parameter segment only with something after the prefix', () => {
    expect(pagePatternRegex('/@:username').test('/@')).toBe(false);
    expect(pagePatternRegex('/@:username').test('/@x')).toBe(true);
  });
});
