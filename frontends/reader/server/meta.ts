// What each server-rendered page says about itself in <head>: from the same data the page renders.
import type { TFunction } from 'i18next';
import { plainText, truncate } from './escape.js';
import type { Alternate, PageMeta } from './head.js';
import type { PagePattern } from './pages.js';
import { PAID_PART_CLASS } from '../src/lib/paid.js';

export interface MetaContext {
  origin: string;
  t: TFunction;
}

interface AuthorLike {
  username?: string;
  fullname?: string;
  imageUrl?: string | null;
}

interface ArticleLike {
  id: string;
  title: string;
  description?: string | null;
  language: string;
  author?: AuthorLike;
  coAuthors?: AuthorLike[];
  publishedAt?: string | null;
  updatedAt?: string | null;
  coverUrl?: string | null;
  categoryName?: string | null;
  category?: string | null;
  translations?: Array<{ id: string; language: string }>;
  originalId?: string | null;
  content?: { blocks?: Array<{ type: string; data?: Record<string, unknown> }> };
  /** For a publication's paid subscribers: the page (rendered as a visitor sees it) holds only its teaser. */
  paid?: boolean;
}

interface ProfileLike {
  username: string;
  fullname?: string;
  headline?: string | null;
  bio?: string | null;
  imageUrl?: string | null;
}

interface CategoryLike {
  category: string;
  name?: string | null;
}

/** An absolute URL for an image path of the site; other schemes than http(s) are dropped. */
export function absoluteUrl(origin: string, value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, `${origin}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The first paragraphs' text, for an article without a description. */
function leadText(article: ArticleLike): string {
  const texts: string[] = [];
  for (const block of article.content?.blocks ?? []) {
    if (block.type === 'paragraph' && typeof block.data?.text === 'string') texts.push(plainText(block.data.text));
    if (texts.join(' ').length > 200) break;
  }
  return texts.join(' ');
}

const profileUrl = (origin: string, username: string) => `${origin}/@${encodeURIComponent(username)}`;
export const articleUrl = (origin: string, id: string) => `${origin}/a/${encodeURIComponent(id)}`;

function articleMeta(article: ArticleLike, { origin, t }: MetaContext): PageMeta {
  const canonical = articleUrl(origin, article.id);
  const description = truncate(article.description?.trim() || leadText(article) || t('description'), 200);
  const image = absoluteUrl(origin, article.coverUrl);
  const authors = [article.author, ...(article.coAuthors ?? [])].filter((a): a is AuthorLike => !!a?.username);
  const translations = article.translations ?? [];
  const alternates: Alternate[] = translations.length
    ? translations.map((tr) => ({ language: tr.language, href: articleUrl(origin, tr.id) }))
    : [];
  if (alternates.length && !alternates.some((a) => a.language === article.language))
    alternates.push({ language: article.language, href: canonical });
  const originalId = article.originalId ?? translations.find((tr) => tr.id === article.id)?.id;
  return {
    title: `${article.title} — Pencraft`,
    description,
    canonical,
    type: 'article',
    image,
    language: article.language,
    alternates,
    xDefault: alternates.length ? articleUrl(origin, originalId ?? article.id) : undefined,
    publishedAt: article.publishedAt ?? undefined,
    modifiedAt: article.updatedAt ?? undefined,
    authorUrl: article.author?.username ? profileUrl(origin, article.author.username) : undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title.slice(0, 110),
        description,
        inLanguage: article.language,
        url: canonical,
        mainEntityOfPage: canonical,
        ...(image ? { image: [image] } : {}),
        ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
        ...(article.updatedAt ? { dateModified: article.updatedAt } : {}),
        ...(article.categoryName ? { articleSection: article.categoryName } : {}),
        author: authors.map((a) => ({
          '@type': 'Person',
          name: a.fullname || a.username,
          url: profileUrl(origin, a.username!),
        })),
        publisher: { '@type': 'Organization', name: 'Pencraft', url: `${origin}/` },
        // Paywalled content (Google's structured data for subscription content): not free, and the part of the page
        // that stands for the paid text named by its selector.
        ...(article.paid
          ? {
              isAccessibleForFree: false,
              hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${PAID_PART_CLASS}` },
            }
          : {}),
      },
    ],
  };
}

/** The head of a page from its data (`null`: not found, `undefined`: none). */
export function metaFor(
  pattern: PagePattern,
  params: Record<string, string>,
  value: unknown,
  context: MetaContext,
): PageMeta {
  const { origin, t } = context;
  // Titles and descriptions as the pages set them (useDocumentMeta), so nothing changes when the app takes over.
  const notFound = (canonical: string, key: string): PageMeta => ({
    title: `${t(key, { ns: 'reader' })} — Pencraft`,
    description: t('description'),
    canonical,
    type: 'website',
    noindex: true,
  });
  switch (pattern) {
    case '/a/:id': {
      if (!value) return notFound(articleUrl(origin, params.id ?? ''), 'article.notFound');
      return articleMeta(value as ArticleLike, context);
    }
    case '/@:username': {
      const canonical = profileUrl(origin, params.username ?? '');
      if (!value) return notFound(canonical, 'profile.notFound');
      const profile = value as ProfileLike;
      const name = profile.fullname || profile.username;
      return {
        title: `${name} (@${profile.username}) — Pencraft`,
        description: truncate(
          profile.headline || profile.bio || t('profile.description', { ns: 'reader', name: profile.fullname }),
          200,
        ),
        canonical,
        type: 'profile',
        image: absoluteUrl(origin, profile.imageUrl),
        feed: { title: `${name} — Pencraft`, href: `${canonical}/feed.xml` },
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'ProfilePage',
            url: canonical,
            mainEntity: { '@type': 'Person', name, alternateName: `@${profile.username}`, url: canonical },
          },
        ],
      };
    }
    case '/c/:category': {
      const canonical = `${origin}/c/${encodeURIComponent(params.category ?? '')}`;
      const category = value as CategoryLike | null;
      if (!category?.name) return notFound(canonical, 'category.notFound');
      const name = category.name;
      return {
        title: `${name} — Pencraft`,
        description: t('category.description', { ns: 'reader', name }),
        canonical,
        type: 'website',
        feed: { title: `${name} — Pencraft`, href: `${canonical}/feed.xml` },
      };
    }
    case '/':
      return {
        title: 'Pencraft',
        description: t('description'),
        canonical: `${origin}/`,
        type: 'website',
        feed: { title: 'Pencraft', href: `${origin}/feed.xml` },
        jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Pencraft', url: `${origin}/` }],
      };
  }
}

interface PublicationHomeLike {
  publication: {
    name: string;
    slug: string;
    description?: string | null;
    logoUrl?: string | null;
    coverUrl?: string | null;
  };
}

/**
 * The head of a publication's home on its subdomain (`origin` is the subdomain's): its own title, canonical URL
 * and Open Graph tags; `null` is the not-found page of an unknown slug.
 */
export function publicationHomeMeta(value: PublicationHomeLike | null, slug: string, context: MetaContext): PageMeta {
  const { origin, t } = context;
  const canonical = `${origin}/`;
  if (!value)
    return {
      title: `${t('publication.notFound', { ns: 'reader' })} — Pencraft`,
      description: t('description'),
      canonical,
      type: 'website',
      noindex: true,
      publication: slug,
    };
  const { publication } = value;
  const description = truncate(
    publication.description?.trim() || t('publication.description', { ns: 'reader', name: publication.name }),
    200,
  );
  return {
    title: publication.name,
    description,
    canonical,
    type: 'website',
    siteName: publication.name,
    image: absoluteUrl(origin, publication.coverUrl) ?? absoluteUrl(origin, publication.logoUrl),
    publication: publication.slug,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: publication.name,
        description,
        url: canonical,
        publisher: { '@type': 'Organization', name: publication.name, url: canonical },
      },
    ],
  };
}
