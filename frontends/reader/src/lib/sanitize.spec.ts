import { plainText, safeHref, sanitizeInline, sanitizeToHtml } from './sanitize.js';

describe('inline HTML sanitizer', () => {
  it('keeps the allowed formatting', () => {
    expect(
      sanitizeToHtml('Hello <b>bold</b>, <i>italic</i>, <u>under</u>, <code>x()</code>, <mark>hi</mark><br>end'),
    ).toBe('Hello <b>bold</b>, <i>italic</i>, <u>under</u>, <code>x()</code>, <mark>hi</mark><br>end');
    expect(sanitizeToHtml('<strong>s</strong><em>e</em>')).toBe('<b>s</b><i>e</i>');
  });

  it('keeps http(s) links with rel noopener nofollow', () => {
    expect(sanitizeToHtml('<a href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&#38;c=2" rel="noopener nofollow ugc">x</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT type="text/javascript">alert(1)</SCRIPT >ok', 'ok'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<b onclick="alert(1)" onmouseover=alert(2)>b</b>', '<b>b</b>'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href="java\tscript:alert(1)">x</a>', 'x'],
    ['<a href="&#106;avascript:alert(1)">x</a>', 'x'],
    ['<a href=" javascript:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['<a href="/relative">x</a>', 'x'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<div><p>text</p></div>', 'text'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<b>unclosed', '<b>unclosed</b>'],
    ['a < b and c > d', 'a &#60; b and c &#62; d'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&#60;script&#62;alert(1)&#60;/script&#62;'],
    [
      '<a href="https://a.example">a <a href="https://b.example">b</a></a>',
      '<a href="https://a.example/" rel="noopener nofollow ugc">a b</a>',
    ],
    ['x<img src="x" alt=">"onerror="alert(1)">y', 'xy'],
    ['<script', ''],
    ['<b title="a>b">t</b>', '<b>t</b>'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeToHtml(input)).toBe(expected);
  });

  it('decodes entities into text', () => {
    expect(plainText(sanitizeInline('Tom&nbsp;&amp;&nbsp;Jerry &#8212; &#x41;'))).toBe('Tom\u00a0&\u00a0Jerry — A');
  });

  it('accepts only strings', () => {
    expect(sanitizeInline(undefined)).toEqual([]);
    expect(sanitizeInline({ toString: () => '<script>' })).toEqual([]);
  });

  it('validates link addresses', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('http://example.com/x')).toBe('http://example.com/x');
    expect(safeHref('mailto:a@b.c')).toBeUndefined();
    expect(safeHref('vbscript:x')).toBeUndefined();
  });
});
