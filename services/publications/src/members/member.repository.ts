import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import type { PublicationRole } from '@pencraft/rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { publications } from '../publications/publication.table.js';
import { invitations, members, type InvitationRow, type MemberRow } from './member.table.js';

/** A pending invitation with the name and slug of its publication. */
export interface InvitationView extends InvitationRow {
  publicationName: string;
  publicationSlug: string;
}

@Injectable()
export class MemberRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The user's role in the publication, undefined when none. */
  async roleOf(tx: Queryable, publicationId: string, uid: string): Promise<PublicationRole | undefined> {
    const [row] = await tx
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.publicationId, publicationId), eq(members.uid, uid)));
    return row?.role;
  }

  /** The owner first, then members by joining time. */
  list(tx: Queryable, publicationId: string): Promise<MemberRow[]> {
    return tx
      .select()
      .from(members)
      .where(eq(members.publicationId, publicationId))
      .orderBy(sql`${members.role} = 'owner' desc`, asc(members.joinedAt), asc(members.uid));
  }

  async add(tx: Queryable, row: typeof members.$inferInsert): Promise<void> {
    await tx.insert(members).values(row).onConflictDoNothing();
  }

  /** Removes a member (never the owner's row); whether there was one. */
  async remove(tx: Queryable, publicationId: string, uid: string): Promise<boolean> {
    const removed = await tx
      .delete(members)
      .where(and(eq(members.publicationId, publicationId), eq(members.uid, uid), eq(members.role, 'member')))
      .returning({ uid: members.uid });
    return removed.length > 0;
  }

  async invitedUids(tx: Queryable, publicationId: string): Promise<string[]> {
    const rows = await tx
      .select({ uid: invitations.uid })
      .from(invitations)
      .where(eq(invitations.publicationId, publicationId));
    return rows.map((row) => row.uid);
  }

  async invite(tx: Queryable, row: typeof invitations.$inferInsert): Promise<void> {
    await tx.insert(invitations).values(row);
  }

  /** Removes a pending invitation; whether there was one. */
  async uninvite(tx: Queryable, publicationId: string, uid: string): Promise<boolean> {
    const removed = await tx
      .delete(invitations)
      .where(and(eq(invitations.publicationId, publicationId), eq(invitations.uid, uid)))
      .returning({ uid: invitations.uid });
    return removed.length > 0;
  }

  private invitationViews(where: ReturnType<typeof eq>): Promise<InvitationView[]> {
    return this.database.db
      .select({
        publicationId: invitations.publicationId,
        uid: invitations.uid,
        invitedByUid: invitations.invitedByUid,
        createdAt: invitations.createdAt,
        publicationName: publications.name,
        publicationSlug: publications.slug,
      })
      .from(invitations)
      .innerJoin(publications, eq(publications.id, invitations.publicationId))
      .where(where)
      .orderBy(desc(invitations.createdAt));
  }

  /** A user's pending invitations, newest first. */
  invitationsOf(uid: string): Promise<InvitationView[]> {
    return this.invitationViews(eq(invitations.uid, uid));
  }

  /** A publication's pending invitations, newest first. */
  invitationsTo(publicationId: string): Promise<InvitationView[]> {
    return this.invitationViews(eq(invitations.publicationId, publicationId));
  }
}
