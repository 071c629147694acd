import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { SubscriberHistoryRepository } from './subscriber-history.repository.js';
import { SubscriberHistoryService } from './subscriber-history.service.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const READER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

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

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('SubscriberHistoryService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let history: StrictMock<SubscriberHistoryRepository>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: SubscriberHistoryService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    history = strictMock<SubscriberHistoryRepository>('SubscriberHistoryRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new SubscriberHistoryService(transactions, publications, members, history, clock);
    publications.find.mockResolvedValue(publication);
  });

  it('answers a member one count per day of the period, oldest first, up to now', async () => {
    members.roleOf.mockResolvedValue('member');
    history.daily.mockResolvedValue([
      { subscribers: 1, created: 1 },
      { subscribers: 1, created: 0 },
      { subscribers: 3, created: 2 },
    ]);
    const answer = await service.history({ actorUid: MEMBER, publicationId: PUB, days: 3 });
    expect(members.roleOf).toHaveBeenCalledWith(TX, PUB, MEMBER);
    expect(history.daily).toHaveBeenCalledWith(PUB, new Date('2026-11-24T00:00:00Z'), 3, NOW);
    expect(answer.days).toEqual([
      { date: '2026-11-24', subscribers: 1, newSubscribers: 1 },
      { date: '2026-11-25', subscribers: 1, newSubscribers: 0 },
      { date: '2026-11-26', subscribers: 3, newSubscribers: 2 },
    ]);
  });

  it('keeps the period within a year (30 days by default)', async () => {
    members.roleOf.mockResolvedValue('owner');
    history.daily.mockImplementation((_id, _from, days) =>
      Promise.resolve(Array.from({ length: days }, () => ({ subscribers: 0, created: 0 }))),
    );
    expect((await service.history({ actorUid: OWNER, publicationId: PUB, days: 5000 })).days).toHaveLength(365);
    expect((await service.history({ actorUid: OWNER, publicationId: PUB, days: 0 })).days).toHaveLength(30);
    expect(history.daily).toHaveBeenLastCalledWith(PUB, new Date('2026-10-28T00:00:00Z'), 30, NOW);
  });

  it('refuses an outsider, a visitor and an unknown publication before reading', async () => {
    members.roleOf.mockResolvedValue(undefined);
    expect(await codeOf(service.history({ actorUid: READER, publicationId: PUB, days: 30 }))).toBe(
      'ActorNotPublicationMember',
    );
    expect(await codeOf(service.history({ actorUid: '', publicationId: PUB, days: 30 }))).toBe('Unauthorized');
    publications.find.mockResolvedValue(undefined);
    expect(await codeOf(service.history({ actorUid: OWNER, publicationId: PUB, days: 30 }))).toBe(
      'PublicationNotFound',
    );
    expect(history.daily).not.toHaveBeenCalled();
  });
});
