import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import type { DraftFields } from '@pencraft/contracts/articles/v1/drafts';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { PAGE_SIZE, type Lang, type ReviewStatus } from '@pencraft/rules';
import type { z } from 'zod';
import { draftCollaborationJson } from '../collaboration/collaboration.dto.js';
import { COLLABORATION, type CollaborationClient } from '../collaboration/collaboration.upstream.js';
import { draftJson, type DraftBody } from './draft.dto.js';
import { DRAFTS, type DraftsClient } from './drafts.upstream.js';
import { audiences, languages } from '@pencraft/contracts/enums';
import { articleStatuses } from '@pencraft/contracts/enums/articles';
import { type ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

const iso = (ms: number) => new Date(ms).toISOString();

/** The status of a submitted article: any but draft (the articles service never answers a draft there). */
function reviewStatus(status: ArticleStatus): ReviewStatus {
  const name = articleStatuses.require(status, 'status');
  if (name === 'draft') throw new AppError('InvalidModel', { details: [{ field: 'status', code: 'InvalidModel' }] });
  return name;
}

function fieldsOf(body: z.output<typeof DraftBody>): DraftFields {
  return {
    title: body.title,
    description: body.description,
    language: languages.toProto(body.language),
    category: body.category,
    subCategories: body.subCategories,
    contentJson: body.content ? JSON.stringify(body.content) : '',
    target: body.target,
    audience: audiences.toProto(body.audience),
  };
}

const author = (user: UserSummary) => ({
  uid: user.uid,
  username: user.username,
  fullname: user.fullname,
  imageUrl: user.imageUrl,
});

/** Drafts, preview links, edits of published articles, pending deletion and the review view, over DraftsService. */
@Injectable()
export class DraftsService {
  constructor(
    @Inject(DRAFTS) private readonly drafts: DraftsClient,
    @Inject(COLLABORATION) private readonly collaboration: CollaborationClient,
  ) {}

  /** A new draft translation of a published article (CollaborationService), answered as a draft of the translator's. */
  async translate(user: UserSummary, articleId: string, language: Lang) {
    const { draftId } = await this.collaboration.translateArticle({
      actor: author(user),
      articleId,
      language: languages.toProto(language),
    });
    const { draft } = await this.drafts.getDraft({ draftId, actorUid: user.uid });
    return draftJson(draft!);
  }

  async list(user: UserSummary) {
    const result = await this.drafts.listDrafts({ actorUid: user.uid });
    return {
      items: result.drafts.map((draft) => draftJson(draft, { list: true })),
      count: result.count,
      max: result.max,
      translationCount: result.translationCount,
      translationMax: result.translationMax,
    };
  }

  /**
   * A new draft; `publicationId` (the publication whose subdomain it was asked on) is where it starts when the user is
   * its owner or a member, as PUT .../publication would put it (articles asks publications; anyone else's stays
   * personal, without an error).
   */
  async create(user: UserSummary, body: z.output<typeof DraftBody>, publicationId?: string) {
    const { draft } = await this.drafts.createDraft({
      author: author(user),
      fields: fieldsOf(body),
      ...(publicationId ? { publicationId } : {}),
    });
    return draftJson(draft!);
  }

  async read(user: UserSummary, id: string) {
    const { draft } = await this.drafts.getDraft({ draftId: id, actorUid: user.uid });
    return draftJson(draft!);
  }

  async update(user: UserSummary, id: string, body: z.output<typeof DraftBody> & { version: number }) {
    const { draft } = await this.drafts.updateDraft({
      draftId: id,
      actorUid: user.uid,
      version: body.version,
      fields: fieldsOf(body),
    });
    return draftJson(draft!);
  }

  async remove(user: UserSummary, id: string) {
    await this.drafts.deleteDraft({ draftId: id, actorUid: user.uid });
  }

  /** The articles service decides (it asks publications whether the caller may write there). */
  async setPublication(user: UserSummary, id: string, publicationId: string | null) {
    const { draft } = await this.drafts.setDraftPublication({
      draftId: id,
      actorUid: user.uid,
      publicationId: publicationId ?? '',
    });
    return draftJson(draft!);
  }

  async setCover(user: UserSummary, id: string, key: string) {
    const { draft } = await this.drafts.setDraftCover({ draftId: id, actorUid: user.uid, key });
    return draftJson(draft!);
  }

  async refreshPreview(user: UserSummary, id: string) {
    const { token, expiresAtMs } = await this.drafts.refreshDraftPreview({ draftId: id, actorUid: user.uid });
    return { token, url: `/preview/${token}`, expiresAt: new Date(expiresAtMs).toISOString() };
  }

  async preview(token: string) {
    const { draft } = await this.drafts.getDraftPreview({ token });
    return draftJson(draft!);
  }

  /** The draft with its translation source, and its co-authors, invitations and translation group (collaboration). */
  async details(user: UserSummary, id: string) {
    const [{ draft, translationSource }, collaboration] = await Promise.all([
      this.drafts.getDraftDetails({ draftId: id, actorUid: user.uid }),
      this.collaboration.getDraftCollaboration({ draftId: id, viewerUid: user.uid }),
    ]);
    const { coAuthors, invitations, translations } = draftCollaborationJson(collaboration);
    return {
      draft: draftJson(draft!),
      translationSource: translationSource
        ? { ...translationSource, language: languages.require(translationSource.language, 'language') }
        : null,
      coAuthors,
      invitations,
      translations,
    };
  }

  async editArticle(user: UserSummary, articleId: string) {
    const { draft } = await this.drafts.editArticle({ articleId, actor: author(user) });
    return draftJson(draft!);
  }

  async deletePending(user: UserSummary, articleId: string) {
    // A pending article was never in the public cache (only published ones are).
    await this.drafts.deletePendingArticle({ articleId, actorUid: user.uid });
  }

  async reviewList(user: UserSummary, page: number) {
    const result = await this.drafts.listReviewArticles({ actorUid: user.uid, page, pageSize: PAGE_SIZE });
    return {
      items: result.items.map((item) => ({
        id: item.id,
        title: item.title,
        language: languages.require(item.language, 'language'),
        status: reviewStatus(item.status),
        reviewNote: item.reviewNote,
        createdAt: iso(item.createdAtMs),
        updatedAt: iso(item.updatedAtMs),
        translationOf: item.translationOf || null,
        deletable: item.deletable,
        editable: item.editable,
      })),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
    };
  }

  async timeline(user: UserSummary, articleId: string) {
    const result = await this.drafts.getArticleReview({ articleId, actorUid: user.uid });
    return {
      articleId: result.articleId,
      status: articleStatuses.require(result.status, 'status'),
      reviewNote: result.reviewNote,
      events: result.events.map((event) => ({
        status: reviewStatus(event.status),
        at: iso(event.atMs),
        note: event.note,
      })),
    };
  }
}
