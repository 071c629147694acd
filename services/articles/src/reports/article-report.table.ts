import { REPORT_REASONS, type ReportReason } from '@pencraft/rules';
import { check, index, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { articlesSchema } from '../articles.schema.js';

/**
 * A reader's report of a published article: one per reader and article; moderation triages them from
 * articles.article.reported, beside the comment reports.
 */
export const articleReports = articlesSchema.table(
  'article_reports',
  {
    id: uuid('id').primaryKey(),
    articleId: uuid('article_id').notNull(),
    reporterUid: uuid('reporter_uid').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('article_reports_once').on(t.reporterUid, t.articleId),
    index('article_reports_reporter_idx').on(t.reporterUid, t.createdAt),
    index('article_reports_article_idx').on(t.articleId),
    check('article_reports_reason_known', oneOf('reason', REPORT_REASONS)),
  ],
);
