import { AppError } from '@pencraft/errors';
import { checkContent, plainText, readingMinutes, sanitizeInline, youtubeId } from './article-content.js';

const filler = 'Bakı küləyi şəhərin hər küçəsində hiss olunur və insanlar buna çoxdan alışıblar.';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

const every = {
  time: 1_700_000_000_000,
  version: '2.31.0',
  blocks: [
    { id: 'h1', type: 'header', data: { text: 'Giriş', level: 1 } },
    { type: 'header', data: { text: 'Bölmə', level: 2 } },
    { type: 'header', data: { text: 'Alt bölmə', level: 3 } },
    { type: 'paragraph', data: { text: `${filler} <b>qalın</b> <a href="https://pencraft.az">keçid</a>` } },
    { type: 'quote', data: { text: 'Sitat', caption: 'Müəllif', alignment: 'left' } },
    {
      type: 'list',
      data: { style: 'unordered', items: [{ content: 'bir', items: [{ content: 'iç', items: [] }] }, 'iki'] },
    },
    {
      type: 'list',
      data: { style: 'ordered', meta: { start: 1 }, items: [{ content: 'birinci', meta: {}, items: [] }] },
    },
    { type: 'image', data: { url: 'https://images.example/a.png', caption: 'Şəkil' } },
    { type: 'link', data: { link: 'https://example.com/page', meta: { title: 'Nümunə', description: 'Təsvir' } } },
    {
      type: 'table',
      data: {
        withHeadings: true,
        content: [
          ['Ad', 'Dəyər'],
          ['a', '1'],
        ],
      },
    },
    { type: 'code', data: { code: 'const a = "<b>";' } },
    { type: 'video', data: { service: 'youtube', source: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Video' } },
  ],
};

describe('checkContent', () => {
  it('accepts every block type of SPEC.md section 3 and counts the visible text', () => {
    const checked = checkContent(every);
    expect(checked.content.blocks.map((b) => b.type)).toEqual(every.blocks.map((b) => b.type));
    expect(checked.text).toContain('Bölmə');
    expect(checked.text).toContain('const a = "<b>";');
    expect(checked.wordCount).toBeGreaterThan(10);
    expect(checked.symbolCount).toBeGreaterThan(50);
    expect(checked.content.blocks[11]!.data).toEqual({
      service: 'youtube',
      source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      caption: 'Video',
    });
    expect(checked.content.blocks[5]!.data.items).toEqual([
      { content: 'bir', items: [{ content: 'iç', items: [] }] },
      { content: 'iki', items: [] },
    ]);
  });

  it('removes every script from the text of every block', () => {
    const evil = {
      blocks: [
        {
          type: 'paragraph',
          data: {
            text: `${filler}<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`,
          },
        },
        { type: 'header', data: { text: '<svg onload=alert(1)>Başlıq</svg>', level: 2 } },
        { type: 'quote', data: { text: '<iframe src="https://evil"></iframe>q', caption: '<b onclick="x()">c</b>' } },
        { type: 'table', data: { content: [['<script>x</script>cell']] } },
        {
          type: 'list',
          data: { style: 'ordered', items: [{ content: '<a href="data:text/html,x">d</a>', items: [] }] },
        },
      ],
    };
    const json = JSON.stringify(checkContent(evil).content);
    expect(json).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|<img|data:text/i);
    expect(json).toContain('<a>x</a>');
  });

  it('keeps safe links and marks them nofollow', () => {
    expect(sanitizeInline('<a href="https://a.az" onclick="x">a</a>')).toBe(
      '<a href="https://a.az" rel="noopener noreferrer nofollow" target="_blank">a</a>',
    );
  });

  it.each([
    [{ blocks: [] }, 'InvalidArticleContent'],
    ['{not json', 'InvalidArticleContent'],
    [{ blocks: [{ type: 'raw', data: { html: '<p>x</p>' } }] }, 'InvalidArticleContent'],
    [{ blocks: [{ type: 'header', data: { text: filler, level: 4 } }] }, 'InvalidArticleContent'],
    [{ blocks: [{ type: 'paragraph', data: { text: 'qısa' } }] }, 'InvalidContentMin'],
    [{ blocks: [{ type: 'paragraph', data: { text: 'a '.repeat(15_001) } }] }, 'InvalidContentMax'],
    [
      {
        blocks: [
          { type: 'paragraph', data: { text: filler } },
          { type: 'video', data: { source: 'https://vimeo.com/1234' } },
        ],
      },
      'InvalidLinkUrl',
    ],
    [
      {
        blocks: [
          { type: 'paragraph', data: { text: filler } },
          { type: 'link', data: { link: 'javascript:alert(1)' } },
        ],
      },
      'InvalidLinkUrl',
    ],
    [
      {
        blocks: [
          { type: 'paragraph', data: { text: filler } },
          { type: 'image', data: { url: '//evil.example/x.png' } },
        ],
      },
      'InvalidArticleContent',
    ],
  ])('rejects %j with %s', (content, code) => {
    expect(codeOf(() => checkContent(content))).toBe(code);
  });

  it('counts 30,000 visible characters as the maximum', () => {
    const at = { blocks: [{ type: 'paragraph', data: { text: 'x'.repeat(30_000) } }] };
    expect(checkContent(at).symbolCount).toBe(30_000);
    const over = { blocks: [{ type: 'paragraph', data: { text: 'x'.repeat(30_001) } }] };
    expect(codeOf(() => checkContent(over))).toBe('InvalidContentMax');
  });
});

describe('youtubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com.evil.az/watch?v=dQw4w9WgXcQ', undefined],
    ['https://vimeo.com/123', undefined],
    ['javascript:alert(1)', undefined],
    ['https://www.youtube.com/watch?v=short', undefined],
  ])('%s → %s', (url, id) => expect(youtubeId(url)).toBe(id));
});

describe('plain text and reading time', () => {
  it('strips tags from plain text fields', () => {
    expect(plainText('<script>alert(1)</script> a < b')).toBe('alert(1) a < b');
  });
  it('reads about 200 words a minute, at least one', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1000)).toBe(5);
  });
});
