import { Controller, Headers, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input, parseRouteInput } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { parseInput } from '../http/validation.js';
import * as routes from './profiles.routes.js';
import { ProfilesService } from './profiles.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Route(routes.getProfileRoute)
  profile(@CurrentUser() user: UserSummary) {
    return this.profiles.profile(user);
  }

  @Route(routes.patchProfileRoute)
  patch(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.patchProfileRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.profiles.update(user, body, token(request));
  }

  @Route(routes.fullnameRoute)
  fullname(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.fullnameRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.profiles.update(user, body, token(request));
  }

  @Route(routes.headlineRoute)
  headline(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.headlineRoute>) {
    return this.profiles.update(user, body, undefined);
  }

  @Route(routes.bioRoute)
  bio(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.bioRoute>) {
    return this.profiles.update(user, body, undefined);
  }

  @Route(routes.birthdateRoute)
  birthdate(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.birthdateRoute>) {
    return this.profiles.update(user, body, undefined);
  }

  @Route(routes.countryRoute)
  country(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.countryRoute>) {
    return this.profiles.update(user, body, undefined);
  }

  @Route(routes.genderRoute)
  gender(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.genderRoute>) {
    return this.profiles.update(user, body, undefined);
  }

  @Route(routes.listLinksRoute)
  links(@CurrentUser() user: UserSummary) {
    return this.profiles.links(user);
  }

  @Route(routes.addLinkRoute)
  addLink(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.addLinkRoute>) {
    return this.profiles.addLink(user, body.provider, body.url);
  }

  @Route(routes.removeLinkRoute)
  removeLink(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.removeLinkRoute>) {
    return this.profiles.removeLink(user, params.id);
  }

  @Route(routes.usernameRoute)
  username(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.usernameRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.profiles.changeUsername(user, body.username, token(request));
  }

  @Route(routes.setPictureRoute)
  setPicture(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.setPicture(user, 'avatar', request.body, token(request));
  }

  @Route(routes.removePictureRoute)
  removePicture(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.removePicture(user, 'avatar', token(request));
  }

  @Route(routes.setBannerRoute)
  setBanner(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.setPicture(user, 'banner', request.body, token(request));
  }

  @Route(routes.removeBannerRoute)
  removeBanner(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.removePicture(user, 'banner', token(request));
  }

  @Route(routes.requestPhoneRoute)
  requestPhone(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.requestPhoneRoute>) {
    return this.profiles.requestPhone(user, body.phone);
  }

  @Route(routes.verifyPhoneRoute)
  verifyPhone(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.verifyPhoneRoute>) {
    return this.profiles.verifyPhone(user, body.code);
  }

  @Route(routes.removePhoneRoute)
  removePhone(@CurrentUser() user: UserSummary) {
    return this.profiles.removePhone(user);
  }

  @Route(routes.preferencesRoute)
  preferences(@CurrentUser() user: UserSummary) {
    return this.profiles.preferences(user);
  }

  @Route(routes.themeRoute)
  theme(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.themeRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.profiles.updatePreferences(user, { theme: body.theme }, token(request));
  }

  @Route(routes.languageRoute)
  language(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.languageRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.profiles.updatePreferences(user, { lang: body.language }, token(request));
  }

  @Route(routes.languagesRoute)
  languages() {
    return this.profiles.languages();
  }

  @Route(routes.countriesRoute)
  countries(@Headers('accept-language') acceptLanguage: string | undefined) {
    return this.profiles.countries(acceptLanguage);
  }

  @Route(routes.notificationsRoute)
  notifications(@CurrentUser() user: UserSummary) {
    return this.profiles.notifications(user);
  }

  @Route(routes.setNotificationsRoute)
  setNotifications(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.setNotificationsRoute>,
  ) {
    return this.profiles.setNotifications(user, body);
  }

  @Route(routes.notificationMailRoute)
  notificationMail(@CurrentUser() user: UserSummary) {
    return this.profiles.notificationMail(user);
  }

  @Route(routes.setNotificationMailRoute)
  setNotificationMail(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.setNotificationMailRoute>,
  ) {
    return this.profiles.setNotificationMail(user, body);
  }

  @Route(routes.settingsIndexRoute)
  settingsIndex(@CurrentUser() user: UserSummary) {
    return this.profiles.settingsIndex(user);
  }

  @Route(routes.accountSummaryRoute)
  accountSummary(@CurrentUser() user: UserSummary) {
    return this.profiles.accountSummary(user);
  }

  @Route(routes.followRoute)
  follow(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.followRoute>) {
    return this.profiles.follow(user, params.id);
  }

  @Route(routes.unfollowRoute)
  unfollow(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.unfollowRoute>) {
    return this.profiles.unfollow(user, params.id);
  }

  @Route(routes.followersRoute)
  followers(@Input() { params, query }: RouteInput<typeof routes.followersRoute>) {
    return this.profiles.followers(params.id, query.page);
  }

  @Route(routes.followingRoute)
  following(@Input() { params, query }: RouteInput<typeof routes.followingRoute>) {
    return this.profiles.following(params.id, query.page);
  }

  @Route(routes.myFollowingRoute)
  myFollowing(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.myFollowingRoute>) {
    return this.profiles.following(user.uid, query.page);
  }

  @Route(routes.publicProfileRoute)
  publicProfile(@Input() { params }: RouteInput<typeof routes.publicProfileRoute>, @Req() request: FastifyRequest) {
    return this.profiles.publicProfile(params.username, token(request));
  }

  @Route(routes.profileArticlesRoute)
  profileArticles(@Input() { params, query }: RouteInput<typeof routes.profileArticlesRoute>) {
    return this.profiles.profileArticles(params.username, query.page);
  }

  @Route(routes.myProfileRoute)
  myProfile(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.myPublicProfile(user, token(request));
  }

  @Route(routes.myArticlesRoute)
  myArticles(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.myArticlesRoute>) {
    return this.profiles.myArticles(user, query.page);
  }

  @Route(routes.profileStatsRoute)
  profileStats(@Input() { params }: RouteInput<typeof routes.profileStatsRoute>) {
    return this.profiles.profileStats(params.username);
  }

  @Route(routes.mySettingsRoute)
  mySettings(@CurrentUser() user: UserSummary) {
    return this.profiles.profile(user);
  }

  @Route(routes.editProfileRoute)
  edit(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.editProfileRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.profiles.update(user, body, token(request));
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
    return this.profiles.update(user, body, token(request));
  }

  @Route(routes.myPictureRoute)
  myPicture(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.setPicture(user, 'avatar', request.body, token(request));
  }
}
