import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  CreateDraftRequest,
  CreateDraftResponse,
  DeleteDraftRequest,
  DeleteDraftResponse,
  DeletePendingArticleRequest,
  DeletePendingArticleResponse,
  EditArticleRequest,
  EditArticleResponse,
  GetArticleReviewRequest,
  GetArticleReviewResponse,
  GetDraftDetailsRequest,
  GetDraftDetailsResponse,
  GetDraftPreviewRequest,
  GetDraftPreviewResponse,
  GetDraftRequest,
  GetDraftResponse,
  ListDraftsRequest,
  ListDraftsResponse,
  ListReviewArticlesRequest,
  ListReviewArticlesResponse,
  RefreshDraftPreviewRequest,
  RefreshDraftPreviewResponse,
  SetDraftCoverRequest,
  SetDraftCoverResponse,
  SetDraftPublicationRequest,
  SetDraftPublicationResponse,
  UpdateDraftRequest,
  UpdateDraftResponse,
} from '@pencraft/contracts/articles/v1/drafts';
import { ReviewService } from '../review/review.service.js';
import { DraftService } from './draft.service.js';

/** articles.v1.DraftsService: drafts to DraftService, pending deletion and the author's review view to ReviewService. */
@Controller()
export class DraftsGrpcController {
  constructor(
    private readonly drafts: DraftService,
    private readonly review: ReviewService,
  ) {}

  @GrpcMethod('DraftsService', 'listDrafts')
  listDrafts(request: ListDraftsRequest): Promise<ListDraftsResponse> {
    return this.drafts.list(request.actorUid);
  }

  @GrpcMethod('DraftsService', 'createDraft')
  async createDraft(request: CreateDraftRequest): Promise<CreateDraftResponse> {
    return { draft: await this.drafts.create(request.author, request.fields, request.publicationId) };
  }

  @GrpcMethod('DraftsService', 'getDraft')
  async getDraft(request: GetDraftRequest): Promise<GetDraftResponse> {
    return { draft: await this.drafts.get(request.draftId, request.actorUid) };
  }

  @GrpcMethod('DraftsService', 'updateDraft')
  async updateDraft(request: UpdateDraftRequest): Promise<UpdateDraftResponse> {
    return { draft: await this.drafts.update(request.draftId, request.actorUid, request.version, request.fields) };
  }

  @GrpcMethod('DraftsService', 'deleteDraft')
  async deleteDraft(request: DeleteDraftRequest): Promise<DeleteDraftResponse> {
    await this.drafts.remove(request.draftId, request.actorUid);
    return {};
  }

  @GrpcMethod('DraftsService', 'setDraftCover')
  async setDraftCover(request: SetDraftCoverRequest): Promise<SetDraftCoverResponse> {
    return { draft: await this.drafts.setCover(request.draftId, request.actorUid, request.key) };
  }

  @GrpcMethod('DraftsService', 'setDraftPublication')
  async setDraftPublication(request: SetDraftPublicationRequest): Promise<SetDraftPublicationResponse> {
    return { draft: await this.drafts.setPublication(request.draftId, request.actorUid, request.publicationId) };
  }

  @GrpcMethod('DraftsService', 'refreshDraftPreview')
  async refreshDraftPreview(request: RefreshDraftPreviewRequest): Promise<RefreshDraftPreviewResponse> {
    const { token, expiresAt } = await this.drafts.refreshPreview(request.draftId, request.actorUid);
    return { token, expiresAtMs: expiresAt.getTime() };
  }

  @GrpcMethod('DraftsService', 'getDraftPreview')
  async getDraftPreview(request: GetDraftPreviewRequest): Promise<GetDraftPreviewResponse> {
    return { draft: await this.drafts.preview(request.token) };
  }

  @GrpcMethod('DraftsService', 'getDraftDetails')
  getDraftDetails(request: GetDraftDetailsRequest): Promise<GetDraftDetailsResponse> {
    return this.drafts.details(request.draftId, request.actorUid);
  }

  @GrpcMethod('DraftsService', 'editArticle')
  async editArticle(request: EditArticleRequest): Promise<EditArticleResponse> {
    return { draft: await this.drafts.editArticle(request.articleId, request.actor) };
  }

  @GrpcMethod('DraftsService', 'deletePendingArticle')
  async deletePendingArticle(request: DeletePendingArticleRequest): Promise<DeletePendingArticleResponse> {
    await this.review.deletePending(request.articleId, request.actorUid);
    return {};
  }

  @GrpcMethod('DraftsService', 'listReviewArticles')
  listReviewArticles(request: ListReviewArticlesRequest): Promise<ListReviewArticlesResponse> {
    return this.review.listMine(request.actorUid, request.page, request.pageSize);
  }

  @GrpcMethod('DraftsService', 'getArticleReview')
  getArticleReview(request: GetArticleReviewRequest): Promise<GetArticleReviewResponse> {
    return this.review.timeline(request.articleId, request.actorUid);
  }
}
