import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { pickLang, type Lang } from '@pencraft/errors';
import { PAGE_SIZE } from '@pencraft/rules';
import { SessionService } from '../accounts/session.service.js';
import { PublicCache } from '../http/public-cache.js';
import type { RouteInput } from '../http/route.js';
import { articleCardJson, articleJson } from './article.dto.js';
import type { createArticleRoute } from './articles.routes.js';
import { ARTICLES, type ArticlesClient } from './articles.upstream.js';
import { languages } from '@pencraft/contracts/enums';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';
import { Audience } from '@pencraft/contracts/common/v1/common';

/**
 * Articles over the articles service. Published articles and home pages are the same for everyone: they are kept
 * as encoded bytes in the public cache, and a cached read does no other work (not even resolving the session).
 */
@Injectable()
export class ArticlesService {
  constructor(
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(PublicCache) private readonly cache: PublicCache,
    private readonly sessions: SessionService,
  ) {}

  async categories(acceptLanguage: string | undefined) {
    const lang: Lang = pickLang(acceptLanguage);
    const { categories } = await this.articles.listCategories({});
    const key = lang === 'az' ? 'nameAz' : lang === 'ru' ? 'nameRu' : 'nameEn';
    return { items: categories.map((c) => ({ id: c.id, name: c[key] })) };
  }

  async create(user: UserSummary, { body }: RouteInput<typeof createArticleRoute>): Promise<string> {
    const { article } = await this.articles.createArticle({
      author: { uid: user.uid, username: user.username, fullname: user.fullname, imageUrl: user.imageUrl },
      title: body.title,
      description: body.description,
      language: languages.toProto(body.language),
      category: body.category,
      subCategories: body.subCategories,
      contentJson: JSON.stringify(body.content),
    });
    return articleJson(article!);
  }

  async publish(user: UserSummary, id: string): Promise<string> {
    const { article } = await this.articles.publishArticle({ articleId: id, actorUid: user.uid });
    this.cache.delete('home:1');
    // An edit of a published article replaces what readers were served.
    this.cache.delete(`article:${article!.id}`);
    return articleJson(article!);
  }

  async read(id: string, sessionToken: string | undefined): Promise<Buffer> {
    const key = `article:${id}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    // Who asks matters only for a draft, so the session is resolved after the cache for published articles missed.
    const user = await this.sessions.resolve(sessionToken);
    const { article } = await this.articles.getArticle({ articleId: id, viewerUid: user?.uid ?? '' });
    const body = Buffer.from(articleJson(article!));
    // Only what everyone may read is shared: an article for paid readers is answered to its writers alone.
    if (article!.status === ArticleStatus.ARTICLE_STATUS_PUBLISHED && article!.audience === Audience.AUDIENCE_FREE)
      this.cache.set(key, body);
    return body;
  }

  async home(page: number): Promise<Buffer> {
    const key = `home:${page}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = await this.articles.listHomeArticles({ page, pageSize: PAGE_SIZE });
    const body = Buffer.from(
      JSON.stringify({
        items: result.items.map(articleCardJson),
        page: result.page,
        pageSize: result.pageSize,
        hasMore: result.hasMore,
      }),
    );
    this.cache.set(key, body);
    return body;
  }
}
