import { headingLevels, readBlock } from './blocks.js';

describe('readBlock', () => {
  it('reads every block type', () => {
    expect(readBlock({ type: 'paragraph', data: { text: 'Hi' } })).toEqual({ type: 'paragraph', text: 'Hi' });
    expect(readBlock({ type: 'header', data: { text: 'H', level: 3 } })).toEqual({
      type: 'header',
      text: 'H',
      level: 3,
    });
    expect(readBlock({ type: 'header', data: { text: 'H', level: 6 } })).toMatchObject({ level: 2 });
    expect(readBlock({ type: 'quote', data: { text: 'Q', caption: 'C', alignment: 'center' } })).toEqual({
      type: 'quote',
      text: 'Q',
      caption: 'C',
      alignment: 'center',
    });
    expect(
      readBlock({
        type: 'list',
        data: { style: 'ordered', meta: {}, items: [{ content: 'a', meta: {}, items: [{ content: 'b', items: [] }] }] },
      }),
    ).toEqual({
      type: 'list',
      style: 'ordered',
      items: [{ content: 'a', items: [{ content: 'b', items: [] }] }],
    });
    expect(readBlock({ type: 'list', data: { style: 'unordered', items: ['old', 'format'] } })).toMatchObject({
      items: [
        { content: 'old', items: [] },
        { content: 'format', items: [] },
      ],
    });
    expect(
      readBlock({ type: 'image', data: { url: 'https://cdn.example/a.png', caption: 'c', stretched: true } }),
    ).toEqual({
      type: 'image',
      url: 'https://cdn.example/a.png',
      caption: 'c',
      withBorder: false,
      withBackground: false,
      stretched: true,
    });
    expect(readBlock({ type: 'link', data: { link: 'https://example.com', meta: { title: 'Ex' } } })).toEqual({
      type: 'link',
      link: 'https://example.com/',
      title: 'Ex',
      description: '',
    });
    expect(
      readBlock({
        type: 'table',
        data: {
          withHeadings: true,
          content: [
            ['a', 'b'],
            ['1', 2],
          ],
        },
      }),
    ).toEqual({
      type: 'table',
      withHeadings: true,
      content: [
        ['a', 'b'],
        ['1', ''],
      ],
    });
    expect(readBlock({ type: 'code', data: { code: '<b>x</b>' } })).toEqual({ type: 'code', code: '<b>x</b>' });
    expect(
      readBlock({
        type: 'video',
        data: {
          service: 'youtube',
          source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
          caption: 'v',
        },
      }),
    ).toEqual({ type: 'video', embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', caption: 'v' });
  });

  it('skips unsafe or malformed blocks', () => {
    expect(readBlock({ type: 'image', data: { url: 'javascript:alert(1)' } })).toBeNull();
    expect(readBlock({ type: 'image', data: { url: 'http://insecure.example/a.png' } })).toBeNull();
    expect(readBlock({ type: 'image', data: { url: '//evil.example/a.png' } })).toBeNull();
    expect(readBlock({ type: 'link', data: { link: 'javascript:alert(1)' } })).toBeNull();
    expect(readBlock({ type: 'video', data: { embed: 'https://evil.example/embed/x' } })).toBeNull();
    expect(readBlock({ type: 'raw', data: { html: '<script>' } })).toBeNull();
    expect(readBlock({ type: 'paragraph' })).toBeNull();
    expect(readBlock(null)).toBeNull();
  });

  it('accepts same-origin image paths', () => {
    expect(readBlock({ type: 'image', data: { url: '/media/a.png' } })).toMatchObject({ url: '/media/a.png' });
  });
});

describe('headingLevels', () => {
  it('starts at h2 below the title, whatever level the writer picked', () => {
    expect(headingLevels([2, 2])).toEqual([2, 2]);
    expect(headingLevels([3])).toEqual([2]);
  });

  it('keeps the order of levels without gaps', () => {
    expect(headingLevels([1, 3, 3, 1])).toEqual([2, 3, 3, 2]);
    expect(headingLevels([3, 1, 2])).toEqual([2, 2, 3]);
    expect(headingLevels([])).toEqual([]);
  });
});
