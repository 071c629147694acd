// The first data of each public page, one small loader each. The pages call them in the browser; the server
// rendering calls the same loaders with a server-side client (createApiClient of @pencraft/ui) and embeds the
// answers, which the pages then take through useInitialData under the same keys (pageData below).
// Only public answers that are the same for every visitor belong here: per-viewer data (votes, bookmarks,
// collections, follows) is fetched by the pages in effects.
import { isCategoryId, type CategoryId } from '@pencraft/rules';
import { ApiError, type ApiClient, type Schemas } from '@pencraft/ui';

export type Reader = Pick<ApiClient, 'get'>;
export type CategorySort = 'new' | 'top';

/**
 * An article with its category's name in the request language (from the list of categories; a failure there only
 * leaves the name out).
 */
export async function loadArticle(client: Reader, id: string, signal?: AbortSignal): Promise<ArticleData> {
  const [article, categories] = await Promise.all([
    client.get('/api/articles/{id}', { params: { path: { id } }, signal }),
    loadCategories(client, signal).catch(() => null),
  ]);
  const categoryName = categories?.items.find((c) => c.id === article.category)?.name;
  const paywall =
    article.locked && article.publicationId ? await loadPaywall(client, article.publicationId, signal) : null;
  return { ...article, ...(categoryName ? { categoryName } : {}), ...(paywall ? { paywall } : {}) };
}

/**
 * What a locked paid article shows under its teaser: the publication that sells it and its plans (a failure there
 * only leaves them out: the notice stays).
 */
export async function loadPaywall(
  client: Reader,
  publicationId: string,
  signal?: AbortSignal,
): Promise<Paywall | null> {
  const path = { id: publicationId };
  const [view, plans] = await Promise.all([
    client.get('/api/core-publications/{id}', { params: { path }, signal }).catch(() => null),
    client.get('/api/core-publications/{id}/plns', { params: { path }, signal }).catch(() => null),
  ]);
  if (!view) return null;
  const { publication } = view;
  return {
    publication: { id: publication.id, name: publication.name, domain: publication.domain },
    plans: plans?.items ?? [],
  };
}

export interface Paywall {
  publication: { id: string; name: string; domain: string };
  plans: Schemas['PublicationPlan'][];
}

/** The numbered pages of the all tab (newest first): the RSS feeds' (server/feeds.ts). */
export const loadHome = (client: Reader, page = 1, signal?: AbortSignal) =>
  client.get('/api/home/articles', { params: { query: { page } }, signal });

export type HomeTab = 'all' | 'following' | 'suggestions';

/** A page of a home tab by cursor (none: the first), the request language first (issue #17). */
export const loadHomeList = (client: Reader, tab: HomeTab, cursor?: string, signal?: AbortSignal) =>
  client.get('/api/home/articles', { params: { query: { tab, ...(cursor ? { cursor } : {}) } }, signal });

export const loadTrends = (client: Reader, signal?: AbortSignal) => client.get('/api/home/trends', { signal });

/** The home's public first data: the all tab's first page and trending (a failure there only leaves it out). */
export async function loadHomePage(client: Reader, signal?: AbortSignal) {
  const [list, trends] = await Promise.all([
    loadHomeList(client, 'all', undefined, signal),
    loadTrends(client, signal).catch(() => null),
  ]);
  return { list, trends };
}

export const loadProfile = (client: Reader, username: string, signal?: AbortSignal) =>
  client.get('/api/profile/{username}', { params: { path: { username } }, signal });

export const loadCategoryArticles = (
  client: Reader,
  category: CategoryId,
  sort: CategorySort,
  page = 1,
  signal?: AbortSignal,
) =>
  client.get('/api/articles/cs/cot/{category}', {
    params: { path: { category }, query: { page, sKey: sort } },
    signal,
  });

export const loadTop = (client: Reader, page = 1, signal?: AbortSignal) =>
  client.get('/api/articles/top', { params: { query: { page } }, signal });

export const loadCategories = (client: Reader, signal?: AbortSignal) =>
  client.get('/api/articles/categories', { signal });

/**
 * The category page's first data: its name (from the list of categories) and its first page of articles. A path
 * that names no category is NotFound without asking the server.
 */
export async function loadCategoryPage(client: Reader, category: string, sort: CategorySort, signal?: AbortSignal) {
  if (!isCategoryId(category)) throw new ApiError({ status: 404, code: 'NotFound', message: 'Not Found' });
  const [categories, page] = await Promise.all([
    loadCategories(client, signal),
    loadCategoryArticles(client, category, sort, 1, signal),
  ]);
  const name = categories.items.find((c) => c.id === category)?.name ?? null;
  return { category, name, sort, page };
}

export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>;
export type ArticleData = Schemas['Article'] & { categoryName?: string; paywall?: Paywall };

export interface PageData<T> {
  /** The same string on the server and in the browser. */
  key: string;
  load: (client: Reader, signal?: AbortSignal) => Promise<T>;
}

export const articleData = (id: string): PageData<ArticleData> => ({
  key: `article:${id}`,
  load: (client, signal) => loadArticle(client, id, signal),
});

export const homeData = (): PageData<HomePage> => ({
  key: 'home',
  load: (client, signal) => loadHomePage(client, signal),
});

export const profileData = (username: string): PageData<Awaited<ReturnType<typeof loadProfile>>> => ({
  key: `profile:${username}`,
  load: (client, signal) => loadProfile(client, username, signal),
});

export const categorySort = (value: string | null): CategorySort => (value === 'top' ? 'top' : 'new');

export const categoryData = (category: string, sort: CategorySort): PageData<CategoryPageData> => ({
  key: `category:${category}:${sort}`,
  load: (client, signal) => loadCategoryPage(client, category, sort, signal),
});

export const topData = (): PageData<Awaited<ReturnType<typeof loadTop>>> => ({
  key: 'top',
  load: (client, signal) => loadTop(client, 1, signal),
});

/**
 * For the server: the page data of a reader path (the route patterns of routes.ts), or undefined for pages that
 * render without server data.
 */
export const pageData: Record<
  string,
  (params: Readonly<Record<string, string | undefined>>, search: URLSearchParams) => PageData<unknown>
> = {
  '/': () => homeData(),
  '/a/:id': (params) => articleData(params.id ?? ''),
  '/@:username': (params) => profileData((params.username ?? '').replace(/^@/, '')),
  '/c/:category': (params, search) => categoryData(params.category ?? '', categorySort(search.get('sort'))),
  '/top': () => topData(),
};

export type TopPage = Awaited<ReturnType<typeof loadTop>>;

// Per viewer (a private collection is its owner's alone): loaded in the browser, never server-rendered.
export const loadCollection = (client: Reader, id: string, page = 1, signal?: AbortSignal) =>
  client.get('/api/collections/{id}', { params: { path: { id }, query: { page } }, signal });

export const collectionData = (id: string): PageData<Awaited<ReturnType<typeof loadCollection>>> => ({
  key: `collection:${id}`,
  load: (client, signal) => loadCollection(client, id, 1, signal),
});

export type HomePage = Awaited<ReturnType<typeof loadHomePage>>;

// A publication's home on its subdomain ({slug}.{main host}): the publication, its pinned articles (the articles
// do not list by publication yet, so the pinned ones are what it shows), its plans.
const PUBLICATION_HOME_ARTICLES = 20;

export async function loadPublicationHome(client: Reader, slug: string, signal?: AbortSignal) {
  const { publication } = await client.get('/api/core-publications', { params: { query: { slug } }, signal });
  const path = { id: publication.id };
  const [pinned, plans] = await Promise.all([
    client.get('/api/core-publications/{id}/articles', { params: { path }, signal }),
    client.get('/api/core-publications/{id}/plns', { params: { path }, signal }),
  ]);
  // A pinned article that is gone (or not public) is left out rather than failing the page.
  const articles = await Promise.all(
    pinned.pinned.slice(0, PUBLICATION_HOME_ARTICLES).map((id) =>
      client.get('/api/articles/{id}', { params: { path: { id } }, signal }).then(
        (article) => ({
          id: article.id,
          title: article.title,
          description: article.description ?? null,
          publishedAt: article.publishedAt ?? null,
          pinned: true,
        }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status < 500) return null;
          throw error;
        },
      ),
    ),
  );
  return {
    publication,
    articles: articles.filter((article): article is NonNullable<typeof article> => article !== null),
    plans: plans.items,
  };
}

export type PublicationHomeData = Awaited<ReturnType<typeof loadPublicationHome>>;

export const publicationHomeData = (slug: string): PageData<PublicationHomeData> => ({
  key: `publication:${slug}`,
  load: (client, signal) => loadPublicationHome(client, slug, signal),
});

/**
 * The publication whose subdomain the page is on: the server's rendering names it in `<meta name="pc-publication">`
 * (decided from the host against the main host), and it stays for the page's life; null on the main site.
 */
export function pagePublication(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="pc-publication"]')?.content || null;
}
