import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentStaff, type StaffIdentity } from '../staff/current-staff.js';
import * as routes from './donations.routes.js';
import { DonationsService } from './donations.service.js';

/** The webhook's signature header (the body's exact bytes are what it signs). */
const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

@Controller()
export class DonationsController {
  constructor(private readonly donations: DonationsService) {}

  @Route(routes.eligibilityRoute)
  eligibility(@CurrentUser() user: UserSummary) {
    return this.donations.eligibility(user);
  }

  @Route(routes.getAccountRoute)
  account(@CurrentUser() user: UserSummary) {
    return this.donations.account(user);
  }

  @Route(routes.createAccountRoute)
  createAccount(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.createAccountRoute>) {
    return this.donations.createAccount(user, body.thanksMessage);
  }

  @Route(routes.thanksRoute)
  thanks(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.thanksRoute>) {
    return this.donations.setThanks(user, body.message);
  }

  @Route(routes.stateRoute)
  state(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.stateRoute>) {
    return this.donations.setActive(user, body.active);
  }

  @Route(routes.listCardsRoute)
  cards(@CurrentUser() user: UserSummary) {
    return this.donations.cards(user);
  }

  @Route(routes.addCardRoute)
  addCard(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.addCardRoute>) {
    return this.donations.addCard(user, body);
  }

  @Route(routes.deleteCardRoute)
  deleteCard(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.deleteCardRoute>) {
    return this.donations.deleteCard(user, params.id);
  }

  @Route(routes.requestPayoutRoute)
  payout(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.requestPayoutRoute>) {
    return this.donations.requestPayout(user, body.cardId, body.amountQepik);
  }

  @Route(routes.activePayoutRoute)
  activePayout(@CurrentUser() user: UserSummary) {
    return this.donations.activePayout(user);
  }

  @Route(routes.receivedRoute)
  received(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.receivedRoute>) {
    return this.donations.received(user, query);
  }

  @Route(routes.receivedCsvRoute)
  receivedCsv(@CurrentUser() user: UserSummary) {
    return this.donations.receivedCsv(user);
  }

  @Route(routes.mySupportsRoute)
  mine(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.mySupportsRoute>) {
    return this.donations.mySupports(user, query);
  }

  @Route(routes.mySupportsCsvRoute)
  mineCsv(@CurrentUser() user: UserSummary) {
    return this.donations.mySupportsCsv(user);
  }

  @Route(routes.payoutsRoute)
  payouts(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.payoutsRoute>) {
    return this.donations.payouts(user, query);
  }

  @Route(routes.payoutsCsvRoute)
  payoutsCsv(@CurrentUser() user: UserSummary) {
    return this.donations.payoutsCsv(user);
  }

  @Route(routes.activityRoute)
  activity(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.activityRoute>) {
    return this.donations.activity(user, query);
  }

  @Route(routes.recipientRoute)
  recipient(@Input() { params }: RouteInput<typeof routes.recipientRoute>) {
    return this.donations.recipient(params.username);
  }

  @Route(routes.initiateRoute)
  initiate(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.initiateRoute>) {
    return this.donations.initiate(user, body);
  }

  @Route(routes.supportRoute)
  support(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.supportRoute>) {
    return this.donations.support(user, params.id);
  }

  /** The body's exact bytes (json-body.ts keeps them for signature routes only) and the signature over them. */
  @Route(routes.donationsWebhookRoute)
  stripe(@Req() request: FastifyRequest) {
    return this.donations.webhook(request.body, request.headers[STRIPE_SIGNATURE_HEADER]);
  }

  @Route(routes.profileSupportersRoute)
  supporters(@Input() { params, query }: RouteInput<typeof routes.profileSupportersRoute>) {
    return this.donations.profileSupporters(params.username, query);
  }

  @Route(routes.staffPayoutsRoute)
  staffPayouts(@CurrentStaff() staff: StaffIdentity, @Input() { query }: RouteInput<typeof routes.staffPayoutsRoute>) {
    return this.donations.staffPayouts(staff, query);
  }

  @Route(routes.staffPayoutRoute)
  staffPayout(@CurrentStaff() staff: StaffIdentity, @Input() { params }: RouteInput<typeof routes.staffPayoutRoute>) {
    return this.donations.staffPayout(staff, params.id);
  }

  @Route(routes.staffPayoutStateRoute)
  staffPayoutState(
    @CurrentStaff() staff: StaffIdentity,
    @Input() { params, body }: RouteInput<typeof routes.staffPayoutStateRoute>,
  ) {
    return this.donations.staffUpdate(staff, params.id, body);
  }
}
