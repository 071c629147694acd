import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input, parseRouteInput } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { parseInput } from '../http/validation.js';
import * as routes from './profile-settings.routes.js';
import { ProfileSettingsService } from './profile-settings.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class ProfileSettingsController {
  constructor(private readonly settings: ProfileSettingsService) {}

  @Route(routes.getProfileRoute)
  profile(@CurrentUser() user: UserSummary) {
    return this.settings.profile(user);
  }

  @Route(routes.patchProfileRoute)
  patch(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.patchProfileRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.settings.update(user, body, token(request));
  }

  @Route(routes.fullnameRoute)
  fullname(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.fullnameRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.settings.update(user, body, token(request));
  }

  @Route(routes.headlineRoute)
  headline(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.headlineRoute>) {
    return this.settings.update(user, body, undefined);
  }

  @Route(routes.bioRoute)
  bio(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.bioRoute>) {
    return this.settings.update(user, body, undefined);
  }

  @Route(routes.birthdateRoute)
  birthdate(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.birthdateRoute>) {
    return this.settings.update(user, body, undefined);
  }

  @Route(routes.countryRoute)
  country(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.countryRoute>) {
    return this.settings.update(user, body, undefined);
  }

  @Route(routes.genderRoute)
  gender(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.genderRoute>) {
    return this.settings.update(user, body, undefined);
  }

  @Route(routes.listLinksRoute)
  links(@CurrentUser() user: UserSummary) {
    return this.settings.links(user);
  }

  @Route(routes.addLinkRoute)
  addLink(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.addLinkRoute>) {
    return this.settings.addLink(user, body.provider, body.url);
  }

  @Route(routes.removeLinkRoute)
  removeLink(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.removeLinkRoute>) {
    return this.settings.removeLink(user, params.id);
  }

  @Route(routes.usernameRoute)
  username(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.usernameRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.settings.changeUsername(user, body.username, token(request));
  }

  @Route(routes.setPictureRoute)
  setPicture(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.settings.setPicture(user, 'avatar', request.body, token(request));
  }

  @Route(routes.removePictureRoute)
  removePicture(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.settings.removePicture(user, 'avatar', token(request));
  }

  @Route(routes.setBannerRoute)
  setBanner(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.settings.setPicture(user, 'banner', request.body, token(request));
  }

  @Route(routes.removeBannerRoute)
  removeBanner(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.settings.removePicture(user, 'banner', token(request));
  }

  @Route(routes.mySettingsRoute)
  mySettings(@CurrentUser() user: UserSummary) {
    return this.settings.profile(user);
  }

  @Route(routes.editProfileRoute)
  edit(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.editProfileRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.settings.update(user, body, token(request));
  }

  /**
   * Not @Input(): the body is parsed with the schema and field codes of v's own route, after v itself (the
   * declared body, any one-field body, is what the document can say).
   */
  @Route(routes.editFieldRoute)
  editField(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    const spec = routes.editFieldRoute;
    const { v } = parseInput(spec.params, request.params, spec.fieldCodes);
    const { body } = parseRouteInput(routes.FIELD_ROUTES[v], request) as RouteInput<routes.FieldRoute>;
    return this.settings.update(user, body, token(request));
  }

  @Route(routes.myPictureRoute)
  myPicture(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.settings.setPicture(user, 'avatar', request.body, token(request));
  }
}
