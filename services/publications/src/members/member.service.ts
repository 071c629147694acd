import { Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { isUuid, memberInvitationProblem } from '@pencraft/rules';
import { actorOf, authorize, publicationFor, publicationOf } from '../publications/publication.access.js';
import { presentInvitation, presentMember } from '../publications/publication.presenter.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { MemberRepository } from './member.repository.js';

/**
 * Members and invitations: the owner invites (up to PUBLICATION_MEMBERS_MAX people counted with the owner and the
 * pending invitations), removes members and cancels invitations; the invitee accepts or rejects; a member leaves.
 */
@Injectable()
export class MemberService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  async invite(request: pb.InviteMemberRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    if (!isUuid(request.inviteeUid)) throw new AppError('UserNotFound');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      // The lock serializes invitations of one publication, so the count cannot be passed by racing requests.
      const { publication } = await publicationFor(
        this.repositories,
        tx,
        request.publicationId,
        actor,
        'manageMembers',
        true,
      );
      const problem = memberInvitationProblem({
        inviteeUid: request.inviteeUid,
        memberUids: (await this.members.list(tx, publication.id)).map((member) => member.uid),
        invitedUids: await this.members.invitedUids(tx, publication.id),
      });
      if (problem === 'alreadyInvited') throw new AppError('MemberAlreadyInvited');
      if (problem === 'maxMembers') throw new AppError('MaxMembersCountReached');
      await this.members.invite(tx, {
        publicationId: publication.id,
        uid: request.inviteeUid,
        invitedByUid: actor,
        createdAt: now,
      });
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.memberInvited, {
          publicationId: publication.id,
          publicationName: publication.name,
          inviteeUid: request.inviteeUid,
          invitedByUid: actor,
          atMs: now.getTime(),
        }),
      );
    });
  }

  async invitations(request: pb.ListInvitationsRequest): Promise<pb.ListInvitationsResponse> {
    const actor = actorOf(request.actorUid);
    return { invitations: (await this.members.invitationsOf(actor)).map(presentInvitation) };
  }

  /** Accepting makes a member (member.joined); rejecting removes the invitation quietly. */
  async respond(request: pb.RespondInvitationRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    if (!isUuid(request.publicationId)) throw new AppError('MemberNotFound');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      if (!(await this.members.uninvite(tx, request.publicationId, actor))) throw new AppError('MemberNotFound');
      if (!request.accept) return;
      await this.members.add(tx, { publicationId: request.publicationId, uid: actor, role: 'member', joinedAt: now });
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.memberJoined, { publicationId: request.publicationId, uid: actor, atMs: now.getTime() }),
      );
    });
  }

  /** Anyone sees the members; the owner sees the pending invitations too. */
  async list(request: pb.ListMembersRequest): Promise<pb.ListMembersResponse> {
    return this.transactions.run(async (tx) => {
      const publication = await publicationOf(this.publications, tx, request.publicationId);
      const rows = await this.members.list(tx, publication.id);
      const isOwner = isUuid(request.actorUid) && publication.ownerUid === request.actorUid;
      return {
        members: rows.map(presentMember),
        invitations: isOwner ? (await this.members.invitationsTo(publication.id)).map(presentInvitation) : [],
      };
    });
  }

  /**
   * The owner removes a member or cancels a pending invitation; a member leaves by naming themself. The owner
   * cannot leave (CantDeleteSelfMember): they delete the publication instead.
   */
  async remove(request: pb.RemoveMemberRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    if (!isUuid(request.memberUid)) throw new AppError('MemberNotFound');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      const publication = await publicationOf(this.publications, tx, request.publicationId, true);
      const role = await this.members.roleOf(tx, publication.id, actor);
      const leaving = request.memberUid === actor;
      if (leaving && role === 'owner') throw new AppError('CantDeleteSelfMember');
      authorize(role, leaving ? 'leave' : 'manageMembers');
      if (await this.members.remove(tx, publication.id, request.memberUid)) {
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.memberRemoved, {
            publicationId: publication.id,
            uid: request.memberUid,
            byUid: actor,
            atMs: now.getTime(),
          }),
        );
        return;
      }
      if (!leaving && (await this.members.uninvite(tx, publication.id, request.memberUid))) return;
      throw new AppError('MemberNotFound');
    });
  }
}
