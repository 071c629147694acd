import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './publications.routes.js';
import { PublicationsService } from './publications.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class PublicationsController {
  constructor(private readonly publications: PublicationsService) {}

  @Route(routes.createPublicationRoute)
  create(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.createPublicationRoute>) {
    return this.publications.create(user, body);
  }

  @Route(routes.publicationBySlugRoute)
  bySlug(@Input() { query }: RouteInput<typeof routes.publicationBySlugRoute>, @Req() request: FastifyRequest) {
    return this.publications.view({ slug: query.slug }, token(request));
  }

  @Route(routes.getPublicationRoute)
  get(@Input() { params }: RouteInput<typeof routes.getPublicationRoute>, @Req() request: FastifyRequest) {
    return this.publications.view({ id: params.id }, token(request));
  }

  @Route(routes.publicationArticlesRoute)
  articles(@Input() { params, query }: RouteInput<typeof routes.publicationArticlesRoute>) {
    return this.publications.articleList(params.id, query.cursor ?? '');
  }

  @Route(routes.publicationAboutRoute)
  about(@Input() { params }: RouteInput<typeof routes.publicationAboutRoute>) {
    return this.publications.about(params.id);
  }

  @Route(routes.publicationCollectionsRoute)
  collections(@Input() { params, query }: RouteInput<typeof routes.publicationCollectionsRoute>) {
    return this.publications.collections(params.id, query.page);
  }

  @Route(routes.subscribeRoute)
  subscribe(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.subscribeRoute>) {
    return this.publications.subscribe(user, params.id);
  }

  @Route(routes.unsubscribeRoute)
  unsubscribe(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.unsubscribeRoute>) {
    return this.publications.unsubscribe(user, params.id);
  }

  @Route(routes.publicationPlansRoute)
  plans(@Input() { params }: RouteInput<typeof routes.publicationPlansRoute>) {
    return this.publications.plans(params.id);
  }

  @Route(routes.deletePublicationRoute)
  delete(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.deletePublicationRoute>) {
    return this.publications.delete(user, params.id);
  }

  @Route(routes.dashboardRoute)
  dashboard(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.dashboardRoute>) {
    return this.publications.dashboard(user, params.id);
  }

  @Route(routes.analyticsRoute)
  analytics(@CurrentUser() user: UserSummary, @Input() { params, query }: RouteInput<typeof routes.analyticsRoute>) {
    return this.publications.analytics(user, params.id, query.days);
  }

  @Route(routes.studioCommentsRoute)
  comments(
    @CurrentUser() user: UserSummary,
    @Input() { params, query }: RouteInput<typeof routes.studioCommentsRoute>,
  ) {
    return this.publications.studioComments(user, params.id, query.page);
  }

  @Route(routes.membersRoute)
  members(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.membersRoute>) {
    return this.publications.studioMembers(user, params.id);
  }

  @Route(routes.inviteMemberRoute)
  invite(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.inviteMemberRoute>) {
    return this.publications.invite(user, params.id, body.username);
  }

  @Route(routes.removeMemberRoute)
  removeMember(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.removeMemberRoute>) {
    return this.publications.removeMember(user, params.id, params.uid);
  }

  @Route(routes.subscribersRoute)
  subscribers(
    @CurrentUser() user: UserSummary,
    @Input() { params, query }: RouteInput<typeof routes.subscribersRoute>,
  ) {
    return this.publications.subscribers(user, params.id, query.page);
  }

  @Route(routes.studioArticlesRoute)
  studioArticles(
    @CurrentUser() user: UserSummary,
    @Input() { params, query }: RouteInput<typeof routes.studioArticlesRoute>,
  ) {
    return this.publications.studioArticles(user, params.id, query.cursor ?? '');
  }

  @Route(routes.pinArticleRoute)
  pin(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.pinArticleRoute>) {
    return this.publications.pin(user, params.id, params.aid);
  }

  @Route(routes.unpinArticleRoute)
  unpin(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.unpinArticleRoute>) {
    return this.publications.unpin(user, params.id, params.aid);
  }

  @Route(routes.detachArticleRoute)
  detach(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.detachArticleRoute>) {
    return this.publications.detach(user, params.id, params.aid);
  }

  @Route(routes.settingsRoute)
  settings(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.settingsRoute>) {
    return this.publications.update(user, params.id, body);
  }

  /** The body is the file's bytes (the gateway's image body parser). */
  @Route(routes.setLogoRoute)
  setLogo(
    @CurrentUser() user: UserSummary,
    @Input() { params }: RouteInput<typeof routes.setLogoRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.publications.setImage(user, params.id, 'logo', request.body);
  }

  @Route(routes.removeLogoRoute)
  removeLogo(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.removeLogoRoute>) {
    return this.publications.removeImage(user, params.id, 'logo');
  }

  @Route(routes.setCoverRoute)
  setCover(
    @CurrentUser() user: UserSummary,
    @Input() { params }: RouteInput<typeof routes.setCoverRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.publications.setImage(user, params.id, 'cover', request.body);
  }

  @Route(routes.removeCoverRoute)
  removeCover(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.removeCoverRoute>) {
    return this.publications.removeImage(user, params.id, 'cover');
  }

  @Route(routes.slugRoute)
  slug(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.slugRoute>) {
    return this.publications.update(user, params.id, body);
  }

  @Route(routes.studioPlansRoute)
  studioPlans(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.studioPlansRoute>) {
    return this.publications.studioPlans(user, params.id);
  }

  @Route(routes.createPlanRoute)
  createPlan(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.createPlanRoute>) {
    return this.publications.createPlan(user, params.id, body);
  }

  @Route(routes.deletePlanRoute)
  deletePlan(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.deletePlanRoute>) {
    return this.publications.deletePlan(user, params.id, params.planId);
  }

  @Route(routes.myPublicationsRoute)
  mine(@CurrentUser() user: UserSummary) {
    return this.publications.mine(user);
  }

  @Route(routes.acceptInvitationRoute)
  accept(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.acceptInvitationRoute>) {
    return this.publications.respond(user, params.id, true);
  }

  @Route(routes.rejectInvitationRoute)
  reject(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.rejectInvitationRoute>) {
    return this.publications.respond(user, params.id, false);
  }

  @Route(routes.mySubscriptionsRoute)
  mySubscriptions(@CurrentUser() user: UserSummary) {
    return this.publications.mySubscriptions(user);
  }
}
