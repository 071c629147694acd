import { getI18n } from 'react-i18next';
import { documentCookie } from './cookies.js';

export interface ApiErrorDetail {
  field: string;
  code: string;
  message: string;
}

/** An error answer of the gateway: `{ error: { code, message, requestId, details } }`, or a transport failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: ApiErrorDetail[];
    requestId?: string;
    retryAfter?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
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
    ...(typeof error.requestId === 'string' ? { requestId: error.requestId } : {}),
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  });
}

export const CSRF_COOKIE = 'pc_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Prefix of every path, '' for same-origin `/api/...` paths. */
  baseUrl?: string;
  getLanguage?: () => string;
  getCookie?: (name: string) => string | undefined;
  /** Localised text for a key of the `common` namespace (network and generic failures). */
  translate?: (key: string) => string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function defaultLanguage(): string {
  return getI18n()?.language ?? 'az';
}

function defaultTranslate(key: string): string {
  return getI18n()?.t(key, { ns: 'common' }) ?? key;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const getLanguage = options.getLanguage ?? defaultLanguage;
  const getCookie = options.getCookie ?? documentCookie;
  const translate = options.translate ?? defaultTranslate;
  let csrfToken: string | undefined;
  let csrfRequest: Promise<string> | undefined;

  function networkError(): ApiError {
    return new ApiError({ status: 0, code: 'NetworkError', message: translate('errors.network') });
  }

  async function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: unknown,
    signal?: AbortSignal,
  ) {
    try {
      return await doFetch(`${baseUrl}${path}`, {
        method,
        credentials: 'same-origin',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw networkError();
    }
  }

  async function fetchCsrfToken(): Promise<string> {
    const response = await send('GET', '/api/csrf', { Accept: 'application/json' }, undefined);
    const body = await readBody(response);
    if (!response.ok || !isRecord(body) || typeof body.token !== 'string') {
      throw parseApiError(response.status, body, translate('dialog.failure'));
    }
    return body.token;
  }

  /** The cookie wins (the gateway may rotate it); otherwise one shared request for a fresh token. */
  async function csrf(refresh: boolean): Promise<string> {
    const fromCookie = refresh ? undefined : getCookie(CSRF_COOKIE);
    if (fromCookie) return fromCookie;
    if (csrfToken && !refresh) return csrfToken;
    csrfRequest ??= fetchCsrfToken().finally(() => {
      csrfRequest = undefined;
    });
    csrfToken = await csrfRequest;
    return csrfToken;
  }

  async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    const unsafe = UNSAFE_METHODS.has(upper);
    const attempt = async (refreshCsrf: boolean): Promise<T> => {
      const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getLanguage() };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (unsafe) headers[CSRF_HEADER] = await csrf(refreshCsrf);
      const response = await send(upper, path, headers, body, opts.signal);
      const payload = await readBody(response);
      if (response.ok) return payload as T;
      const error = parseApiError(
        response.status,
        payload,
        translate('dialog.failure'),
        response.headers.get('retry-after'),
      );
      // A rotated or expired token: fetch a new one once.
      if (unsafe && !refreshCsrf && error.code === 'ChallengeFailed') return attempt(true);
      throw error;
    };
    return attempt(false);
  }

  return {
    request,
    get: (path, o) => request('GET', path, undefined, o),
    post: (path, body, o) => request('POST', path, body, o),
    put: (path, body, o) => request('PUT', path, body, o),
    patch: (path, body, o) => request('PATCH', path, body, o),
    delete: (path, o) => request('DELETE', path, undefined, o),
  };
}

/** The client of the frontends (a Module Federation singleton through this package). */
export const api: ApiClient = createApiClient();
