import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { coAuthorInvitations } from '../coauthors/coauthor.table.js';
import { drafts } from '../drafts/draft.table.js';
import { articleEdits } from '../review/review.table.js';
import { folderOf } from './media-keys.js';
import type { ImageLogCursor } from './media.rules.js';
import { media, type MediaRow, type NewMedia } from './media.table.js';

/** An image the sweeper may collect: its row and the folder holding every object of it. */
export type SweptImage = {
  id: string;
  folder: string;
};

/** A row of the uploads log: the image and its upload time in microseconds since the epoch (for the cursor). */
export type LoggedImage = MediaRow & { atUs: string };

/** A draft or an article (an edit waiting or kept counts as its article) whose cover or content names a folder. */
export type FolderUse = {
  folder: string;
  draftId: string | null;
  articleId: string | null;
  title: string;
};

/** The editor's images: who uploaded which folder of the object store. */
@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(row: NewMedia, q: Queryable = this.database.db): Promise<MediaRow> {
    const [inserted] = await q.insert(media).values(row).returning();
    return inserted!;
  }

  /**
   * The image a key belongs to (its main key or any variant's), or undefined. Other areas use it to check that a key
   * a user names (a cover, an image block) is one of their uploads: `row?.ownerUid === uid`.
   */
  async findByKey(key: string, q: Queryable = this.database.db): Promise<MediaRow | undefined> {
    const folder = folderOf(key);
    if (!folder) return undefined;
    const [row] = await q.select().from(media).where(eq(media.folder, folder)).limit(1);
    return row && row.keys.includes(key) ? row : undefined;
  }

  async remove(id: string, q: Queryable = this.database.db): Promise<void> {
    await q.delete(media).where(eq(media.id, id));
  }

  /**
   * Holds the user's uploads for this transaction (an advisory lock, released at commit): the quota is counted and
   * the new row inserted under it, so parallel uploads cannot all pass a count taken before any of them was kept.
   */
  async lockOwner(tx: Queryable, uid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`articles.media:${uid}`}))`);
  }

  /** How many editor images the user keeps. */
  async countOwner(uid: string, q: Queryable = this.database.db): Promise<number> {
    const [row] = await q.select({ n: count() }).from(media).where(eq(media.ownerUid, uid));
    return row?.n ?? 0;
  }

  /**
   * Images uploaded before `before` that nothing refers to: no draft, article or article edit (waiting for review, or
   * kept for the record) names their folder as its cover or anywhere in its content (an image block's URL is
   * /media/<folder><width>.<format>). Locked for this transaction; rows another replica holds are skipped (FOR UPDATE
   * SKIP LOCKED), so replicas sweeping at once never wait for each other nor collect an image twice.
   */
  async lockUnreferenced(tx: Queryable, before: Date, limit: number): Promise<SweptImage[]> {
    const refers = (table: typeof drafts | typeof articles | typeof articleEdits) => sql`
      exists (select 1 from ${table}
               where starts_with(${table.coverKey}, ${media.folder})
                  or strpos(${table.content}::text, ${media.folder}) > 0)`;
    const result = await tx.execute<SweptImage>(sql`
      select ${media.id} as id, ${media.folder} as folder from ${media}
       where ${media.createdAt} < ${before.toISOString()}
         and not ${refers(drafts)} and not ${refers(articles)} and not ${refers(articleEdits)}
       order by ${media.createdAt}
       limit ${limit}
         for update of media skip locked`);
    return result.rows;
  }

  async removeMany(tx: Queryable, ids: string[]): Promise<void> {
    if (ids.length > 0) await tx.delete(media).where(inArray(media.id, ids));
  }

  /** Forgets every image of a user (account deletion; the objects go with their prefix). */
  async removeOwner(uid: string, q: Queryable = this.database.db): Promise<void> {
    await q.delete(media).where(eq(media.ownerUid, uid));
  }

  /**
   * One page of the uploads log: the owner's images newest first (ties by id), after `after`; `limit` rows at most.
   * Walks media_owner_idx from the owner's newest upload.
   */
  async listOwner(
    uid: string,
    after: ImageLogCursor | undefined,
    limit: number,
    q: Queryable = this.database.db,
  ): Promise<LoggedImage[]> {
    return q
      .select({
        ...getTableColumns(media),
        atUs: sql<string>`(extract(epoch from ${media.createdAt}) * 1000000)::bigint::text`,
      })
      .from(media)
      .where(
        and(
          eq(media.ownerUid, uid),
          after &&
            sql`(${media.createdAt}, ${media.id}) <
                (timestamptz 'epoch' + ${after.atUs}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
        ),
      )
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(limit);
  }

  /**
   * Which of `folders` the user's own writing uses: their drafts and articles, those they co-author (an accepted
   * invitation to the draft or to the article, whose drafts and edits count too), and the edits of those articles
   * (waiting for review or kept for the record, shown as their article). Each set is reached through its index
   * (owner, author, invitee), so the cost follows the user's writing, not the site's. A reference is what the sweeper
   * looks for: the folder as the start of a cover key or anywhere in the content. A document reached two ways may be
   * named twice (the caller keeps one).
   */
  async usesOf(uid: string, folders: readonly string[], q: Queryable = this.database.db): Promise<FolderUse[]> {
    if (folders.length === 0) return [];
    const accepted = (target: typeof coAuthorInvitations.draftId | typeof coAuthorInvitations.articleId) => sql`
      select ${target} from ${coAuthorInvitations}
       where ${coAuthorInvitations.inviteeUid} = ${uid} and ${coAuthorInvitations.status} = 'accepted'
         and ${target} is not null`;
    const draftColumns = sql`${drafts.id} as draft_id, null::uuid as article_id, ${drafts.title} as title,
      ${drafts.coverKey} as cover_key, ${drafts.content}::text as body`;
    const result = await q.execute<FolderUse>(sql`
      with my_articles as materialized (
        select ${articles.id} as id from ${articles} where ${articles.authorId} = ${uid}
        union
        ${accepted(coAuthorInvitations.articleId)}
      ),
      docs as materialized (
        select ${draftColumns} from ${drafts} where ${drafts.ownerId} = ${uid}
        union all
        select ${draftColumns} from ${drafts} where ${drafts.id} in (${accepted(coAuthorInvitations.draftId)})
        union all
        select ${draftColumns} from ${drafts}
         where ${drafts.articleId} in (select id from my_articles) and ${drafts.ownerId} <> ${uid}
        union all
        select null::uuid, ${articles.id}, ${articles.title}, ${articles.coverKey}, ${articles.content}::text
          from ${articles} where ${articles.id} in (select id from my_articles)
        union all
        select null::uuid, ${articleEdits.articleId}, ${articles.title}, ${articleEdits.coverKey},
               ${articleEdits.content}::text
          from ${articleEdits} join ${articles} on ${articles.id} = ${articleEdits.articleId}
         where ${articleEdits.articleId} in (select id from my_articles)
      )
      select f.folder as "folder", docs.draft_id as "draftId", docs.article_id as "articleId", docs.title as "title"
        from unnest(${sql.param([...folders])}::text[]) as f(folder)
        join docs on starts_with(docs.cover_key, f.folder) or strpos(docs.body, f.folder) > 0`);
    return result.rows;
  }
}
