// The article page's body rendered on the server (renderToStaticMarkup, no DOM): every block type of SPEC.md
// section 3 comes out as markup, the hostile corpus of tests/support/xss-corpus.ts put through every text field
// and block leaves nothing live (no script, handler, frame, srcdoc or script URL), and its text is still shown as
// text. The browser suite (tests/e2e/xss.e2e.ts) proves the same in Chromium.
import { common } from '@pencraft/i18n';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import {
  dangerousMarkup,
  payloadBlocks,
  urlBlocks,
  XSS_PAYLOADS,
  XSS_URLS,
  type RenderedElement,
} from '../../../../tests/support/xss-corpus.js';
import en from '../locales/en.js';
import { ArticleBody, type ArticleView } from './ArticleBody.js';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  resources: { en: { reader: en, common: common.en } },
  interpolation: { escapeValue: false },
});

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" };
const decode = (value: string) => value.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

const escapeText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** React's markup is regular (attribute values double-quoted and escaped), so a pattern reads its elements. */
function elements(markup: string): RenderedElement[] {
  return [...markup.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    tag: match[1]!,
    attributes: Object.fromEntries(
      [...match[2]!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, decode(a[2] ?? '')]),
    ),
  }));
}

function article(blocks: unknown[], overrides: Partial<ArticleView> = {}): ArticleView {
  return {
    id: '0b7e7c39-62c4-4f2c-9a59-2f7f3f8a4d11',
    title: 'Every block',
    description: 'A description',
    language: 'en',
    category: 'tech',
    categoryName: 'Technology',
    content: { blocks: blocks as ArticleView['content']['blocks'] },
    author: { uid: 'u1', username: 'writer', fullname: 'Writer One', imageUrl: '' },
    coAuthors: [{ uid: 'u2', username: 'helper', fullname: 'Helper Two', imageUrl: '' }],
    translations: [
      { id: '0b7e7c39-62c4-4f2c-9a59-2f7f3f8a4d11', language: 'en' },
      { id: '5d0c1b1e-8d7e-4c53-bf3f-7e4a3c2b1a00', language: 'az' },
    ],
    publishedAt: '2026-11-20T10:00:00.000Z',
    readingMinutes: 3,
    status: 'published',
    ...overrides,
  };
}

describe('the article body on the server', () => {
  it('renders every block type, the authors, the category and the language versions', () => {
    const markup = html(<ArticleBody article={article(payloadBlocks('Plain words', '/media/a.png'))} actions />);
    for (const fragment of [
      '<h1>Every block</h1>',
      'href="/c/tech" data-discover="true">Technology</a>',
      'href="/@writer" data-discover="true">Writer One</a>',
      'href="/@helper" data-discover="true">Helper Two</a>',
      'hrefLang="az"',
      'aria-current="page"',
      '3 min read',
      '<blockquote>',
      '<ul class="pc-block-list">',
      '<ol class="pc-block-list">',
      '<img src="/media/a.png"',
      'class="pc-block-image__open"',
      'href="https://example.com/article"',
      '<table>',
      '<pre class="pc-block-code"',
      'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"',
      'Upvote',
      'Share',
    ]) {
      expect(markup).toContain(fragment);
    }
    expect(dangerousMarkup(elements(markup))).toEqual([]);
  });

  it.each(XSS_PAYLOADS.map((payload) => [payload]))('leaves %s inert in every field', (payload) => {
    const markup = html(
      <ArticleBody
        article={article(payloadBlocks(payload, '/media/a.png'), {
          title: payload,
          description: payload,
          categoryName: payload,
          author: { uid: 'u1', username: 'writer', fullname: payload, imageUrl: `javascript:${payload}` },
        })}
        actions
      />,
    );
    expect(dangerousMarkup(elements(markup))).toEqual([]);
    // The title and description are text: the reader sees exactly what was typed.
    expect(markup).toContain(`<h1>${escapeText(payload)}</h1>`);
  });

  it.each(XSS_URLS.map((url) => [url]))('never makes %s a live address', (url) => {
    for (const blocks of urlBlocks(url)) {
      const markup = html(<ArticleBody article={article(blocks, { coverUrl: url })} actions={false} />);
      expect(dangerousMarkup(elements(markup))).toEqual([]);
    }
  });

  it('finds live markup when there is some (the check itself works)', () => {
    expect(
      dangerousMarkup(
        elements(
          '<p><a href=" jav&#x09;ascript:x">a</a><img src="x" onerror="y"><iframe srcdoc="z"></iframe></p>'.replace(
            '&#x09;',
            '\t',
          ),
        ),
      ),
    ).toHaveLength(4);
  });
});
