import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { PublicationCreated, PublicationDeleted, PublicationUpdated } from '@pencraft/contracts/events/v1/publications';
import { PublicationRole } from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger, ObjectStore, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { MemberRepository } from '../members/member.repository.js';
import type { PaymentRepository } from '../payments/payment.repository.js';
import type { MerchantAccountRow } from '../payments/merchant-account.table.js';
import type { SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import type { PublicationRepository } from './publication.repository.js';
import { PublicationService } from './publication.service.js';
import type { PublicationRow } from './publication.table.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const OUTSIDER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

function row(over: Partial<PublicationRow> = {}): PublicationRow {
  return {
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

describe('PublicationService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let subscriptions: StrictMock<SubscriptionRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let store: StrictMock<ObjectStore>;
  let log: StrictMock<Logger>;
  let payments: StrictMock<PaymentRepository>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: PublicationService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    subscriptions = strictMock<SubscriptionRepository>('SubscriptionRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    store = strictMock<ObjectStore>('ObjectStore');
    log = strictMock<Logger>('Logger');
    payments = strictMock<PaymentRepository>('PaymentRepository');
    transactions = fakeTransactions();
    service = new PublicationService(
      transactions,
      publications,
      members,
      subscriptions,
      outbox,
      clock,
      store,
      log,
      payments,
    );
  });

  /** The publication exists and the actor holds this role there. */
  function actingAs(role: 'owner' | 'member' | undefined, publication = row()) {
    publications.lock.mockResolvedValue(publication);
    members.roleOf.mockResolvedValue(role);
  }

  describe('create', () => {
    const request = { actorUid: OWNER, name: '  Daily <b>Baku</b> ', slug: ' Daily-Baku ', description: 'About' };

    function free() {
      publications.lockOwner.mockResolvedValue(undefined);
      publications.ownedBy.mockResolvedValue(undefined);
      publications.nameTaken.mockResolvedValue(false);
      publications.slugTaken.mockResolvedValue(false);
    }

    it('writes the publication, its owner as a member and the created event in one transaction', async () => {
      free();
      publications.insert.mockResolvedValue(undefined);
      members.add.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      publications.find.mockResolvedValue(row({ description: 'About' }));

      const created = await service.create(request);

      expect(created).toMatchObject({ name: 'Daily Baku', slug: 'daily-baku', membersCount: 1 });
      expect(publications.lockOwner).toHaveBeenCalledWith(TX, OWNER);
      const inserted = publications.insert.mock.calls[0]![1];
      expect(inserted).toMatchObject({
        ownerUid: OWNER,
        name: 'Daily Baku',
        nameKey: 'daily baku',
        slug: 'daily-baku',
        description: 'About',
      });
      expect(members.add).toHaveBeenCalledWith(TX, {
        publicationId: inserted.id,
        uid: OWNER,
        role: 'owner',
        joinedAt: NOW,
      });
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event.subject).toBe(EVENTS.publicationCreated.subject);
      expect(PublicationCreated.decode(event.payload)).toMatchObject({
        publicationId: inserted.id,
        slug: 'daily-baku',
      });
      expect(transactions.committed).toBe(1);
    });

    it('refuses a second publication of the same owner', async () => {
      publications.lockOwner.mockResolvedValue(undefined);
      publications.ownedBy.mockResolvedValue(row());
      expect(await codeOf(service.create(request))).toBe('UserAlreadyOwnsPublication');
      expect(transactions.rolledBack).toBe(1);
    });

    it('refuses a taken name or slug', async () => {
      free();
      publications.nameTaken.mockResolvedValue(true);
      expect(await codeOf(service.create(request))).toBe('NameExists');
      expect(publications.nameTaken).toHaveBeenCalledWith(TX, 'daily baku');
      free();
      publications.slugTaken.mockResolvedValue(true);
      expect(await codeOf(service.create(request))).toBe('SlugExists');
    });

    it('compares the Azerbaijani key of the name: Bakı, BAKI, Baki and BAKİ are one name', async () => {
      for (const name of ['Bakı Qeydləri', 'BAKI QEYDLƏRİ', 'Baki qeydləri', 'BAKİ QEYDLƏRI']) {
        free();
        publications.nameTaken.mockImplementation(async (_tx, key) => key === 'baki qeydləri');
        expect(await codeOf(service.create({ ...request, name }))).toBe('NameExists');
      }
    });

    it.each(['ab', 'admin', '1abc', 'a--b', 'abc-'])(
      'refuses the slug %s before touching the database',
      async (slug) => {
        expect(await codeOf(service.create({ ...request, slug }))).toBe('InvalidSlug');
      },
    );

    it('refuses an empty name, a long name or a long description', async () => {
      expect(await codeOf(service.create({ ...request, name: ' <i></i> ' }))).toBe('InvalidModel');
      expect(await codeOf(service.create({ ...request, name: 'n'.repeat(65) }))).toBe('InvalidModel');
      expect(await codeOf(service.create({ ...request, description: 'd'.repeat(1001) }))).toBe('InvalidModel');
    });

    it('refuses without a session', async () => {
      expect(await codeOf(service.create({ ...request, actorUid: '' }))).toBe('Unauthorized');
    });
  });

  describe('get', () => {
    it('finds by slug, lowercased, with counts and the viewer role and subscription', async () => {
      publications.findBySlug.mockResolvedValue(row({ nameChangedAt: new Date(NOW.getTime() - DAY) }));
      publications.counts.mockResolvedValue({ members: 3, subscribers: 7 });
      members.roleOf.mockResolvedValue('owner');
      subscriptions.find.mockResolvedValue(undefined);

      const answer = await service.get({ id: '', slug: 'Daily-Baku', viewerUid: OWNER });

      expect(publications.findBySlug).toHaveBeenCalledWith(TX, 'daily-baku');
      expect(answer.publication).toMatchObject({ membersCount: 3, subscribersCount: 7 });
      expect(answer.viewerRole).toBe(PublicationRole.PUBLICATION_ROLE_OWNER);
      expect(answer.viewerSubscription).toBeUndefined();
      expect(answer.nameChangeableAtMs).toBe(NOW.getTime() + 13 * DAY);
      expect(answer.slugChangeableAtMs).toBe(0);
    });

    it('answers PublicationNotFound for an unknown id, a malformed id or neither id nor slug', async () => {
      publications.find.mockResolvedValue(undefined);
      expect(await codeOf(service.get({ id: PUB, slug: '', viewerUid: '' }))).toBe('PublicationNotFound');
      expect(await codeOf(service.get({ id: 'nope', slug: '', viewerUid: '' }))).toBe('PublicationNotFound');
      expect(await codeOf(service.get({ id: '', slug: '', viewerUid: '' }))).toBe('PublicationNotFound');
    });

    it('tells a visitor no role and no change dates', async () => {
      publications.find.mockResolvedValue(row());
      publications.counts.mockResolvedValue({ members: 1, subscribers: 0 });
      const answer = await service.get({ id: PUB, slug: '', viewerUid: '' });
      expect(answer.viewerRole).toBe(PublicationRole.PUBLICATION_ROLE_UNSPECIFIED);
      expect(answer.nameChangeableAtMs).toBe(0);
    });
  });

  describe('mine', () => {
    it('answers the owned or first joined publication with the role', async () => {
      publications.firstOf.mockResolvedValue({ publication: row(), role: 'member' });
      publications.counts.mockResolvedValue({ members: 2, subscribers: 0 });
      const answer = await service.mine({ actorUid: MEMBER });
      expect(answer.role).toBe(PublicationRole.PUBLICATION_ROLE_MEMBER);
      expect(answer.publication?.id).toBe(PUB);
    });

    it('answers none for a user of no publication', async () => {
      publications.firstOf.mockResolvedValue(undefined);
      expect(await service.mine({ actorUid: OUTSIDER })).toEqual({
        publication: undefined,
        role: PublicationRole.PUBLICATION_ROLE_UNSPECIFIED,
      });
    });
  });

  describe('update', () => {
    it('renames and starts the name interval, announcing the whole state', async () => {
      actingAs('owner');
      publications.nameTaken.mockResolvedValue(false);
      publications.update.mockResolvedValue(row({ name: 'Baku Daily', nameChangedAt: NOW }));
      outbox.add.mockResolvedValue('event');
      publications.counts.mockResolvedValue({ members: 1, subscribers: 0 });

      const updated = await service.update({ actorUid: OWNER, publicationId: PUB, name: 'Baku Daily' });

      expect(updated.name).toBe('Baku Daily');
      expect(publications.nameTaken).toHaveBeenCalledWith(TX, 'baku daily', PUB);
      expect(publications.update).toHaveBeenCalledWith(TX, PUB, {
        name: 'Baku Daily',
        nameKey: 'baku daily',
        nameChangedAt: NOW,
        updatedAt: NOW,
      });
      const [, event] = outbox.add.mock.calls[0]!;
      expect(event.subject).toBe(EVENTS.publicationUpdated.subject);
      expect(PublicationUpdated.decode(event.payload)).toMatchObject({
        name: 'Baku Daily',
        previousSlug: 'daily-baku',
      });
    });

    it('refuses a second rename of either field within 14 days, each with its own code', async () => {
      actingAs(
        'owner',
        row({ nameChangedAt: new Date(NOW.getTime() - 13 * DAY), slugChangedAt: new Date(NOW.getTime() - DAY) }),
      );
      expect(await codeOf(service.update({ actorUid: OWNER, publicationId: PUB, name: 'Other' }))).toBe(
        'CantUpdatePublicationName',
      );
      expect(await codeOf(service.update({ actorUid: OWNER, publicationId: PUB, slug: 'other' }))).toBe(
        'CantUpdatePublicationSlug',
      );
    });

    it('allows the slug 14 days after its last change and refuses one taken', async () => {
      actingAs('owner', row({ slugChangedAt: new Date(NOW.getTime() - 14 * DAY) }));
      publications.slugTaken.mockResolvedValue(true);
      expect(await codeOf(service.update({ actorUid: OWNER, publicationId: PUB, slug: 'taken' }))).toBe('SlugExists');
    });

    it('changes nothing and starts no interval when the values are the current ones', async () => {
      actingAs('owner', row({ nameChangedAt: NOW }));
      publications.counts.mockResolvedValue({ members: 1, subscribers: 0 });
      await service.update({ actorUid: OWNER, publicationId: PUB, name: 'Daily Baku', slug: 'daily-baku' });
      expect(publications.update).not.toHaveBeenCalled();
    });

    it('refuses members (owner only) and outsiders', async () => {
      actingAs('member');
      expect(await codeOf(service.update({ actorUid: MEMBER, publicationId: PUB, description: 'x' }))).toBe(
        'ActorNotPublicationOwner',
      );
      actingAs(undefined);
      expect(await codeOf(service.update({ actorUid: OUTSIDER, publicationId: PUB, description: 'x' }))).toBe(
        'ActorNotPublicationMember',
      );
    });

    it('answers PublicationNotFound for an unknown publication', async () => {
      publications.lock.mockResolvedValue(undefined);
      expect(await codeOf(service.update({ actorUid: OWNER, publicationId: PUB, description: 'x' }))).toBe(
        'PublicationNotFound',
      );
    });
  });

  describe('delete', () => {
    it('deletes and announces the members, then deletes its objects, answering the image keys', async () => {
      actingAs('owner', row({ coverKey: `publications/${PUB}/cover-1.jpg` }));
      members.list.mockResolvedValue([
        { publicationId: PUB, uid: OWNER, role: 'owner', joinedAt: NOW },
        { publicationId: PUB, uid: MEMBER, role: 'member', joinedAt: NOW },
      ]);
      publications.delete.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      store.removePrefix.mockImplementation(async () => {
        expect(transactions.committed).toBe(1);
        return 1;
      });

      expect(await service.delete({ actorUid: OWNER, publicationId: PUB })).toEqual({
        imageKeys: [`publications/${PUB}/cover-1.jpg`],
      });
      expect(publications.delete).toHaveBeenCalledWith(TX, PUB);
      expect(store.removePrefix).toHaveBeenCalledWith(`publications/${PUB}/`);
      const [, event] = outbox.add.mock.calls[0]!;
      expect(PublicationDeleted.decode(event.payload)).toMatchObject({ publicationId: PUB, memberUids: [MEMBER] });
    });

    it('keeps the deletion when the objects cannot be deleted (garbage, logged)', async () => {
      actingAs('owner', row({ logoKey: `publications/${PUB}/logo-1.jpg` }));
      members.list.mockResolvedValue([]);
      publications.delete.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      store.removePrefix.mockRejectedValue(new Error('store down'));
      log.warn.mockReturnValue(undefined);
      expect(await service.delete({ actorUid: OWNER, publicationId: PUB })).toEqual({
        imageKeys: [`publications/${PUB}/logo-1.jpg`],
      });
      expect(log.warn).toHaveBeenCalledTimes(1);
    });

    it('refuses a member and deletes no object', async () => {
      actingAs('member');
      expect(await codeOf(service.delete({ actorUid: MEMBER, publicationId: PUB }))).toBe('ActorNotPublicationOwner');
      expect(store.removePrefix).not.toHaveBeenCalled();
    });
  });

  describe('role', () => {
    it('answers the role and whether the user belongs', async () => {
      publications.find.mockResolvedValue(row());
      members.roleOf.mockResolvedValue('member');
      expect(await service.role({ publicationId: PUB, uid: MEMBER })).toEqual({
        role: PublicationRole.PUBLICATION_ROLE_MEMBER,
        isMember: true,
      });
      members.roleOf.mockResolvedValue(undefined);
      expect(await service.role({ publicationId: PUB, uid: OUTSIDER })).toEqual({
        role: PublicationRole.PUBLICATION_ROLE_UNSPECIFIED,
        isMember: false,
      });
    });

    it('answers PublicationNotFound for an unknown publication', async () => {
      publications.find.mockResolvedValue(undefined);
      expect(await codeOf(service.role({ publicationId: PUB, uid: MEMBER }))).toBe('PublicationNotFound');
    });
  });

  describe('merchantAccount', () => {
    const merchant = (chargesEnabled: boolean): MerchantAccountRow => ({
      publicationId: PUB,
      provider: 'stripe',
      accountId: 'acct_1',
      chargesEnabled,
      updatedAt: null,
      createdAt: NOW,
    });
    const ask = (actorUid: string) => service.merchantAccount({ actorUid, publicationId: PUB });

    it('tells the owner whether an account exists and takes payments', async () => {
      publications.find.mockResolvedValue(row());
      members.roleOf.mockResolvedValue('owner');
      payments.merchant.mockResolvedValueOnce(undefined);
      expect(await ask(OWNER)).toEqual({ exists: false, chargesEnabled: false });
      payments.merchant.mockResolvedValueOnce(merchant(false));
      expect(await ask(OWNER)).toEqual({ exists: true, chargesEnabled: false });
      payments.merchant.mockResolvedValueOnce(merchant(true));
      expect(await ask(OWNER)).toEqual({ exists: true, chargesEnabled: true });
      expect(payments.merchant).toHaveBeenCalledWith(TX, PUB);
    });

    it('refuses a member, an outsider and an unknown publication', async () => {
      publications.find.mockResolvedValue(row());
      members.roleOf.mockResolvedValueOnce('member');
      expect(await codeOf(ask(MEMBER))).toBe('ActorNotPublicationOwner');
      members.roleOf.mockResolvedValueOnce(undefined);
      expect(await codeOf(ask(OUTSIDER))).toBe('ActorNotPublicationMember');
      publications.find.mockResolvedValue(undefined);
      expect(await codeOf(ask(OWNER))).toBe('PublicationNotFound');
      expect(payments.merchant).not.toHaveBeenCalled();
    });
  });
});
