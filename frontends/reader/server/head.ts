// The <head> of a server-rendered page: title, description, canonical URL, Open Graph, Twitter, hreflang alternates
// and JSON-LD, written from the same data the page renders. Every value is escaped here.
import { escapeHtml, jsonForScript } from './escape.js';

export interface Alternate {
  language: string;
  href: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** og:site_name (Pencraft; a publication's name on its subdomain). */
  siteName?: string | undefined;
  /** og:type: website, article or profile. */
  type: 'website' | 'article' | 'profile';
  /** Absolute image URL (cover, avatar), if any. */
  image?: string | undefined;
  /** og:locale of the content (az_AZ, en_US, ru_RU). */
  language?: string | undefined;
  alternates?: Alternate[];
  /** Absolute URL of x-default (the original of a translated article). */
  xDefault?: string | undefined;
  publishedAt?: string | undefined;
  modifiedAt?: string | undefined;
  authorUrl?: string | undefined;
  /** JSON-LD objects. */
  jsonLd?: object[];
  /** An RSS feed of the page (home, category, author). */
  feed?: { title: string; href: string } | undefined;
  /** noindex (the not-found state). */
  noindex?: boolean;
  /** The slug of the publication whose subdomain the page is on (`<meta name="pc-publication">`, read by the app). */
  publication?: string | undefined;
}

const LOCALES: Record<string, string> = { az: 'az_AZ', en: 'en_US', ru: 'ru_RU' };

const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
  value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-pc-ssr />` : '';

/** The tags the renderer puts in <head> (the shell's own title, description and og tags are removed first). */
export function headTags(page: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('name', 'pc-publication', page.publication),
    `<link rel="canonical" href="${escapeHtml(page.canonical)}" data-pc-ssr />`,
    meta('property', 'og:type', page.type),
    meta('property', 'og:site_name', page.siteName ?? 'Pencraft'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.canonical),
    meta('property', 'og:image', page.image),
    meta('property', 'og:locale', page.language ? LOCALES[page.language] : undefined),
    ...(page.alternates ?? [])
      .filter((a) => a.language !== page.language && LOCALES[a.language])
      .map((a) => meta('property', 'og:locale:alternate', LOCALES[a.language])),
    meta('property', 'article:published_time', page.publishedAt),
    meta('property', 'article:modified_time', page.modifiedAt),
    meta('property', 'article:author', page.authorUrl),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image),
    ...(page.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.language)}" href="${escapeHtml(a.href)}" data-pc-ssr />`,
    ),
    page.xDefault
      ? `<link rel="alternate" hreflang="x-default" href="${escapeHtml(page.xDefault)}" data-pc-ssr />`
      : '',
    page.feed
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(page.feed.title)}" href="${escapeHtml(page.feed.href)}" data-pc-ssr />`
      : '',
    ...(page.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
