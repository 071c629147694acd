import type { ArticleContent } from './content.js';
import { validateArticle } from './validation.js';

const paragraph = (text: string) => ({ type: 'paragraph' as const, data: { text } });
const content = { blocks: [paragraph('Bir cümlə kifayət deyil, amma bu mətn əlli simvoldan uzundur.')] };

describe('validateArticle', () => {
  it('accepts a complete form', () => {
    expect(validateArticle({ title: 'T', description: '', category: 'tech', content })).toEqual({});
  });

  it('checks title, description, category and content', () => {
    expect(
      validateArticle({ title: ' ', description: 'd'.repeat(301), category: '', content: { blocks: [] } }),
    ).toEqual({
      title: 'titleRequired',
      description: 'descriptionLength',
      category: 'categoryRequired',
      content: 'contentRequired',
    });
    expect(validateArticle({ title: 't'.repeat(151), description: '', category: 'x', content }).title).toBe(
      'titleLength',
    );
    expect(validateArticle({ title: 't'.repeat(150), description: '', category: 'x', content }).title).toBeUndefined();
  });

  it('checks the content length in visible characters, by the rule the server applies', () => {
    const form = { title: 'T', description: '', category: 'x' };
    const check = (blocks: ArticleContent['blocks']) => validateArticle({ ...form, content: { blocks } }).content;
    expect(check([paragraph('<b>Short</b> text')])).toBe('contentMin');
    // Tags and entities are not text; 49 visible characters are too few, 50 are enough.
    expect(check([paragraph(`<i>${'a'.repeat(45)}</i>&amp;&nbsp;bc`)])).toBe('contentMin');
    expect(check([paragraph(`<i>${'a'.repeat(45)}</i>&amp;&nbsp;bcd`)])).toBeUndefined();
    // Text of every block counts: list items, captions, table cells, code.
    expect(
      check([
        { type: 'list', data: { style: 'unordered', items: [{ content: 'a'.repeat(20), items: [] }] } },
        { type: 'table', data: { withHeadings: false, content: [['b'.repeat(10), 'c'.repeat(10)]] } },
        { type: 'code', data: { code: 'd'.repeat(10) } },
      ]),
    ).toBeUndefined();
    expect(check([paragraph('ə'.repeat(30_001))])).toBe('contentMax');
    expect(check([paragraph('ə'.repeat(30_000))])).toBeUndefined();
  });

  it('counts code points, as the server does', () => {
    const emoji = '😀'.repeat(150);
    expect(validateArticle({ title: emoji, description: '', category: 'x', content }).title).toBeUndefined();
    expect(validateArticle({ title: `${emoji}a`, description: '', category: 'x', content }).title).toBe('titleLength');
    expect(validateArticle({ title: '<b> </b>', description: '', category: 'x', content }).title).toBe('titleRequired');
  });
});
