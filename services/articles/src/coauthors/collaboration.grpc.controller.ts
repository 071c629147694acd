import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  DecideInvitationRequest,
  DecideInvitationResponse,
  FindArticleTranslationRequest,
  FindArticleTranslationResponse,
  GetDraftCollaborationRequest,
  GetDraftCollaborationResponse,
  InviteCoAuthorRequest,
  InviteCoAuthorResponse,
  ListInvitationsRequest,
  ListInvitationsResponse,
  TranslateArticleRequest,
  TranslateArticleResponse,
} from '@pencraft/contracts/articles/v1/collaboration';
import { TranslationService } from '../translations/translation.service.js';
import { CoAuthorService } from './coauthor.service.js';
import { languages } from '@pencraft/contracts/enums';

/** articles.v1.CollaborationService: each method hands its request to the translations or co-authors service. */
@Controller()
export class CollaborationGrpcController {
  constructor(
    private readonly translations: TranslationService,
    private readonly coAuthors: CoAuthorService,
  ) {}

  @GrpcMethod('CollaborationService', 'translateArticle')
  async translateArticle(request: TranslateArticleRequest): Promise<TranslateArticleResponse> {
    return {
      draftId: await this.translations.translate(
        request.actor,
        request.articleId,
        languages.fromProto(request.language) ?? '',
      ),
    };
  }

  @GrpcMethod('CollaborationService', 'findArticleTranslation')
  async findArticleTranslation(request: FindArticleTranslationRequest): Promise<FindArticleTranslationResponse> {
    return {
      articleId: await this.translations.find(
        request.articleId,
        languages.fromProto(request.language) ?? '',
        request.viewerUid,
      ),
    };
  }

  @GrpcMethod('CollaborationService', 'inviteCoAuthor')
  async inviteCoAuthor(request: InviteCoAuthorRequest): Promise<InviteCoAuthorResponse> {
    return { invitation: await this.coAuthors.invite(request.draftId, request.inviter, request.invitee) };
  }

  @GrpcMethod('CollaborationService', 'listInvitations')
  async listInvitations(request: ListInvitationsRequest): Promise<ListInvitationsResponse> {
    return { invitations: await this.coAuthors.listInvitations(request.inviteeUid) };
  }

  @GrpcMethod('CollaborationService', 'decideInvitation')
  async decideInvitation(request: DecideInvitationRequest): Promise<DecideInvitationResponse> {
    return { invitation: await this.coAuthors.decide(request.invitationId, request.invitee, request.accept) };
  }

  @GrpcMethod('CollaborationService', 'getDraftCollaboration')
  getDraftCollaboration(request: GetDraftCollaborationRequest): Promise<GetDraftCollaborationResponse> {
    return this.coAuthors.draftCollaboration(request.draftId, request.viewerUid);
  }
}
