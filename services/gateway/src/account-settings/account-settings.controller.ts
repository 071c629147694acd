import { Controller, Headers, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './account-settings.routes.js';
import { AccountSettingsService } from './account-settings.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class AccountSettingsController {
  constructor(private readonly settings: AccountSettingsService) {}

  @Route(routes.requestPhoneRoute)
  requestPhone(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.requestPhoneRoute>) {
    return this.settings.requestPhone(user, body.phone);
  }

  @Route(routes.verifyPhoneRoute)
  verifyPhone(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.verifyPhoneRoute>) {
    return this.settings.verifyPhone(user, body.code);
  }

  @Route(routes.removePhoneRoute)
  removePhone(@CurrentUser() user: UserSummary) {
    return this.settings.removePhone(user);
  }

  @Route(routes.preferencesRoute)
  preferences(@CurrentUser() user: UserSummary) {
    return this.settings.preferences(user);
  }

  @Route(routes.themeRoute)
  theme(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.themeRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.settings.updatePreferences(user, { theme: body.theme }, token(request));
  }

  @Route(routes.languageRoute)
  language(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.languageRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.settings.updatePreferences(user, { lang: body.language }, token(request));
  }

  @Route(routes.languagesRoute)
  languages() {
    return this.settings.languages();
  }

  @Route(routes.countriesRoute)
  countries(@Headers('accept-language') acceptLanguage: string | undefined) {
    return this.settings.countries(acceptLanguage);
  }

  @Route(routes.notificationsRoute)
  notifications(@CurrentUser() user: UserSummary) {
    return this.settings.notifications(user);
  }

  @Route(routes.setNotificationsRoute)
  setNotifications(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.setNotificationsRoute>,
  ) {
    return this.settings.setNotifications(user, body);
  }

  @Route(routes.notificationMailRoute)
  notificationMail(@CurrentUser() user: UserSummary) {
    return this.settings.notificationMail(user);
  }

  @Route(routes.setNotificationMailRoute)
  setNotificationMail(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.setNotificationMailRoute>,
  ) {
    return this.settings.setNotificationMail(user, body);
  }

  @Route(routes.settingsIndexRoute)
  settingsIndex(@CurrentUser() user: UserSummary) {
    return this.settings.settingsIndex(user);
  }

  @Route(routes.accountSummaryRoute)
  accountSummary(@CurrentUser() user: UserSummary) {
    return this.settings.accountSummary(user);
  }
}
