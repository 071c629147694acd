import {
  createApiClient as createTypedClient,
  CSRF_COOKIE,
  CSRF_HEADER,
  type ApiClient as TypedClient,
  type paths,
  type Schemas,
} from '@pencraft/api-client';
import type { FetchResponse, MaybeOptionalInit, Middleware } from 'openapi-fetch';
import { getI18n } from 'react-i18next';
import { documentCookie } from './cookies.js';

// The frontends' one way to the API: the typed client of @pencraft/api-client (paths and shapes generated from
// the gateway's OpenAPI document) with what a page needs on top: answers that are not 2xx become an ApiError of
// the error catalogue in the request language, a failed transport becomes NetworkError, and a write refused for a
// stale CSRF token is retried once with a fresh one. Only this module creates the client at run time: the remotes
// import its types, and reach the one instance (its CSRF and language state) through this Module Federation
// singleton.

export { CSRF_COOKIE, CSRF_HEADER };
export type { paths, Schemas };

export type ApiErrorDetail = NonNullable<Schemas['Error']['error']['details']>[number];
/** Values the message refers to (a ban's `reason` and `until`, `retryAfter`), as the gateway documents them. */
export type ApiErrorParams = Record<string, string | number>;

/** An error answer of the gateway: `{ error: { code, message, requestId, details } }`, or a transport failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  readonly params: ApiErrorParams;
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: ApiErrorDetail[];
    params?: ApiErrorParams;
    requestId?: string;
    retryAfter?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.params = init.params ?? {};
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }

  /** The message of the first detail about a field, if the server named that field. */
  fieldMessage(field: string): string | undefined {
    return this.details.find((d) => d.field === field)?.message;
  }
}

const STATUS_CODES: Record<number, string> = {
  400: 'InvalidModel',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
};

function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status === 0 ? 'NetworkError' : 'InternalServerError');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDetails(value: unknown): ApiErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((d) => ({
    field: typeof d.field === 'string' ? d.field : '',
    code: typeof d.code === 'string' ? d.code : '',
    message: typeof d.message === 'string' ? d.message : '',
  }));
}

function parseParams(value: unknown): ApiErrorParams {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
}

/**
 * Turns an error answer into an ApiError. Bodies that are not the gateway's error shape (a proxy's HTML
 * page, an empty body) still give a code from the status and the fallback message.
 */
export function parseApiError(
  status: number,
  body: unknown,
  fallbackMessage: string,
  retryAfterHeader?: string | null,
): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const retryAfter = retryAfterHeader ? Number.parseInt(retryAfterHeader, 10) : NaN;
  return new ApiError({
    status,
    code: typeof error.code === 'string' && error.code ? error.code : codeForStatus(status),
    message: typeof error.message === 'string' && error.message ? error.message : fallbackMessage,
    details: parseDetails(error.details),
    params: parseParams(error.params),
    ...(typeof error.requestId === 'string' ? { requestId: error.requestId } : {}),
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  });
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Media = `${string}/${string}`;

/** The documented paths that answer a method. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];
/** What a call takes besides the path: `params` (path, query), `body`, `signal`, `headers`, as documented. */
export type ApiInit<M extends Method, P extends ApiPath<M>> = MaybeOptionalInit<paths[P], M>;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArg<I> = RequiredKeys<I> extends never ? [init?: I] : [init: I];
/** The documented success body of a call (undefined for 204). */
export type ApiData<M extends Method, P extends ApiPath<M>, I = object> = paths[P][M] extends infer O extends Record<
  string | number,
  unknown
>
  ? NonNullable<FetchResponse<O, I, Media>['data']> extends infer D
    ? [D] extends [never]
      ? undefined
      : D
    : never
  : never;

type Call<M extends Method> = <P extends ApiPath<M>, I extends ApiInit<M, P>>(
  path: P,
  ...init: InitArg<I>
) => Promise<ApiData<M, P, I>>;

export interface ApiClientOptions {
  fetch?: typeof globalThis.fetch;
  /** Where the API is: '' for same-origin `/api/...` paths. */
  baseUrl?: string;
  getLanguage?: () => string;
  getCookie?: (name: string) => string | undefined;
  /** Localised text for a key of the `common` namespace (network and generic failures). */
  translate?: (key: string) => string;
}

/**
 * The typed API of the frontends: `api.get('/api/articles/{id}', { params: { path: { id } }, signal })` resolves
 * to the documented body (`Schemas['Article']`) or rejects with an ApiError.
 */
export interface ApiClient {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
  /** The underlying openapi-fetch client (same instance, same middleware) for calls that need the raw answer. */
  readonly client: TypedClient;
}

const UNSAFE_METHODS = new Set<Method>(['post', 'put', 'patch', 'delete']);

function defaultLanguage(): string {
  return getI18n()?.language ?? 'az';
}

function defaultTranslate(key: string): string {
  return getI18n()?.t(key, { ns: 'common' }) ?? key;
}

interface RawResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}
type RawRequest = (method: Method, path: string, init?: Record<string, unknown>) => Promise<RawResult>;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const translate = options.translate ?? defaultTranslate;
  const client = createTypedClient({
    baseUrl: options.baseUrl ?? '',
    lang: options.getLanguage ?? defaultLanguage,
    readCookie: options.getCookie ?? documentCookie,
    // Resolved at each request, so a test's or a polyfill's fetch set later is the one used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
  const networkError = () => new ApiError({ status: 0, code: 'NetworkError', message: translate('errors.network') });
  // Transport failures (also of the CSRF token request the client makes first) are NetworkError; an abort stays one.
  const transport: Middleware = {
    onError: ({ request, error }) => (request.signal.aborted || error instanceof ApiError ? undefined : networkError()),
  };
  client.use(transport);
  const raw = client.request as unknown as RawRequest;

  async function freshCsrfToken(): Promise<string> {
    const { data, error, response } = await client.GET('/api/csrf');
    if (!data) throw parseApiError(response.status, error, translate('dialog.failure'));
    return data.token;
  }

  async function call(method: Method, path: string, init: Record<string, unknown> = {}): Promise<unknown> {
    const attempt = async (csrfToken?: string): Promise<unknown> => {
      const headers = csrfToken ? { ...(init.headers as object), [CSRF_HEADER]: csrfToken } : init.headers;
      let result: RawResult;
      try {
        result = await raw(method, path, headers ? { ...init, headers } : init);
      } catch (error) {
        if (error instanceof ApiError || (init.signal as AbortSignal | undefined)?.aborted) throw error;
        // A body that is not the JSON it claims to be, or anything else that is not an answer.
        throw new ApiError({ status: 0, code: 'InternalServerError', message: translate('dialog.failure') });
      }
      const { response } = result;
      if (response.ok) return result.data;
      const error = parseApiError(
        response.status,
        result.error,
        translate('dialog.failure'),
        response.headers.get('retry-after'),
      );
      // A rotated or expired token: fetch a new one once.
      if (UNSAFE_METHODS.has(method) && !csrfToken && error.code === 'ChallengeFailed') {
        return attempt(await freshCsrfToken());
      }
      throw error;
    };
    return attempt();
  }

  const method =
    <M extends Method>(m: M): Call<M> =>
    (path, ...init) =>
      call(m, path as string, init[0] as Record<string, unknown> | undefined) as never;

  return {
    get: method('get'),
    post: method('post'),
    put: method('put'),
    patch: method('patch'),
    delete: method('delete'),
    client,
  };
}

/** The client of the frontends (one instance in the page: a Module Federation singleton through this package). */
export const api: ApiClient = createApiClient();
