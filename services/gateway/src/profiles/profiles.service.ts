import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { PAGE_SIZE } from '@pencraft/rules';
import { SessionService } from '../accounts/session.service.js';
import { articleCardJson } from '../articles/article.dto.js';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import { PROFILES, type ProfileClient } from './profile.upstream.js';
import { toPublicProfile } from './profiles.dto.js';

/**
 * Public profiles over identity's ProfileService and the articles service (a profile's articles): a profile, its
 * counts and its articles, and the signed-in user's own as others see it.
 */
@Injectable()
export class ProfilesService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(PublicCache) private readonly cache: PublicCache,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Without a session the answer is the same for everyone and is kept briefly in the public cache; with one it
   * also says whether the reader follows them.
   */
  async publicProfile(username: string, token: string | undefined): Promise<Buffer> {
    const viewer = await this.sessions.resolve(token);
    if (viewer) return Buffer.from(JSON.stringify(await this.loadPublicProfile(username, viewer.uid)));
    return this.shared(`profile:${username.toLowerCase()}`, () => this.loadPublicProfile(username, ''));
  }

  /**
   * The signed-in user's public profile under their current username (a session's cached summary may still hold
   * the old one for a minute after a change made in another session).
   */
  async myPublicProfile(user: UserSummary, token: string | undefined): Promise<Buffer> {
    const { profile } = await this.profiles.getProfile({ uid: user.uid });
    return this.publicProfile(profile!.username, token);
  }

  async profileStats(username: string): Promise<Buffer> {
    return this.shared(`profile-stats:${username.toLowerCase()}`, async () => {
      const { followers, following, articles, rating, joinedAt } = await this.loadPublicProfile(username, '');
      return { followers, following, articles, rating, joinedAt };
    });
  }

  async profileArticles(username: string, page: number): Promise<Buffer> {
    return this.shared(`profile-articles:${username.toLowerCase()}:${page}`, async () => {
      const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
      return this.articlePage(profile!.uid, page);
    });
  }

  async myArticles(user: UserSummary, page: number): Promise<Buffer> {
    return Buffer.from(JSON.stringify(await this.articlePage(user.uid, page)));
  }

  private async loadPublicProfile(username: string, viewerUid: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid });
    const { total } = await this.articles.listAuthorArticles({ authorUid: profile!.uid, page: 1, pageSize: 1 });
    return toPublicProfile(profile!, total);
  }

  private async articlePage(authorUid: string, page: number) {
    const result = await this.articles.listAuthorArticles({ authorUid, page, pageSize: PAGE_SIZE });
    return {
      items: result.items.map(articleCardJson),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
      total: result.total,
    };
  }

  /** An answer that is the same for everyone, encoded once and kept briefly in the public cache. */
  private async shared(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = Buffer.from(JSON.stringify(await produce()));
    this.cache.set(key, body);
    return body;
  }
}
