import { escapeHtml, escapeXml, jsonForScript, plainText, truncate } from './escape.js';
import { headTags } from './head.js';
import { metaFor } from './meta.js';
import { FEED_PATTERNS, matchFirst, matchPattern, PAGE_PATTERNS } from './pages.js';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { forwardedFor } from './request.js';
import { fillTemplate } from './template.js';

const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'description' ? 'A professional environment' : (options?.defaultValue ?? key)) as never;

describe('escaping', () => {
  it('escapes HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('writes JSON a script element cannot be broken out of, and that parses back unchanged', () => {
    const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'line\u2028sep\u2029end', d: '&amp;' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
    expect(jsonForScript({ a: '<b>&\u2028\u2029' })).toBe('{"a":"\\u003cb\\u003e\\u0026\\u2028\\u2029"}');
  });

  it('escapes XML and drops characters XML forbids', () => {
    expect(escapeXml(`a<b>&"'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });

  it('takes plain text from inline HTML and cuts at a word', () => {
    expect(plainText('Hello <b>bold</b>&nbsp;&amp; <i>more</i>')).toBe('Hello bold & more');
    expect(truncate('one two three four', 10)).toBe('one two…');
    expect(truncate('a\u2028b', 10)).toBe('a b');
  });
});

describe('page patterns', () => {
  it('matches whole segments and a prefixed parameter, decoding it', () => {
    expect(matchPattern('/a/:id', '/a/123')).toEqual({ id: '123' });
    expect(matchPattern('/@:username', '/@aysel')).toEqual({ username: 'aysel' });
    expect(matchPattern('/@:username', '/@')).toBeNull();
    expect(matchPattern('/@:username', '/aysel')).toBeNull();
    expect(matchPattern('/c/:category', '/c/t%C3%A9ch')).toEqual({ category: 'téch' });
    expect(matchPattern('/c/:category', '/c/%E0%A4%A')).toBeNull();
    expect(matchPattern('/a/:id', '/a/1/2')).toBeNull();
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/x')).toBeNull();
  });

  it('tells pages from feeds', () => {
    expect(matchFirst(PAGE_PATTERNS, '/c/tech/feed.xml')).toBeNull();
    expect(matchFirst(FEED_PATTERNS, '/c/tech/feed.xml')?.pattern).toBe('/c/:category/feed.xml');
    expect(matchFirst(FEED_PATTERNS, '/@aysel/feed.xml')?.params).toEqual({ username: 'aysel' });
  });

  it('are the pages system.json routes to the reader', () => {
    const system = JSON.parse(readFileSync(new URL('../../../system.json', import.meta.url), 'utf8'));
    expect(system.frontends.reader.pages).toEqual([...PAGE_PATTERNS, ...FEED_PATTERNS]);
  });
});

describe('head tags', () => {
  const origin = 'https://pencraft.example';
  const article = {
    id: 'a1',
    title: 'Title <script>alert(1)</script>',
    description: '',
    language: 'en',
    author: { username: 'aysel', fullname: 'Aysel "A"' },
    coAuthors: [{ username: 'oliver', fullname: 'Oliver' }],
    publishedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    coverUrl: 'javascript:alert(1)',
    translations: [
      { id: 'a0', language: 'az' },
      { id: 'a1', language: 'en' },
      { id: 'a2', language: 'ru' },
    ],
    originalId: 'a0',
    content: { blocks: [{ type: 'paragraph', data: { text: 'First <b>paragraph</b> of the body.' } }] },
  };

  it('describe an article: title, description from its body, canonical, OG, Twitter, hreflang, JSON-LD', () => {
    const html = headTags(metaFor('/a/:id', { id: 'a1' }, article, { origin, t }));
    expect(html).toContain('<title>Title &lt;script&gt;alert(1)&lt;/script&gt; — Pencraft</title>');
    expect(html).toContain('<meta name="description" content="First paragraph of the body."');
    expect(html).toContain('<link rel="canonical" href="https://pencraft.example/a/a1"');
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html).toContain('<meta name="twitter:card" content="summary"');
    expect(html).toContain('<link rel="alternate" hreflang="az" href="https://pencraft.example/a/a0"');
    expect(html).toContain('<link rel="alternate" hreflang="ru" href="https://pencraft.example/a/a2"');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://pencraft.example/a/a0"');
    // A javascript: cover is no image at all.
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/<script>|<script [^t]/);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: article.title,
      inLanguage: 'en',
      datePublished: article.publishedAt,
      author: [
        { '@type': 'Person', name: 'Aysel "A"', url: 'https://pencraft.example/@aysel' },
        { '@type': 'Person', name: 'Oliver', url: 'https://pencraft.example/@oliver' },
      ],
    });
  });

  it('mark a missing page noindex', () => {
    const html = headTags(metaFor('/a/:id', { id: 'x' }, null, { origin, t }));
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('give a missing page the title the page itself shows', () => {
    const tReader = ((key: string, options?: { ns?: string }) => `${options?.ns ?? 'common'}:${key}`) as never;
    expect(headTags(metaFor('/@:username', { username: 'x' }, null, { origin, t: tReader }))).toContain(
      '<title>reader:profile.notFound — Pencraft</title>',
    );
    expect(
      headTags(metaFor('/c/:category', { category: 'x' }, { category: 'x', name: null }, { origin, t: tReader })),
    ).toContain('<title>reader:category.notFound — Pencraft</title>');
  });

  it('give the home page, a profile and a category their feed', () => {
    expect(headTags(metaFor('/', {}, { items: [] }, { origin, t }))).toContain(
      'type="application/rss+xml" title="Pencraft" href="https://pencraft.example/feed.xml"',
    );
    expect(
      headTags(metaFor('/@:username', { username: 'aysel' }, { username: 'aysel', fullname: 'Aysel' }, { origin, t })),
    ).toContain('href="https://pencraft.example/@aysel/feed.xml"');
    expect(
      headTags(metaFor('/c/:category', { category: 'tech' }, { category: 'tech', name: 'Tech' }, { origin, t })),
    ).toContain('<title>Tech — Pencraft</title>');
  });
});

describe('the shell template', () => {
  const shell = `<!doctype html><html lang="az"><head><meta charset="utf-8"><title>Pencraft</title><meta name="description" content="generic"><meta property="og:title" content="Pencraft"><script src="/boot.js"></script><script defer src="/assets/main.abc12345.js"></script><link href="/assets/main.f00dcafe12.css" rel="stylesheet"></head><body><noscript>needs JavaScript</noscript><div id="root"></div></body></html>`;

  it('takes the page: head tags replace the generic ones, body, data, the first-view loader instead of the app', () => {
    const html = fillTemplate(shell, {
      language: 'en',
      head: '<title>Article — Pencraft</title>',
      styles: ['/mf/reader/assets/1.deadbeef12.css', '/mf/reader/assets/main.f00dcafe12.css'],
      body: '<article>Body</article>',
      data: { path: '/a/1', data: { 'article:1': { title: '</script>' } } },
      loader: '/first-view.js',
    });
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Article — Pencraft</title>');
    expect(html).not.toContain('generic');
    expect(html).not.toContain('og:title" content="Pencraft"');
    expect(html).not.toContain('noscript');
    expect(html).toContain('<div id="root"><article>Body</article></div>');
    expect(html).toContain('<link rel="stylesheet" href="/mf/reader/assets/1.deadbeef12.css" />');
    // A stylesheet the shell links already (same file name) is not linked twice.
    expect(html).not.toContain('/mf/reader/assets/main.f00dcafe12.css');
    expect(html).toContain('<script id="pc-app" type="application/json">["/assets/main.abc12345.js"]</script>');
    expect(html).not.toContain('<script defer src="/assets/main.abc12345.js">');
    expect(html).toContain('<script src="/boot.js"></script>');
    expect(html).toContain('<script defer src="/first-view.js"></script>');
    const data = /<script id="pc-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual({ path: '/a/1', data: { 'article:1': { title: '</script>' } } });
  });
});

describe('the request', () => {
  it('hands the gateway the address chain the edge gave, else the peer', () => {
    const request = (headers: Record<string, string>) =>
      ({ headers, socket: { remoteAddress: '10.0.0.9' } }) as unknown as IncomingMessage;
    expect(forwardedFor(request({ 'x-forwarded-for': '203.0.113.7' }))).toBe('203.0.113.7');
    expect(forwardedFor(request({}))).toBe('10.0.0.9');
  });
});
