import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { members } from '../members/member.table.js';
import { subscriptions } from '../subscriptions/subscription.table.js';
import { rethrowUnique } from '../unique.js';
import { publications, type PublicationRow } from './publication.table.js';

export interface PublicationCounts {
  members: number;
  subscribers: number;
}

const UNIQUE = {
  publications_owner_key: 'UserAlreadyOwnsPublication',
  publications_name_key: 'NameExists',
  publications_slug_key: 'SlugExists',
} as const;

@Injectable()
export class PublicationRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Serializes one user's creation of a publication (check, then insert): a transaction-scoped lock. */
  async lockOwner(tx: Queryable, uid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`publication-owner:${uid}`}))`);
  }

  async lock(tx: Queryable, id: string): Promise<PublicationRow | undefined> {
    const [row] = await tx.select().from(publications).where(eq(publications.id, id)).for('update');
    return row;
  }

  async find(tx: Queryable, id: string): Promise<PublicationRow | undefined> {
    const [row] = await tx.select().from(publications).where(eq(publications.id, id));
    return row;
  }

  async findBySlug(tx: Queryable, slug: string): Promise<PublicationRow | undefined> {
    const [row] = await tx.select().from(publications).where(eq(publications.slug, slug));
    return row;
  }

  async ownedBy(tx: Queryable, uid: string): Promise<PublicationRow | undefined> {
    const [row] = await tx.select().from(publications).where(eq(publications.ownerUid, uid));
    return row;
  }

  /** The publication the user owns, else the one they joined first, with their role there. */
  async firstOf(uid: string): Promise<{ publication: PublicationRow; role: 'owner' | 'member' } | undefined> {
    const [row] = await this.database.db
      .select({ publication: publications, role: members.role })
      .from(members)
      .innerJoin(publications, eq(publications.id, members.publicationId))
      .where(eq(members.uid, uid))
      .orderBy(sql`${members.role} = 'owner' desc`, asc(members.joinedAt))
      .limit(1);
    return row;
  }

  /** Whether another publication holds the name key (the rules' publicationNameKey: regardless of case). */
  async nameTaken(tx: Queryable, nameKey: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.nameKey, nameKey), exceptId ? ne(publications.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  async slugTaken(tx: Queryable, slug: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.slug, slug), exceptId ? ne(publications.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  async insert(tx: Queryable, row: typeof publications.$inferInsert): Promise<void> {
    try {
      await tx.insert(publications).values(row);
    } catch (error) {
      rethrowUnique(error, UNIQUE);
    }
  }

  async update(tx: Queryable, id: string, patch: Partial<typeof publications.$inferInsert>): Promise<PublicationRow> {
    try {
      const [row] = await tx.update(publications).set(patch).where(eq(publications.id, id)).returning();
      return row!;
    } catch (error) {
      rethrowUnique(error, UNIQUE);
    }
  }

  /** The publication and, by cascade, its members, invitations, subscriptions, plans and article records. */
  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.delete(publications).where(eq(publications.id, id));
  }

  async counts(tx: Queryable, id: string): Promise<PublicationCounts> {
    const [memberCount] = await tx.select({ n: count() }).from(members).where(eq(members.publicationId, id));
    const [subscriberCount] = await tx
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.publicationId, id));
    return { members: memberCount?.n ?? 0, subscribers: subscriberCount?.n ?? 0 };
  }
}
