import { ANNOUNCED_IMAGES_MAX, imagesOf, publishedEvent } from './article.events.js';

const content = (blocks: unknown[]) => JSON.stringify({ time: 0, version: '2.31.0', blocks });

describe('imagesOf (the images articles.article.published announces, for photo search)', () => {
  it('lists the image blocks in order with their captions as plain text', () => {
    expect(
      imagesOf(
        content([
          { type: 'paragraph', data: { text: 'Salam' } },
          { type: 'image', data: { url: '/media/editor/a.webp', caption: 'Şəki <b>xan</b> sarayı &amp; bağ' } },
          { type: 'image', data: { url: '/media/editor/b.webp' } },
        ]),
      ),
    ).toEqual([
      { url: '/media/editor/a.webp', caption: 'Şəki xan sarayı & bağ' },
      { url: '/media/editor/b.webp', caption: '' },
    ]);
  });

  it(`skips blocks without an address, reads nothing from unreadable content, and keeps at most ${ANNOUNCED_IMAGES_MAX}`, () => {
    expect(imagesOf(content([{ type: 'image', data: { caption: 'x' } }, { type: 'image' }]))).toEqual([]);
    expect(imagesOf('{not json')).toEqual([]);
    expect(imagesOf(JSON.stringify({ blocks: 'nope' }))).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => ({ type: 'image', data: { url: `/media/editor/${i}.webp` } }));
    expect(imagesOf(content(many))).toHaveLength(ANNOUNCED_IMAGES_MAX);
  });

  it("announces only the teaser's images of a paid article, every image of a free one", () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const paragraph = (n: number) => ({
      type: 'paragraph',
      data: { text: `Paraqraf ${n}: Bakıda payız gələndə küləklər şəhəri təmizləyir və dəniz sahili sakitləşir.` },
    });
    const blocks = [
      { type: 'image', data: { url: '/media/editor/open.webp', caption: 'Açıq' } },
      ...Array.from({ length: 12 }, (_, n) => paragraph(n)),
      { type: 'image', data: { url: '/media/editor/paid.webp', caption: 'Ödənişli' } },
    ];
    const found = {
      article: {
        id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
        authorId: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
        title: 'Payız',
        description: '',
        language: 'az',
        category: 'culture',
        subCategories: [],
        contentJson: content(blocks),
        bodyText: 'Payız',
        status: 'published',
        wordCount: 1,
        symbolCount: 5,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
        reviewNote: '',
        translationOf: null,
        coverKey: null,
        target: 'publication',
        publicationId: '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b',
        audience: 'paid',
        editCount: 0,
      },
      author: { uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b', username: 'nigar', fullname: 'Nigar', imageUrl: '' },
    } as unknown as Parameters<typeof publishedEvent>[0];
    expect(publishedEvent(found, true).images.map((i) => i.url)).toEqual(['/media/editor/open.webp']);
    expect(publishedEvent(found, false).images.map((i) => i.url)).toEqual([
      '/media/editor/open.webp',
      '/media/editor/paid.webp',
    ]);
  });
});
