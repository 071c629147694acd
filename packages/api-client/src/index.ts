import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
/** The named schemas of the API (Article, ArticlePage, UserInfo, Error, ...). */
export type Schemas = components['schemas'];
export type ApiError = Schemas['Error'];
export type ApiClient = Client<paths>;

export const CSRF_COOKIE = 'pc_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiClientOptions {
  /** Where the API is: '' (the page's origin) in the browser, https://pencraft.az for a partner. */
  baseUrl?: string;
  /** The language errors should speak (az, en, ru), asked at each request so a language switch applies at once. */
  lang?: () => string | undefined;
  /** Reads a cookie; document.cookie in the browser. */
  readCookie?: (name: string) => string | undefined;
  fetch?: typeof globalThis.fetch;
}

/** The value of a cookie in a Cookie-header-like string (document.cookie). */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

const browserCookie = (name: string) =>
  typeof document === 'undefined' ? undefined : cookieValue(document.cookie, name);

/**
 * Sends the session cookie (credentials: include), Accept-Language, and on unsafe methods the CSRF header
 * echoing the pc_csrf cookie, fetching it first from GET /api/csrf when the cookie is missing.
 */
export function apiMiddleware(options: ApiClientOptions, client: () => ApiClient): Middleware {
  const readCookie = options.readCookie ?? browserCookie;
  // One fetch of the token at a time: concurrent first writes would each get a new cookie, and all but the last
  // would then send a token that no longer matches it (403).
  let pending: Promise<string | undefined> | undefined;
  const fetchToken = () => {
    pending ??= client()
      .GET('/api/csrf')
      .then(
        (answer) => readCookie(CSRF_COOKIE) ?? answer.data?.token,
        () => undefined,
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return {
    async onRequest({ request }) {
      const lang = options.lang?.();
      if (lang && !request.headers.has('accept-language')) request.headers.set('accept-language', lang);
      if (!UNSAFE.has(request.method) || request.headers.has(CSRF_HEADER)) return request;
      let token = readCookie(CSRF_COOKIE);
      if (!token) token = await fetchToken();
      if (token) request.headers.set(CSRF_HEADER, token);
      return request;
    },
  };
}

/** The typed client of the public API: `api.GET('/api/articles/{id}', { params: { path: { id } } })`. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(apiMiddleware(options, () => client));
  return client;
}
