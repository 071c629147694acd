import { Inject, Injectable } from '@nestjs/common';
import type { ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type { CategoryAuthor } from '@pencraft/contracts/articles/v1/engagement';
import { languages } from '@pencraft/contracts/enums';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, pickLang, type Lang } from '@pencraft/errors';
import { LOGGER, type Logger } from '@pencraft/kit';
import { PAGE_SIZE, type CategoryId, type HomeTab } from '@pencraft/rules';
import { SessionService } from '../accounts/session.service.js';
import { articleCardJson } from '../articles/article.dto.js';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import { ENGAGEMENT, type EngagementClient } from '../reading/engagement.upstream.js';
import { PUBLICATIONS, type PublicationsClient } from '../upstreams/publications.upstream.js';

const cardJson = (card: ArticleCard) => ({ ...articleCardJson(card), votes: card.votes, comments: card.comments });

const authorJson = (row: CategoryAuthor) => ({
  uid: row.author?.uid ?? '',
  username: row.author?.username ?? '',
  fullname: row.author?.fullname ?? '',
  imageUrl: row.author?.imageUrl ?? '',
  articles: row.articles,
  score: row.score,
});

/**
 * The home page over the articles service's EngagementService (issue #17): its lists by cursor, trending, category
 * pins and overviews, follow suggestions. The reader is always the session's; the publications they subscribe to
 * come from publications (ListMySubscriptions). What is the same for everyone (the all tab of a language, trending,
 * a category's overview) sits briefly in the public cache; per-reader answers never do.
 */
@Injectable()
export class HomeService {
  constructor(
    @Inject(ENGAGEMENT) private readonly engagement: EngagementClient,
    @Inject(ARTICLES) private readonly articlesService: ArticlesClient,
    @Inject(PUBLICATIONS) private readonly publications: PublicationsClient,
    @Inject(PublicCache) private readonly cache: PublicCache,
    private readonly sessions: SessionService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async articles(
    query: { tab: HomeTab; cursor?: string | undefined; page?: number | undefined },
    token: string | undefined,
    acceptLanguage: string | undefined,
  ) {
    const lang = pickLang(acceptLanguage);
    if (query.tab === 'all') {
      if (query.page !== undefined && !query.cursor) return this.numbered(query.page);
      return this.shared(`home:all:${lang}:${query.cursor ?? ''}`, () => this.page('all', '', lang, query.cursor, []));
    }
    const user = await this.sessions.resolve(token);
    if (!user) throw new AppError('Unauthorized');
    return this.page(query.tab, user.uid, lang, query.cursor, await this.subscribed(user));
  }

  private async page(tab: HomeTab, uid: string, lang: Lang, cursor: string | undefined, publicationIds: string[]) {
    const result = await this.engagement.listHomeFeed({
      uid,
      tab,
      language: languages.toProto(lang),
      cursor: cursor ?? '',
      pageSize: PAGE_SIZE,
      publicationIds,
    });
    return {
      tab,
      items: result.items.map(cardJson),
      page: 1,
      pageSize: PAGE_SIZE,
      hasMore: result.nextCursor !== '',
      nextCursor: result.nextCursor || null,
    };
  }

  /** The deprecated numbered pages of the all tab (newest first), for callers written before the cursor. */
  private numbered(page: number) {
    return this.shared(`home:page:${page}`, async () => {
      const result = await this.articlesService.listHomeArticles({ page, pageSize: PAGE_SIZE });
      return {
        tab: 'all',
        items: result.items.map(articleCardJson),
        page: result.page,
        pageSize: result.pageSize,
        hasMore: result.hasMore,
        nextCursor: null,
      };
    });
  }

  /**
   * The publications the user subscribes to (their articles join following; suggestions leave them out). When the
   * publications service cannot answer, the home goes on without them (users and categories still list) rather
   * than failing the whole page; the warning says so.
   */
  private async subscribed(user: UserSummary): Promise<string[]> {
    try {
      const { subscriptions } = await this.publications.listMySubscriptions({ actorUid: user.uid });
      return subscriptions.flatMap((item) => (item.publication?.id ? [item.publication.id] : []));
    } catch (error) {
      if (AppError.is(error) && error.httpStatus < 500) throw error;
      this.log.warn({ err: error }, 'home: the subscribed publications could not be read; listing without them');
      return [];
    }
  }

  trends() {
    return this.shared('home:trends', async () => {
      const { items } = await this.engagement.listTrending({ limit: 0 });
      return { items: items.map((item) => ({ ...cardJson(item.card!), score: item.score })) };
    });
  }

  async pin(user: UserSummary, category: CategoryId, on: boolean) {
    const answer = await this.engagement.setCategoryPin({ uid: user.uid, category, on });
    return { category, pinned: answer.pinned, following: answer.following };
  }

  explore(category: CategoryId, acceptLanguage: string | undefined) {
    const lang = pickLang(acceptLanguage);
    return this.shared(`explore:${category}:${lang}`, async () => {
      const [overview, names] = await Promise.all([
        this.engagement.exploreCategory({ category }),
        this.categoryNames(lang),
      ]);
      return {
        category: { id: category, name: names.get(category) ?? category },
        articles: overview.articles,
        followers: overview.followers,
        articlesThisWeek: overview.articlesThisWeek,
        topAuthors: overview.topAuthors.map(authorJson),
        newest: overview.newest.map(cardJson),
        top: overview.top.map(cardJson),
      };
    });
  }

  async suggestions(user: UserSummary, acceptLanguage: string | undefined) {
    const subscribed = await this.subscribed(user);
    const [suggested, names] = await Promise.all([
      this.engagement.suggestFollows({ uid: user.uid, subscribedPublicationIds: subscribed }),
      this.categoryNames(pickLang(acceptLanguage)),
    ]);
    // Each suggested publication's name (a deleted one meanwhile is left out).
    const publications = await Promise.all(
      suggested.publications.map(async (item) => {
        try {
          const { publication } = await this.publications.getPublication({
            id: item.publicationId,
            slug: '',
            viewerUid: '',
          });
          return publication
            ? [{ id: publication.id, name: publication.name, slug: publication.slug, articles: item.articles }]
            : [];
        } catch (error) {
          if (AppError.is(error) && error.code === 'PublicationNotFound') return [];
          throw error;
        }
      }),
    );
    return {
      users: suggested.users.map(authorJson),
      categories: suggested.categories.map((c) => ({
        id: c.category as CategoryId,
        name: names.get(c.category) ?? c.category,
        articles: c.articles,
      })),
      publications: publications.flat(),
    };
  }

  private async categoryNames(lang: Lang): Promise<Map<string, string>> {
    const { categories } = await this.articlesService.listCategories({});
    const key = lang === 'az' ? 'nameAz' : lang === 'ru' ? 'nameRu' : 'nameEn';
    return new Map(categories.map((c) => [c.id, c[key]]));
  }

  private async shared(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = Buffer.from(JSON.stringify(await produce()));
    this.cache.set(key, body);
    return body;
  }
}
