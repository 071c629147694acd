import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { fakeTransactions, strictMock, type StrictMock } from '@pencraft/testing';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import { IncomeHistoryService } from './income-history.service.js';
import type { IncomeRepository } from './income.repository.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const publication = { id: PUB, ownerUid: OWNER, name: 'Daily Baku' } as PublicationRow;

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

const zeros = (days: number) => Array.from({ length: days }, () => ({ amount: '0', payments: 0 }));

describe('IncomeHistoryService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let income: StrictMock<IncomeRepository>;
  let clock: StrictMock<Clock>;
  let service: IncomeHistoryService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    income = strictMock<IncomeRepository>('IncomeRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    publications.find.mockResolvedValue(publication);
    service = new IncomeHistoryService(fakeTransactions(), publications, members, income, clock);
  });

  it('is for the owner only: a member gets ActorNotPublicationOwner, anyone else ActorNotPublicationMember', async () => {
    members.roleOf.mockResolvedValue('member');
    expect(await codeOf(service.history({ actorUid: MEMBER, publicationId: PUB, days: 30 }))).toBe(
      'ActorNotPublicationOwner',
    );
    members.roleOf.mockResolvedValue(undefined);
    expect(await codeOf(service.history({ actorUid: MEMBER, publicationId: PUB, days: 30 }))).toBe(
      'ActorNotPublicationMember',
    );
    expect(income.daily).not.toHaveBeenCalled();
  });

  it('answers each UTC day of the period oldest first, today last, with the exact total', async () => {
    members.roleOf.mockResolvedValue('owner');
    const rows = zeros(30);
    rows[0] = { amount: '500', payments: 1 };
    rows[29] = { amount: '9007199254740000', payments: 3 };
    income.daily.mockResolvedValue(rows);
    const answer = await service.history({ actorUid: OWNER, publicationId: PUB, days: 30 });
    expect(income.daily).toHaveBeenCalledWith(PUB, new Date('2026-10-28T00:00:00Z'), 30);
    expect(answer.days).toHaveLength(30);
    expect(answer.days[0]).toEqual({ date: '2026-10-28', amountQepik: 500, payments: 1 });
    expect(answer.days[1]).toEqual({ date: '2026-10-29', amountQepik: 0, payments: 0 });
    expect(answer.days[29]).toEqual({ date: '2026-11-26', amountQepik: 9007199254740000, payments: 3 });
    expect(answer.totalQepik).toBe(9007199254740500);
  });

  it('takes 30 days by default and at most 365', async () => {
    members.roleOf.mockResolvedValue('owner');
    income.daily.mockImplementation((_id, _from, days) => Promise.resolve(zeros(days)));
    expect((await service.history({ actorUid: OWNER, publicationId: PUB, days: 0 })).days).toHaveLength(30);
    expect((await service.history({ actorUid: OWNER, publicationId: PUB, days: 5000 })).days).toHaveLength(365);
    expect((await service.history({ actorUid: OWNER, publicationId: PUB, days: 365 })).totalQepik).toBe(0);
  });

  it('refuses a total past 2^53 - 1 rather than rounding it', async () => {
    members.roleOf.mockResolvedValue('owner');
    const rows = zeros(2);
    rows[0] = { amount: '9007199254740991', payments: 1 };
    rows[1] = { amount: '2', payments: 1 };
    income.daily.mockResolvedValue(rows);
    expect(await codeOf(service.history({ actorUid: OWNER, publicationId: PUB, days: 2 }))).toBe('InternalServerError');
  });
});
