import { describe, expect, it } from '@jest/globals';
import { compileFrame, frames, type PageSlots } from './template.js';

const SHELL = `<!doctype html>
<html lang="az">
  <head>
    <meta charset="utf-8" />
    <title>Pencraft</title>
    <meta name="description" content="generic" />
    <meta property="og:title" content="Pencraft" />
    <script src="/boot.js"></script>
    <script defer src="/assets/main.abc12345.js"></script>
    <link href="/assets/main.f00dcafe12.css" rel="stylesheet" />
  </head>
  <body>
    <noscript>needs JavaScript</noscript>
    <div id="root"></div>
  </body>
</html>
`;
const OPTIONS = { styles: ['/mf/reader/assets/1.deadbeef12.css'], loader: '/first-view.js' };
const PAGE: PageSlots = {
  language: 'en',
  head: '<title>Article — Pencraft</title>',
  body: '<article>Body</article>',
  data: { path: '/a/1', data: { 'article:1': { title: '</script>' } } },
};

describe('the page frame', () => {
  it('is the shell with the page in it: its language, head tags, markup and data', () => {
    expect(compileFrame(SHELL, OPTIONS)(PAGE)).toBe(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <script src="/boot.js"></script>
    <link href="/assets/main.f00dcafe12.css" rel="stylesheet" />
      <title>Article — Pencraft</title>
    <link rel="stylesheet" href="/mf/reader/assets/1.deadbeef12.css" />
  <script id="pc-app" type="application/json">["/assets/main.abc12345.js"]</script>
    <script defer src="/first-view.js"></script>
  </head>
  <body>
    <div id="root"><article>Body</article></div>
  <script id="pc-data" type="application/json">{"path":"/a/1","data":{"article:1":{"title":"\\u003c/script\\u003e"}}}</script>
  </body>
</html>
`);
  });

  it('serves page after page from one frame, each with its own parts only', () => {
    const fill = compileFrame(SHELL, OPTIONS);
    const first = fill(PAGE);
    const second = fill({ language: 'ru', head: '<title>Другая</title>', body: '<p>2</p>' });
    expect(second).toContain('<html lang="ru">');
    expect(second).toContain('<div id="root"><p>2</p></div>');
    expect(second).not.toContain('pc-data');
    expect(second).not.toContain('Article');
    expect(fill(PAGE)).toBe(first);
  });

  it("never reads the page's own text as part of the frame", () => {
    const body = '<pre>&lt;/body&gt;</pre></head></body><script defer src="/evil.js"></script>';
    const html = compileFrame(SHELL, OPTIONS)({ ...PAGE, language: '"><x', body });
    expect(html).toContain(`<div id="root">${body}</div>`);
    expect(html).toContain('<html lang="&quot;&gt;&lt;x">');
    expect(html).toContain('<script id="pc-app" type="application/json">["/assets/main.abc12345.js"]</script>');
    // The data still goes before the frame's own </body>, after the page.
    expect(html.indexOf('id="pc-data"')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('leaves out what a template has no place for (no root element: no markup)', () => {
    const bare = '<html><head></head><body></body></html>';
    expect(compileFrame(bare, { styles: [] })({ language: 'az', head: '<title>t</title>', body: '<p>x</p>' })).toBe(
      '<html lang="az"><head>    <title>t</title>\n    \n  </head><body></body></html>',
    );
  });

  it('is made once per template', () => {
    const frameOf = frames(OPTIONS);
    const fill = frameOf(SHELL);
    expect(frameOf(`${SHELL}`)).toBe(fill);
    expect(frameOf(SHELL.replace('main.abc12345', 'main.beef5678'))).not.toBe(fill);
  });
});
