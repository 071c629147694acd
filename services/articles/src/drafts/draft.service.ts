import { Injectable } from '@nestjs/common';
import type { Author } from '@pencraft/contracts/articles/v1/articles';
import type {
  Draft,
  DraftFields,
  GetDraftDetailsResponse,
  ListDraftsResponse,
} from '@pencraft/contracts/articles/v1/drafts';
import { AppError } from '@pencraft/errors';
import { Clock, type Queryable, TransactionManager } from '@pencraft/kit';
import {
  ARTICLE_EDITS_MAX,
  DRAFTS_MAX,
  DRAFT_TRANSLATIONS_MAX,
  draftCapProblem,
  previewLinkExpiresAt,
} from '@pencraft/rules';
import { createHash, randomBytes } from 'node:crypto';
import { ArticleRepository } from '../articles/article.repository.js';
import { AuthorRepository } from '../authors/author.repository.js';
import { MediaRepository } from '../media/media.repository.js';
import { PublicationDirectory, requireMember, startingPublication } from '../publications/publication-directory.js';
import { CoAuthorAccess } from './co-author-access.js';
import { toDraft, type DraftRole } from './draft.json.js';
import { DraftRepository, type DraftChanges } from './draft.repository.js';
import { checkAudience, checkDraft, isOwnImageKey } from './draft.rules.js';
import { Entitlement } from '../articles/entitlement.js';
import { teaserOf } from '../content/paid-teaser.js';
import type { DraftRow } from './draft.table.js';
import { audiences, languages } from '@pencraft/contracts/enums';

const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** What the table keeps of a preview token: its SHA-256 (a random 32-character token needs no slow hash). */
export function previewTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function notFound(): never {
  throw new AppError('DraftNotFound');
}

function changesOf(fields: DraftFields | undefined): DraftChanges {
  const checked = checkDraft({
    title: fields?.title ?? '',
    description: fields?.description ?? '',
    language: fields?.language ? languages.require(fields.language, 'language') : '',
    category: fields?.category ?? '',
    subCategories: fields?.subCategories ?? [],
    contentJson: fields?.contentJson ?? '',
    target: fields?.target ?? '',
    audience: fields?.audience ? audiences.require(fields.audience, 'audience') : '',
  });
  return {
    title: checked.title,
    description: checked.description,
    language: checked.language,
    category: checked.category,
    subCategories: checked.subCategories,
    content: checked.content?.content ?? null,
    target: checked.target,
    audience: checked.audience,
  };
}

/**
 * Drafts on the server. A draft is read and saved by its owner and by accepted co-authors; only the owner deletes it,
 * sets its preview link or sees the link's token. Anyone else learns nothing: DraftNotFound, as for an unknown id.
 */
@Injectable()
export class DraftService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly drafts: DraftRepository,
    private readonly articles: ArticleRepository,
    private readonly authors: AuthorRepository,
    private readonly coAuthors: CoAuthorAccess,
    private readonly media: MediaRepository,
    private readonly publications: PublicationDirectory,
    private readonly clock: Clock,
    private readonly entitlement: Entitlement,
  ) {}

  /**
   * The publication a draft's paid audience is sold by: its own, or for a draft translation its original's (the
   * translator need not be a member); null for the personal blog.
   */
  private async sellerOf(draft: Pick<DraftRow, 'publicationId' | 'translationOf'>, tx?: Queryable) {
    if (draft.publicationId || !draft.translationOf) return draft.publicationId ?? null;
    return (await this.articles.findWithAuthor(draft.translationOf, tx))?.article.publicationId ?? null;
  }

  private async roleOf(draft: DraftRow, actorUid: string, tx?: Queryable): Promise<DraftRole | undefined> {
    if (!actorUid) return undefined;
    if (draft.ownerId === actorUid) return 'owner';
    return (await this.coAuthors.isAcceptedOnDraft(draft.id, actorUid, tx)) ? 'coAuthor' : undefined;
  }

  async list(actorUid: string): Promise<ListDraftsResponse> {
    if (!actorUid) throw new AppError('Unauthorized');
    const coAuthored = await this.coAuthors.draftIdsCoAuthoredBy(actorUid);
    const rows = await this.drafts.listFor(actorUid, coAuthored);
    const own = rows.filter((row) => row.draft.ownerId === actorUid);
    return {
      drafts: rows.map(({ draft, owner }) =>
        toDraft(draft, owner, draft.ownerId === actorUid ? 'owner' : 'coAuthor', { withContent: false }),
      ),
      count: own.filter((row) => !row.draft.translationOf).length,
      max: DRAFTS_MAX,
      translationCount: own.filter((row) => row.draft.translationOf).length,
      translationMax: DRAFT_TRANSLATIONS_MAX,
    };
  }

  /**
   * A new draft, personal; or, written on a publication's subdomain (`publicationId`), in that publication when the
   * author is its owner or a member, as SetDraftPublication would put it there (anyone else's stays personal, without
   * an error: startingPublication).
   */
  async create(author: Author | undefined, fields: DraftFields | undefined, publicationId?: string): Promise<Draft> {
    if (!author?.uid) throw new AppError('Unauthorized');
    const changes = changesOf(fields);
    const publication = await startingPublication(this.publications, publicationId, author.uid);
    // Paid readers need a publication: this one, or later (PUT .../publication, then save).
    checkAudience(publication, changes.audience ?? 'free');
    return this.transactions.run(async (tx) => {
      await this.authors.upsert(tx, author);
      await this.checkCap(tx, author.uid);
      const row = await this.drafts.insert(tx, { ownerId: author.uid, ...changes, publicationId: publication });
      return toDraft(row, author, 'owner');
    });
  }

  /** DRAFTS_MAX per owner: delete one to create a new one. Serialized per owner, so two tabs cannot both pass. */
  private async checkCap(tx: Queryable, ownerUid: string) {
    await this.drafts.lockOwner(tx, ownerUid);
    const { drafts } = await this.drafts.countByOwner(tx, ownerUid);
    if (draftCapProblem('draft', drafts)) throw new AppError('MaxDraftsCountReached');
  }

  async get(id: string, actorUid: string): Promise<Draft> {
    const found = await this.drafts.find(id);
    if (!found) notFound();
    const role = await this.roleOf(found.draft, actorUid);
    if (!role) notFound();
    return toDraft(found.draft, found.owner, role);
  }

  /** Saves the whole draft if `version` is still current; otherwise DraftConflict with the current version. */
  async update(id: string, actorUid: string, version: number, fields: DraftFields | undefined): Promise<Draft> {
    const changes = changesOf(fields);
    return this.transactions.run(async (tx) => {
      const current = await this.drafts.lockForUpdate(tx, id);
      if (!current) notFound();
      const role = await this.roleOf(current, actorUid, tx);
      if (!role) notFound();
      if (changes.audience === 'paid') checkAudience(await this.sellerOf(current, tx), 'paid');
      // A draft translation keeps its language (one translation per language of a group).
      const kept = current.translationOf ? { ...changes, language: current.language } : changes;
      const saved = await this.drafts.saveIfVersion(tx, id, version, kept, this.clock.now());
      if (!saved) {
        throw new AppError('DraftConflict', {
          details: [{ field: 'version', code: 'DraftConflict' }],
          params: { version: current.version, updatedAt: current.updatedAt.toISOString() },
        });
      }
      const found = await this.drafts.find(id, tx);
      return toDraft(saved, found?.owner ?? null, role);
    });
  }

  async remove(id: string, actorUid: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const current = await this.drafts.lockForUpdate(tx, id);
      if (!current || current.ownerId !== actorUid) notFound();
      await this.coAuthors.draftDeleted(tx, id);
      await this.drafts.delete(tx, id);
    });
  }

  /** The cover: an editor image the owner uploaded (articles/<uid>/...), or none. */
  async setCover(id: string, actorUid: string, key: string): Promise<Draft> {
    return this.transactions.run(async (tx) => {
      const current = await this.drafts.lockForUpdate(tx, id);
      if (!current) notFound();
      const role = await this.roleOf(current, actorUid, tx);
      if (!role) notFound();
      if (key) {
        // An image the actor (or the draft's owner) uploaded through the editor, as the media table records it.
        const image =
          isOwnImageKey(key, actorUid) || isOwnImageKey(key, current.ownerId)
            ? await this.media.findByKey(key, tx)
            : undefined;
        if (!image || (image.ownerUid !== actorUid && image.ownerUid !== current.ownerId)) {
          throw new AppError('InvalidCoverFormat', { details: [{ field: 'key', code: 'InvalidCoverFormat' }] });
        }
      }
      const saved = await this.drafts.setCover(tx, id, key || null, this.clock.now());
      const found = await this.drafts.find(id, tx);
      return toDraft(saved, found?.owner ?? null, role);
    });
  }

  /**
   * Where the owner will publish the draft: the personal blog (empty id) or a publication they own or are a member of
   * (PublicationNotFound, ActorNotPublicationMember), asked before the draft is locked; submitting asks again. Only the
   * owner sets it (anyone else: DraftNotFound). The audience is not touched: paid readers stay refused everywhere.
   */
  async setPublication(id: string, actorUid: string, publicationId: string): Promise<Draft> {
    const found = actorUid ? await this.drafts.find(id) : undefined;
    if (!found || found.draft.ownerId !== actorUid) notFound();
    if (publicationId) await requireMember(this.publications, publicationId, actorUid);
    return this.transactions.run(async (tx) => {
      const current = await this.drafts.lockForUpdate(tx, id);
      if (!current || current.ownerId !== actorUid) notFound();
      const wanted = publicationId || null;
      const saved =
        current.publicationId === wanted ? current : await this.drafts.setPublication(tx, id, wanted, this.clock.now());
      return toDraft(saved, found.owner, 'owner');
    });
  }

  /**
   * A new preview token (the old one stops working at once), working for PREVIEW_LINK_DAYS: answered only here, the
   * table keeps its hash.
   */
  async refreshPreview(id: string, actorUid: string): Promise<{ token: string; expiresAt: Date }> {
    return this.transactions.run(async (tx) => {
      const current = await this.drafts.lockForUpdate(tx, id);
      if (!current || current.ownerId !== actorUid) notFound();
      const token = randomBytes(24).toString('base64url');
      const at = this.clock.now();
      await this.drafts.setPreviewTokenHash(tx, id, previewTokenHash(token), at);
      return { token, expiresAt: previewLinkExpiresAt(at) };
    });
  }

  /** Read-only, for anyone holding the current token until it expires. */
  async preview(token: string): Promise<Draft> {
    if (!PREVIEW_TOKEN.test(token)) notFound();
    const found = await this.drafts.findByPreviewTokenHash(previewTokenHash(token));
    const madeAt = found?.draft.previewTokenCreatedAt;
    if (!found || !madeAt || previewLinkExpiresAt(madeAt) <= this.clock.now()) notFound();
    if (!(await this.previewIsPaid(found.draft))) return toDraft(found.draft, found.owner, 'preview');
    // Whoever holds the link is nobody in particular: a paid article's text is not theirs to read.
    const teaser = teaserOf(JSON.stringify(found.draft.content ?? { blocks: [] }));
    return toDraft({ ...found.draft, content: JSON.parse(teaser.contentJson) }, found.owner, 'preview');
  }

  /**
   * Whether a preview link shows only the teaser: a draft tied to a published article (an edit of it, or a
   * translation of it, prefilled with its text) that is paid, or whose article is. A new draft's link is its
   * author's to share as it is.
   */
  private async previewIsPaid(draft: DraftRow): Promise<boolean> {
    const linked = draft.articleId ?? draft.translationOf;
    if (!linked) return false;
    if (draft.audience === 'paid') return true;
    const found = await this.articles.findWithAuthor(linked);
    return found ? (await this.entitlement.paidTerms(found.article)) !== null : false;
  }

  async details(id: string, actorUid: string): Promise<GetDraftDetailsResponse> {
    const draft = await this.get(id, actorUid);
    if (!draft.translationOf) return { draft, translationSource: undefined };
    const source = await this.articles.findWithAuthor(draft.translationOf);
    return {
      draft,
      translationSource: source
        ? { id: source.article.id, title: source.article.title, language: languages.toProto(source.article.language) }
        : undefined,
    };
  }

  /**
   * Opens a draft to edit the author's published (or revision-requested) article, or answers the one already open.
   * A published article can be edited ARTICLE_EDITS_MAX times (counted when an edit is submitted).
   */
  async editArticle(articleId: string, actor: Author | undefined): Promise<Draft> {
    if (!actor?.uid) throw new AppError('Unauthorized');
    return this.transactions.run(async (tx) => {
      const article = await this.articles.lockForUpdate(tx, articleId);
      if (!article || (article.authorId !== actor.uid && article.status !== 'published'))
        throw new AppError('ArticleNotFound');
      if (article.authorId !== actor.uid) throw new AppError('Forbidden');
      if (article.status !== 'published' && article.status !== 'revisionRequested') {
        throw new AppError('OperationFailed');
      }
      if (article.status === 'published' && article.editCount >= ARTICLE_EDITS_MAX) {
        throw new AppError('EditArticleCount');
      }
      const open = await this.drafts.findForArticle(tx, articleId);
      if (open) return toDraft(open, actor, 'owner');
      await this.authors.upsert(tx, actor);
      await this.checkCap(tx, actor.uid);
      const row = await this.drafts.insert(tx, {
        ownerId: actor.uid,
        articleId,
        translationOf: article.translationOf,
        language: article.language,
        title: article.title,
        description: article.description,
        content: article.content,
        category: article.category,
        subCategories: article.subCategories,
        coverKey: article.coverKey,
        target: article.target as DraftRow['target'],
        publicationId: article.publicationId,
        audience: article.audience as DraftRow['audience'],
      });
      return toDraft(row, actor, 'owner');
    });
  }
}
