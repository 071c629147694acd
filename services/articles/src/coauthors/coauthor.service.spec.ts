import { beforeEach, describe, expect, it } from '@jest/globals';
import { InvitationStatus } from '@pencraft/contracts/articles/v1/collaboration';
import { EVENTS } from '@pencraft/contracts/events';
import { CoAuthorInvited } from '@pencraft/contracts/events/v1/articles';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { AuthorRepository } from '../authors/author.repository.js';
import type { TranslationRepository } from '../translations/translation.repository.js';
import type { CoAuthorRepository, DraftAccess, InvitationView } from './coauthor.repository.js';
import { CoAuthorService } from './coauthor.service.js';
import type { CoAuthorInvitationRow } from './coauthor.table.js';
import { Language } from '@pencraft/contracts/common/v1/common';

const NOW = new Date('2026-11-26T10:00:00Z');
const OWNER = {
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  username: 'nigar',
  fullname: 'Nigar Əliyeva',
  imageUrl: '',
};
const FRIEND = {
  uid: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  username: 'rauf',
  fullname: 'Rauf Məmmədov',
  imageUrl: '',
};
const STRANGER = { uid: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', username: 'x', fullname: 'X', imageUrl: '' };
const DRAFT_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const ARTICLE_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const INVITATION_ID = '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const draft = (overrides: Partial<DraftAccess> = {}): DraftAccess => ({
  id: DRAFT_ID,
  ownerId: OWNER.uid,
  articleId: null,
  translationOf: null,
  title: 'Payız',
  ...overrides,
});

const invitation = (overrides: Partial<CoAuthorInvitationRow> = {}): CoAuthorInvitationRow => ({
  id: INVITATION_ID,
  draftId: DRAFT_ID,
  articleId: null,
  inviterUid: OWNER.uid,
  inviteeUid: FRIEND.uid,
  status: 'pending',
  createdAt: NOW,
  decidedAt: null,
  ...overrides,
});

const view = (overrides: Partial<InvitationView> = {}): InvitationView => ({
  ...invitation(),
  title: 'Payız',
  inviter: OWNER,
  invitee: FRIEND,
  ...overrides,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('CoAuthorService', () => {
  let coAuthors: StrictMock<CoAuthorRepository>;
  let translations: StrictMock<TranslationRepository>;
  let authors: StrictMock<AuthorRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: CoAuthorService;

  beforeEach(() => {
    coAuthors = strictMock<CoAuthorRepository>('CoAuthorRepository');
    translations = strictMock<TranslationRepository>('TranslationRepository');
    authors = strictMock<AuthorRepository>('AuthorRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new CoAuthorService(transactions as never, coAuthors, translations, authors, outbox, clock);
  });

  describe('invite', () => {
    it('records the invitation on a new draft and announces it in the same transaction', async () => {
      coAuthors.lockDraft.mockResolvedValue(draft());
      coAuthors.listForTarget.mockResolvedValue([]);
      authors.upsert.mockResolvedValue();
      coAuthors.insert.mockResolvedValue(invitation());
      outbox.add.mockResolvedValue('event-1');

      const result = await service.invite(DRAFT_ID, OWNER, FRIEND);

      expect(result).toMatchObject({
        id: INVITATION_ID,
        draftId: DRAFT_ID,
        articleId: '',
        title: 'Payız',
        inviter: OWNER,
        invitee: FRIEND,
        status: InvitationStatus.INVITATION_STATUS_PENDING,
        createdAtMs: NOW.getTime(),
        decidedAtMs: 0,
      });
      expect(coAuthors.lockDraft).toHaveBeenCalledWith(TX, DRAFT_ID);
      expect(coAuthors.listForTarget).toHaveBeenCalledWith({ draftId: DRAFT_ID }, TX);
      expect(coAuthors.insert).toHaveBeenCalledWith(TX, {
        target: { draftId: DRAFT_ID },
        inviterUid: OWNER.uid,
        inviteeUid: FRIEND.uid,
        at: NOW,
      });
      expect(authors.upsert).toHaveBeenCalledWith(TX, FRIEND, NOW);
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event.subject).toBe(EVENTS.coAuthorInvited.subject);
      expect(CoAuthorInvited.decode(event.payload)).toEqual({
        invitationId: INVITATION_ID,
        draftId: DRAFT_ID,
        articleId: '',
        title: 'Payız',
        inviterUid: OWNER.uid,
        inviterUsername: 'nigar',
        inviterFullname: 'Nigar Əliyeva',
        inviteeUid: FRIEND.uid,
        invitedAtMs: NOW.getTime(),
      });
      expect(transactions.committed).toBe(1);
    });

    it('puts an invitation sent from a draft that edits an article on the article', async () => {
      coAuthors.lockDraft.mockResolvedValue(draft({ articleId: ARTICLE_ID, title: '' }));
      coAuthors.findArticle.mockResolvedValue({ authorId: OWNER.uid, title: 'Dərc olunmuş' });
      coAuthors.listForTarget.mockResolvedValue([]);
      authors.upsert.mockResolvedValue();
      coAuthors.insert.mockResolvedValue(invitation({ draftId: null, articleId: ARTICLE_ID }));
      outbox.add.mockResolvedValue('event-1');

      const result = await service.invite(DRAFT_ID, OWNER, FRIEND);

      expect(result).toMatchObject({ draftId: '', articleId: ARTICLE_ID, title: 'Dərc olunmuş' });
      expect(coAuthors.listForTarget).toHaveBeenCalledWith({ articleId: ARTICLE_ID }, TX);
      expect(coAuthors.insert).toHaveBeenCalledWith(TX, expect.objectContaining({ target: { articleId: ARTICLE_ID } }));
    });

    it('hides a stranger’s draft and refuses a co-author who tries to invite', async () => {
      coAuthors.lockDraft.mockResolvedValue(draft());
      coAuthors.isAcceptedOnDraft.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
      expect(await codeOf(service.invite(DRAFT_ID, STRANGER, FRIEND))).toBe('DraftNotFound');
      expect(await codeOf(service.invite(DRAFT_ID, FRIEND, STRANGER))).toBe('Forbidden');
      expect(coAuthors.isAcceptedOnDraft).toHaveBeenCalledWith(DRAFT_ID, STRANGER.uid, TX);
      expect(transactions.rolledBack).toBe(2);
    });

    it('answers DraftNotFound for an unknown draft', async () => {
      coAuthors.lockDraft.mockResolvedValue(undefined);
      expect(await codeOf(service.invite(DRAFT_ID, OWNER, FRIEND))).toBe('DraftNotFound');
    });

    it('refuses inviting oneself, the same person twice and a fourth co-author', async () => {
      coAuthors.lockDraft.mockResolvedValue(draft());
      coAuthors.listForTarget.mockResolvedValue([view({ inviteeUid: FRIEND.uid, status: 'rejected' })]);
      expect(await codeOf(service.invite(DRAFT_ID, OWNER, OWNER))).toBe('Forbidden');
      expect(await codeOf(service.invite(DRAFT_ID, OWNER, FRIEND))).toBe('AuthorAlreadyInvited');
      coAuthors.listForTarget.mockResolvedValue(
        ['a', 'b', 'c'].map((x, i) =>
          view({ id: x, inviteeUid: `${x}0000000-0000-4000-8000-00000000000${i}`, status: i ? 'accepted' : 'pending' }),
        ),
      );
      expect(await codeOf(service.invite(DRAFT_ID, OWNER, FRIEND))).toBe('MaxAuthorsCountReached');
      expect(coAuthors.insert).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it('lets only the article’s author invite from a draft that edits it', async () => {
      coAuthors.lockDraft.mockResolvedValue(draft({ articleId: ARTICLE_ID, ownerId: FRIEND.uid }));
      coAuthors.findArticle.mockResolvedValue({ authorId: OWNER.uid, title: 'Dərc olunmuş' });
      expect(await codeOf(service.invite(DRAFT_ID, FRIEND, STRANGER))).toBe('Forbidden');
    });

    it('needs a signed-in inviter and a known invitee', async () => {
      expect(await codeOf(service.invite(DRAFT_ID, undefined, FRIEND))).toBe('Unauthorized');
      expect(await codeOf(service.invite(DRAFT_ID, OWNER, undefined))).toBe('UserNotFound');
    });
  });

  describe('decide', () => {
    it('accepts a pending invitation for its invitee, keeping their current name for the article', async () => {
      coAuthors.lockForUpdate.mockResolvedValue(invitation());
      authors.upsert.mockResolvedValue();
      coAuthors.decide.mockResolvedValue();
      coAuthors.findView.mockResolvedValue(view({ status: 'accepted', decidedAt: NOW }));

      const result = await service.decide(INVITATION_ID, FRIEND, true);

      expect(result.status).toBe(InvitationStatus.INVITATION_STATUS_ACCEPTED);
      expect(result.decidedAtMs).toBe(NOW.getTime());
      expect(coAuthors.decide).toHaveBeenCalledWith(TX, INVITATION_ID, 'accepted', NOW);
      expect(authors.upsert).toHaveBeenCalledWith(TX, FRIEND, NOW);
    });

    it('rejects without touching the read model', async () => {
      coAuthors.lockForUpdate.mockResolvedValue(invitation());
      coAuthors.decide.mockResolvedValue();
      coAuthors.findView.mockResolvedValue(view({ status: 'rejected', decidedAt: NOW }));
      expect((await service.decide(INVITATION_ID, FRIEND, false)).status).toBe(
        InvitationStatus.INVITATION_STATUS_REJECTED,
      );
      expect(coAuthors.decide).toHaveBeenCalledWith(TX, INVITATION_ID, 'rejected', NOW);
    });

    it('answers the same decision again without changing anything (a double click)', async () => {
      coAuthors.lockForUpdate.mockResolvedValue(invitation({ status: 'accepted', decidedAt: NOW }));
      coAuthors.findView.mockResolvedValue(view({ status: 'accepted', decidedAt: NOW }));
      expect((await service.decide(INVITATION_ID, FRIEND, true)).status).toBe(
        InvitationStatus.INVITATION_STATUS_ACCEPTED,
      );
      expect(coAuthors.decide).not.toHaveBeenCalled();
    });

    it('hides someone else’s, unknown and already decided invitations', async () => {
      coAuthors.lockForUpdate.mockResolvedValue(invitation());
      expect(await codeOf(service.decide(INVITATION_ID, STRANGER, true))).toBe('InvitationNotFound');
      expect(await codeOf(service.decide(INVITATION_ID, OWNER, true))).toBe('InvitationNotFound');
      coAuthors.lockForUpdate.mockResolvedValue(invitation({ status: 'rejected' }));
      expect(await codeOf(service.decide(INVITATION_ID, FRIEND, true))).toBe('InvitationNotFound');
      coAuthors.lockForUpdate.mockResolvedValue(undefined);
      expect(await codeOf(service.decide(INVITATION_ID, FRIEND, false))).toBe('InvitationNotFound');
      expect(coAuthors.decide).not.toHaveBeenCalled();
    });
  });

  describe('listInvitations', () => {
    it('lists the signed-in user’s pending invitations', async () => {
      coAuthors.listPendingFor.mockResolvedValue([view()]);
      const list = await service.listInvitations(FRIEND.uid);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: INVITATION_ID, inviter: OWNER, title: 'Payız' });
      expect(coAuthors.listPendingFor).toHaveBeenCalledWith(FRIEND.uid, 50);
      expect(await codeOf(service.listInvitations(''))).toBe('Unauthorized');
    });
  });

  describe('draftCollaboration', () => {
    it('shows the owner the co-authors, every invitation and the translation group', async () => {
      coAuthors.findDraft.mockResolvedValue(draft({ translationOf: ARTICLE_ID }));
      coAuthors.listForTarget.mockResolvedValue([
        view({ status: 'accepted' }),
        view({ id: 'i2', inviteeUid: STRANGER.uid, invitee: STRANGER }),
      ]);
      translations.publishedVersions.mockResolvedValue([{ id: ARTICLE_ID, language: 'az' as const }]);
      coAuthors.person.mockResolvedValue(OWNER);

      const details = await service.draftCollaboration(DRAFT_ID, OWNER.uid);

      expect(details.owner).toEqual(OWNER);
      expect(details.coAuthors).toEqual([FRIEND]);
      expect(details.invitations.map((i) => i.invitee?.uid)).toEqual([FRIEND.uid, STRANGER.uid]);
      expect(details.translations).toEqual([{ id: ARTICLE_ID, language: Language.LANGUAGE_AZ }]);
      expect(translations.publishedVersions).toHaveBeenCalledWith(ARTICLE_ID);
    });

    it('shows an accepted co-author the co-authors but not the invitations', async () => {
      coAuthors.findDraft.mockResolvedValue(draft());
      coAuthors.isAcceptedOnDraft.mockResolvedValue(true);
      coAuthors.listForTarget.mockResolvedValue([view({ status: 'accepted' })]);
      coAuthors.person.mockResolvedValue(OWNER);
      const details = await service.draftCollaboration(DRAFT_ID, FRIEND.uid);
      expect(details.coAuthors).toEqual([FRIEND]);
      expect(details.invitations).toEqual([]);
      expect(details.translations).toEqual([]);
    });

    it('hides the draft from anyone else', async () => {
      coAuthors.findDraft.mockResolvedValue(draft());
      coAuthors.isAcceptedOnDraft.mockResolvedValue(false);
      expect(await codeOf(service.draftCollaboration(DRAFT_ID, STRANGER.uid))).toBe('DraftNotFound');
      expect(await codeOf(service.draftCollaboration(DRAFT_ID, ''))).toBe('DraftNotFound');
      coAuthors.findDraft.mockResolvedValue(undefined);
      expect(await codeOf(service.draftCollaboration(DRAFT_ID, OWNER.uid))).toBe('DraftNotFound');
    });
  });
});
