import { Inject, Injectable } from '@nestjs/common';
import { ArticleStatus, type ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type { DraftFields } from '@pencraft/contracts/articles/v1/drafts';
import { Audience } from '@pencraft/contracts/common/v1/common';
import { languages } from '@pencraft/contracts/enums';
import { searchHitKinds, searchSorts } from '@pencraft/contracts/enums/search';
import { AppError, pickLang } from '@pencraft/errors';
import type { z } from 'zod';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { COMMENTS, type CommentsClient } from '../comments/comments.upstream.js';
import { DRAFTS, type DraftsClient } from '../drafts/drafts.upstream.js';
import type { RouteInput } from '../http/route.js';
import type { PartnerPrincipal } from '../partner/partner.principal.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { ENGAGEMENT, type EngagementClient } from '../reading/engagement.upstream.js';
import { SEARCH, type SearchClient } from '../search/search.upstream.js';
import { PUBLICATIONS, type PublicationsClient } from '../upstreams/publications.upstream.js';
import {
  decodeCursor,
  encodeCursor,
  V1_CURSOR_MAX_PAGE,
  v1Article,
  v1Author,
  v1Comment,
  v1Draft,
  v1Publication,
  v1SearchHit,
  v1Submission,
  v1Summary,
  type V1Cursor,
  type V1DraftBody,
} from './v1.dto.js';
import type { v1ArticleCommentsRoute, v1AuthorArticlesRoute, v1ListArticlesRoute, v1SearchRoute } from './v1.routes.js';

/** The page a request asks for: the cursor's (which keeps the size it was written with), else the first. */
function pageOf(query: { cursor?: string | undefined; limit: number }): V1Cursor {
  if (query.cursor === undefined) return { page: 1, limit: query.limit };
  const at = decodeCursor(query.cursor);
  if (!at) throw new AppError('InvalidPage', { details: [{ field: 'cursor', code: 'InvalidPage' }] });
  return at;
}

/** Pages of the list behind /api/v1/articles one request reads at most to answer a page the filters did not empty. */
export const V1_SKIP_EMPTY_PAGES = 5;

const nextOf = (at: V1Cursor, hasMore: boolean) =>
  hasMore && at.page < V1_CURSOR_MAX_PAGE ? encodeCursor({ page: at.page + 1, limit: at.limit }) : null;

type DraftInput = z.output<typeof V1DraftBody>;

/**
 * The partner surface v1 over the services the site uses (articles, drafts, engagement, comments, search, identity's
 * profiles, publications): the same rules, its own shapes. Who acts is always the verified principal's user (never an
 * id from the request); without one, writing routes are Forbidden.
 */
@Injectable()
export class V1Service {
  constructor(
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(ENGAGEMENT) private readonly engagement: EngagementClient,
    @Inject(DRAFTS) private readonly drafts: DraftsClient,
    @Inject(COMMENTS) private readonly comments: CommentsClient,
    @Inject(SEARCH) private readonly search: SearchClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    @Inject(PUBLICATIONS) private readonly publications: PublicationsClient,
  ) {}

  /**
   * Newest first from the narrowest list the services keep (the author's, the category's, or every article), the
   * other filters applied to each page: a page may be short, the cursor still walks the whole list. A page the filters
   * emptied is not answered while more follow: up to V1_SKIP_EMPTY_PAGES pages of the list are read in one request.
   */
  async listArticles({ query }: RouteInput<typeof v1ListArticlesRoute>) {
    let at = pageOf(query);
    const uid = query.author ? await this.authorUid(query.author) : undefined;
    const language = query.language ? languages.toProto(query.language) : undefined;
    for (let read = 1; ; read++) {
      const { items, hasMore } = await this.articlePage(uid, query.category, at);
      const kept = items.filter(
        (card) =>
          (language === undefined || card.language === language) &&
          (uid === undefined || !query.category || card.category === query.category),
      );
      const next = nextOf(at, hasMore);
      if (kept.length > 0 || !next || read >= V1_SKIP_EMPTY_PAGES)
        return { items: kept.map(v1Summary), nextCursor: next };
      at = { page: at.page + 1, limit: at.limit };
    }
  }

  /** One page of the list behind /api/v1/articles: the author's, else the category's, else every article. */
  private async articlePage(
    authorUid: string | undefined,
    category: string | undefined,
    at: V1Cursor,
  ): Promise<{ items: ArticleCard[]; hasMore: boolean }> {
    if (authorUid) {
      const page = await this.articles.listAuthorArticles({ authorUid, page: at.page, pageSize: at.limit });
      return { items: page.items, hasMore: page.hasMore };
    }
    const answer = category
      ? await this.engagement.listCategoryArticles({ category, sort: 'new', page: at.page, pageSize: at.limit })
      : await this.engagement.listNewestArticles({ page: at.page, pageSize: at.limit });
    return { items: answer.page?.items ?? [], hasMore: answer.page?.hasMore ?? false };
  }

  /**
   * A published article. The articles service asks the one decision (publications' CanReadInFull) for the viewer:
   * the user the credential acts for, or nobody (a client alone gets the teaser of a paid article).
   */
  async article(principal: PartnerPrincipal, id: string) {
    const { article } = await this.articles.getArticle({ articleId: id, viewerUid: principal.userId ?? '' });
    // A draft or an article under review is its author's business, not the public surface's.
    if (!article || article.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) throw new AppError('ArticleNotFound');
    return v1Article(article);
  }

  async articleComments(id: string, { query }: RouteInput<typeof v1ArticleCommentsRoute>) {
    const at = pageOf(query);
    const thread = await this.comments.listThread({
      articleId: id,
      viewerUid: '',
      page: at.page,
      pageSize: at.limit,
      sort: 'newest',
    });
    return { items: thread.items.map(v1Comment), total: thread.total, nextCursor: nextOf(at, thread.hasMore) };
  }

  async author(username: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
    if (!profile) throw new AppError('UserNotFound');
    return v1Author(profile);
  }

  async authorArticles(username: string, { query }: RouteInput<typeof v1AuthorArticlesRoute>) {
    const at = pageOf(query);
    const uid = await this.authorUid(username);
    const page = await this.articles.listAuthorArticles({ authorUid: uid, page: at.page, pageSize: at.limit });
    return { items: page.items.map(v1Summary), nextCursor: nextOf(at, page.hasMore) };
  }

  async publication(slug: string) {
    const { publication } = await this.publications.getPublication({ id: '', slug, viewerUid: '' });
    if (!publication) throw new AppError('PublicationNotFound');
    return v1Publication(publication);
  }

  async categories(acceptLanguage: string | undefined) {
    const lang = pickLang(acceptLanguage);
    const { categories } = await this.articles.listCategories({});
    const key = lang === 'az' ? 'nameAz' : lang === 'ru' ? 'nameRu' : 'nameEn';
    return { items: categories.map((c) => ({ id: c.id, name: c[key] })) };
  }

  async searchText({ query }: RouteInput<typeof v1SearchRoute>) {
    const at = pageOf(query);
    const result = await this.search.searchText({
      query: query.q,
      page: at.page,
      pageSize: at.limit,
      kinds: [searchHitKinds.toProto(query.kind)],
      category: query.category ?? '',
      language: query.language ? languages.toProto(query.language) : 0,
      author: query.author ?? '',
      fromMs: 0,
      toMs: 0,
      sort: searchSorts.toProto(query.sort),
      prefix: false,
    });
    return { items: result.hits.map(v1SearchHit), nextCursor: nextOf(at, result.hasMore) };
  }

  async listDrafts(principal: PartnerPrincipal) {
    const actorUid = this.writerOf(principal);
    const { drafts } = await this.drafts.listDrafts({ actorUid });
    return { items: drafts.map((draft) => v1Draft(draft, false)) };
  }

  async draft(principal: PartnerPrincipal, id: string) {
    const { draft } = await this.drafts.getDraft({ draftId: id, actorUid: this.writerOf(principal) });
    return v1Draft(draft!, true);
  }

  /** A new personal draft of the writer, named as their profile names them now (a confirmed account only). */
  async createDraft(principal: PartnerPrincipal, body: DraftInput) {
    const author = await this.confirmedWriter(principal);
    const { draft } = await this.drafts.createDraft({
      author,
      fields: fieldsOf(body, { target: 'personal', audience: Audience.AUDIENCE_FREE }),
    });
    return v1Draft(draft!, true);
  }

  /** v1 does not speak of audience and target: a save keeps what the writer chose in the editor. */
  async updateDraft(principal: PartnerPrincipal, id: string, body: DraftInput & { version: number }) {
    const actorUid = this.writerOf(principal);
    const { draft: current } = await this.drafts.getDraft({ draftId: id, actorUid });
    const { draft } = await this.drafts.updateDraft({
      draftId: id,
      actorUid,
      version: body.version,
      fields: fieldsOf(body, { target: current!.target || 'personal', audience: current!.audience }),
    });
    return v1Draft(draft!, true);
  }

  /** Submits the draft: it goes through review like every submission (accepted, then moderation decides). */
  async publish(principal: PartnerPrincipal, id: string) {
    const author = await this.confirmedWriter(principal);
    const { article } = await this.articles.publishArticle({ articleId: id, actorUid: author.uid });
    return v1Submission(article!);
  }

  /** The user the credential acts for, when it may act: else Forbidden (a client alone acts for nobody). */
  private writerOf(principal: PartnerPrincipal): string {
    if (!principal.userId || !principal.scopes.includes('act')) throw new AppError('Forbidden');
    return principal.userId;
  }

  /** Writing an article needs a confirmed account, as on the site (AccountNotConfirmed). */
  private async confirmedWriter(principal: PartnerPrincipal) {
    const uid = this.writerOf(principal);
    const [{ profile }, summary] = await Promise.all([
      this.profiles.getProfile({ uid }),
      this.profiles.getAccountSummary({ uid }),
    ]);
    if (!summary.emailConfirmed) throw new AppError('AccountNotConfirmed');
    return { uid, username: profile!.username, fullname: profile!.fullname, imageUrl: profile!.imageUrl };
  }

  private async authorUid(username: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
    if (!profile) throw new AppError('UserNotFound');
    return profile.uid;
  }
}

function fieldsOf(body: DraftInput, keep: { target: string; audience: Audience }): DraftFields {
  return {
    title: body.title,
    description: body.description,
    language: languages.toProto(body.language),
    category: body.category,
    subCategories: body.subCategories,
    contentJson: body.content ? JSON.stringify(body.content) : '',
    target: keep.target,
    audience: keep.audience,
  };
}
