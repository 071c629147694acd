import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ArticleRepository } from '../articles/article.repository.js';
import type { ArticleRow } from '../articles/article.table.js';
import type { AuthorRepository } from '../authors/author.repository.js';
import type { Clock } from '@pencraft/kit';
import type { MediaRepository } from '../media/media.repository.js';
import type { PublicationDirectory } from '../publications/publication-directory.js';
import type { CoAuthorAccess } from './co-author-access.js';
import type { DraftRepository } from './draft.repository.js';
import { DraftService, previewTokenHash } from './draft.service.js';
import type { DraftRow } from './draft.table.js';
import { Entitlement, type PaidReading } from '../articles/entitlement.js';
import type { ArticleCollaboration } from '../translations/article-collaboration.js';
import { Audience, Language } from '@pencraft/contracts/common/v1/common';

const NOW = new Date('2026-11-26T10:00:00Z');
const OWNER = {
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  username: 'nigar',
  fullname: 'Nigar Əliyeva',
  imageUrl: '',
};
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const DRAFT_ID = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ARTICLE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const TEXT = 'Bakıda payız gələndə küləklər şəhəri təmizləyir.';
const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';

function draft(overrides: Partial<DraftRow> = {}): DraftRow {
  return {
    id: DRAFT_ID,
    ownerId: OWNER.uid,
    articleId: null,
    translationOf: null,
    language: 'az',
    title: 'Payız',
    description: '',
    content: { time: 1, version: '2.31.0', blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
    category: '',
    subCategories: [],
    coverKey: null,
    target: 'personal',
    publicationId: null,
    audience: 'free',
    version: 2,
    previewTokenHash: 'f'.repeat(64),
    previewTokenCreatedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const fields = (overrides: object = {}) => ({
  title: '  Payız  <b>Bakıda</b> ',
  description: '',
  language: Language.LANGUAGE_AZ,
  category: 'culture',
  subCategories: ['travel'],
  contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: 'Qısa <script>x</script>' } }] }),
  target: '',
  audience: Audience.AUDIENCE_UNSPECIFIED,
  ...overrides,
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('DraftService', () => {
  let drafts: StrictMock<DraftRepository>;
  let articles: StrictMock<ArticleRepository>;
  let authors: StrictMock<AuthorRepository>;
  let coAuthors: StrictMock<CoAuthorAccess>;
  let media: StrictMock<MediaRepository>;
  let publications: StrictMock<PublicationDirectory>;
  let clock: StrictMock<Clock>;
  let paid: StrictMock<PaidReading>;
  let collaboration: StrictMock<ArticleCollaboration>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: DraftService;

  beforeEach(() => {
    drafts = strictMock<DraftRepository>('DraftRepository');
    articles = strictMock<ArticleRepository>('ArticleRepository');
    authors = strictMock<AuthorRepository>('AuthorRepository');
    coAuthors = strictMock<CoAuthorAccess>('CoAuthorAccess');
    media = strictMock<MediaRepository>('MediaRepository');
    publications = strictMock<PublicationDirectory>('PublicationDirectory');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    paid = strictMock<PaidReading>('PaidReading');
    collaboration = strictMock<ArticleCollaboration>('ArticleCollaboration');
    const entitlement = new Entitlement(paid, articles, collaboration, clock);
    service = new DraftService(
      transactions,
      drafts,
      articles,
      authors,
      coAuthors,
      media,
      publications,
      clock,
      entitlement,
    );
  });

  describe('setPublication', () => {
    const found = (overrides: Partial<DraftRow> = {}) => ({ draft: draft(overrides), owner: OWNER });

    it('writes into a publication the owner is a member of (asked before the lock), a change like a save', async () => {
      drafts.find.mockResolvedValue(found());
      publications.isMember.mockResolvedValue(true);
      drafts.lockForUpdate.mockResolvedValue(draft());
      drafts.setPublication.mockResolvedValue(draft({ publicationId: PUBLICATION_ID, version: 3 }));

      const saved = await service.setPublication(DRAFT_ID, OWNER.uid, PUBLICATION_ID);

      expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, OWNER.uid);
      expect(drafts.setPublication).toHaveBeenCalledWith(TX, DRAFT_ID, PUBLICATION_ID, NOW);
      expect(saved).toMatchObject({ publicationId: PUBLICATION_ID, version: 3, target: 'personal' });
    });

    it('goes back to the personal blog without asking publications', async () => {
      drafts.find.mockResolvedValue(found({ publicationId: PUBLICATION_ID }));
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID }));
      drafts.setPublication.mockResolvedValue(draft({ publicationId: null, version: 3 }));

      const saved = await service.setPublication(DRAFT_ID, OWNER.uid, '');

      expect(drafts.setPublication).toHaveBeenCalledWith(TX, DRAFT_ID, null, NOW);
      expect(saved.publicationId).toBe('');
      expect(publications.isMember).not.toHaveBeenCalled();
    });

    it('changes nothing (not even the version) when the draft is already there', async () => {
      drafts.find.mockResolvedValue(found({ publicationId: PUBLICATION_ID }));
      publications.isMember.mockResolvedValue(true);
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID }));

      const saved = await service.setPublication(DRAFT_ID, OWNER.uid, PUBLICATION_ID);

      expect(saved).toMatchObject({ publicationId: PUBLICATION_ID, version: 2 });
      expect(drafts.setPublication).not.toHaveBeenCalled();
    });

    it('refuses a writer who is not a member (ActorNotPublicationMember) and passes PublicationNotFound on', async () => {
      drafts.find.mockResolvedValue(found());
      publications.isMember.mockResolvedValue(false);
      expect((await failure(service.setPublication(DRAFT_ID, OWNER.uid, PUBLICATION_ID))).code).toBe(
        'ActorNotPublicationMember',
      );
      publications.isMember.mockRejectedValue(new AppError('PublicationNotFound'));
      expect((await failure(service.setPublication(DRAFT_ID, OWNER.uid, PUBLICATION_ID))).code).toBe(
        'PublicationNotFound',
      );
      expect(drafts.lockForUpdate).not.toHaveBeenCalled();
    });

    it('answers DraftNotFound to anyone but the owner (a co-author too) and for a visitor, before asking anyone', async () => {
      drafts.find.mockResolvedValue(found());
      expect((await failure(service.setPublication(DRAFT_ID, OTHER, PUBLICATION_ID))).code).toBe('DraftNotFound');
      expect((await failure(service.setPublication(DRAFT_ID, '', ''))).code).toBe('DraftNotFound');
      drafts.find.mockResolvedValue(undefined);
      expect((await failure(service.setPublication(DRAFT_ID, OWNER.uid, ''))).code).toBe('DraftNotFound');
      expect(publications.isMember).not.toHaveBeenCalled();
    });

    it('allows a paid audience once the draft is in a publication', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID }));
      drafts.saveIfVersion.mockResolvedValue(draft({ publicationId: PUBLICATION_ID, audience: 'paid', version: 3 }));
      drafts.find.mockResolvedValue(found({ publicationId: PUBLICATION_ID, audience: 'paid', version: 3 }));
      const saved = await service.update(DRAFT_ID, OWNER.uid, 2, fields({ audience: Audience.AUDIENCE_PAID }));
      expect(saved.audience).toBe(Audience.AUDIENCE_PAID);
      expect(drafts.saveIfVersion).toHaveBeenCalledWith(
        TX,
        DRAFT_ID,
        2,
        expect.objectContaining({ audience: 'paid' }),
        NOW,
      );
    });
  });

  describe('create', () => {
    it('stores a sanitized short draft (only upper limits while writing) under the cap', async () => {
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 9, translations: 5 });
      drafts.insert.mockImplementation(async (_tx, values) => draft({ ...(values as DraftRow), version: 1 }));

      const created = await service.create(OWNER, fields());

      const stored = drafts.insert.mock.calls[0]![1];
      expect(stored).toMatchObject({ ownerId: OWNER.uid, title: 'Payız Bakıda', target: 'personal', audience: 'free' });
      expect(JSON.stringify(stored.content)).not.toContain('script');
      expect(drafts.lockOwner).toHaveBeenCalledWith(TX, OWNER.uid);
      expect(created).toMatchObject({
        id: DRAFT_ID,
        version: 1,
        role: 'owner',
        previewExpiresAtMs: Date.parse('2026-12-26T10:00:00Z'),
      });
      expect(JSON.stringify(created)).not.toContain('f'.repeat(64));
    });

    it('refuses an eleventh draft', async () => {
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 10, translations: 0 });
      expect((await failure(service.create(OWNER, fields()))).code).toBe('MaxDraftsCountReached');
      expect(drafts.insert).not.toHaveBeenCalled();
    });

    it('reports every field over its limit together, before touching the database', async () => {
      const error = await failure(
        service.create(
          OWNER,
          fields({
            title: 'x'.repeat(151),
            category: 'astrology',
            contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: 'y'.repeat(30_001) } }] }),
          }),
        ),
      );
      expect(error.details?.map((d) => `${d.field}:${d.code}`)).toEqual([
        'title:InvalidArticleTitle',
        'category:InvalidCategory',
        'content:InvalidContentMax',
      ]);
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('refuses a language or audience this build does not know, before touching the database', async () => {
      const language = await failure(service.create(OWNER, fields({ language: 99 as Language })));
      expect(language.details).toEqual([{ field: 'language', code: 'InvalidModel' }]);
      const audience = await failure(service.create(OWNER, fields({ audience: 99 as Audience })));
      expect(audience.details).toEqual([{ field: 'audience', code: 'InvalidModel' }]);
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('refuses paid readers for a personal draft: on create before touching the database, on save before writing', async () => {
      const created = await failure(
        service.create(OWNER, fields({ target: 'personal', audience: Audience.AUDIENCE_PAID })),
      );
      expect(created.code).toBe('PaidAudienceNeedsPublication');
      expect(created.details).toEqual([{ field: 'audience', code: 'PaidAudienceNeedsPublication' }]);
      expect(transactions.run).not.toHaveBeenCalled();
      drafts.lockForUpdate.mockResolvedValue(draft());
      const saved = await failure(service.update(DRAFT_ID, OWNER.uid, 2, fields({ audience: Audience.AUDIENCE_PAID })));
      expect(saved.code).toBe('PaidAudienceNeedsPublication');
      expect(drafts.saveIfVersion).not.toHaveBeenCalled();
    });
  });

  describe("create on a publication's subdomain", () => {
    const stored = () => drafts.insert.mock.calls[0]![1];

    beforeEach(() => {
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 0, translations: 0 });
      drafts.insert.mockImplementation(async (_tx, values) => draft({ ...(values as DraftRow), version: 1 }));
    });

    it('starts in the publication for its owner or a member, asked before the transaction', async () => {
      publications.isMember.mockResolvedValue(true);

      const created = await service.create(OWNER, fields(), PUBLICATION_ID);

      expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, OWNER.uid);
      expect(publications.isMember.mock.invocationCallOrder[0]).toBeLessThan(
        transactions.run.mock.invocationCallOrder[0]!,
      );
      expect(stored()).toMatchObject({ ownerId: OWNER.uid, publicationId: PUBLICATION_ID });
      expect(created.publicationId).toBe(PUBLICATION_ID);
    });

    it('starts personal, without an error, for anyone else and when the publication is gone', async () => {
      publications.isMember.mockResolvedValue(false);
      expect((await service.create(OWNER, fields(), PUBLICATION_ID)).publicationId).toBe('');
      publications.isMember.mockRejectedValue(new AppError('PublicationNotFound'));
      expect((await service.create(OWNER, fields(), PUBLICATION_ID)).publicationId).toBe('');
      expect(drafts.insert.mock.calls.map(([, values]) => values.publicationId)).toEqual([null, null]);
    });

    it('asks nobody without a publication, and writes nothing when publications cannot answer', async () => {
      await service.create(OWNER, fields(), '');
      expect(stored().publicationId).toBeNull();
      expect(publications.isMember).not.toHaveBeenCalled();

      publications.isMember.mockRejectedValue(new Error('publications is unavailable'));
      await expect(service.create(OWNER, fields(), PUBLICATION_ID)).rejects.toThrow('publications is unavailable');
      expect(drafts.insert).toHaveBeenCalledTimes(1);
    });

    it("takes paid readers in the publication, and refuses them in an outsider's personal draft", async () => {
      publications.isMember.mockResolvedValue(true);
      const paid = await service.create(OWNER, fields({ audience: Audience.AUDIENCE_PAID }), PUBLICATION_ID);
      expect(paid).toMatchObject({ publicationId: PUBLICATION_ID, audience: Audience.AUDIENCE_PAID });

      publications.isMember.mockResolvedValue(false);
      const refused = await failure(
        service.create(OWNER, fields({ audience: Audience.AUDIENCE_PAID }), PUBLICATION_ID),
      );
      expect(refused.code).toBe('PaidAudienceNeedsPublication');
      expect(drafts.insert).toHaveBeenCalledTimes(1);
    });
  });

  describe('read and save', () => {
    it("answers another's draft as not found, and a co-author's as theirs to edit", async () => {
      drafts.find.mockResolvedValue({ draft: draft(), owner: OWNER });
      coAuthors.isAcceptedOnDraft.mockResolvedValue(false);
      expect((await failure(service.get(DRAFT_ID, OTHER))).code).toBe('DraftNotFound');
      expect((await failure(service.get(DRAFT_ID, ''))).code).toBe('DraftNotFound');
      coAuthors.isAcceptedOnDraft.mockResolvedValue(true);
      const seen = await service.get(DRAFT_ID, OTHER);
      expect(seen).toMatchObject({ role: 'coAuthor', previewExpiresAtMs: 0 });
    });

    it('saves when the version matches and answers a conflict with the current version otherwise', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ version: 4 }));
      drafts.saveIfVersion.mockResolvedValue(undefined);
      const conflict = await failure(service.update(DRAFT_ID, OWNER.uid, 3, fields()));
      expect(conflict.code).toBe('DraftConflict');
      expect(conflict.params).toEqual({ version: 4, updatedAt: NOW.toISOString() });

      drafts.saveIfVersion.mockResolvedValue(draft({ version: 5 }));
      drafts.find.mockResolvedValue({ draft: draft({ version: 5 }), owner: OWNER });
      expect((await service.update(DRAFT_ID, OWNER.uid, 4, fields())).version).toBe(5);
      expect(drafts.saveIfVersion).toHaveBeenLastCalledWith(TX, DRAFT_ID, 4, expect.any(Object), NOW);
    });

    it('keeps the language of a draft translation', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ translationOf: ARTICLE_ID, language: 'en' }));
      drafts.saveIfVersion.mockResolvedValue(draft({ language: 'en' }));
      drafts.find.mockResolvedValue({ draft: draft({ language: 'en' }), owner: OWNER });
      await service.update(DRAFT_ID, OWNER.uid, 2, fields({ language: Language.LANGUAGE_RU }));
      expect(drafts.saveIfVersion.mock.calls[0]![3].language).toBe('en');
    });

    it('lets nobody else save the draft, and only the owner delete it or refresh its preview', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      coAuthors.isAcceptedOnDraft.mockResolvedValue(false);
      expect((await failure(service.update(DRAFT_ID, OTHER, 2, fields()))).code).toBe('DraftNotFound');
      expect((await failure(service.remove(DRAFT_ID, OTHER))).code).toBe('DraftNotFound');
      expect((await failure(service.refreshPreview(DRAFT_ID, OTHER))).code).toBe('DraftNotFound');
      expect(drafts.saveIfVersion).not.toHaveBeenCalled();
      expect(drafts.delete).not.toHaveBeenCalled();
    });
  });

  describe('preview', () => {
    it('makes a new unguessable token each time, stores only its hash and answers when it expires', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      drafts.setPreviewTokenHash.mockResolvedValue(undefined);
      const first = await service.refreshPreview(DRAFT_ID, OWNER.uid);
      const second = await service.refreshPreview(DRAFT_ID, OWNER.uid);
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(second.token).not.toBe(first.token);
      expect(second.expiresAt).toEqual(new Date('2026-12-26T10:00:00Z'));
      const [, , stored, at] = drafts.setPreviewTokenHash.mock.calls[1]!;
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      expect(stored).toBe(previewTokenHash(second.token));
      expect(stored).not.toContain(second.token);
      expect(at).toBe(NOW);
    });

    it('shows the draft behind a current token, looked up by its hash, without a role', async () => {
      const token = 'A'.repeat(32);
      drafts.findByPreviewTokenHash.mockResolvedValue({
        draft: draft({ previewTokenHash: previewTokenHash(token) }),
        owner: OWNER,
      });
      expect(await service.preview(token)).toMatchObject({ id: DRAFT_ID, previewExpiresAtMs: 0, role: '' });
      expect(drafts.findByPreviewTokenHash).toHaveBeenCalledWith(previewTokenHash(token));
      drafts.findByPreviewTokenHash.mockResolvedValue(undefined);
      expect((await failure(service.preview(token))).code).toBe('DraftNotFound');
      // A malformed token is not even looked up.
      drafts.findByPreviewTokenHash.mockClear();
      expect((await failure(service.preview('short'))).code).toBe('DraftNotFound');
      expect(drafts.findByPreviewTokenHash).not.toHaveBeenCalled();
    });

    it('stops working 30 days after the token was made', async () => {
      const token = 'B'.repeat(32);
      const made = (at: string) => ({ draft: draft({ previewTokenCreatedAt: new Date(at) }), owner: OWNER });
      drafts.findByPreviewTokenHash.mockResolvedValue(made('2026-10-27T10:00:01Z'));
      expect((await service.preview(token)).id).toBe(DRAFT_ID);
      drafts.findByPreviewTokenHash.mockResolvedValue(made('2026-10-27T10:00:00Z'));
      expect((await failure(service.preview(token))).code).toBe('DraftNotFound');
    });

    it("shows only the teaser of an edit or a translation of a paid published article (the link is anyone's)", async () => {
      const token = 'C'.repeat(32);
      const ARTICLE = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
      const blocks = [
        { type: 'paragraph', data: { text: 'Açıq giriş, hamı oxuyur.' } },
        ...Array.from({ length: 6 }, () => ({ type: 'paragraph', data: { text: 'Davamı abunəçilər üçündür.' } })),
        { type: 'paragraph', data: { text: 'Gizli hissə: zanbaq sözü burada.' } },
      ];
      const content = { time: 1, version: '2.31.0', blocks };
      drafts.findByPreviewTokenHash.mockResolvedValue({
        draft: draft({ articleId: ARTICLE, audience: 'paid', content }),
        owner: OWNER,
      });
      const edit = await service.preview(token);
      expect(edit.contentJson).toContain('Açıq giriş');
      expect(edit.contentJson).not.toContain('zanbaq');
      // A translation draft marked free of a paid original: the original decides.
      drafts.findByPreviewTokenHash.mockResolvedValue({
        draft: draft({ translationOf: ARTICLE, content }),
        owner: OWNER,
      });
      articles.findWithAuthor.mockResolvedValue({
        article: {
          id: ARTICLE,
          authorId: OWNER.uid,
          audience: 'paid',
          publicationId: PUBLICATION_ID,
          translationOf: null,
        },
        author: OWNER,
      } as never);
      expect((await service.preview(token)).contentJson).not.toContain('zanbaq');
      // A new paid draft's link is its author's to share as it is.
      drafts.findByPreviewTokenHash.mockResolvedValue({
        draft: draft({ audience: 'paid', publicationId: PUBLICATION_ID, content }),
        owner: OWNER,
      });
      expect((await service.preview(token)).contentJson).toContain('zanbaq');
    });
  });

  describe('cover', () => {
    const key = `articles/${OWNER.uid}/0b9f6a1e-2c3d-4e5f-8a7b-000000000001/640.png`;

    it('accepts an editor image its owner uploaded', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      media.findByKey.mockResolvedValue({ ownerUid: OWNER.uid } as never);
      drafts.setCover.mockResolvedValue(draft({ coverKey: key }));
      drafts.find.mockResolvedValue({ draft: draft({ coverKey: key }), owner: OWNER });
      expect(await service.setCover(DRAFT_ID, OWNER.uid, key)).toMatchObject({
        coverKey: key,
        coverUrl: `/media/${key}`,
      });
      expect(media.findByKey).toHaveBeenCalledWith(key, TX);
    });

    it("refuses someone else's image, an unknown one and a key outside the owner's folder", async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      media.findByKey.mockResolvedValue({ ownerUid: OTHER } as never);
      expect((await failure(service.setCover(DRAFT_ID, OWNER.uid, key))).code).toBe('InvalidCoverFormat');
      media.findByKey.mockResolvedValue(undefined);
      expect((await failure(service.setCover(DRAFT_ID, OWNER.uid, key))).code).toBe('InvalidCoverFormat');
      media.findByKey.mockClear();
      const outside = `articles/${OTHER}/0b9f6a1e-2c3d-4e5f-8a7b-000000000001/640.png`;
      expect((await failure(service.setCover(DRAFT_ID, OWNER.uid, outside))).code).toBe('InvalidCoverFormat');
      expect((await failure(service.setCover(DRAFT_ID, OWNER.uid, '../../etc/passwd'))).code).toBe(
        'InvalidCoverFormat',
      );
      expect(media.findByKey).not.toHaveBeenCalled();
      expect(drafts.setCover).not.toHaveBeenCalled();
    });
  });

  describe('editArticle', () => {
    const published = (overrides: Partial<ArticleRow> = {}) =>
      ({
        id: ARTICLE_ID,
        authorId: OWNER.uid,
        status: 'published',
        editCount: 0,
        translationOf: null,
        language: 'az',
        title: 'Payız',
        description: '',
        content: draft().content,
        category: 'culture',
        subCategories: [],
        coverKey: null,
        target: 'personal',
        publicationId: PUBLICATION_ID,
        audience: 'free',
        ...overrides,
      }) as ArticleRow;

    it('opens a draft prefilled from the published article, or answers the one already open', async () => {
      articles.lockForUpdate.mockResolvedValue(published());
      drafts.findForArticle.mockResolvedValue(undefined);
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 0, translations: 0 });
      drafts.insert.mockImplementation(async (_tx, values) => draft(values as DraftRow));
      const opened = await service.editArticle(ARTICLE_ID, OWNER);
      expect(drafts.insert.mock.calls[0]![1]).toMatchObject({
        ownerId: OWNER.uid,
        articleId: ARTICLE_ID,
        title: 'Payız',
        publicationId: PUBLICATION_ID,
      });
      expect(opened.articleId).toBe(ARTICLE_ID);

      drafts.findForArticle.mockResolvedValue(draft({ articleId: ARTICLE_ID, id: 'open' }));
      expect((await service.editArticle(ARTICLE_ID, OWNER)).id).toBe('open');
      expect(drafts.insert).toHaveBeenCalledTimes(1);
    });

    it('refuses after 5 edits, for another author, and for an article under review', async () => {
      articles.lockForUpdate.mockResolvedValue(published({ editCount: 5 }));
      expect((await failure(service.editArticle(ARTICLE_ID, OWNER))).code).toBe('EditArticleCount');
      articles.lockForUpdate.mockResolvedValue(published());
      expect((await failure(service.editArticle(ARTICLE_ID, { ...OWNER, uid: OTHER }))).code).toBe('Forbidden');
      articles.lockForUpdate.mockResolvedValue(published({ status: 'accepted' }));
      expect((await failure(service.editArticle(ARTICLE_ID, { ...OWNER, uid: OTHER }))).code).toBe('ArticleNotFound');
      expect((await failure(service.editArticle(ARTICLE_ID, OWNER))).code).toBe('OperationFailed');
      expect(drafts.insert).not.toHaveBeenCalled();
    });
  });
});
