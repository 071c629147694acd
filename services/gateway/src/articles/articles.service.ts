import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { pickLang, type Lang } from '@pencraft/errors';
import { SessionService } from '../accounts/session.service.js';
import { PublicCache } from '../http/public-cache.js';
import type { RouteInput } from '../http/route.js';
import { articleJson } from './article.dto.js';
import type { createArticleRoute } from './articles.routes.js';
import { ARTICLES, type ArticlesClient } from './articles.upstream.js';
import { languages } from '@pencraft/contracts/enums';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';
import { Audience } from '@pencraft/contracts/common/v1/common';

/** The keys of an article's shared copies: a free article, and a paid one's teaser for visitors. */
const copiesOf = (id: string) => [`article:${id}`, `article:${id}:teaser`];

/**
 * Articles over the articles service. Published articles are the same for everyone: they are kept
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

  /**
   * A new article, not yet submitted; `publicationId` (the publication whose subdomain it was asked on) is where it
   * starts when the user is its owner or a member (articles asks publications; anyone else's stays personal).
   */
  async create(
    user: UserSummary,
    { body }: RouteInput<typeof createArticleRoute>,
    publicationId?: string,
  ): Promise<string> {
    const { article } = await this.articles.createArticle({
      ...(publicationId ? { publicationId } : {}),
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
    // An edit of a published article replaces what readers were served.
    this.dropCopies(article!.id);
    return articleJson(article!);
  }

  /**
   * Forgets this replica's shared copies of an article: what readers see of it changed (ArticleEvictions hears it
   * from the articles service once the change has committed, whoever made it).
   */
  dropCopies(id: string) {
    for (const key of copiesOf(id)) this.cache.delete(key);
  }

  /**
   * One article. Shared between readers: a free published article (`article:{id}`, whoever asks), and a paid one's
   * teaser for visitors only (`article:{id}:teaser`: a visitor may never read more, so nothing a subscriber reads is
   * under a shared key). A paid article for a signed-in reader is asked each time (the articles service's
   * entitlement decides, publications.CanReadInFull behind it).
   */
  async read(id: string, sessionToken: string | undefined): Promise<Buffer> {
    const key = `article:${id}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    // An answer asked for before a copy was dropped may be older than the change: it is not kept (it is served).
    const mark = this.cache.mark();
    // Who asks matters only for a draft or a paid article, so the session is resolved after the shared copy missed.
    const user = await this.sessions.resolve(sessionToken);
    const teaserKey = `article:${id}:teaser`;
    if (!user) {
      const teaser = this.cache.get(teaserKey);
      if (teaser) return teaser;
    }
    const { article } = await this.articles.getArticle({ articleId: id, viewerUid: user?.uid ?? '' });
    const body = Buffer.from(articleJson(article!));
    if (article!.status === ArticleStatus.ARTICLE_STATUS_PUBLISHED) {
      if (article!.audience === Audience.AUDIENCE_FREE) this.cache.set(key, body, mark);
      else if (!user && article!.locked) this.cache.set(teaserKey, body, mark);
    }
    return body;
  }
}
