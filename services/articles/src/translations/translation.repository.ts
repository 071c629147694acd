import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { drafts } from '../drafts/draft.table.js';
import { type ArticleStatus, type Audience, isUuid, type Lang, LANGS } from '@pencraft/rules';

/** What translating and the language switch read of an article. */
export interface GroupMember {
  id: string;
  authorId: string;
  translationOf: string | null;
  language: Lang;
  status: ArticleStatus;
}

/** The original an article is translated from: everything a new draft translation starts with. */
export interface TranslationSourceRow extends GroupMember {
  title: string;
  description: string;
  category: string;
  subCategories: string[];
  content: unknown;
  coverKey: string | null;
  target: string;
  audience: Audience;
}

export interface LanguageVersion {
  id: string;
  language: Lang;
}

const MEMBER = {
  id: articles.id,
  authorId: articles.authorId,
  translationOf: articles.translationOf,
  language: articles.language,
  status: articles.status,
};

/** The order of the product's languages (LANGS: az, en, ru), for a stable switcher. */
const LANGUAGE_ORDER = sql`array_position(array[${sql.join(
  LANGS.map((lang) => sql`${lang}`),
  sql`, `,
)}]::text[], ${articles.language})`;

/**
 * Translation groups: an original article and its translations, each its own row whose translation_of is the
 * original's id (the group's id); draft translations are drafts rows with translation_of set.
 */
@Injectable()
export class TranslationRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async findMember(id: string): Promise<GroupMember | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.database.db.select(MEMBER).from(articles).where(eq(articles.id, id)).limit(1);
    return row;
  }

  async findSource(id: string): Promise<TranslationSourceRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.database.db
      .select({
        ...MEMBER,
        title: articles.title,
        description: articles.description,
        category: articles.category,
        subCategories: articles.subCategories,
        content: articles.content,
        coverKey: articles.coverKey,
        target: articles.target,
        audience: articles.audience,
      })
      .from(articles)
      .where(eq(articles.id, id))
      .limit(1);
    return row;
  }

  /**
   * One translation at a time per group and per translator: the languages taken and the translator's count are read
   * and the draft written under these locks (transaction-scoped advisory locks, released at commit).
   */
  async lockGroupAndOwner(tx: Queryable, groupId: string, ownerUid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`articles.translations:${groupId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`articles.drafts:${ownerUid}`}))`);
  }

  /**
   * The languages a group already holds besides the original's: translations published or in review (a rejected
   * one frees its language) and draft translations, whoever's.
   */
  async takenLanguages(tx: Queryable, groupId: string): Promise<string[]> {
    const rows = await tx
      .select({ language: articles.language })
      .from(articles)
      .where(and(eq(articles.translationOf, groupId), ne(articles.status, 'rejected')))
      .union(tx.select({ language: drafts.language }).from(drafts).where(eq(drafts.translationOf, groupId)));
    return rows.map((r) => r.language);
  }

  /** The owner's draft translations (counted as the drafts list counts them: every draft with translation_of). */
  async countDraftTranslations(tx: Queryable, ownerUid: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(drafts)
      .where(and(eq(drafts.ownerId, ownerUid), isNotNull(drafts.translationOf)));
    return row?.n ?? 0;
  }

  /** A new draft translation of `source` into `language`, owned by the translator, prefilled from the original. */
  async insertDraft(tx: Queryable, source: TranslationSourceRow, ownerUid: string, language: Lang, at: Date) {
    const [row] = await tx
      .insert(drafts)
      .values({
        ownerId: ownerUid,
        translationOf: source.id,
        language,
        title: source.title,
        description: source.description,
        content: source.content,
        category: source.category,
        subCategories: source.subCategories,
        coverKey: source.coverKey,
        target: source.target as 'personal',
        audience: source.audience as 'free' | 'paid',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: drafts.id });
    return row!.id;
  }

  /** The published versions of a group (the original and its translations), az, en, ru. */
  async publishedVersions(groupId: string, tx?: Queryable): Promise<LanguageVersion[]> {
    if (!isUuid(groupId)) return [];
    return (tx ?? this.database.db)
      .select({ id: articles.id, language: articles.language })
      .from(articles)
      .where(
        and(or(eq(articles.id, groupId), eq(articles.translationOf, groupId)), sql`${articles.status} = 'published'`),
      )
      .orderBy(LANGUAGE_ORDER, articles.publishedAt);
  }

  /** The published version of a group in one language. */
  async publishedIn(groupId: string, language: string): Promise<string | undefined> {
    const versions = await this.publishedVersions(groupId);
    return versions.find((v) => v.language === language)?.id;
  }
}
