// The renderer's reads of the gateway: the GETs of the page loaders (src/data), over node:http with a keep-alive
// pool, answering what the frontends' client (createApiClient of @pencraft/ui) answers for the same call: the same
// URL (openapi-fetch's serialisation of path and query parameters), the same JSON, the same ApiError. The browser's
// fetch stack (a Request, Headers, web streams and an AbortSignal timer per call) was about a sixth of the renderer's
// CPU per uncached page; a plain request and one JSON.parse are a third of that.
import { ApiError, parseApiError, type ApiClient } from '@pencraft/ui';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface ServerGetOptions {
  /** The gateway's origin, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** Accept-Language of every call: the errors' language. */
  language: string;
  /** A text of the `common` namespace (the messages of a failed transport or an unreadable answer). */
  translate: (key: string) => string;
  /** A call unanswered after this long fails as NetworkError (default 5000). */
  timeoutMs?: number;
  /** The connection pool (default: one keep-alive agent per client). */
  agent?: HttpAgent;
}

/** A pool of kept-alive connections to an origin (http or https). */
export function keepAliveAgent(origin: string): HttpAgent {
  return new URL(origin).protocol === 'https:'
    ? new HttpsAgent({ keepAlive: true })
    : new HttpAgent({ keepAlive: true });
}

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown> };
type Init = { params?: Params; headers?: Record<string, string>; signal?: AbortSignal };

const PATH_PARAM = /\{[^{}]+\}/g;

/** A path with its `{name}` parameters filled in, as openapi-fetch's default (simple style, encoded). */
function fillPath(path: string, values: Record<string, unknown> | undefined): string {
  if (!values) return path;
  return path.replace(PATH_PARAM, (match) => {
    const value = values[match.slice(1, -1)];
    if (value === undefined || value === null) return match;
    return Array.isArray(value)
      ? value.map((v) => encodeURIComponent(String(v))).join(',')
      : encodeURIComponent(String(value));
  });
}

/** The query as openapi-fetch's default serialiser writes it (form style, arrays exploded, objects as deepObject). */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const one = (name: string, value: unknown) => {
    if (value !== undefined && value !== null) parts.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) one(name, item);
    else if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) one(`${name}[${key}]`, inner);
    } else one(name, value);
  }
  return parts.join('&');
}

/** The answer's body: parsed JSON, the text when it is not JSON, undefined when empty. */
function bodyOf(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The `get` of an ApiClient for the server: resolves to the answer's JSON (undefined for 204 or an empty body),
 * rejects with the ApiError of a non-2xx answer (parseApiError, as the browser's client), NetworkError when the
 * gateway cannot be reached or does not answer in time, InternalServerError when a 2xx body is not JSON.
 */
export function serverGet(options: ServerGetOptions): ApiClient['get'] {
  const base = new URL(options.baseUrl);
  const secure = base.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = options.agent ?? keepAliveAgent(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 5000;
  const prefix = base.pathname.replace(/\/$/, '');
  const networkError = () =>
    new ApiError({ status: 0, code: 'NetworkError', message: options.translate('errors.network') });

  const get = (path: string, init: Init = {}): Promise<unknown> => {
    const query = queryString(init.params?.query);
    const target = `${prefix}${fillPath(path, init.params?.path)}${query ? `?${query}` : ''}`;
    const headers = { 'accept-language': options.language, ...init.headers };
    return attempt(target, headers, init.signal, true);
  };

  function attempt(
    target: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
    again: boolean,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const request = send(
        { protocol: base.protocol, hostname: base.hostname, port: base.port, path: target, agent, headers },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) =>
            reject(signal?.aborted ? signal.reason : error instanceof ApiError ? error : networkError()),
          );
          response.on('end', () => {
            finish();
            const status = response.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            if (status >= 200 && status < 300) {
              if (status === 204 || !text) return resolve(undefined);
              try {
                resolve(JSON.parse(text));
              } catch {
                reject(
                  new ApiError({
                    status: 0,
                    code: 'InternalServerError',
                    message: options.translate('dialog.failure'),
                  }),
                );
              }
              return;
            }
            const retryAfter = response.headers['retry-after'];
            reject(parseApiError(status, bodyOf(text), options.translate('dialog.failure'), retryAfter ?? null));
          });
        },
      );
      const timer = setTimeout(() => request.destroy(networkError()), timeoutMs);
      const abort = () => request.destroy(signal?.reason as Error);
      signal?.addEventListener('abort', abort, { once: true });
      function finish() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      }
      request.on('error', (error: NodeJS.ErrnoException) => {
        finish();
        if (signal?.aborted) return reject(signal.reason);
        // A kept-alive connection the gateway closed meanwhile: a GET is asked again once on a new one.
        if (again && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
          return resolve(attempt(target, headers, signal, false));
        }
        reject(error instanceof ApiError ? error : networkError());
      });
      request.end();
    });
  }
  return get as unknown as ApiClient['get'];
}
