import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { TranslationPublished, TranslationSubmitted } from '@pencraft/contracts/events/v1/articles';
import { AppError } from '@pencraft/errors';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { AuthorRepository } from '../authors/author.repository.js';
import type { Clock } from '@pencraft/kit';
import type { CoAuthorRepository } from '../coauthors/coauthor.repository.js';
import { ArticleCollaboration } from './article-collaboration.js';
import { translationPublishedEvent, translationSubmittedEvent } from './translation.events.js';
import type { GroupMember, TranslationRepository, TranslationSourceRow } from './translation.repository.js';
import { TranslationService } from './translation.service.js';
import { Language } from '@pencraft/contracts/common/v1/common';

const NOW = new Date('2026-11-26T10:00:00Z');
const AUTHOR = {
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  username: 'nigar',
  fullname: 'Nigar Əliyeva',
  imageUrl: '',
};
const CO_AUTHOR_UID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const STRANGER = { uid: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', username: 'x', fullname: 'X', imageUrl: '' };
const ORIGINAL_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const EN_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const DRAFT_ID = '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const original = (overrides: Partial<TranslationSourceRow> = {}): TranslationSourceRow => ({
  id: ORIGINAL_ID,
  authorId: AUTHOR.uid,
  translationOf: null,
  language: 'az' as const,
  status: 'published',
  title: 'Payız',
  description: 'Bakı',
  category: 'culture',
  subCategories: ['travel'],
  content: { blocks: [] },
  coverKey: null,
  target: 'personal',
  audience: 'free',
  ...overrides,
});
const member = (overrides: Partial<GroupMember> = {}): GroupMember => ({
  id: EN_ID,
  authorId: AUTHOR.uid,
  translationOf: ORIGINAL_ID,
  language: 'en' as const,
  status: 'published',
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

describe('TranslationService', () => {
  let translations: StrictMock<TranslationRepository>;
  let coAuthors: StrictMock<CoAuthorRepository>;
  let authors: StrictMock<AuthorRepository>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: TranslationService;

  beforeEach(() => {
    translations = strictMock<TranslationRepository>('TranslationRepository');
    coAuthors = strictMock<CoAuthorRepository>('CoAuthorRepository');
    authors = strictMock<AuthorRepository>('AuthorRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new TranslationService(transactions as never, translations, coAuthors, authors, clock);
  });

  describe('translate', () => {
    function original_published() {
      translations.findMember.mockResolvedValue(
        member({ id: ORIGINAL_ID, translationOf: null, language: 'az' as const }),
      );
      translations.findSource.mockResolvedValue(original());
    }

    it('starts a draft translation prefilled from the original, under the group and translator locks', async () => {
      original_published();
      translations.lockGroupAndOwner.mockResolvedValue();
      translations.takenLanguages.mockResolvedValue(['ru']);
      translations.countDraftTranslations.mockResolvedValue(4);
      authors.upsert.mockResolvedValue();
      translations.insertDraft.mockResolvedValue(DRAFT_ID);

      expect(await service.translate(AUTHOR, ORIGINAL_ID, 'en')).toBe(DRAFT_ID);
      expect(translations.lockGroupAndOwner).toHaveBeenCalledWith(TX, ORIGINAL_ID, AUTHOR.uid);
      expect(translations.takenLanguages).toHaveBeenCalledWith(TX, ORIGINAL_ID);
      expect(translations.insertDraft).toHaveBeenCalledWith(TX, original(), AUTHOR.uid, 'en', NOW);
      expect(transactions.committed).toBe(1);
    });

    it('translates the group of a translation (from its original) and lets accepted co-authors translate', async () => {
      translations.findMember.mockResolvedValue(member());
      translations.findSource.mockResolvedValue(original());
      coAuthors.isAcceptedOnArticle.mockResolvedValue(true);
      translations.lockGroupAndOwner.mockResolvedValue();
      translations.takenLanguages.mockResolvedValue(['en']);
      translations.countDraftTranslations.mockResolvedValue(0);
      authors.upsert.mockResolvedValue();
      translations.insertDraft.mockResolvedValue(DRAFT_ID);
      const coAuthor = { ...STRANGER, uid: CO_AUTHOR_UID };

      expect(await service.translate(coAuthor, EN_ID, 'ru')).toBe(DRAFT_ID);
      expect(translations.findSource).toHaveBeenCalledWith(ORIGINAL_ID);
      expect(coAuthors.isAcceptedOnArticle).toHaveBeenCalledWith(ORIGINAL_ID, CO_AUTHOR_UID);
    });

    it('refuses a language the group holds: the original’s, or a published, pending or draft translation', async () => {
      original_published();
      translations.lockGroupAndOwner.mockResolvedValue();
      translations.takenLanguages.mockResolvedValue(['en']);
      expect(await codeOf(service.translate(AUTHOR, ORIGINAL_ID, 'az'))).toBe('ArticleTranslationAvailable');
      expect(await codeOf(service.translate(AUTHOR, ORIGINAL_ID, 'en'))).toBe('ArticleTranslationAvailable');
      expect(translations.insertDraft).not.toHaveBeenCalled();
    });

    it('refuses a sixth draft translation', async () => {
      original_published();
      translations.lockGroupAndOwner.mockResolvedValue();
      translations.takenLanguages.mockResolvedValue([]);
      translations.countDraftTranslations.mockResolvedValue(5);
      expect(await codeOf(service.translate(AUTHOR, ORIGINAL_ID, 'en'))).toBe('MaxDraftTranslationsCountReached');
    });

    it('refuses someone who neither wrote nor co-writes the original', async () => {
      original_published();
      coAuthors.isAcceptedOnArticle.mockResolvedValue(false);
      expect(await codeOf(service.translate(STRANGER, ORIGINAL_ID, 'en'))).toBe('Forbidden');
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('translates only published articles that exist, into a product language, for a signed-in user', async () => {
      translations.findMember.mockResolvedValue(undefined);
      expect(await codeOf(service.translate(AUTHOR, ORIGINAL_ID, 'en'))).toBe('ArticleNotFound');
      translations.findMember.mockResolvedValue(
        member({ id: ORIGINAL_ID, translationOf: null, language: 'az' as const }),
      );
      translations.findSource.mockResolvedValue(original({ status: 'accepted' }));
      expect(await codeOf(service.translate(AUTHOR, ORIGINAL_ID, 'en'))).toBe('ArticleNotFound');
      expect(await codeOf(service.translate(AUTHOR, ORIGINAL_ID, 'de'))).toBe('InvalidModel');
      expect(await codeOf(service.translate(undefined, ORIGINAL_ID, 'en'))).toBe('Unauthorized');
    });
  });

  describe('find', () => {
    it('finds the published version of the group in a language', async () => {
      translations.findMember.mockResolvedValue(
        member({ id: ORIGINAL_ID, translationOf: null, language: 'az' as const }),
      );
      translations.publishedIn.mockResolvedValue(EN_ID);
      expect(await service.find(ORIGINAL_ID, 'en', '')).toBe(EN_ID);
      expect(translations.publishedIn).toHaveBeenCalledWith(ORIGINAL_ID, 'en');
    });

    it('answers ArticleTranslationNotFound when the group has no published version in that language', async () => {
      translations.findMember.mockResolvedValue(member());
      translations.publishedIn.mockResolvedValue(undefined);
      expect(await codeOf(service.find(EN_ID, 'ru', ''))).toBe('ArticleTranslationNotFound');
      expect(await codeOf(service.find(EN_ID, 'de', ''))).toBe('ArticleTranslationNotFound');
    });

    it('reads the group of an unpublished article only for its author or co-authors', async () => {
      translations.findMember.mockResolvedValue(member({ status: 'accepted' }));
      coAuthors.isAcceptedOnArticle.mockResolvedValue(false);
      expect(await codeOf(service.find(EN_ID, 'az', ''))).toBe('ArticleNotFound');
      expect(await codeOf(service.find(EN_ID, 'az', STRANGER.uid))).toBe('ArticleNotFound');
      translations.publishedIn.mockResolvedValue(ORIGINAL_ID);
      expect(await service.find(EN_ID, 'az', AUTHOR.uid)).toBe(ORIGINAL_ID);
      translations.findMember.mockResolvedValue(undefined);
      expect(await codeOf(service.find(EN_ID, 'az', AUTHOR.uid))).toBe('ArticleNotFound');
    });
  });
});

describe('ArticleCollaboration', () => {
  it('gives an article its co-authors, its group’s published versions and its original', async () => {
    const coAuthors = strictMock<CoAuthorRepository>('CoAuthorRepository');
    const translations = strictMock<TranslationRepository>('TranslationRepository');
    const person = { uid: CO_AUTHOR_UID, username: 'rauf', fullname: 'Rauf', imageUrl: '' };
    coAuthors.acceptedOfArticle.mockResolvedValue([person]);
    const versions = [
      { id: ORIGINAL_ID, language: 'az' as const },
      { id: EN_ID, language: 'en' as const },
    ];
    translations.publishedVersions.mockResolvedValue(versions);
    const collaboration = new ArticleCollaboration(coAuthors, translations);

    expect(await collaboration.of({ id: EN_ID, translationOf: ORIGINAL_ID })).toEqual({
      coAuthors: [person],
      translations: [
        { id: ORIGINAL_ID, language: Language.LANGUAGE_AZ },
        { id: EN_ID, language: Language.LANGUAGE_EN },
      ],
      originalId: ORIGINAL_ID,
    });
    expect(translations.publishedVersions).toHaveBeenCalledWith(ORIGINAL_ID);
    expect((await collaboration.of({ id: ORIGINAL_ID, translationOf: null })).originalId).toBe('');
    expect(translations.publishedVersions).toHaveBeenLastCalledWith(ORIGINAL_ID);
  });

  it('tells whether someone co-writes an article (nobody when signed out)', async () => {
    const coAuthors = strictMock<CoAuthorRepository>('CoAuthorRepository');
    coAuthors.isAcceptedOnArticle.mockResolvedValue(true);
    const collaboration = new ArticleCollaboration(coAuthors, strictMock<TranslationRepository>('Translations'));
    expect(await collaboration.coWrites(EN_ID, CO_AUTHOR_UID)).toBe(true);
    expect(coAuthors.isAcceptedOnArticle).toHaveBeenCalledWith(EN_ID, CO_AUTHOR_UID);
    expect(await collaboration.coWrites(EN_ID, '')).toBe(false);
    expect(coAuthors.isAcceptedOnArticle).toHaveBeenCalledTimes(1);
  });
});

describe('translation events', () => {
  const row = {
    id: EN_ID,
    translationOf: ORIGINAL_ID,
    language: 'en' as const,
    title: 'Autumn',
    description: 'Leaves',
    bodyText: 'The leaves fall.',
    authorId: CO_AUTHOR_UID,
    createdAt: NOW,
    updatedAt: NOW,
    publishedAt: new Date(NOW.getTime() + 1000),
  };

  it('announces a submitted and a published translation, and nothing for an original', () => {
    const submitted = translationSubmittedEvent(row, NOW, 'translator')!;
    expect(submitted.subject).toBe(EVENTS.translationSubmitted.subject);
    expect(TranslationSubmitted.decode(submitted.payload)).toEqual({
      articleId: EN_ID,
      originalId: ORIGINAL_ID,
      language: Language.LANGUAGE_EN,
      title: 'Autumn',
      authorUid: CO_AUTHOR_UID,
      submittedAtMs: NOW.getTime(),
      // The moderation service reviews the whole translation, not its title only.
      description: 'Leaves',
      bodyText: 'The leaves fall.',
      authorUsername: 'translator',
    });
    const published = translationPublishedEvent(row, AUTHOR.uid)!;
    expect(published.subject).toBe(EVENTS.translationPublished.subject);
    expect(TranslationPublished.decode(published.payload)).toMatchObject({
      articleId: EN_ID,
      originalAuthorUid: AUTHOR.uid,
      publishedAtMs: NOW.getTime() + 1000,
    });
    expect(translationSubmittedEvent({ ...row, translationOf: null })).toBeUndefined();
    expect(translationPublishedEvent({ ...row, translationOf: null }, AUTHOR.uid)).toBeUndefined();
  });
});
