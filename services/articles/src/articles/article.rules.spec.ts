import { AppError } from '@pencraft/errors';
import { checkArticle } from './article.rules.js';

const content = JSON.stringify({
  blocks: [
    {
      type: 'paragraph',
      data: { text: 'Bu məqalə platformanın qaydalarını yoxlamaq üçün kifayət qədər uzun mətndir.' },
    },
  ],
});
const valid = {
  title: ' Salam,   dünya ',
  description: 'Qısa təsvir',
  language: 'az',
  category: 'tech',
  subCategories: ['science'],
  contentJson: content,
};

function detailsOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (AppError.is(error)) return error.details?.map((d) => `${d.field}:${d.code}`);
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('checkArticle', () => {
  it('normalizes the title and accepts a valid article', () => {
    const checked = checkArticle(valid);
    expect(checked.title).toBe('Salam, dünya');
    expect(checked.subCategories).toEqual(['science']);
  });

  it('allows a title of exactly 150 characters, not 151', () => {
    expect(checkArticle({ ...valid, title: 'ə'.repeat(150) }).title).toHaveLength(150);
    expect(detailsOf(() => checkArticle({ ...valid, title: 'ə'.repeat(151) }))).toEqual(['title:InvalidArticleTitle']);
  });

  it('reports all bad fields together', () => {
    expect(
      detailsOf(() =>
        checkArticle({
          title: '<b></b>',
          description: 'x'.repeat(301),
          language: 'de',
          category: 'astrology',
          subCategories: ['a', 'b', 'c', 'd', 'e'],
          contentJson: '{"blocks":[]}',
        }),
      ),
    ).toEqual([
      'title:InvalidArticleTitle',
      'description:InvalidArticleDescription',
      'language:InvalidModel',
      'category:InvalidCategory',
      'subCategories:InvalidCategory',
      'content:InvalidArticleContent',
    ]);
  });

  it('accepts at most 4 sub-categories', () => {
    const four = ['science', 'education', 'design', 'media'];
    expect(checkArticle({ ...valid, subCategories: four }).subCategories).toHaveLength(4);
    expect(detailsOf(() => checkArticle({ ...valid, subCategories: [...four, 'health'] }))).toEqual([
      'subCategories:InvalidCategory',
    ]);
  });
});
