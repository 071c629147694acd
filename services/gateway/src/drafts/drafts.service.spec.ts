import type { Draft } from '@pencraft/contracts/articles/v1/drafts';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { CollaborationClient } from '../collaboration/collaboration.upstream.js';
import type { FastifyRequest } from 'fastify';
import { parseRouteInput } from '../http/input.js';
import { setPublicationOf } from '../http/publication-hosts.js';
import { DraftsController } from './drafts.controller.js';
import { translateRoute } from './drafts.routes.js';
import { DraftsService } from './drafts.service.js';
import type { DraftsClient } from './drafts.upstream.js';
import { Audience, Language } from '@pencraft/contracts/common/v1/common';

const ME = {
  uid: 'u-me',
  username: 'nigar',
  fullname: 'Nigar',
  imageUrl: '/media/a.png',
  confirmed: true,
} as UserSummary;
const DRAFT_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const ARTICLE_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AT = Date.UTC(2026, 10, 26, 10);

describe('DraftsService (gateway): translations', () => {
  let drafts: StrictMock<DraftsClient>;
  let collaboration: StrictMock<CollaborationClient>;
  let service: DraftsService;

  beforeEach(() => {
    drafts = strictMock<DraftsClient>('drafts');
    collaboration = strictMock<CollaborationClient>('collaboration');
    service = new DraftsService(drafts, collaboration);
  });

  it('answers a new translation as the drafts routes answer a draft, read as the translator', async () => {
    collaboration.translateArticle.mockResolvedValue({ draftId: DRAFT_ID });
    drafts.getDraft.mockResolvedValue({
      draft: {
        id: DRAFT_ID,
        translationOf: ARTICLE_ID,
        language: Language.LANGUAGE_EN,
        audience: Audience.AUDIENCE_FREE,
        role: 'owner',
        subCategories: [],
        createdAtMs: AT,
        updatedAtMs: AT,
      } as unknown as Draft,
    });

    const answer = await service.translate(ME, ARTICLE_ID, 'en');

    expect(collaboration.translateArticle).toHaveBeenCalledWith({
      actor: { uid: ME.uid, username: ME.username, fullname: ME.fullname, imageUrl: ME.imageUrl },
      articleId: ARTICLE_ID,
      language: Language.LANGUAGE_EN,
    });
    expect(drafts.getDraft).toHaveBeenCalledWith({ draftId: DRAFT_ID, actorUid: ME.uid });
    expect(answer).toMatchObject({ id: DRAFT_ID, translationOf: ARTICLE_ID, language: 'en', role: 'owner' });
  });

  it('refuses a bad article id or language before any call, and needs a confirmed account', () => {
    const codeOf = (query: object) => {
      try {
        parseRouteInput(translateRoute, { params: {}, query, body: {} });
      } catch (error) {
        return AppError.is(error) ? error.code : String(error);
      }
      return 'no error';
    };
    expect(codeOf({ aid: 'x', lang: 'en' })).toBe('InvalidIdentifier');
    expect(codeOf({ aid: ARTICLE_ID, lang: 'de' })).toBe('InvalidModel');
    expect(codeOf({ aid: ARTICLE_ID, lang: 'en' })).toBe('no error');
    expect(translateRoute.auth).toBe('confirmed');
  });
});

describe('DraftsService (gateway): the publication a draft goes to', () => {
  const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
  let drafts: StrictMock<DraftsClient>;
  let service: DraftsService;
  const answered = (publicationId: string) =>
    ({
      draft: {
        id: DRAFT_ID,
        language: Language.LANGUAGE_AZ,
        audience: Audience.AUDIENCE_FREE,
        role: 'owner',
        target: 'personal',
        publicationId,
        subCategories: [],
        createdAtMs: AT,
        updatedAtMs: AT,
      } as unknown as Draft,
    }) as const;

  beforeEach(() => {
    drafts = strictMock<DraftsClient>('drafts');
    service = new DraftsService(drafts, strictMock<CollaborationClient>('collaboration'));
  });

  it('leaves the decision to articles and answers the draft with its publicationId (null: the personal blog)', async () => {
    drafts.setDraftPublication.mockResolvedValue(answered(PUBLICATION_ID));
    expect(await service.setPublication(ME, DRAFT_ID, PUBLICATION_ID)).toMatchObject({
      id: DRAFT_ID,
      publicationId: PUBLICATION_ID,
      target: 'personal',
    });
    expect(drafts.setDraftPublication).toHaveBeenCalledWith({
      draftId: DRAFT_ID,
      actorUid: ME.uid,
      publicationId: PUBLICATION_ID,
    });

    drafts.setDraftPublication.mockResolvedValue(answered(''));
    expect((await service.setPublication(ME, DRAFT_ID, null)).publicationId).toBeNull();
    expect(drafts.setDraftPublication).toHaveBeenLastCalledWith({
      draftId: DRAFT_ID,
      actorUid: ME.uid,
      publicationId: '',
    });
  });

  it("passes articles' refusals on", async () => {
    drafts.setDraftPublication.mockRejectedValue(new AppError('ActorNotPublicationMember'));
    await expect(service.setPublication(ME, DRAFT_ID, PUBLICATION_ID)).rejects.toMatchObject({
      code: 'ActorNotPublicationMember',
    });
  });
});

describe('DraftsService (gateway): a new draft on a publication subdomain', () => {
  const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
  const body = {
    title: '',
    description: '',
    language: 'az' as const,
    category: '' as const,
    subCategories: [],
    content: null,
    target: 'personal' as const,
    audience: 'free' as const,
  };
  let drafts: StrictMock<DraftsClient>;
  let service: DraftsService;
  const created = (publicationId: string) =>
    ({
      draft: {
        id: DRAFT_ID,
        language: Language.LANGUAGE_AZ,
        audience: Audience.AUDIENCE_FREE,
        role: 'owner',
        target: 'personal',
        publicationId,
        subCategories: [],
        createdAtMs: AT,
        updatedAtMs: AT,
      } as unknown as Draft,
    }) as const;

  beforeEach(() => {
    drafts = strictMock<DraftsClient>('drafts');
    service = new DraftsService(drafts, strictMock<CollaborationClient>('collaboration'));
  });

  it("names the subdomain's publication to articles and answers where the draft started", async () => {
    drafts.createDraft.mockResolvedValue(created(PUBLICATION_ID));

    expect((await service.create(ME, body, PUBLICATION_ID)).publicationId).toBe(PUBLICATION_ID);
    expect(drafts.createDraft).toHaveBeenCalledWith({
      author: { uid: ME.uid, username: ME.username, fullname: ME.fullname, imageUrl: ME.imageUrl },
      fields: expect.objectContaining({ target: 'personal', audience: Audience.AUDIENCE_FREE }),
      publicationId: PUBLICATION_ID,
    });

    // An outsider's draft: articles leaves it personal, and so does the answer.
    drafts.createDraft.mockResolvedValue(created(''));
    expect((await service.create(ME, body, PUBLICATION_ID)).publicationId).toBeNull();
  });

  it('names none on the main host', async () => {
    drafts.createDraft.mockResolvedValue(created(''));
    await service.create(ME, body);
    expect(drafts.createDraft.mock.calls[0]![0]).not.toHaveProperty('publicationId');
  });

  it("hands both create routes the request's publication (none on the main host)", async () => {
    drafts.createDraft.mockResolvedValue(created(''));
    const controller = new DraftsController(service);
    const request = {} as FastifyRequest;
    const input = { params: {}, query: {}, body };

    setPublicationOf(request, { id: PUBLICATION_ID, slug: 'devblog' });
    await controller.create(ME, input, request);
    await controller.createAsArticle(ME, input, request);
    setPublicationOf(request, null);
    await controller.create(ME, input, request);
    expect(drafts.createDraft.mock.calls.map(([call]) => call.publicationId)).toEqual([
      PUBLICATION_ID,
      PUBLICATION_ID,
      undefined,
    ]);
  });
});
