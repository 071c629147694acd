import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import { AccountService } from './accounts/account.service.js';
import { CardService } from './cards/card.service.js';
import { PayoutService } from './payouts/payout.service.js';
import { PaymentWebhookService } from './supports/payment-webhook.service.js';
import { SupportService } from './supports/support.service.js';

const SERVICE = 'DonationsService';

/** donations.v1.DonationsService: each method hands its request to the service that holds the rules. */
@Controller()
export class DonationsGrpcController {
  constructor(
    private readonly accounts: AccountService,
    private readonly cards: CardService,
    private readonly supports: SupportService,
    private readonly webhooks: PaymentWebhookService,
    private readonly payouts: PayoutService,
  ) {}

  @GrpcMethod(SERVICE, 'getEligibility')
  getEligibility(request: pb.GetEligibilityRequest): Promise<pb.GetEligibilityResponse> {
    return this.accounts.eligibility(request);
  }

  @GrpcMethod(SERVICE, 'createAccount')
  async createAccount(request: pb.CreateAccountRequest): Promise<pb.CreateAccountResponse> {
    return { account: await this.accounts.create(request) };
  }

  @GrpcMethod(SERVICE, 'getAccount')
  async getAccount(request: pb.GetAccountRequest): Promise<pb.GetAccountResponse> {
    return { account: await this.accounts.get(request) };
  }

  @GrpcMethod(SERVICE, 'setAccountActive')
  async setAccountActive(request: pb.SetAccountActiveRequest): Promise<pb.SetAccountActiveResponse> {
    return { account: await this.accounts.setActive(request) };
  }

  @GrpcMethod(SERVICE, 'setThanksMessage')
  async setThanksMessage(request: pb.SetThanksMessageRequest): Promise<pb.SetThanksMessageResponse> {
    return { account: await this.accounts.setThanksMessage(request) };
  }

  @GrpcMethod(SERVICE, 'addCard')
  async addCard(request: pb.AddCardRequest): Promise<pb.AddCardResponse> {
    return { card: await this.cards.add(request) };
  }

  @GrpcMethod(SERVICE, 'listCards')
  async listCards(request: pb.ListCardsRequest): Promise<pb.ListCardsResponse> {
    return { cards: await this.cards.list(request) };
  }

  @GrpcMethod(SERVICE, 'deleteCard')
  async deleteCard(request: pb.DeleteCardRequest): Promise<pb.DeleteCardResponse> {
    await this.cards.delete(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'getRecipient')
  getRecipient(request: pb.GetRecipientRequest): Promise<pb.GetRecipientResponse> {
    return this.supports.recipient(request);
  }

  @GrpcMethod(SERVICE, 'startSupport')
  startSupport(request: pb.StartSupportRequest): Promise<pb.StartSupportResponse> {
    return this.supports.start(request);
  }

  @GrpcMethod(SERVICE, 'handlePaymentWebhook')
  handlePaymentWebhook(request: pb.HandlePaymentWebhookRequest): Promise<pb.HandlePaymentWebhookResponse> {
    return this.webhooks.handle(request);
  }

  @GrpcMethod(SERVICE, 'getSupport')
  getSupport(request: pb.GetSupportRequest): Promise<pb.GetSupportResponse> {
    return this.supports.get(request);
  }

  @GrpcMethod(SERVICE, 'listSupportsReceived')
  listSupportsReceived(request: pb.ListSupportsReceivedRequest): Promise<pb.ListSupportsReceivedResponse> {
    return this.supports.received(request);
  }

  @GrpcMethod(SERVICE, 'listMySupports')
  listMySupports(request: pb.ListMySupportsRequest): Promise<pb.ListMySupportsResponse> {
    return this.supports.sent(request);
  }

  @GrpcMethod(SERVICE, 'listPublicSupporters')
  listPublicSupporters(request: pb.ListPublicSupportersRequest): Promise<pb.ListPublicSupportersResponse> {
    return this.supports.publicSupporters(request);
  }

  @GrpcMethod(SERVICE, 'listActivity')
  listActivity(request: pb.ListActivityRequest): Promise<pb.ListActivityResponse> {
    return this.supports.activity(request);
  }

  @GrpcMethod(SERVICE, 'requestPayout')
  async requestPayout(request: pb.RequestPayoutRequest): Promise<pb.RequestPayoutResponse> {
    return { payout: await this.payouts.request(request) };
  }

  @GrpcMethod(SERVICE, 'listPayouts')
  listPayouts(request: pb.ListPayoutsRequest): Promise<pb.ListPayoutsResponse> {
    return this.payouts.list(request);
  }

  @GrpcMethod(SERVICE, 'listStaffPayouts')
  listStaffPayouts(request: pb.ListStaffPayoutsRequest): Promise<pb.ListStaffPayoutsResponse> {
    return this.payouts.staffList(request);
  }

  @GrpcMethod(SERVICE, 'getStaffPayout')
  getStaffPayout(request: pb.GetStaffPayoutRequest): Promise<pb.GetStaffPayoutResponse> {
    return this.payouts.staffGet(request);
  }

  @GrpcMethod(SERVICE, 'updatePayoutState')
  async updatePayoutState(request: pb.UpdatePayoutStateRequest): Promise<pb.UpdatePayoutStateResponse> {
    return { payout: await this.payouts.updateState(request) };
  }
}
