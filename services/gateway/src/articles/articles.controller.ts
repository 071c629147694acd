import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { pickLang } from '@pencraft/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, RequireUser, SessionGuard } from '../auth/current-user.js';
import { SessionService } from '../auth/session.service.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Doc } from '../docs/doc.decorator.js';
import { PublicCache } from '../http/public-cache.js';
import { parseInput } from '../http/validation.js';
import { ARTICLES, type ArticlesClient } from '../upstreams/upstreams.js';
import {
  ArticleJson,
  articleCardJson,
  articleJson,
  ArticlePage,
  CategoryList,
  CreateArticleBody,
  PageQuery,
} from './article.dto.js';

const JSON_TYPE = 'application/json; charset=utf-8';

@Controller('api')
export class ArticlesController {
  constructor(
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(PublicCache) private readonly cache: PublicCache,
    private readonly sessions: SessionService,
  ) {}

  @Get('articles/categories')
  @Doc({
    tag: 'articles',
    summary: 'The categories an article can be filed under, named in the request language',
    response: CategoryList,
  })
  async categories(@Req() request: FastifyRequest) {
    const lang = pickLang(request.headers['accept-language']);
    const { categories } = await this.articles.listCategories({});
    const key = lang === 'az' ? 'nameAz' : lang === 'ru' ? 'nameRu' : 'nameEn';
    return { items: categories.map((c) => ({ id: c.id, name: c[key] })) };
  }

  @Post('articles')
  @HttpCode(201)
  @UseGuards(SessionGuard, RequireUser)
  @Doc({
    tag: 'articles',
    summary: 'Write a new article (a draft until published)',
    body: CreateArticleBody,
    response: ArticleJson,
    status: 201,
    auth: 'required',
    errors: [
      'InvalidArticleTitle',
      'InvalidArticleDescription',
      'InvalidCategory',
      'InvalidArticleContent',
      'InvalidContentMin',
      'InvalidContentMax',
      'InvalidLinkUrl',
    ],
  })
  async create(
    @CurrentUser() user: UserSummary,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = parseInput(CreateArticleBody, body, {
      title: 'InvalidArticleTitle',
      description: 'InvalidArticleDescription',
      category: 'InvalidCategory',
      subCategories: 'InvalidCategory',
      content: 'InvalidArticleContent',
    });
    const { article } = await this.articles.createArticle({
      author: { uid: user.uid, username: user.username, fullname: user.fullname },
      title: input.title,
      description: input.description,
      language: input.language,
      category: input.category,
      subCategories: input.subCategories,
      contentJson: JSON.stringify(input.content),
    });
    reply.type(JSON_TYPE);
    return articleJson(article!);
  }

  @Post('articles/publishing/:id')
  @HttpCode(200)
  @UseGuards(SessionGuard, RequireUser)
  @Doc({
    tag: 'articles',
    summary: "Publish the author's draft",
    response: ArticleJson,
    auth: 'required',
    errors: ['ArticleNotFound', 'Forbidden'],
  })
  async publish(
    @CurrentUser() user: UserSummary,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { article } = await this.articles.publishArticle({ articleId: id, actorUid: user.uid });
    this.cache.delete('home:1');
    reply.type(JSON_TYPE);
    return articleJson(article!);
  }

  @Get('articles/:id')
  @Doc({
    tag: 'articles',
    summary: 'Read an article (drafts only by their author)',
    response: ArticleJson,
    auth: 'optional',
    errors: ['ArticleNotFound'],
  })
  async get(@Param('id') id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.type(JSON_TYPE);
    const key = `article:${id}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    // Who asks matters only for a draft, so the session is resolved after the cache for published articles missed.
    const user = await this.sessions.resolve(request.cookies[SESSION_COOKIE]);
    const { article } = await this.articles.getArticle({ articleId: id, viewerUid: user?.uid ?? '' });
    const body = Buffer.from(articleJson(article!));
    if (article!.status === 'published') this.cache.set(key, body);
    return body;
  }

  @Get('home/articles')
  @Doc({
    tag: 'articles',
    summary: 'The home list: published articles, newest first, 20 a page',
    query: PageQuery,
    response: ArticlePage,
    errors: ['InvalidPage'],
  })
  async home(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const { page } = parseInput(PageQuery, query, { page: 'InvalidPage' });
    reply.type(JSON_TYPE);
    const key = `home:${page}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = await this.articles.listHomeArticles({ page, pageSize: 20 });
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
