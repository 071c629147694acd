import { Controller, Headers } from '@nestjs/common';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentPartner, type PartnerPrincipal } from '../partner/partner.principal.js';
import {
  v1ArticleCommentsRoute,
  v1AuthorArticlesRoute,
  v1CategoriesRoute,
  v1CreateDraftRoute,
  v1GetArticleRoute,
  v1GetAuthorRoute,
  v1GetDraftRoute,
  v1GetPublicationRoute,
  v1ListArticlesRoute,
  v1ListDraftsRoute,
  v1PublishDraftRoute,
  v1SearchRoute,
  v1UpdateDraftRoute,
} from './v1.routes.js';
import { V1Service } from './v1.service.js';

/**
 * The partner surface v1 (/api/v1): thin handlers. The partner guard (auth 'partner') has verified the bearer
 * credential and its scopes before any of them runs; @CurrentPartner() is who calls.
 */
@Controller()
export class V1Controller {
  constructor(private readonly v1: V1Service) {}

  @Route(v1ListArticlesRoute)
  listArticles(@CurrentPartner() _partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1ListArticlesRoute>) {
    return this.v1.listArticles(input);
  }

  @Route(v1GetArticleRoute)
  article(@CurrentPartner() partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1GetArticleRoute>) {
    return this.v1.article(partner, input.params.id);
  }

  @Route(v1ArticleCommentsRoute)
  comments(@CurrentPartner() _partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1ArticleCommentsRoute>) {
    return this.v1.articleComments(input.params.id, input);
  }

  @Route(v1GetAuthorRoute)
  author(@CurrentPartner() _partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1GetAuthorRoute>) {
    return this.v1.author(input.params.username);
  }

  @Route(v1AuthorArticlesRoute)
  authorArticles(
    @CurrentPartner() _partner: PartnerPrincipal,
    @Input() input: RouteInput<typeof v1AuthorArticlesRoute>,
  ) {
    return this.v1.authorArticles(input.params.username, input);
  }

  @Route(v1GetPublicationRoute)
  publication(@CurrentPartner() _partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1GetPublicationRoute>) {
    return this.v1.publication(input.params.slug);
  }

  @Route(v1CategoriesRoute)
  categories(@CurrentPartner() _partner: PartnerPrincipal, @Headers('accept-language') acceptLanguage?: string) {
    return this.v1.categories(acceptLanguage);
  }

  @Route(v1SearchRoute)
  search(@CurrentPartner() _partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1SearchRoute>) {
    return this.v1.searchText(input);
  }

  @Route(v1ListDraftsRoute)
  listDrafts(@CurrentPartner() partner: PartnerPrincipal) {
    return this.v1.listDrafts(partner);
  }

  @Route(v1CreateDraftRoute)
  createDraft(@CurrentPartner() partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1CreateDraftRoute>) {
    return this.v1.createDraft(partner, input.body);
  }

  @Route(v1GetDraftRoute)
  draft(@CurrentPartner() partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1GetDraftRoute>) {
    return this.v1.draft(partner, input.params.id);
  }

  @Route(v1UpdateDraftRoute)
  updateDraft(@CurrentPartner() partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1UpdateDraftRoute>) {
    return this.v1.updateDraft(partner, input.params.id, input.body);
  }

  @Route(v1PublishDraftRoute)
  publish(@CurrentPartner() partner: PartnerPrincipal, @Input() input: RouteInput<typeof v1PublishDraftRoute>) {
    return this.v1.publish(partner, input.params.id);
  }
}
