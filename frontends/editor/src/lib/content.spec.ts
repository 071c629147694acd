import { inlineText, toApiBlock, toArticleContent, toImageUrl } from './content.js';

describe('toArticleContent', () => {
  it('keeps every block type in the API shape and drops tool-internal fields', () => {
    const content = toArticleContent(
      {
        time: 1,
        version: '2.31.7',
        blocks: [
          { id: 'p', type: 'paragraph', data: { text: 'Hello <b>world</b>' } },
          { type: 'header', data: { text: 'Title', level: 2 } },
          { type: 'quote', data: { text: 'Q', caption: 'C', alignment: 'left' } },
          {
            type: 'list',
            data: {
              style: 'ordered',
              meta: { start: 1, counterType: 'numeric' },
              items: [{ content: 'a', meta: {}, items: [] }],
            },
          },
          { type: 'image', data: { url: 'https://cdn.example/a.png?x=1&amp;y=2', caption: 'c', withBorder: true } },
          { type: 'link', data: { link: 'https://example.com/a?b=1&amp;c=2', meta: { title: ' Example ' } } },
          { type: 'table', data: { withHeadings: true, stretched: false, content: [['a', 'b']] } },
          { type: 'code', data: { code: 'let x = 1;' } },
          {
            type: 'video',
            data: {
              service: 'youtube',
              source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=10',
              embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10',
              width: 580,
              height: 320,
              caption: '',
            },
          },
        ],
      },
      'https://pencraft.az',
    );
    expect(content.time).toBe(1);
    expect(content.version).toBe('2.31.7');
    expect(content.blocks).toEqual([
      { id: 'p', type: 'paragraph', data: { text: 'Hello <b>world</b>' } },
      { type: 'header', data: { text: 'Title', level: 2 } },
      { type: 'quote', data: { text: 'Q', caption: 'C', alignment: 'left' } },
      { type: 'list', data: { style: 'ordered', items: [{ content: 'a', items: [] }] } },
      {
        type: 'image',
        data: {
          url: 'https://cdn.example/a.png?x=1&y=2',
          caption: 'c',
          withBorder: true,
          withBackground: false,
          stretched: false,
        },
      },
      { type: 'link', data: { link: 'https://example.com/a?b=1&c=2', meta: { title: 'Example' } } },
      { type: 'table', data: { withHeadings: true, content: [['a', 'b']] } },
      { type: 'code', data: { code: 'let x = 1;' } },
      {
        type: 'video',
        data: {
          service: 'youtube',
          source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
          embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10',
        },
      },
    ]);
  });

  it('drops empty, unknown and unsafe blocks', () => {
    const content = toArticleContent({
      blocks: [
        { type: 'paragraph', data: { text: '&nbsp;<br>' } },
        { type: 'header', data: { text: '' } },
        { type: 'checklist', data: { items: [] } },
        { type: 'image', data: { url: 'data:image/png;base64,AAAA' } },
        { type: 'image', data: { url: 'http://insecure.example/a.png' } },
        { type: 'link', data: { link: 'javascript:alert(1)' } },
        { type: 'video', data: { source: 'https://vimeo.com/1', embed: 'https://player.vimeo.com/video/1' } },
        { type: 'list', data: { style: 'unordered', items: [] } },
      ],
    });
    expect(content.blocks).toEqual([]);
  });

  it('reads checklists as unordered lists', () => {
    expect(
      toApiBlock({
        type: 'list',
        data: { style: 'checklist', items: [{ content: 'x', meta: { checked: true }, items: [] }] },
      }),
    ).toEqual({ type: 'list', data: { style: 'unordered', items: [{ content: 'x', items: [] }] } });
  });

  it('keeps image addresses https or same-origin paths', () => {
    expect(toImageUrl('https://pencraft.az/media/a.png?v=1', 'https://pencraft.az')).toBe('/media/a.png?v=1');
    expect(toImageUrl('http://localhost:3000/media/a.png', 'http://localhost:3000')).toBe('/media/a.png');
    expect(toImageUrl('/media/a.png')).toBe('/media/a.png');
    expect(toImageUrl('//cdn.example/a.png')).toBeNull();
    expect(toImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});

describe('inlineText', () => {
  it('is the text a reader sees: tags removed, entities decoded', () => {
    expect(inlineText('<b>a</b>&amp;b&lt;c&gt;&quot;d&#39;&#x27;&nbsp;e&#160;f&#8364;&unknown;')).toBe(
      "a&b<c>\"d'' e f€&unknown;",
    );
  });
});
