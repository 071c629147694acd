import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { publicationOf } from '../http/publication-hosts.js';
import { Route, type RouteInput } from '../http/route.js';
import {
  articleReviewRoute,
  clearDraftCoverRoute,
  createArticleDraftRoute,
  createDraftRoute,
  deleteDraftRoute,
  deletePendingArticleRoute,
  draftDetailsRoute,
  draftPublicationRoute,
  editArticleRoute,
  listArticleDraftsRoute,
  listDraftsRoute,
  readDraftRoute,
  readPreviewRoute,
  refreshPreviewRoute,
  reviewArticlesRoute,
  setDraftCoverRoute,
  translateRoute,
  updateDraftRoute,
} from './drafts.routes.js';
import { DraftsService } from './drafts.service.js';

/** Thin handlers: each route hands its checked input and the signed-in user to DraftsService. */
@Controller()
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  @Route(translateRoute)
  translate(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof translateRoute>) {
    return this.drafts.translate(user, query.aid, query.lang);
  }

  @Route(listDraftsRoute)
  list(@CurrentUser() user: UserSummary) {
    return this.drafts.list(user);
  }

  /** On a publication's subdomain the draft starts in that publication when the user may write there. */
  @Route(createDraftRoute)
  create(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof createDraftRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.drafts.create(user, input.body, publicationOf(request)?.id);
  }

  @Route(listArticleDraftsRoute)
  listAsArticles(@CurrentUser() user: UserSummary) {
    return this.drafts.list(user);
  }

  @Route(createArticleDraftRoute)
  createAsArticle(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof createArticleDraftRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.drafts.create(user, input.body, publicationOf(request)?.id);
  }

  @Route(draftPublicationRoute)
  setPublication(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof draftPublicationRoute>) {
    return this.drafts.setPublication(user, input.params.id, input.body.publicationId);
  }

  @Route(readPreviewRoute)
  preview(@Input() input: RouteInput<typeof readPreviewRoute>) {
    return this.drafts.preview(input.params.token);
  }

  @Route(readDraftRoute)
  read(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof readDraftRoute>) {
    return this.drafts.read(user, input.params.id);
  }

  @Route(updateDraftRoute)
  update(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof updateDraftRoute>) {
    return this.drafts.update(user, input.params.id, input.body);
  }

  @Route(deleteDraftRoute)
  remove(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof deleteDraftRoute>) {
    return this.drafts.remove(user, input.params.id);
  }

  @Route(setDraftCoverRoute)
  setCover(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof setDraftCoverRoute>) {
    return this.drafts.setCover(user, input.params.id, input.body.key);
  }

  @Route(clearDraftCoverRoute)
  clearCover(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof clearDraftCoverRoute>) {
    return this.drafts.setCover(user, input.params.id, '');
  }

  @Route(refreshPreviewRoute)
  refreshPreview(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof refreshPreviewRoute>) {
    return this.drafts.refreshPreview(user, input.params.id);
  }

  @Route(draftDetailsRoute)
  details(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof draftDetailsRoute>) {
    return this.drafts.details(user, input.params.id);
  }

  @Route(editArticleRoute)
  editArticle(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof editArticleRoute>) {
    return this.drafts.editArticle(user, input.params.id);
  }

  @Route(deletePendingArticleRoute)
  deletePending(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof deletePendingArticleRoute>) {
    return this.drafts.deletePending(user, input.params.id);
  }

  @Route(reviewArticlesRoute)
  reviewList(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof reviewArticlesRoute>) {
    return this.drafts.reviewList(user, input.query.page);
  }

  @Route(articleReviewRoute)
  timeline(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof articleReviewRoute>) {
    return this.drafts.timeline(user, input.params.id);
  }
}
