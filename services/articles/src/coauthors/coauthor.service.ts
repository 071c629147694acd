import { Injectable } from '@nestjs/common';
import type { Author } from '@pencraft/contracts/articles/v1/articles';
import {
  InvitationStatus,
  type GetDraftCollaborationResponse,
  type Invitation,
} from '@pencraft/contracts/articles/v1/collaboration';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { invitationProblem } from '@pencraft/rules';
import { AuthorRepository } from '../authors/author.repository.js';
import { TranslationRepository } from '../translations/translation.repository.js';
import { invitedEvent } from './coauthor.events.js';
import {
  CoAuthorRepository,
  type DraftAccess,
  type InvitationTarget,
  type InvitationView,
  type PersonSnapshot,
} from './coauthor.repository.js';
import type { InvitationStatus as StoredStatus } from './coauthor.table.js';
import { languages } from '@pencraft/contracts/enums';

/** How many pending invitations the invitations list shows at most (newest first). */
export const INVITATIONS_LIST_MAX = 50;

const STATUS: Record<StoredStatus, InvitationStatus> = {
  pending: InvitationStatus.INVITATION_STATUS_PENDING,
  accepted: InvitationStatus.INVITATION_STATUS_ACCEPTED,
  rejected: InvitationStatus.INVITATION_STATUS_REJECTED,
};

/**
 * Co-author invitations (SPEC.md section 4: invited, then accepted or rejected). Only the principal author of a draft
 * invites (the article's author for a draft that edits an article, else the draft's owner); only the invitee decides;
 * nobody else learns that a draft or an invitation exists.
 */
@Injectable()
export class CoAuthorService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly coAuthors: CoAuthorRepository,
    private readonly translations: TranslationRepository,
    private readonly authors: AuthorRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async invite(draftId: string, inviter: Author | undefined, invitee: Author | undefined): Promise<Invitation> {
    if (!inviter?.uid) throw new AppError('Unauthorized');
    if (!invitee?.uid) throw new AppError('UserNotFound');
    return this.transactions.run(async (tx) => {
      const draft = await this.coAuthors.lockDraft(tx, draftId);
      if (!draft) throw new AppError('DraftNotFound');
      if (draft.ownerId !== inviter.uid) {
        const coAuthor = await this.coAuthors.isAcceptedOnDraft(draftId, inviter.uid, tx);
        throw new AppError(coAuthor ? 'Forbidden' : 'DraftNotFound');
      }
      const { principalUid, title } = await this.principal(draft, tx);
      if (principalUid !== inviter.uid) throw new AppError('Forbidden');
      const target: InvitationTarget = draft.articleId ? { articleId: draft.articleId } : { draftId };
      const existing = await this.coAuthors.listForTarget(target, tx);
      const problem = invitationProblem({
        authorUid: principalUid,
        inviteeUid: invitee.uid,
        invited: existing.map((i) => ({ uid: i.inviteeUid, status: i.status })),
      });
      if (problem === 'self') throw new AppError('Forbidden');
      if (problem === 'alreadyInvited') throw new AppError('AuthorAlreadyInvited');
      if (problem === 'maxAuthors') throw new AppError('MaxAuthorsCountReached');
      const at = this.clock.now();
      await this.authors.upsert(tx, inviter, at);
      await this.authors.upsert(tx, invitee, at);
      const row = await this.coAuthors.insert(tx, { target, inviterUid: inviter.uid, inviteeUid: invitee.uid, at });
      await this.outbox.add(tx, invitedEvent(row, inviter, title));
      return toInvitation({ ...row, title, inviter: snapshot(inviter), invitee: snapshot(invitee) });
    });
  }

  async listInvitations(inviteeUid: string): Promise<Invitation[]> {
    if (!inviteeUid) throw new AppError('Unauthorized');
    const rows = await this.coAuthors.listPendingFor(inviteeUid, INVITATIONS_LIST_MAX);
    return rows.map(toInvitation);
  }

  /**
   * The invitee accepts or rejects a pending invitation. The same decision again answers the same (a double click);
   * anyone else's, an unknown one or the opposite decision after the fact is InvitationNotFound.
   */
  async decide(invitationId: string, invitee: Author | undefined, accept: boolean): Promise<Invitation> {
    if (!invitee?.uid) throw new AppError('Unauthorized');
    const status = accept ? 'accepted' : 'rejected';
    return this.transactions.run(async (tx) => {
      const row = await this.coAuthors.lockForUpdate(tx, invitationId);
      if (!row || row.inviteeUid !== invitee.uid) throw new AppError('InvitationNotFound');
      if (row.status !== status) {
        if (row.status !== 'pending') throw new AppError('InvitationNotFound');
        const at = this.clock.now();
        // The name an accepted co-author is shown under on the article is the one they have now.
        if (accept) await this.authors.upsert(tx, invitee, at);
        await this.coAuthors.decide(tx, row.id, status, at);
      }
      const view = await this.coAuthors.findView(row.id, tx);
      return toInvitation(view!);
    });
  }

  /**
   * The collaboration part of a draft's details, for its owner and accepted co-authors: the co-authors, the
   * invitations (only the principal author sees them) and the published versions of its translation group.
   */
  async draftCollaboration(draftId: string, viewerUid: string): Promise<GetDraftCollaborationResponse> {
    const draft = await this.coAuthors.findDraft(draftId);
    if (!draft || !viewerUid) throw new AppError('DraftNotFound');
    if (draft.ownerId !== viewerUid && !(await this.coAuthors.isAcceptedOnDraft(draftId, viewerUid)))
      throw new AppError('DraftNotFound');
    const { principalUid } = await this.principal(draft);
    const target: InvitationTarget = draft.articleId ? { articleId: draft.articleId } : { draftId };
    const groupId = draft.translationOf ?? (draft.articleId ? await this.groupOf(draft.articleId) : undefined);
    const [invitations, translations] = await Promise.all([
      this.coAuthors.listForTarget(target),
      groupId ? this.translations.publishedVersions(groupId) : Promise.resolve([]),
    ]);
    const owner = await this.coAuthors.person(draft.ownerId);
    return {
      draftId,
      owner: owner ?? { uid: draft.ownerId, username: '', fullname: '', imageUrl: '' },
      coAuthors: invitations.filter((i) => i.status === 'accepted' && i.invitee).map((i) => i.invitee!),
      invitations: principalUid === viewerUid ? invitations.map(toInvitation) : [],
      translations: translations.map(({ id, language }) => ({ id, language: languages.toProto(language) })),
    };
  }

  /** Who invites for a draft, and the title an invitation shows. */
  private async principal(draft: DraftAccess, tx?: Parameters<CoAuthorRepository['findArticle']>[1]) {
    if (!draft.articleId) return { principalUid: draft.ownerId, title: draft.title };
    const article = await this.coAuthors.findArticle(draft.articleId, tx);
    return { principalUid: article?.authorId ?? draft.ownerId, title: draft.title || article?.title || '' };
  }

  private async groupOf(articleId: string): Promise<string | undefined> {
    const member = await this.translations.findMember(articleId);
    return member ? (member.translationOf ?? member.id) : undefined;
  }
}

function snapshot(author: Author): PersonSnapshot {
  return { uid: author.uid, username: author.username, fullname: author.fullname, imageUrl: author.imageUrl ?? '' };
}

const EMPTY_PERSON = { uid: '', username: '', fullname: '', imageUrl: '' };

export function toInvitation(view: InvitationView): Invitation {
  return {
    id: view.id,
    draftId: view.draftId ?? '',
    articleId: view.articleId ?? '',
    title: view.title,
    inviter: view.inviter ?? { ...EMPTY_PERSON, uid: view.inviterUid },
    invitee: view.invitee ?? { ...EMPTY_PERSON, uid: view.inviteeUid },
    status: STATUS[view.status],
    createdAtMs: view.createdAt.getTime(),
    decidedAtMs: view.decidedAt?.getTime() ?? 0,
  };
}
