import { isUuid } from '@pencraft/rules';
// The counts waiting in Redis are one hash of fields named after what they count; a claimed batch is parsed back
// into rows here (pure, so the flush's bookkeeping is tested without servers).

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type ArticleMetric = 'v' | 'u' | 'r' | 's';
export type SiteMetric = 'v' | 'u';

/** a:<article id>:<day>:<metric>: views, views by signed-in users, reads, read seconds. */
export const articleField = (articleId: string, day: string, metric: ArticleMetric) =>
  `a:${articleId}:${day}:${metric}`;
/** s:<day>:<metric>: page views of the whole site. */
export const siteField = (day: string, metric: SiteMetric) => `s:${day}:${metric}`;

export interface ArticleDayCounts {
  articleId: string;
  day: string;
  views: number;
  userViews: number;
  reads: number;
  readSeconds: number;
}

export interface SiteDayCounts {
  day: string;
  views: number;
  userViews: number;
}

export interface ParsedBatch {
  articles: ArticleDayCounts[];
  site: SiteDayCounts[];
}

const ARTICLE_KEYS: Record<ArticleMetric, keyof Omit<ArticleDayCounts, 'articleId' | 'day'>> = {
  v: 'views',
  u: 'userViews',
  r: 'reads',
  s: 'readSeconds',
};
const SITE_KEYS: Record<SiteMetric, keyof Omit<SiteDayCounts, 'day'>> = { v: 'views', u: 'userViews' };

/** A claimed batch as rows: one per article and day, one per site day. Fields it does not know are skipped. */
export function parseBatch(fields: Record<string, string>): ParsedBatch {
  const articles = new Map<string, ArticleDayCounts>();
  const site = new Map<string, SiteDayCounts>();
  for (const [field, raw] of Object.entries(fields)) {
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0) continue;
    const parts = field.split(':');
    if (parts[0] === 'a' && parts.length === 4) {
      const [, articleId, day, metric] = parts as [string, string, string, string];
      const key = ARTICLE_KEYS[metric as ArticleMetric];
      if (!key || !isUuid(articleId) || !DAY.test(day)) continue;
      const id = `${articleId}|${day}`;
      let row = articles.get(id);
      if (!row) {
        row = { articleId, day, views: 0, userViews: 0, reads: 0, readSeconds: 0 };
        articles.set(id, row);
      }
      row[key] += value;
    } else if (parts[0] === 's' && parts.length === 3) {
      const [, day, metric] = parts as [string, string, string];
      const key = SITE_KEYS[metric as SiteMetric];
      if (!key || !DAY.test(day)) continue;
      let row = site.get(day);
      if (!row) {
        row = { day, views: 0, userViews: 0 };
        site.set(day, row);
      }
      row[key] += value;
    }
  }
  return { articles: [...articles.values()], site: [...site.values()] };
}

/** The UTC day of a moment, as the tables and the Redis fields name it. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The `count` days up to and including `last`, oldest first. */
export function daysUpTo(last: Date, count: number): string[] {
  const end = Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate());
  return Array.from({ length: count }, (_, index) => dayOf(new Date(end - (count - 1 - index) * 86_400_000)));
}
