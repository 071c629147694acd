import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { drafts } from '../drafts/draft.table.js';
import type { CoAuthorAccess } from '../drafts/co-author-access.js';
import { coAuthorInvitations, type CoAuthorInvitationRow, type InvitationStatus } from './coauthor.table.js';
import { isUuid } from '@pencraft/rules';

/** What an invitation shows of a person: the read model's snapshot (an unknown picture reads as empty). */
export interface PersonSnapshot {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string;
}

/** An invitation with both people and the title of what it is about (the draft's current title, or the article's). */
export interface InvitationView extends CoAuthorInvitationRow {
  title: string;
  inviter: PersonSnapshot | null;
  invitee: PersonSnapshot | null;
}

/** Where invitations live: a draft of a new article, or an article (exactly one of the two). */
export type InvitationTarget = { draftId: string; articleId?: undefined } | { articleId: string; draftId?: undefined };

/** What access checks read of a draft. */
export interface DraftAccess {
  id: string;
  ownerId: string;
  articleId: string | null;
  translationOf: string | null;
  title: string;
}

const DRAFT_ACCESS = {
  id: drafts.id,
  ownerId: drafts.ownerId,
  articleId: drafts.articleId,
  translationOf: drafts.translationOf,
  title: drafts.title,
};

const inviters = alias(authors, 'inviter');
const invitees = alias(authors, 'invitee');
/** A person's columns of one of the authors tables (the read model, or one of its aliases). */
const PERSON = {
  authors: {
    uid: authors.uid,
    username: authors.username,
    fullname: authors.fullname,
    imageUrl: sql<string>`coalesce(${authors.imageUrl}, '')`,
  },
  inviter: {
    uid: inviters.uid,
    username: inviters.username,
    fullname: inviters.fullname,
    imageUrl: sql<string>`coalesce(${inviters.imageUrl}, '')`,
  },
  invitee: {
    uid: invitees.uid,
    username: invitees.username,
    fullname: invitees.fullname,
    imageUrl: sql<string>`coalesce(${invitees.imageUrl}, '')`,
  },
};

function onTarget(target: InvitationTarget): SQL {
  return target.articleId
    ? eq(coAuthorInvitations.articleId, target.articleId)
    : eq(coAuthorInvitations.draftId, target.draftId!);
}

@Injectable()
export class CoAuthorRepository implements CoAuthorAccess {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Whether `uid` co-writes the draft: an accepted invitation on the draft itself or on the article it edits. The
   * drafts lifecycle asks this (as its CoAuthorAccess) before letting anyone but the owner read or save a draft.
   */
  async isAcceptedOnDraft(draftId: string, uid: string, tx?: Queryable): Promise<boolean> {
    if (!isUuid(draftId) || !isUuid(uid)) return false;
    const [row] = await (tx ?? this.database.db)
      .select({ id: coAuthorInvitations.id })
      .from(coAuthorInvitations)
      .where(
        and(
          eq(coAuthorInvitations.inviteeUid, uid),
          eq(coAuthorInvitations.status, 'accepted'),
          or(
            eq(coAuthorInvitations.draftId, draftId),
            sql`${coAuthorInvitations.articleId} = (select ${drafts.articleId} from ${drafts} where ${drafts.id} = ${draftId})`,
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Whether `uid` is an accepted co-author of the article. */
  async isAcceptedOnArticle(articleId: string, uid: string, tx?: Queryable): Promise<boolean> {
    if (!isUuid(articleId) || !isUuid(uid)) return false;
    const [row] = await (tx ?? this.database.db)
      .select({ id: coAuthorInvitations.id })
      .from(coAuthorInvitations)
      .where(
        and(
          eq(coAuthorInvitations.articleId, articleId),
          eq(coAuthorInvitations.inviteeUid, uid),
          eq(coAuthorInvitations.status, 'accepted'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The drafts `uid` co-writes without owning them (accepted on the draft or on the article it edits). */
  async draftIdsCoAuthoredBy(uid: string): Promise<string[]> {
    if (!isUuid(uid)) return [];
    const rows = await this.database.db
      .selectDistinct({ id: drafts.id })
      .from(drafts)
      .innerJoin(
        coAuthorInvitations,
        or(
          eq(coAuthorInvitations.draftId, drafts.id),
          and(isNotNull(drafts.articleId), eq(coAuthorInvitations.articleId, drafts.articleId)),
        ),
      )
      .where(
        and(
          eq(coAuthorInvitations.inviteeUid, uid),
          eq(coAuthorInvitations.status, 'accepted'),
          ne(drafts.ownerId, uid),
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * A draft was submitted as `articleId`: the invitations of a new article's draft now belong to the article (an
   * invitee the article already has keeps that invitation; the draft's duplicate goes). In the submit transaction.
   */
  async draftSubmitted(tx: Queryable, draftId: string, articleId: string): Promise<void> {
    await tx.execute(sql`update ${coAuthorInvitations} as i set draft_id = null, article_id = ${articleId}
      where i.draft_id = ${draftId} and not exists (select 1 from ${coAuthorInvitations} as a
        where a.article_id = ${articleId} and a.invitee_uid = i.invitee_uid)`);
    await this.draftDeleted(tx, draftId);
  }

  /** A draft is deleted: its own invitations go with it (the foreign key cascades too; this says so explicitly). */
  async draftDeleted(tx: Queryable, draftId: string): Promise<void> {
    await tx.delete(coAuthorInvitations).where(eq(coAuthorInvitations.draftId, draftId));
  }

  /** A pending article is deleted: its invitations go with it (as the foreign key cascades). */
  async articleDeleted(tx: Queryable, articleId: string): Promise<void> {
    await tx.delete(coAuthorInvitations).where(eq(coAuthorInvitations.articleId, articleId));
  }

  /** A deleted account: every invitation it sent or received goes (its own drafts and articles go with their rows). */
  async forgetUser(tx: Queryable, uid: string): Promise<void> {
    if (!isUuid(uid)) return;
    await tx
      .delete(coAuthorInvitations)
      .where(or(eq(coAuthorInvitations.inviteeUid, uid), eq(coAuthorInvitations.inviterUid, uid)));
  }

  /** Every invitation of a target (whatever its state), oldest first, with both people. */
  async listForTarget(target: InvitationTarget, tx?: Queryable): Promise<InvitationView[]> {
    return this.views(tx ?? this.database.db, onTarget(target), 'oldest');
  }

  /** The pending invitations sent to `uid`, newest first. */
  async listPendingFor(uid: string, limit: number): Promise<InvitationView[]> {
    if (!isUuid(uid)) return [];
    return this.views(
      this.database.db,
      and(eq(coAuthorInvitations.inviteeUid, uid), eq(coAuthorInvitations.status, 'pending'))!,
      'newest',
      limit,
    );
  }

  async findView(id: string, tx?: Queryable): Promise<InvitationView | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.views(tx ?? this.database.db, eq(coAuthorInvitations.id, id), 'newest', 1);
    return row;
  }

  /** Locks a draft while an invitation is added to it (one invitation at a time: the cap and the duplicates hold). */
  async lockDraft(tx: Queryable, draftId: string): Promise<DraftAccess | undefined> {
    if (!isUuid(draftId)) return undefined;
    const [row] = await tx.select(DRAFT_ACCESS).from(drafts).where(eq(drafts.id, draftId)).for('update').limit(1);
    return row;
  }

  async findDraft(draftId: string): Promise<DraftAccess | undefined> {
    if (!isUuid(draftId)) return undefined;
    const [row] = await this.database.db.select(DRAFT_ACCESS).from(drafts).where(eq(drafts.id, draftId)).limit(1);
    return row;
  }

  /** The author and title of an article (the principal author of the drafts that edit it). */
  async findArticle(articleId: string, tx?: Queryable): Promise<{ authorId: string; title: string } | undefined> {
    if (!isUuid(articleId)) return undefined;
    const [row] = await (tx ?? this.database.db)
      .select({ authorId: articles.authorId, title: articles.title })
      .from(articles)
      .where(eq(articles.id, articleId))
      .limit(1);
    return row;
  }

  /** What the read model knows of a person. */
  async person(uid: string): Promise<PersonSnapshot | undefined> {
    if (!isUuid(uid)) return undefined;
    const [row] = await this.database.db.select(PERSON.authors).from(authors).where(eq(authors.uid, uid)).limit(1);
    return row;
  }

  /** Locks one invitation for a decision. */
  async lockForUpdate(tx: Queryable, id: string): Promise<CoAuthorInvitationRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx
      .select()
      .from(coAuthorInvitations)
      .where(eq(coAuthorInvitations.id, id))
      .for('update')
      .limit(1);
    return row;
  }

  async insert(
    tx: Queryable,
    row: { target: InvitationTarget; inviterUid: string; inviteeUid: string; at: Date },
  ): Promise<CoAuthorInvitationRow> {
    const [inserted] = await tx
      .insert(coAuthorInvitations)
      .values({
        draftId: row.target.draftId ?? null,
        articleId: row.target.articleId ?? null,
        inviterUid: row.inviterUid,
        inviteeUid: row.inviteeUid,
        createdAt: row.at,
      })
      .returning();
    return inserted!;
  }

  async decide(tx: Queryable, id: string, status: Exclude<InvitationStatus, 'pending'>, at: Date): Promise<void> {
    await tx.update(coAuthorInvitations).set({ status, decidedAt: at }).where(eq(coAuthorInvitations.id, id));
  }

  /** The accepted co-authors of an article, in the order they were invited. */
  async acceptedOfArticle(articleId: string, tx?: Queryable): Promise<PersonSnapshot[]> {
    if (!isUuid(articleId)) return [];
    return this.accepted(tx ?? this.database.db, eq(coAuthorInvitations.articleId, articleId));
  }

  async acceptedUidsOfArticle(articleId: string, tx?: Queryable): Promise<string[]> {
    return (await this.acceptedOfArticle(articleId, tx)).map((person) => person.uid);
  }

  private async accepted(q: Queryable, where: SQL): Promise<PersonSnapshot[]> {
    const rows = await q
      .select({ person: PERSON.authors })
      .from(coAuthorInvitations)
      .innerJoin(authors, eq(authors.uid, coAuthorInvitations.inviteeUid))
      .where(and(where, eq(coAuthorInvitations.status, 'accepted')))
      .orderBy(coAuthorInvitations.createdAt);
    return rows.map((r) => r.person);
  }

  private async views(q: Queryable, where: SQL, order: 'newest' | 'oldest', limit = 100): Promise<InvitationView[]> {
    const rows = await q
      .select({
        invitation: coAuthorInvitations,
        title: sql<string>`coalesce(${drafts.title}, ${articles.title}, '')`,
        inviter: PERSON.inviter,
        invitee: PERSON.invitee,
      })
      .from(coAuthorInvitations)
      .leftJoin(drafts, eq(drafts.id, coAuthorInvitations.draftId))
      .leftJoin(articles, eq(articles.id, coAuthorInvitations.articleId))
      .leftJoin(inviters, eq(inviters.uid, coAuthorInvitations.inviterUid))
      .leftJoin(invitees, eq(invitees.uid, coAuthorInvitations.inviteeUid))
      .where(where)
      .orderBy(order === 'newest' ? desc(coAuthorInvitations.createdAt) : coAuthorInvitations.createdAt)
      .limit(limit);
    return rows.map((r) => ({ ...r.invitation, title: r.title, inviter: r.inviter, invitee: r.invitee }));
  }
}
