import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { MemberInvited, MemberRemoved } from '@pencraft/contracts/events/v1/publications';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { PUBLICATION_MEMBERS_MAX } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { MemberRepository } from './member.repository.js';
import { MemberService } from './member.service.js';
import type { MemberRow } from './member.table.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const INVITEE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
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
const member = (uid: string, role: 'owner' | 'member' = 'member'): MemberRow => ({
  publicationId: PUB,
  uid,
  role,
  joinedAt: NOW,
});

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('MemberService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: MemberService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new MemberService(transactions, publications, members, outbox, clock);
    publications.lock.mockResolvedValue(publication);
  });

  describe('invite', () => {
    const request = { actorUid: OWNER, publicationId: PUB, inviteeUid: INVITEE };

    it('records the invitation and announces it, under the publication lock', async () => {
      members.roleOf.mockResolvedValue('owner');
      members.list.mockResolvedValue([member(OWNER, 'owner')]);
      members.invitedUids.mockResolvedValue([]);
      members.invite.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');

      await service.invite(request);

      expect(publications.lock).toHaveBeenCalledWith(TX, PUB);
      expect(members.invite).toHaveBeenCalledWith(TX, {
        publicationId: PUB,
        uid: INVITEE,
        invitedByUid: OWNER,
        createdAt: NOW,
      });
      const [, event] = outbox.add.mock.calls[0]!;
      expect(event.subject).toBe(EVENTS.memberInvited.subject);
      expect(MemberInvited.decode(event.payload)).toMatchObject({ inviteeUid: INVITEE, publicationName: 'Daily Baku' });
    });

    it('refuses inviting a pending invitee, a member or the owner themself', async () => {
      members.roleOf.mockResolvedValue('owner');
      members.list.mockResolvedValue([member(OWNER, 'owner'), member(MEMBER)]);
      members.invitedUids.mockResolvedValue([INVITEE]);
      for (const inviteeUid of [INVITEE, MEMBER, OWNER]) {
        expect(await codeOf(service.invite({ ...request, inviteeUid }))).toBe('MemberAlreadyInvited');
      }
      expect(members.invite).not.toHaveBeenCalled();
    });

    it('refuses beyond the members maximum, counting pending invitations', async () => {
      members.roleOf.mockResolvedValue('owner');
      members.list.mockResolvedValue([member(OWNER, 'owner')]);
      members.invitedUids.mockResolvedValue(
        Array.from(
          { length: PUBLICATION_MEMBERS_MAX - 1 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      );
      expect(await codeOf(service.invite(request))).toBe('MaxMembersCountReached');
    });

    it('refuses a member (owner only) and an outsider', async () => {
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.invite({ ...request, actorUid: MEMBER }))).toBe('ActorNotPublicationOwner');
      members.roleOf.mockResolvedValue(undefined);
      expect(await codeOf(service.invite({ ...request, actorUid: INVITEE }))).toBe('ActorNotPublicationMember');
    });
  });

  describe('respond', () => {
    it('accepting makes a member and announces the joining', async () => {
      members.uninvite.mockResolvedValue(true);
      members.add.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      await service.respond({ actorUid: INVITEE, publicationId: PUB, accept: true });
      expect(members.add).toHaveBeenCalledWith(TX, { publicationId: PUB, uid: INVITEE, role: 'member', joinedAt: NOW });
      expect(outbox.add.mock.calls[0]![1].subject).toBe(EVENTS.memberJoined.subject);
    });

    it('rejecting only removes the invitation', async () => {
      members.uninvite.mockResolvedValue(true);
      await service.respond({ actorUid: INVITEE, publicationId: PUB, accept: false });
      expect(members.uninvite).toHaveBeenCalledWith(TX, PUB, INVITEE);
    });

    it('answers MemberNotFound without a pending invitation', async () => {
      members.uninvite.mockResolvedValue(false);
      expect(await codeOf(service.respond({ actorUid: INVITEE, publicationId: PUB, accept: true }))).toBe(
        'MemberNotFound',
      );
    });
  });

  describe('list', () => {
    it('shows pending invitations to the owner only', async () => {
      publications.find.mockResolvedValue(publication);
      members.list.mockResolvedValue([member(OWNER, 'owner')]);
      members.invitationsTo.mockResolvedValue([
        {
          publicationId: PUB,
          uid: INVITEE,
          invitedByUid: OWNER,
          createdAt: NOW,
          publicationName: 'Daily Baku',
          publicationSlug: 'daily-baku',
        },
      ]);
      expect((await service.list({ actorUid: OWNER, publicationId: PUB })).invitations).toHaveLength(1);
      const visitor = await service.list({ actorUid: '', publicationId: PUB });
      expect(visitor.invitations).toEqual([]);
      expect(visitor.members).toHaveLength(1);
      expect(members.invitationsTo).toHaveBeenCalledTimes(1);
    });
  });

  describe('remove', () => {
    it('lets the owner remove a member, announced as removed by the owner', async () => {
      members.roleOf.mockResolvedValue('owner');
      members.remove.mockResolvedValue(true);
      outbox.add.mockResolvedValue('event');
      await service.remove({ actorUid: OWNER, publicationId: PUB, memberUid: MEMBER });
      expect(MemberRemoved.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({ uid: MEMBER, byUid: OWNER });
    });

    it('lets the owner cancel a pending invitation quietly', async () => {
      members.roleOf.mockResolvedValue('owner');
      members.remove.mockResolvedValue(false);
      members.uninvite.mockResolvedValue(true);
      await service.remove({ actorUid: OWNER, publicationId: PUB, memberUid: INVITEE });
      expect(members.uninvite).toHaveBeenCalledWith(TX, PUB, INVITEE);
    });

    it('lets a member leave', async () => {
      members.roleOf.mockResolvedValue('member');
      members.remove.mockResolvedValue(true);
      outbox.add.mockResolvedValue('event');
      await service.remove({ actorUid: MEMBER, publicationId: PUB, memberUid: MEMBER });
      expect(members.remove).toHaveBeenCalledWith(TX, PUB, MEMBER);
    });

    it('refuses the owner removing themself', async () => {
      members.roleOf.mockResolvedValue('owner');
      expect(await codeOf(service.remove({ actorUid: OWNER, publicationId: PUB, memberUid: OWNER }))).toBe(
        'CantDeleteSelfMember',
      );
    });

    it('refuses a member removing another and an outsider leaving', async () => {
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.remove({ actorUid: MEMBER, publicationId: PUB, memberUid: INVITEE }))).toBe(
        'ActorNotPublicationOwner',
      );
      members.roleOf.mockResolvedValue(undefined);
      expect(await codeOf(service.remove({ actorUid: INVITEE, publicationId: PUB, memberUid: INVITEE }))).toBe(
        'ActorNotPublicationMember',
      );
    });

    it('answers MemberNotFound for neither a member nor an invitee', async () => {
      members.roleOf.mockResolvedValue('owner');
      members.remove.mockResolvedValue(false);
      members.uninvite.mockResolvedValue(false);
      expect(await codeOf(service.remove({ actorUid: OWNER, publicationId: PUB, memberUid: INVITEE }))).toBe(
        'MemberNotFound',
      );
    });
  });
});
