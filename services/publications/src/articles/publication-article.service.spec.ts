import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { ArticleDetached } from '@pencraft/contracts/events/v1/publications';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { PublicationArticleRepository } from './publication-article.repository.js';
import { PublicationArticleService } from './publication-article.service.js';
import type { PublicationArticleRow } from './publication-article.table.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const OTHER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const ARTICLE = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';

const publication: PublicationRow = {
  id: PUB,
  ownerUid: OWNER,
  name: 'Daily Baku',
  nameKey: 'daily baku',
  slug: 'daily-baku',
  description: '',
  logoKey: null,
  coverKey: null,
  nameChangedAt: null,
  slugChangedAt: null,
  createdAt: NOW,
  updatedAt: NOW,
};

function record(over: Partial<PublicationArticleRow> = {}): PublicationArticleRow {
  return {
    articleId: ARTICLE,
    publicationId: PUB,
    authorUid: MEMBER,
    pinned: false,
    pinnedAt: null,
    detachedAt: null,
    detachedByUid: null,
    ...over,
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('PublicationArticleService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let articles: StrictMock<PublicationArticleRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let service: PublicationArticleService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    articles = strictMock<PublicationArticleRepository>('PublicationArticleRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new PublicationArticleService(fakeTransactions(), publications, members, articles, outbox, clock);
    publications.find.mockResolvedValue(publication);
  });

  const pin = { actorUid: OWNER, publicationId: PUB, articleId: ARTICLE, articleAuthorUid: MEMBER };

  describe('pin', () => {
    it('records the pin for the owner', async () => {
      members.roleOf.mockResolvedValue('owner');
      articles.lock.mockResolvedValue(undefined);
      articles.save.mockResolvedValue(undefined);
      await service.pin(pin);
      expect(articles.save).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ articleId: ARTICLE, pinned: true, pinnedAt: NOW }),
      );
    });

    it('refuses a member and a detached article', async () => {
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.pin({ ...pin, actorUid: MEMBER }))).toBe('ActorNotPublicationOwner');
      members.roleOf.mockResolvedValue('owner');
      articles.lock.mockResolvedValue(record({ detachedAt: NOW }));
      expect(await codeOf(service.pin(pin))).toBe('ArticleNotFound');
    });
  });

  describe('unpin', () => {
    it('clears the pin', async () => {
      members.roleOf.mockResolvedValue('owner');
      articles.lock.mockResolvedValue(record({ pinned: true, pinnedAt: NOW }));
      articles.save.mockResolvedValue(undefined);
      await service.unpin({ actorUid: OWNER, publicationId: PUB, articleId: ARTICLE });
      expect(articles.save).toHaveBeenCalledWith(TX, expect.objectContaining({ pinned: false, pinnedAt: null }));
    });
  });

  describe('detach', () => {
    it('lets a member detach their own article and announces it', async () => {
      members.roleOf.mockResolvedValue('member');
      articles.lock.mockResolvedValue(undefined);
      articles.save.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      await service.detach({ ...pin, actorUid: MEMBER });
      expect(articles.save).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ detachedAt: NOW, detachedByUid: MEMBER }),
      );
      const [, event] = outbox.add.mock.calls[0]!;
      expect(event.subject).toBe(EVENTS.publicationArticleDetached.subject);
      expect(ArticleDetached.decode(event.payload)).toMatchObject({ articleId: ARTICLE, byUid: MEMBER });
    });

    it('lets the owner detach anyone’s article', async () => {
      members.roleOf.mockResolvedValue('owner');
      articles.lock.mockResolvedValue(record({ pinned: true }));
      articles.save.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      await service.detach(pin);
      expect(articles.save).toHaveBeenCalledWith(TX, expect.objectContaining({ pinned: false, detachedByUid: OWNER }));
    });

    it('refuses a member detaching another’s article (the recorded author wins) and an outsider', async () => {
      members.roleOf.mockResolvedValue('member');
      articles.lock.mockResolvedValue(record({ authorUid: OTHER }));
      expect(await codeOf(service.detach({ ...pin, actorUid: MEMBER, articleAuthorUid: MEMBER }))).toBe(
        'ActorNotPublicationOwner',
      );
      members.roleOf.mockResolvedValue(undefined);
      articles.lock.mockResolvedValue(undefined);
      expect(await codeOf(service.detach({ ...pin, actorUid: OTHER, articleAuthorUid: OTHER }))).toBe(
        'ActorNotPublicationMember',
      );
    });

    it('answers ArticleNotFound once detached', async () => {
      members.roleOf.mockResolvedValue('owner');
      articles.lock.mockResolvedValue(record({ detachedAt: NOW }));
      expect(await codeOf(service.detach(pin))).toBe('ArticleNotFound');
    });
  });
});
