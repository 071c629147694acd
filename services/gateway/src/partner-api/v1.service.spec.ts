import { ArticleStatus, type Article, type ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type { Draft } from '@pencraft/contracts/articles/v1/drafts';
import { Audience, Language } from '@pencraft/contracts/common/v1/common';
import type { PublicProfile } from '@pencraft/contracts/identity/v1/profile';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { ArticlesClient } from '../articles/articles.upstream.js';
import type { CommentsClient } from '../comments/comments.upstream.js';
import type { DraftsClient } from '../drafts/drafts.upstream.js';
import { parseRouteInput } from '../http/input.js';
import { declaredRoutes } from '../http/route.js';
import type { PartnerPrincipal } from '../partner/partner.principal.js';
import type { ProfileClient } from '../profiles/profile.upstream.js';
import type { EngagementClient } from '../reading/engagement.upstream.js';
import type { SearchClient } from '../search/search.upstream.js';
import type { PublicationsClient } from '../upstreams/publications.upstream.js';
import { V1Controller } from './v1.controller.js';
import { z } from 'zod';
import {
  decodeCursor,
  encodeCursor,
  V1Article,
  V1Author,
  V1CommentPage,
  V1Draft,
  V1Publication,
  V1SearchPage,
  V1Submission,
} from './v1.dto.js';
import { v1ListArticlesRoute, v1SearchRoute } from './v1.routes.js';
import { V1Service } from './v1.service.js';

const ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const WRITER = '0d8e5b9a-1c2f-4a3b-8d4e-5f6a7b8c9d0e';
const AT = Date.UTC(2026, 10, 28, 9);
const CLIENT: PartnerPrincipal = { kind: 'client', clientId: 'acme', scopes: ['read', 'search', 'act'] };
const TOKEN: PartnerPrincipal = { kind: 'token', userId: WRITER, tokenId: 't-1', scopes: ['read', 'act'] };

const card = (over: Partial<ArticleCard>): ArticleCard =>
  ({
    id: ID,
    title: 'T',
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    author: { uid: WRITER, username: 'leyla', fullname: 'Leyla', imageUrl: '' },
    publishedAtMs: AT,
    readingMinutes: 3,
    coverUrl: '',
    votes: 0,
    comments: 0,
    publicationId: '',
    ...over,
  }) as ArticleCard;

const article = (over: Partial<Article>): Article =>
  ({
    id: ID,
    title: 'Paid',
    description: '',
    language: Language.LANGUAGE_EN,
    category: 'tech',
    subCategories: [],
    contentJson: '{"blocks":[{"type":"paragraph","data":{"text":"teaser"}}]}',
    status: ArticleStatus.ARTICLE_STATUS_PUBLISHED,
    author: { uid: WRITER, username: 'leyla', fullname: 'Leyla', imageUrl: '' },
    createdAtMs: AT,
    updatedAtMs: AT,
    publishedAtMs: AT,
    wordCount: 10,
    symbolCount: 50,
    readingMinutes: 1,
    reviewNote: '',
    coverUrl: '',
    audience: Audience.AUDIENCE_PAID,
    target: 'personal',
    editCount: 0,
    publicationId: 'p-1',
    locked: true,
    coAuthors: [],
    translations: [],
    originalId: '',
    ...over,
  }) as Article;

const draft = (over: Partial<Draft> = {}): Draft =>
  ({
    id: ID,
    language: Language.LANGUAGE_AZ,
    title: 'Draft',
    description: '',
    contentJson: '',
    category: '',
    subCategories: [],
    articleId: '',
    target: 'personal',
    audience: Audience.AUDIENCE_PAID,
    version: 2,
    createdAtMs: AT,
    updatedAtMs: AT,
    ...over,
  }) as Draft;

describe('V1Service (gateway partner surface)', () => {
  let articles: StrictMock<ArticlesClient>;
  let engagement: StrictMock<EngagementClient>;
  let drafts: StrictMock<DraftsClient>;
  let comments: StrictMock<CommentsClient>;
  let search: StrictMock<SearchClient>;
  let profiles: StrictMock<ProfileClient>;
  let publications: StrictMock<PublicationsClient>;
  let service: V1Service;

  beforeEach(() => {
    articles = strictMock<ArticlesClient>('articles');
    engagement = strictMock<EngagementClient>('engagement');
    drafts = strictMock<DraftsClient>('drafts');
    comments = strictMock<CommentsClient>('comments');
    search = strictMock<SearchClient>('search');
    profiles = strictMock<ProfileClient>('profiles');
    publications = strictMock<PublicationsClient>('publications');
    service = new V1Service(articles, engagement, drafts, comments, search, profiles, publications);
  });

  const listInput = (query: Record<string, string>) => parseRouteInput(v1ListArticlesRoute, { query } as never);

  it('lists the newest articles by cursor, keeping only the language asked, the cursor holding page and size', async () => {
    engagement.listNewestArticles.mockResolvedValue({
      page: {
        items: [card({}), card({ id: 'en-1', language: Language.LANGUAGE_EN })],
        page: 1,
        pageSize: 2,
        hasMore: true,
      },
    });
    const first = await service.listArticles(listInput({ language: 'en', limit: '2' }) as never);
    expect(engagement.listNewestArticles).toHaveBeenCalledWith({ page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.id)).toEqual(['en-1']);
    expect(first.items[0]).toMatchObject({ language: 'en', url: '/a/en-1', author: { username: 'leyla' } });
    expect(decodeCursor(first.nextCursor!)).toEqual({ page: 2, limit: 2 });

    engagement.listNewestArticles.mockResolvedValue({ page: { items: [], page: 2, pageSize: 2, hasMore: false } });
    const last = await service.listArticles(listInput({ cursor: first.nextCursor!, limit: '20' }) as never);
    expect(engagement.listNewestArticles).toHaveBeenLastCalledWith({ page: 2, pageSize: 2 });
    expect(last.nextCursor).toBeNull();
  });

  it("walks the author's list for an author filter and the category's for a category filter", async () => {
    profiles.getPublicProfile.mockResolvedValue({ profile: { uid: WRITER } as PublicProfile });
    articles.listAuthorArticles.mockResolvedValue({
      items: [card({ category: 'science' }), card({ id: 'x' })],
      page: 1,
      pageSize: 20,
      hasMore: false,
      total: 2,
    });
    const byAuthor = await service.listArticles(listInput({ author: 'leyla', category: 'tech' }) as never);
    expect(profiles.getPublicProfile).toHaveBeenCalledWith({ username: 'leyla', viewerUid: '' });
    expect(articles.listAuthorArticles).toHaveBeenCalledWith({ authorUid: WRITER, page: 1, pageSize: 20 });
    expect(byAuthor.items.map((item) => item.id)).toEqual(['x']);

    engagement.listCategoryArticles.mockResolvedValue({
      page: { items: [card({ category: 'science' })], page: 1, pageSize: 20, hasMore: false },
    });
    const byCategory = await service.listArticles(listInput({ category: 'tech' }) as never);
    expect(engagement.listCategoryArticles).toHaveBeenCalledWith({
      category: 'tech',
      sort: 'new',
      page: 1,
      pageSize: 20,
    });
    // The category's list holds its articles (sub-categories too): nothing more is filtered out.
    expect(byCategory.items).toHaveLength(1);
  });

  it('reads on past pages the filters emptied (at most 5 in one request), never answering an empty page early', async () => {
    const az = (page: number, hasMore: boolean) => ({
      page: { items: [card({ id: `az-${page}` })], page, pageSize: 1, hasMore },
    });
    engagement.listNewestArticles
      .mockResolvedValueOnce(az(1, true))
      .mockResolvedValueOnce(az(2, true))
      .mockResolvedValueOnce({
        page: { items: [card({ id: 'ru-3', language: Language.LANGUAGE_RU })], page: 3, pageSize: 1, hasMore: true },
      });
    const found = await service.listArticles(listInput({ language: 'ru', limit: '1' }) as never);
    expect(engagement.listNewestArticles.mock.calls.map(([request]) => request.page)).toEqual([1, 2, 3]);
    expect(found.items.map((item) => item.id)).toEqual(['ru-3']);
    expect(decodeCursor(found.nextCursor!)).toEqual({ page: 4, limit: 1 });

    engagement.listNewestArticles.mockReset();
    for (let page = 4; page <= 8; page++) engagement.listNewestArticles.mockResolvedValueOnce(az(page, true));
    const none = await service.listArticles(listInput({ language: 'ru', cursor: found.nextCursor! }) as never);
    expect(engagement.listNewestArticles).toHaveBeenCalledTimes(5);
    expect(none.items).toEqual([]);
    expect(decodeCursor(none.nextCursor!)).toEqual({ page: 9, limit: 1 });
  });

  it('refuses a cursor it did not write with InvalidPage, before asking any service', async () => {
    for (const cursor of ['abc', encodeCursor({ page: 1, limit: 20 }), Buffer.from('9999;20').toString('base64url')]) {
      await expect(service.listArticles(listInput({ cursor }) as never)).rejects.toMatchObject({ code: 'InvalidPage' });
    }
  });

  it('asks for a paid article as the user the credential acts for, and as nobody for a client alone', async () => {
    articles.getArticle.mockResolvedValue({ article: article({}) });
    const locked = await service.article(CLIENT, ID);
    expect(articles.getArticle).toHaveBeenCalledWith({ articleId: ID, viewerUid: '' });
    expect(locked).toMatchObject({ paid: true, locked: true, content: { blocks: [{ type: 'paragraph' }] } });

    articles.getArticle.mockResolvedValue({ article: article({ locked: false }) });
    const full = await service.article(TOKEN, ID);
    expect(articles.getArticle).toHaveBeenLastCalledWith({ articleId: ID, viewerUid: WRITER });
    expect(full.locked).toBe(false);
  });

  it('answers ArticleNotFound for an article not published (its author reading their own draft included)', async () => {
    articles.getArticle.mockResolvedValue({ article: article({ status: ArticleStatus.ARTICLE_STATUS_DRAFT }) });
    await expect(service.article(TOKEN, ID)).rejects.toEqual(new AppError('ArticleNotFound'));
  });

  it('searches the kind asked with the filters, by cursor', async () => {
    search.searchText.mockResolvedValue({
      hits: [
        {
          id: ID,
          kind: 1,
          title: 'T',
          snippet: 's',
          language: Language.LANGUAGE_AZ,
          authorUid: WRITER,
          authorUsername: 'leyla',
          authorFullname: 'Leyla',
          publishedAtMs: AT,
          rank: 1,
          titleHighlights: [],
          snippetHighlights: [],
          handle: '',
          category: 'tech',
          publicationId: '',
          imageUrl: '',
          articleId: '',
          articleTitle: '',
        },
      ],
      page: 1,
      pageSize: 5,
      hasMore: true,
    });
    const input = parseRouteInput(v1SearchRoute, {
      query: { q: 'neft', language: 'az', sort: 'date', limit: '5' },
    } as never);
    const page = await service.searchText(input as never);
    expect(search.searchText).toHaveBeenCalledWith(
      expect.objectContaining({ query: 'neft', page: 1, pageSize: 5, language: Language.LANGUAGE_AZ, author: '' }),
    );
    expect(page.items[0]).toMatchObject({ kind: 'article', author: { username: 'leyla' }, handle: null });
    expect(decodeCursor(page.nextCursor!)).toEqual({ page: 2, limit: 5 });
  });

  it('refuses drafts and publishing to a credential acting for nobody, or without scope act (Forbidden)', async () => {
    await expect(service.listDrafts(CLIENT)).rejects.toEqual(new AppError('Forbidden'));
    await expect(service.publish({ ...TOKEN, scopes: ['read'] }, ID)).rejects.toEqual(new AppError('Forbidden'));
    await expect(service.createDraft(CLIENT, {} as never)).rejects.toEqual(new AppError('Forbidden'));
  });

  it("writes a draft as the token's writer, named as their profile names them, a confirmed account only", async () => {
    profiles.getProfile.mockResolvedValue({
      profile: { uid: WRITER, username: 'leyla', fullname: 'Leyla M', imageUrl: '/media/l.png' } as never,
    });
    profiles.getAccountSummary.mockResolvedValue({ emailConfirmed: true } as never);
    drafts.createDraft.mockResolvedValue({ draft: draft({ audience: Audience.AUDIENCE_FREE }) });
    const created = await service.createDraft(TOKEN, {
      title: 'Draft',
      description: '',
      language: 'az',
      category: '',
      subCategories: [],
      content: null,
    });
    expect(drafts.createDraft).toHaveBeenCalledWith({
      author: { uid: WRITER, username: 'leyla', fullname: 'Leyla M', imageUrl: '/media/l.png' },
      fields: expect.objectContaining({ title: 'Draft', target: 'personal', audience: Audience.AUDIENCE_FREE }),
    });
    expect(created).toMatchObject({ id: ID, version: 2, content: null });

    profiles.getAccountSummary.mockResolvedValue({ emailConfirmed: false } as never);
    await expect(service.publish(TOKEN, ID)).rejects.toEqual(new AppError('AccountNotConfirmed'));
  });

  it("keeps the draft's audience and target on a save (v1 does not speak of them)", async () => {
    drafts.getDraft.mockResolvedValue({ draft: draft() });
    drafts.updateDraft.mockResolvedValue({ draft: draft({ version: 3 }) });
    await service.updateDraft(TOKEN, ID, {
      title: 'New',
      description: '',
      language: 'en',
      category: 'science',
      subCategories: [],
      content: null,
      version: 2,
    });
    expect(drafts.getDraft).toHaveBeenCalledWith({ draftId: ID, actorUid: WRITER });
    expect(drafts.updateDraft).toHaveBeenCalledWith({
      draftId: ID,
      actorUid: WRITER,
      version: 2,
      fields: expect.objectContaining({ title: 'New', audience: Audience.AUDIENCE_PAID, target: 'personal' }),
    });
  });

  it('submits a draft for review and answers it pending review', async () => {
    profiles.getProfile.mockResolvedValue({ profile: { uid: WRITER, username: 'leyla' } as never });
    profiles.getAccountSummary.mockResolvedValue({ emailConfirmed: true } as never);
    articles.publishArticle.mockResolvedValue({
      article: article({ id: 'a-1', status: ArticleStatus.ARTICLE_STATUS_ACCEPTED }),
    });
    const submitted = await service.publish(TOKEN, ID);
    expect(articles.publishArticle).toHaveBeenCalledWith({ articleId: ID, actorUid: WRITER });
    expect(submitted).toEqual({ articleId: 'a-1', status: 'pendingReview', submittedAt: new Date(AT).toISOString() });
  });
});

describe('the v1 routes', () => {
  it('are all under /api/v1, partner-authenticated with scopes, their answers documented with examples', () => {
    expect(V1Controller).toBeDefined();
    const routes = declaredRoutes().filter((route) => route.path.startsWith('/api/v1/') && route.tag === 'partner');
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const route of routes) {
      expect(route.auth).toBe('partner');
      expect(route.scopes?.length).toBeGreaterThan(0);
      expect(route.operationId.startsWith('v1')).toBe(true);
    }
    // Every answer's schema is named V1... and carries an example (the reference renders it).
    for (const route of routes.filter((r) => r.response)) {
      const meta = z.globalRegistry.get(route.response!) as { id?: string; example?: unknown } | undefined;
      expect(meta?.id).toMatch(/^V1/);
    }
    for (const schema of [V1Article, V1Author, V1Publication, V1Draft, V1Submission, V1SearchPage, V1CommentPage]) {
      expect((z.globalRegistry.get(schema) as { example?: unknown } | undefined)?.example).toBeDefined();
    }
  });
});
