import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { articleRefs } from '../articles/article-ref.table.js';
import { authors } from '../authors/author.table.js';
import { comments, type CommentRow } from './comment.table.js';

/** A comment with what answers show beside it: its author's and the answered author's names, its article's title. */
export interface CommentView extends CommentRow {
  authorUsername: string | null;
  authorFullname: string | null;
  authorImageUrl: string | null;
  replyToUsername: string | null;
  articleTitle: string | null;
  /** Direct replies readers see (and, for their author, their own under review). */
  replyCount: number;
}

export type ThreadSort = 'newest' | 'oldest' | 'top';

const replyTo = aliasedTable(authors, 'reply_to');

const VISIBLE = sql`${comments.status} = 'published' and not ${comments.deleted}`;

@Injectable()
export class CommentRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /** Serializes one user's writes of one kind (the limits count, then insert): a transaction-scoped lock. */
  async lockUser(tx: Queryable, kind: string, uid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${uid}`}))`);
  }

  async lock(tx: Queryable, id: string): Promise<CommentRow | undefined> {
    const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    return row;
  }

  async find(tx: Queryable, id: string): Promise<CommentRow | undefined> {
    const [row] = await tx.select().from(comments).where(eq(comments.id, id));
    return row;
  }

  async insert(tx: Queryable, row: typeof comments.$inferInsert): Promise<void> {
    await tx.insert(comments).values(row);
  }

  async update(tx: Queryable, id: string, patch: Partial<typeof comments.$inferInsert>): Promise<void> {
    await tx.update(comments).set(patch).where(eq(comments.id, id));
  }

  /**
   * Everything of a deleted account: its comments lose their text and author (a comment with replies keeps its place
   * as deleted), its votes leave the counts they were in, its reports go. Answers the comments readers saw until
   * now, to announce them as deleted.
   */
  async forgetUser(tx: Queryable, uid: string, at: Date): Promise<{ id: string; articleId: string }[]> {
    await tx.execute(sql`
      update ${comments} c
         set up_votes = c.up_votes - v.ups, down_votes = c.down_votes - v.downs
        from (select comment_id, count(*) filter (where value = 1)::int as ups,
                     count(*) filter (where value = -1)::int as downs
                from comments.comment_votes where uid = ${uid} group by comment_id) v
       where c.id = v.comment_id`);
    await tx.execute(sql`delete from comments.comment_votes where uid = ${uid}`);
    await tx.execute(sql`delete from comments.comment_reports where reporter_uid = ${uid}`);
    await tx.execute(sql`delete from comments.authors where uid = ${uid}`);
    const visible = await tx
      .select({ id: comments.id, articleId: comments.articleId })
      .from(comments)
      .where(and(eq(comments.authorUid, uid), VISIBLE));
    await tx
      .update(comments)
      .set({ deleted: true, deletedAt: sql`coalesce(${comments.deletedAt}, ${at})`, content: '', pendingEdit: false })
      .where(eq(comments.authorUid, uid));
    return visible;
  }

  async addVotes(tx: Queryable, id: string, change: { up: number; down: number }) {
    const [row] = await tx
      .update(comments)
      .set({ upVotes: sql`${comments.upVotes} + ${change.up}`, downVotes: sql`${comments.downVotes} + ${change.down}` })
      .where(eq(comments.id, id))
      .returning({ up: comments.upVotes, down: comments.downVotes });
    return row!;
  }

  /** How many comments a user wrote since each moment (deleted ones count too). */
  async countSince(tx: Queryable, uid: string, short: Date, long: Date): Promise<{ short: number; long: number }> {
    const [row] = await tx
      .select({
        short: sql<number>`count(*) filter (where ${comments.createdAt} >= ${short})`.mapWith(Number),
        long: count(),
      })
      .from(comments)
      .where(and(eq(comments.authorUid, uid), gte(comments.createdAt, long)));
    return { short: row?.short ?? 0, long: row?.long ?? 0 };
  }

  /** Comments with their names, in no particular order; `viewer` sees their own under review in reply counts. */
  async views(
    where: SQL,
    viewer: string | null,
    tx: Queryable = this.db,
    order: SQL[] = [],
    window?: { offset: number; limit: number },
  ): Promise<CommentView[]> {
    const viewerSees = viewer
      ? sql`(child.status = 'published' or (child.status = 'underReview' and child.author_uid = ${viewer}))`
      : sql`child.status = 'published'`;
    const rows = await tx
      .select({
        comment: comments,
        authorUsername: authors.username,
        authorFullname: authors.fullname,
        authorImageUrl: authors.imageUrl,
        replyToUsername: replyTo.username,
        articleTitle: articleRefs.title,
        replyCount: sql<number>`(select count(*) from ${comments} as child
            where child.parent_id = ${comments.id} and not child.deleted and ${viewerSees})`.mapWith(Number),
      })
      .from(comments)
      .leftJoin(authors, eq(authors.uid, comments.authorUid))
      .leftJoin(replyTo, eq(replyTo.uid, comments.replyToUid))
      .leftJoin(articleRefs, eq(articleRefs.articleId, comments.articleId))
      .where(where)
      .orderBy(...order)
      .offset(window?.offset ?? 0)
      .limit(window?.limit ?? 10_000);
    return rows.map(({ comment, ...rest }) => ({ ...comment, ...rest }));
  }

  async view(id: string, viewer: string | null, tx: Queryable = this.db): Promise<CommentView | undefined> {
    const [row] = await this.views(eq(comments.id, id), viewer, tx);
    return row;
  }

  /**
   * A page of an article's top-level comments that readers see, or that hold replies readers see (shown as deleted),
   * and how many readers see in all.
   */
  async threadRoots(articleId: string, sort: ThreadSort, offset: number, limit: number) {
    const order =
      sort === 'oldest'
        ? [asc(comments.createdAt), asc(comments.id)]
        : sort === 'top'
          ? [sql`(${comments.upVotes} - ${comments.downVotes}) desc`, desc(comments.createdAt), desc(comments.id)]
          : [sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`];
    const holdsVisible = sql`exists(select 1 from ${comments} as child where child.root_id = ${comments.id}
        and child.depth > 1 and child.status = 'published' and not child.deleted)`;
    const ids = await this.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.articleId, articleId), eq(comments.depth, 1), or(VISIBLE, holdsVisible)))
      .orderBy(...order)
      .offset(offset)
      .limit(limit + 1);
    return { ids: ids.slice(0, limit).map((row) => row.id), hasMore: ids.length > limit };
  }

  async countVisible(articleId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.articleId, articleId), VISIBLE));
    return row?.n ?? 0;
  }

  /** The viewer's own top-level comments under review on an article, newest first. */
  pendingRootsOf(articleId: string, viewer: string): Promise<CommentView[]> {
    return this.views(
      and(
        eq(comments.articleId, articleId),
        eq(comments.depth, 1),
        eq(comments.authorUid, viewer),
        eq(comments.status, 'underReview'),
        eq(comments.deleted, false),
      )!,
      viewer,
      this.db,
      [desc(comments.createdAt)],
    );
  }

  /** The given comments and every reply under them, oldest first. */
  threadsOf(rootIds: string[], viewer: string | null): Promise<CommentView[]> {
    if (rootIds.length === 0) return Promise.resolve([]);
    return this.views(inArray(comments.rootId, rootIds), viewer, this.db, [asc(comments.createdAt), asc(comments.id)]);
  }

  /** A user's comments readers see (and, when `withPending`, their own under review), newest first. */
  async byAuthor(uid: string, withPending: boolean, offset: number, limit: number) {
    const shown = withPending
      ? sql`not ${comments.deleted} and ${comments.status} in ('published', 'underReview')`
      : VISIBLE;
    const rows = await this.views(
      and(eq(comments.authorUid, uid), shown)!,
      withPending ? uid : null,
      this.db,
      [sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`],
      { offset, limit: limit + 1 },
    );
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** The published comments (not deleted) on any of the articles, newest first. */
  async onArticles(articleIds: string[], offset: number, limit: number) {
    if (articleIds.length === 0) return { items: [], hasMore: false };
    const rows = await this.views(
      and(inArray(comments.articleId, articleIds), VISIBLE)!,
      null,
      this.db,
      [sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`],
      { offset, limit: limit + 1 },
    );
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
