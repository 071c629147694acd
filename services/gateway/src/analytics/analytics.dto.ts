import { z } from 'zod';
import { ArticleId } from '../articles/article.dto.js';
import { CONTROL_CHARS, text } from '../http/text.js';

/** A page's path as the browser shows it, without query or fragment (a token there is never sent here). */
// One pattern (the document carries only one): a leading slash, then no query, fragment, space or control character.
const PagePath = text({ min: 1, max: 512, pattern: new RegExp(`^/[^?#\\s${CONTROL_CHARS}]*$`) }).meta({
  description: 'The path of the page (location.pathname), without query or fragment.',
});

const Consent = z
  .boolean()
  .optional()
  .default(false)
  .meta({
    description:
      "The visitor's cookie choice (local key pc_consent): true only after Accept. With true the gateway sets and " +
      'reads the analytics cookies pc_aid and pc_as; otherwise it expires them and counts the view without them.',
  });

export const PageViewBody = z
  .object({
    path: PagePath,
    /** Taken from a path /a/{id} when left out. */
    articleId: ArticleId.optional().meta({ description: 'The article shown; read from a path /a/{id} when absent.' }),
    consent: Consent,
  })
  .strict()
  .meta({ id: 'PageViewReport' });

export const ReadBody = z
  .object({
    articleId: ArticleId,
    seconds: z.number().int().min(0).max(86_400).meta({ description: 'Seconds the reader stayed on the article.' }),
    finished: z.boolean().optional().default(false).meta({ description: 'Whether the reader scrolled to the end.' }),
    consent: Consent,
  })
  .strict()
  .meta({
    id: 'ReadReport',
    description:
      'A read counts when the reader stayed at least 30 seconds or reached the end; once per visitor, article and ' +
      'day; a read adds at most an hour to the reading time.',
  });

export const StatisticsParams = z.object({ id: ArticleId });
export const StatisticsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .optional()
    .default(30)
    .meta({ description: 'How many days the daily series covers, today included.' }),
});

const Count = z.number().int().min(0);

export const ArticleStatisticsJson = z
  .object({
    views: z.object({
      total: Count,
      users: Count.meta({ description: 'Views by signed-in users of the platform.' }),
      unique: Count.meta({ description: 'Distinct visitors (an estimate).' }),
    }),
    reads: Count,
    averageReadSeconds: Count,
    votes: z.object({ up: Count, down: Count }),
    comments: Count,
    bookmarks: Count,
    daily: z.array(z.object({ date: z.iso.date(), views: Count, reads: Count })),
  })
  .meta({
    id: 'ArticleStatistics',
    description:
      'Counted in Redis as they happen and moved to PostgreSQL every few seconds, so the last seconds may not ' +
      'show yet. `daily` holds every day of the period, oldest first (UTC days).',
  });
