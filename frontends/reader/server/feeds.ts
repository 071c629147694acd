// sitemap.xml and the RSS 2.0 feeds (the site, a category, an author), from the gateway's public lists.
import { ApiError, type ApiClient, type Schemas } from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { loadCategoryArticles, loadHome, loadProfile } from '../src/data/index.js';
import { escapeXml } from './escape.js';
import { articleUrl } from './meta.js';
import type { FeedPattern } from './pages.js';

export interface FeedContext {
  client: ApiClient;
  origin: string;
  language: string;
  t: TFunction;
}

interface FeedAnswer {
  status: number;
  type: string;
  body: Buffer;
}

type Card = Schemas['ArticleCard'];

/** Pages of the newest articles the sitemap lists (20 each). */
const SITEMAP_PAGES = 25;

const rfc822 = (iso: string | null | undefined) => (iso ? new Date(iso).toUTCString() : undefined);

function rss(
  channel: { title: string; link: string; self: string; description: string; language: string },
  items: Card[],
  origin: string,
): string {
  const entries = items.map((card) => {
    const link = articleUrl(origin, card.id);
    const date = rfc822(card.publishedAt);
    const author = card.author?.fullname || card.author?.username;
    return [
      '    <item>',
      `      <title>${escapeXml(card.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      card.description ? `      <description>${escapeXml(card.description)}</description>` : '',
      author ? `      <dc:creator>${escapeXml(author)}</dc:creator>` : '',
      card.category ? `      <category>${escapeXml(card.category)}</category>` : '',
      date ? `      <pubDate>${date}</pubDate>` : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    ...(items[0]?.publishedAt ? [`    <lastBuildDate>${rfc822(items[0].publishedAt)}</lastBuildDate>`] : []),
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

const xml = (status: number, body: string, type = 'application/rss+xml; charset=utf-8'): FeedAnswer => ({
  status,
  type,
  body: Buffer.from(body),
});

async function sitemap({ client, origin }: FeedContext): Promise<FeedAnswer> {
  const urls: Array<{ loc: string; lastmod?: string | undefined }> = [{ loc: `${origin}/` }];
  const authors = new Set<string>();
  for (let page = 1; page <= SITEMAP_PAGES; page++) {
    const list = await loadHome(client, page);
    for (const card of list.items) {
      urls.push({ loc: articleUrl(origin, card.id), lastmod: card.publishedAt ?? undefined });
      if (card.author?.username) authors.add(card.author.username);
    }
    if (!list.hasMore) break;
  }
  try {
    const categories = await client.get('/api/articles/categories');
    for (const category of categories.items) urls.push({ loc: `${origin}/c/${encodeURIComponent(category.id)}` });
  } catch {
    // The categories are a nicety here: the articles are the sitemap.
  }
  for (const username of authors) urls.push({ loc: `${origin}/@${encodeURIComponent(username)}` });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return xml(200, body, 'application/xml; charset=utf-8');
}

const notFound = () => xml(404, 'Not Found', 'text/plain; charset=utf-8');

/**
 * The sitemap of a publication's subdomain (`origin`): the pages that live there, i.e. its home. Its articles'
 * canonical URLs are on the main host and in the main sitemap. `exists` false: the slug names no publication.
 */
export function publicationSitemap(origin: string, exists: boolean): FeedAnswer {
  if (!exists) return notFound();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${escapeXml(`${origin}/`)}</loc></url>`,
    '</urlset>',
    '',
  ].join('\n');
  return xml(200, body, 'application/xml; charset=utf-8');
}

export async function feed(
  pattern: FeedPattern,
  params: Record<string, string>,
  context: FeedContext,
): Promise<FeedAnswer> {
  const { client, origin, language, t } = context;
  try {
    switch (pattern) {
      case '/sitemap.xml':
        return await sitemap(context);
      case '/feed.xml': {
        const list = await loadHome(client, 1);
        return xml(
          200,
          rss(
            {
              title: 'Pencraft',
              link: `${origin}/`,
              self: `${origin}/feed.xml`,
              description: t('description'),
              language,
            },
            list.items,
            origin,
          ),
        );
      }
      case '/c/:category/feed.xml': {
        const category = params.category ?? '';
        const [categories, list] = await Promise.all([
          client.get('/api/articles/categories'),
          loadCategoryArticles(client, category as Parameters<typeof loadCategoryArticles>[1], 'new', 1),
        ]);
        const name = categories.items.find((c) => c.id === category)?.name;
        if (!name) return notFound();
        const link = `${origin}/c/${encodeURIComponent(category)}`;
        return xml(
          200,
          rss(
            { title: `${name} — Pencraft`, link, self: `${link}/feed.xml`, description: name, language },
            list.items,
            origin,
          ),
        );
      }
      case '/@:username/feed.xml': {
        const username = params.username ?? '';
        const [profile, list] = await Promise.all([
          loadProfile(client, username),
          client.get('/api/profile/{username}/articles', { params: { path: { username }, query: { page: 1 } } }),
        ]);
        const link = `${origin}/@${encodeURIComponent(profile.username)}`;
        const name = profile.fullname || profile.username;
        return xml(
          200,
          rss(
            {
              title: `${name} — Pencraft`,
              link,
              self: `${link}/feed.xml`,
              description: profile.headline || name,
              language,
            },
            list.items,
            origin,
          ),
        );
      }
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return notFound();
    throw error;
  }
}
