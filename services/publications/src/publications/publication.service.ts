import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { publicationRoles } from '@pencraft/contracts/enums/publications';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { PublicationRole } from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { Clock, type Logger, LOGGER, ObjectStore, Outbox, TransactionManager } from '@pencraft/kit';
import {
  isUuid,
  mayRename,
  nextRenameAt,
  normalizePublicationDescription,
  normalizePublicationName,
  normalizeSlug,
  publicationDescriptionProblem,
  publicationNameKey,
  publicationNameProblem,
  slugProblem,
} from '@pencraft/rules';
import { publicationMediaPrefix } from '../images/publication-media.js';
import { MemberRepository } from '../members/member.repository.js';
import { PaymentRepository } from '../payments/payment.repository.js';
import { SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import { actorOf, publicationFor } from './publication.access.js';
import { publicationUpdatedEvent } from './publication.events.js';
import { presentPublication, presentSubscription } from './publication.presenter.js';
import { PublicationRepository } from './publication.repository.js';
import type { PublicationRow } from './publication.table.js';

function invalid(field: string): AppError {
  return new AppError('InvalidModel', { details: [{ field, code: 'InvalidModel' }] });
}

function publicationName(raw: string): string {
  const name = normalizePublicationName(raw);
  if (publicationNameProblem(name)) throw invalid('name');
  return name;
}

function publicationSlug(raw: string): string {
  const slug = normalizeSlug(raw);
  if (slugProblem(slug)) throw new AppError('InvalidSlug', { details: [{ field: 'slug', code: 'InvalidSlug' }] });
  return slug;
}

function publicationDescription(raw: string): string {
  const description = normalizePublicationDescription(raw);
  if (publicationDescriptionProblem(description)) throw invalid('description');
  return description;
}

/**
 * A publication's own life: created by its owner (one each), read by anyone, its settings changed and its
 * deletion decided by the owner alone. Every change and its event commit together (outbox).
 */
@Injectable()
export class PublicationService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly store: ObjectStore,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly payments: PaymentRepository,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  async create(request: pb.CreatePublicationRequest): Promise<pb.Publication> {
    const actor = actorOf(request.actorUid);
    const name = publicationName(request.name);
    const slug = publicationSlug(request.slug);
    const description = publicationDescription(request.description);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      await this.publications.lockOwner(tx, actor);
      if (await this.publications.ownedBy(tx, actor)) throw new AppError('UserAlreadyOwnsPublication');
      if (await this.publications.nameTaken(tx, publicationNameKey(name))) throw new AppError('NameExists');
      if (await this.publications.slugTaken(tx, slug)) throw new AppError('SlugExists');
      const id = randomUUID();
      await this.publications.insert(tx, {
        id,
        ownerUid: actor,
        name,
        nameKey: publicationNameKey(name),
        slug,
        description,
        createdAt: now,
        updatedAt: now,
      });
      await this.members.add(tx, { publicationId: id, uid: actor, role: 'owner', joinedAt: now });
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.publicationCreated, {
          publicationId: id,
          ownerUid: actor,
          name,
          slug,
          description,
          createdAtMs: now.getTime(),
        }),
      );
      return presentPublication((await this.publications.find(tx, id))!, { members: 1, subscribers: 0 });
    });
  }

  /** By id or by slug; the viewer's role and subscription when a viewer is named. */
  async get(request: pb.GetPublicationRequest): Promise<pb.GetPublicationResponse> {
    if (Boolean(request.id) === Boolean(request.slug)) throw new AppError('PublicationNotFound');
    if (request.id && !isUuid(request.id)) throw new AppError('PublicationNotFound');
    return this.transactions.run(async (tx) => {
      const row = request.id
        ? await this.publications.find(tx, request.id)
        : await this.publications.findBySlug(tx, normalizeSlug(request.slug));
      if (!row) throw new AppError('PublicationNotFound');
      const answer: pb.GetPublicationResponse = {
        publication: presentPublication(row, await this.publications.counts(tx, row.id)),
        viewerRole: PublicationRole.PUBLICATION_ROLE_UNSPECIFIED,
        viewerSubscription: undefined,
        nameChangeableAtMs: 0,
        slugChangeableAtMs: 0,
      };
      if (isUuid(request.viewerUid)) {
        const role = await this.members.roleOf(tx, row.id, request.viewerUid);
        if (role) answer.viewerRole = publicationRoles.toProto(role);
        const subscription = await this.subscriptions.find(tx, row.id, request.viewerUid);
        if (subscription) answer.viewerSubscription = presentSubscription(subscription);
        if (role === 'owner') {
          answer.nameChangeableAtMs = changeableAt(row.nameChangedAt, this.clock.now());
          answer.slugChangeableAtMs = changeableAt(row.slugChangedAt, this.clock.now());
        }
      }
      return answer;
    });
  }

  async mine(request: pb.GetMyPublicationRequest): Promise<pb.GetMyPublicationResponse> {
    const actor = actorOf(request.actorUid);
    const found = await this.publications.firstOf(actor);
    if (!found) return { publication: undefined, role: PublicationRole.PUBLICATION_ROLE_UNSPECIFIED };
    return this.transactions.run(async (tx) => ({
      publication: presentPublication(found.publication, await this.publications.counts(tx, found.publication.id)),
      role: publicationRoles.toProto(found.role),
    }));
  }

  /**
   * The owner's settings. The name and the slug each start their own 14-day interval when they really change (a
   * name differing only in case is a change); the description changes freely.
   */
  async update(request: pb.UpdatePublicationRequest): Promise<pb.Publication> {
    const actor = actorOf(request.actorUid);
    const name = request.name === undefined ? undefined : publicationName(request.name);
    const slug = request.slug === undefined ? undefined : publicationSlug(request.slug);
    const description = request.description === undefined ? undefined : publicationDescription(request.description);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(
        this.repositories,
        tx,
        request.publicationId,
        actor,
        'editSettings',
        true,
      );
      const patch: Partial<PublicationRow> = {};
      if (name !== undefined && name !== publication.name) {
        if (!mayRename(publication.nameChangedAt, now)) throw new AppError('CantUpdatePublicationName');
        const nameKey = publicationNameKey(name);
        if (await this.publications.nameTaken(tx, nameKey, publication.id)) throw new AppError('NameExists');
        Object.assign(patch, { name, nameKey, nameChangedAt: now });
      }
      if (slug !== undefined && slug !== publication.slug) {
        if (!mayRename(publication.slugChangedAt, now)) throw new AppError('CantUpdatePublicationSlug');
        if (await this.publications.slugTaken(tx, slug, publication.id)) throw new AppError('SlugExists');
        Object.assign(patch, { slug, slugChangedAt: now });
      }
      if (description !== undefined && description !== publication.description) Object.assign(patch, { description });
      if (Object.keys(patch).length === 0) {
        return presentPublication(publication, await this.publications.counts(tx, publication.id));
      }
      const updated = await this.publications.update(tx, publication.id, { ...patch, updatedAt: now });
      await this.outbox.add(tx, publicationUpdatedEvent(updated, publication.slug, now));
      return presentPublication(updated, await this.publications.counts(tx, updated.id));
    });
  }

  /**
   * The owner deletes the publication: members, invitations, subscriptions, plans and article records go with it
   * (cascade); its articles stay under their authors, detached by articles on the event. Once that commits, its
   * objects (logo, cover, anything under its folder) are deleted; a failure there leaves garbage, logged.
   */
  async delete(request: pb.DeletePublicationRequest): Promise<pb.DeletePublicationResponse> {
    const actor = actorOf(request.actorUid);
    const now = this.clock.now();
    const deleted = await this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'delete', true);
      const memberUids = (await this.members.list(tx, publication.id))
        .filter((member) => member.role !== 'owner')
        .map((member) => member.uid);
      await this.publications.delete(tx, publication.id);
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.publicationDeleted, {
          publicationId: publication.id,
          ownerUid: publication.ownerUid,
          slug: publication.slug,
          memberUids,
          deletedAtMs: now.getTime(),
        }),
      );
      return publication;
    });
    const imageKeys = [deleted.logoKey, deleted.coverKey].filter((key): key is string => !!key);
    const prefix = publicationMediaPrefix(deleted.id);
    await this.store
      .removePrefix(prefix)
      .catch((error: unknown) => this.log.warn({ err: error, prefix }, 'images of a deleted publication kept'));
    return { imageKeys };
  }

  /** A user's role, for articles and the gateway. */
  async role(request: pb.GetRoleRequest): Promise<pb.GetRoleResponse> {
    if (!isUuid(request.publicationId)) throw new AppError('PublicationNotFound');
    return this.transactions.run(async (tx) => {
      const publication = await this.publications.find(tx, request.publicationId);
      if (!publication) throw new AppError('PublicationNotFound');
      const role = isUuid(request.uid) ? await this.members.roleOf(tx, publication.id, request.uid) : undefined;
      return {
        role: role ? publicationRoles.toProto(role) : PublicationRole.PUBLICATION_ROLE_UNSPECIFIED,
        isMember: role !== undefined,
      };
    });
  }

  /** The owner's view of the merchant account (viewIncome): none, created and onboarding, or taking payments. */
  async merchantAccount(request: pb.GetMerchantAccountRequest): Promise<pb.GetMerchantAccountResponse> {
    const actor = actorOf(request.actorUid);
    return this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'viewIncome');
      const merchant = await this.payments.merchant(tx, publication.id);
      return { exists: merchant !== undefined, chargesEnabled: merchant?.chargesEnabled ?? false };
    });
  }
}

/** When a field may change again, 0 when it may now. */
function changeableAt(changedAt: Date | null, now: Date): number {
  const next = nextRenameAt(changedAt);
  return next && next.getTime() > now.getTime() ? next.getTime() : 0;
}
