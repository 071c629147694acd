import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { PublicationArticleService } from '../articles/publication-article.service.js';
import { PublicationImageService } from '../images/publication-image.service.js';
import { MemberService } from '../members/member.service.js';
import { IncomeService } from '../payments/income.service.js';
import { PaymentService } from '../payments/payment.service.js';
import { SubscriptionService } from '../subscriptions/subscription.service.js';
import { PublicationService } from './publication.service.js';

const SERVICE = 'PublicationsService';

/** publications.v1.PublicationsService: each method hands its request to the service that holds the rules. */
@Controller()
export class PublicationsGrpcController {
  constructor(
    private readonly publications: PublicationService,
    private readonly members: MemberService,
    private readonly subscriptions: SubscriptionService,
    private readonly articles: PublicationArticleService,
    private readonly images: PublicationImageService,
    private readonly payments: PaymentService,
    private readonly income: IncomeService,
  ) {}

  @GrpcMethod(SERVICE, 'createPublication')
  async createPublication(request: pb.CreatePublicationRequest): Promise<pb.CreatePublicationResponse> {
    return { publication: await this.publications.create(request) };
  }

  @GrpcMethod(SERVICE, 'getPublication')
  getPublication(request: pb.GetPublicationRequest): Promise<pb.GetPublicationResponse> {
    return this.publications.get(request);
  }

  @GrpcMethod(SERVICE, 'getMyPublication')
  getMyPublication(request: pb.GetMyPublicationRequest): Promise<pb.GetMyPublicationResponse> {
    return this.publications.mine(request);
  }

  @GrpcMethod(SERVICE, 'updatePublication')
  async updatePublication(request: pb.UpdatePublicationRequest): Promise<pb.UpdatePublicationResponse> {
    return { publication: await this.publications.update(request) };
  }

  @GrpcMethod(SERVICE, 'setPublicationImage')
  setPublicationImage(request: pb.SetPublicationImageRequest): Promise<pb.SetPublicationImageResponse> {
    return this.images.clear(request);
  }

  @GrpcMethod(SERVICE, 'uploadPublicationImage')
  uploadPublicationImage(request: pb.UploadPublicationImageRequest): Promise<pb.UploadPublicationImageResponse> {
    return this.images.upload(request);
  }

  @GrpcMethod(SERVICE, 'removePublicationImage')
  async removePublicationImage(request: pb.RemovePublicationImageRequest): Promise<pb.RemovePublicationImageResponse> {
    await this.images.remove(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'deletePublication')
  deletePublication(request: pb.DeletePublicationRequest): Promise<pb.DeletePublicationResponse> {
    return this.publications.delete(request);
  }

  @GrpcMethod(SERVICE, 'inviteMember')
  async inviteMember(request: pb.InviteMemberRequest): Promise<pb.InviteMemberResponse> {
    await this.members.invite(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'listInvitations')
  listInvitations(request: pb.ListInvitationsRequest): Promise<pb.ListInvitationsResponse> {
    return this.members.invitations(request);
  }

  @GrpcMethod(SERVICE, 'respondInvitation')
  async respondInvitation(request: pb.RespondInvitationRequest): Promise<pb.RespondInvitationResponse> {
    await this.members.respond(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'listMembers')
  listMembers(request: pb.ListMembersRequest): Promise<pb.ListMembersResponse> {
    return this.members.list(request);
  }

  @GrpcMethod(SERVICE, 'removeMember')
  async removeMember(request: pb.RemoveMemberRequest): Promise<pb.RemoveMemberResponse> {
    await this.members.remove(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'getRole')
  getRole(request: pb.GetRoleRequest): Promise<pb.GetRoleResponse> {
    return this.publications.role(request);
  }

  @GrpcMethod(SERVICE, 'subscribe')
  async subscribe(request: pb.SubscribeRequest): Promise<pb.SubscribeResponse> {
    return { subscription: await this.subscriptions.subscribe(request) };
  }

  @GrpcMethod(SERVICE, 'unsubscribe')
  async unsubscribe(request: pb.UnsubscribeRequest): Promise<pb.UnsubscribeResponse> {
    // Cancelled in the database first; then the provider is told (a failure is retried later, never lost).
    await this.payments.stopRenewals(await this.subscriptions.unsubscribe(request));
    return {};
  }

  @GrpcMethod(SERVICE, 'listSubscribers')
  listSubscribers(request: pb.ListSubscribersRequest): Promise<pb.ListSubscribersResponse> {
    return this.subscriptions.subscribers(request);
  }

  @GrpcMethod(SERVICE, 'listMySubscriptions')
  listMySubscriptions(request: pb.ListMySubscriptionsRequest): Promise<pb.ListMySubscriptionsResponse> {
    return this.subscriptions.mine(request);
  }

  @GrpcMethod(SERVICE, 'createPlan')
  async createPlan(request: pb.CreatePlanRequest): Promise<pb.CreatePlanResponse> {
    return { plan: await this.subscriptions.createPlan(request) };
  }

  @GrpcMethod(SERVICE, 'listPlans')
  listPlans(request: pb.ListPlansRequest): Promise<pb.ListPlansResponse> {
    return this.subscriptions.listPlans(request);
  }

  @GrpcMethod(SERVICE, 'deletePlan')
  async deletePlan(request: pb.DeletePlanRequest): Promise<pb.DeletePlanResponse> {
    // The plan goes in the database first; then the provider is told (a failure is retried later, never lost).
    await this.payments.stopRenewals(await this.subscriptions.deletePlan(request));
    return {};
  }

  @GrpcMethod(SERVICE, 'pinArticle')
  async pinArticle(request: pb.PinArticleRequest): Promise<pb.PinArticleResponse> {
    await this.articles.pin(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'unpinArticle')
  async unpinArticle(request: pb.UnpinArticleRequest): Promise<pb.UnpinArticleResponse> {
    await this.articles.unpin(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'detachArticle')
  async detachArticle(request: pb.DetachArticleRequest): Promise<pb.DetachArticleResponse> {
    await this.articles.detach(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'listPinnedArticles')
  listPinnedArticles(request: pb.ListPinnedArticlesRequest): Promise<pb.ListPinnedArticlesResponse> {
    return this.articles.pinned(request);
  }

  @GrpcMethod(SERVICE, 'connectMerchant')
  connectMerchant(request: pb.ConnectMerchantRequest): Promise<pb.ConnectMerchantResponse> {
    return this.payments.connectMerchant(request);
  }

  @GrpcMethod(SERVICE, 'startCheckout')
  startCheckout(request: pb.StartCheckoutRequest): Promise<pb.StartCheckoutResponse> {
    return this.payments.startCheckout(request);
  }

  @GrpcMethod(SERVICE, 'handlePaymentWebhook')
  handlePaymentWebhook(request: pb.HandlePaymentWebhookRequest): Promise<pb.HandlePaymentWebhookResponse> {
    return this.payments.handleWebhook(request);
  }

  @GrpcMethod(SERVICE, 'listIncome')
  listIncome(request: pb.ListIncomeRequest): Promise<pb.ListIncomeResponse> {
    return this.income.list(request);
  }

  @GrpcMethod(SERVICE, 'canReadInFull')
  canReadInFull(request: pb.CanReadInFullRequest): Promise<pb.CanReadInFullResponse> {
    return this.subscriptions.canReadInFull(request);
  }

  @GrpcMethod(SERVICE, 'getMerchantAccount')
  getMerchantAccount(request: pb.GetMerchantAccountRequest): Promise<pb.GetMerchantAccountResponse> {
    return this.publications.merchantAccount(request);
  }
}
