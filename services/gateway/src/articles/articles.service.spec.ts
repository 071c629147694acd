import { ArticleStatus, type Article } from '@pencraft/contracts/articles/v1/articles';
import { Audience, Language } from '@pencraft/contracts/common/v1/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { SessionService } from '../accounts/session.service.js';
import { PublicCache } from '../http/public-cache.js';
import type { ArticlesClient } from './articles.upstream.js';
import { ArticlesService } from './articles.service.js';

const ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';

function article(overrides: Partial<Article> = {}): Article {
  return {
    id: ID,
    title: 'Payız',
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'travel',
    subCategories: [],
    contentJson: '{"blocks":[]}',
    status: ArticleStatus.ARTICLE_STATUS_PUBLISHED,
    author: { uid: 'u-1', username: 'nigar', fullname: 'Nigar', imageUrl: '' },
    createdAtMs: 1,
    updatedAtMs: 1,
    publishedAtMs: 1,
    wordCount: 1,
    symbolCount: 1,
    readingMinutes: 1,
    reviewNote: '',
    coverUrl: '',
    audience: Audience.AUDIENCE_FREE,
    target: 'personal',
    editCount: 0,
    publicationId: PUBLICATION,
    locked: false,
    coAuthors: [],
    translations: [],
    originalId: '',
    ...overrides,
  };
}

describe('ArticlesService, the shared copies of an article', () => {
  const articles = strictMock<ArticlesClient>('articlesClient');
  const sessions = strictMock<SessionService>('sessions');
  let service: ArticlesService;
  const publicationOf = async (token?: string) =>
    (JSON.parse((await service.read(ID, token)).toString()) as { publicationId: string | null }).publicationId;

  beforeEach(() => {
    articles.getArticle.mockReset();
    sessions.resolve.mockReset();
    sessions.resolve.mockResolvedValue(undefined);
    service = new ArticlesService(articles, new PublicCache(60_000), sessions);
  });

  it('serves a free article from its copy until the copy is dropped, then asks again', async () => {
    articles.getArticle.mockResolvedValue({ article: article() });
    expect(await publicationOf()).toBe(PUBLICATION);
    articles.getArticle.mockResolvedValue({ article: article({ publicationId: '' }) });
    expect(await publicationOf()).toBe(PUBLICATION);
    expect(articles.getArticle).toHaveBeenCalledTimes(1);

    service.dropCopies(ID);
    expect(await publicationOf()).toBeNull();
    expect(articles.getArticle).toHaveBeenCalledTimes(2);
  });

  it("drops a paid article's teaser kept for visitors too", async () => {
    const teaser = article({ audience: Audience.AUDIENCE_PAID, locked: true });
    articles.getArticle.mockResolvedValue({ article: teaser });
    expect(await publicationOf()).toBe(PUBLICATION);
    articles.getArticle.mockResolvedValue({ article: { ...teaser, publicationId: '' } });
    expect(await publicationOf()).toBe(PUBLICATION);

    service.dropCopies(ID);
    expect(await publicationOf()).toBeNull();
    expect(articles.getArticle).toHaveBeenCalledTimes(2);
  });

  it('keeps no answer that was on its way while its copy was dropped (it may be from before the change)', async () => {
    let answer!: (value: { article: Article }) => void;
    articles.getArticle.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reading = publicationOf();
    await new Promise((resolve) => setImmediate(resolve));
    service.dropCopies(ID);
    answer({ article: article() });
    expect(await reading).toBe(PUBLICATION);

    articles.getArticle.mockResolvedValue({ article: article({ publicationId: '' }) });
    expect(await publicationOf()).toBeNull();
  });

  it('keeps nothing a signed-in reader of a paid article is answered', async () => {
    sessions.resolve.mockResolvedValue({ uid: 'u-2' } as UserSummary);
    articles.getArticle.mockResolvedValue({ article: article({ audience: Audience.AUDIENCE_PAID }) });
    await service.read(ID, 'token');
    await service.read(ID, 'token');
    expect(articles.getArticle).toHaveBeenCalledTimes(2);
  });
});

describe('ArticlesService, a new article on a publication subdomain', () => {
  const ME = { uid: 'u-1', username: 'nigar', fullname: 'Nigar', imageUrl: '' } as UserSummary;
  const body = {
    title: 'Payız',
    description: '',
    language: 'az' as const,
    category: 'travel' as const,
    subCategories: [],
    content: { blocks: [] },
  };
  const input = { params: {}, query: {}, body };
  let articles: StrictMock<ArticlesClient>;
  let service: ArticlesService;

  beforeEach(() => {
    articles = strictMock<ArticlesClient>('articlesClient');
    service = new ArticlesService(articles, new PublicCache(60_000), strictMock<SessionService>('sessions'));
  });

  it("names the subdomain's publication to articles, which decides whether the article starts there", async () => {
    articles.createArticle.mockResolvedValue({
      article: article({ status: ArticleStatus.ARTICLE_STATUS_DRAFT, publishedAtMs: 0 }),
    });

    const created = JSON.parse(await service.create(ME, input, PUBLICATION)) as { publicationId: string | null };

    expect(articles.createArticle).toHaveBeenCalledWith({
      author: { uid: ME.uid, username: ME.username, fullname: ME.fullname, imageUrl: ME.imageUrl },
      title: 'Payız',
      description: '',
      language: Language.LANGUAGE_AZ,
      category: 'travel',
      subCategories: [],
      contentJson: JSON.stringify({ blocks: [] }),
      publicationId: PUBLICATION,
    });
    expect(created.publicationId).toBe(PUBLICATION);
  });

  it('names none on the main host', async () => {
    articles.createArticle.mockResolvedValue({
      article: article({ status: ArticleStatus.ARTICLE_STATUS_DRAFT, publishedAtMs: 0, publicationId: '' }),
    });

    const created = JSON.parse(await service.create(ME, input)) as { publicationId: string | null };

    expect(articles.createArticle.mock.calls[0]![0]).not.toHaveProperty('publicationId');
    expect(created.publicationId).toBeNull();
  });
});
