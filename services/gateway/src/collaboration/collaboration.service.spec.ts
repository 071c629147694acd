import { ArticleStatus, type Article } from '@pencraft/contracts/articles/v1/articles';
import { InvitationStatus, type Invitation } from '@pencraft/contracts/articles/v1/collaboration';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { SessionService } from '../accounts/session.service.js';
import type { ArticlesClient } from '../articles/articles.upstream.js';
import { parseRouteInput } from '../http/input.js';
import type { ProfileClient } from '../profiles/profile.upstream.js';
import { draftCollaborationJson } from './collaboration.dto.js';
import * as routes from './collaboration.routes.js';
import { CollaborationService } from './collaboration.service.js';
import type { CollaborationClient } from './collaboration.upstream.js';
import { Language, Audience } from '@pencraft/contracts/common/v1/common';

const ME = {
  uid: 'u-me',
  username: 'nigar',
  fullname: 'Nigar',
  imageUrl: '/media/a.png',
  confirmed: true,
} as UserSummary;
const AUTHOR_OF_ME = { uid: 'u-me', username: 'nigar', fullname: 'Nigar', imageUrl: '/media/a.png' };
const FRIEND = { uid: 'u-friend', username: 'Rauf_M', fullname: 'Rauf', imageUrl: '' };
const DRAFT_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const ARTICLE_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AT = Date.UTC(2026, 10, 26, 10);

const invitation: Invitation = {
  id: 'inv-1',
  draftId: DRAFT_ID,
  articleId: '',
  title: 'Payız',
  inviter: AUTHOR_OF_ME,
  invitee: FRIEND,
  status: InvitationStatus.INVITATION_STATUS_PENDING,
  createdAtMs: AT,
  decidedAtMs: 0,
};

describe('CollaborationService (gateway)', () => {
  let collaboration: StrictMock<CollaborationClient>;
  let articles: StrictMock<ArticlesClient>;
  let profiles: StrictMock<ProfileClient>;
  let sessions: StrictMock<SessionService>;
  let service: CollaborationService;

  beforeEach(() => {
    collaboration = strictMock<CollaborationClient>('collaboration');
    articles = strictMock<ArticlesClient>('articles');
    profiles = strictMock<ProfileClient>('profiles');
    sessions = strictMock<SessionService>('sessions');
    service = new CollaborationService(collaboration, articles, profiles, sessions);
  });

  it('invites the person identity knows by that username, as the signed-in user', async () => {
    profiles.getPublicProfile.mockResolvedValue({ profile: { ...FRIEND, uid: FRIEND.uid } } as never);
    collaboration.inviteCoAuthor.mockResolvedValue({ invitation });

    const answer = await service.invite(ME, DRAFT_ID, 'rauf_m');

    expect(profiles.getPublicProfile).toHaveBeenCalledWith({ username: 'rauf_m', viewerUid: '' });
    expect(collaboration.inviteCoAuthor).toHaveBeenCalledWith({
      draftId: DRAFT_ID,
      inviter: AUTHOR_OF_ME,
      invitee: FRIEND,
    });
    expect(answer).toEqual({
      id: 'inv-1',
      draftId: DRAFT_ID,
      articleId: null,
      title: 'Payız',
      inviter: AUTHOR_OF_ME,
      invitee: FRIEND,
      status: 'pending',
      createdAt: new Date(AT).toISOString(),
      decidedAt: null,
    });
  });

  it('stops at UserNotFound before asking the articles service', async () => {
    profiles.getPublicProfile.mockRejectedValue(new AppError('UserNotFound'));
    await expect(service.invite(ME, DRAFT_ID, 'nobody')).rejects.toMatchObject({ code: 'UserNotFound' });
    expect(collaboration.inviteCoAuthor).not.toHaveBeenCalled();
  });

  it('lists and decides invitations only as the signed-in user', async () => {
    collaboration.listInvitations.mockResolvedValue({ invitations: [invitation] });
    expect((await service.invitations(ME)).items).toHaveLength(1);
    expect(collaboration.listInvitations).toHaveBeenCalledWith({ inviteeUid: ME.uid });

    collaboration.decideInvitation.mockResolvedValue({
      invitation: { ...invitation, status: InvitationStatus.INVITATION_STATUS_REJECTED, decidedAtMs: AT },
    });
    const decided = await service.decide(ME, 'inv-1', false);
    expect(collaboration.decideInvitation).toHaveBeenCalledWith({
      invitationId: 'inv-1',
      invitee: AUTHOR_OF_ME,
      accept: false,
    });
    expect(decided).toMatchObject({ status: 'rejected', decidedAt: new Date(AT).toISOString() });
  });

  it('reads the language version for the viewer of the session (a visitor: nobody)', async () => {
    sessions.resolve.mockResolvedValue(undefined);
    collaboration.findArticleTranslation.mockResolvedValue({ articleId: ARTICLE_ID });
    articles.getArticle.mockResolvedValue({
      article: {
        id: ARTICLE_ID,
        language: Language.LANGUAGE_EN,
        status: ArticleStatus.ARTICLE_STATUS_PUBLISHED,
        audience: Audience.AUDIENCE_FREE,
        contentJson: '{"blocks":[]}',
        createdAtMs: AT,
        updatedAtMs: AT,
        coAuthors: [],
        translations: [{ id: ARTICLE_ID, language: Language.LANGUAGE_EN }],
        originalId: DRAFT_ID,
      } as unknown as Article,
    });

    const body = JSON.parse(await service.translation(DRAFT_ID, 'en', undefined)) as {
      id: string;
      originalId: string;
    };

    expect(collaboration.findArticleTranslation).toHaveBeenCalledWith({
      articleId: DRAFT_ID,
      language: Language.LANGUAGE_EN,
      viewerUid: '',
    });
    expect(articles.getArticle).toHaveBeenCalledWith({ articleId: ARTICLE_ID, viewerUid: '' });
    expect(body).toMatchObject({
      id: ARTICLE_ID,
      originalId: DRAFT_ID,
      translations: [{ id: ARTICLE_ID, language: 'en' }],
    });
  });

  it('shapes the collaboration part of draft details', () => {
    expect(
      draftCollaborationJson({
        draftId: DRAFT_ID,
        owner: AUTHOR_OF_ME,
        coAuthors: [FRIEND],
        invitations: [invitation],
        translations: [{ id: ARTICLE_ID, language: Language.LANGUAGE_AZ }],
      }),
    ).toMatchObject({
      coAuthors: [FRIEND],
      invitations: [{ id: 'inv-1', status: 'pending' }],
      translations: [{ id: ARTICLE_ID, language: 'az' }],
    });
  });
});

describe('collaboration routes', () => {
  const input = (spec: Parameters<typeof parseRouteInput>[0], request: object) => () =>
    parseRouteInput(spec, { params: {}, query: {}, body: {}, ...request });
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return AppError.is(error) ? error.code : String(error);
    }
    return 'no error';
  };

  it('refuses a bad draft id, language or missing username before any call', () => {
    expect(codeOf(input(routes.inviteRoute, { params: { id: '1' }, query: { username: 'a' } }))).toBe(
      'InvalidIdentifier',
    );
    expect(codeOf(input(routes.inviteRoute, { params: { id: DRAFT_ID }, query: {} }))).toBe('NullOrEmpty');
    for (const username of ['ab', '1abc', 'a b c', 'nigar\u0000', 'x'.repeat(65)]) {
      expect(codeOf(input(routes.inviteRoute, { params: { id: DRAFT_ID }, query: { username } }))).toBe('InvalidModel');
    }
    expect(codeOf(input(routes.inviteRoute, { params: { id: DRAFT_ID }, query: { username: 'Rauf_M' } }))).toBe(
      'no error',
    );
    expect(codeOf(input(routes.articleTranslationRoute, { params: { id: ARTICLE_ID, lang: 'fr' } }))).toBe(
      'ArticleTranslationNotFound',
    );
    expect(codeOf(input(routes.acceptInvitationRoute, { params: { id: 'inv' } }))).toBe('InvalidIdentifier');
  });

  it('requires a confirmed account to invite, a session for the invitations', () => {
    expect(routes.inviteRoute.auth).toBe('confirmed');
    expect(routes.invitationsRoute.auth).toBe('required');
    expect(routes.acceptInvitationRoute.auth).toBe('required');
    expect(routes.rejectInvitationRoute.auth).toBe('required');
  });
});
