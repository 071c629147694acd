import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './v1-schema.js';

/*
 * The partner SDK (issue #18): a typed client of the partner surface /api/v1 that authenticates with a partner
 * client's OAuth2 client credentials (tokens fetched from Keycloak and cached until shortly before they expire) or a
 * writer's personal access token, and reads the standard RateLimit headers. Webhook signatures: ./webhooks.ts.
 */

/** The operations of the partner surface, version 1 (its own document, services/gateway/openapi-v1.json). */
export type V1Paths = paths;
/** The shapes v1 answers, by name: V1Article, V1ArticlePage, V1Draft, V1Submission, ... and Error. */
export type V1Schemas = components['schemas'];
export type PartnerApiError = components['schemas']['Error'];

/** A partner client's OAuth2 client credentials, as the staff console showed them, and Keycloak's token endpoint. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** https://<keycloak>/realms/<realm>/protocol/openid-connect/token */
  tokenUrl: string;
  /** Scopes to ask for, space separated (default: what the client was granted). */
  scope?: string;
}

/** A writer's personal access token (pcp_...), made in the writer's settings. */
export interface PersonalAccessToken {
  token: string;
}

export type PartnerCredentials = ClientCredentials | PersonalAccessToken;

export interface PartnerClientOptions {
  /** Where the API is: https://pencraft.az */
  baseUrl: string;
  credentials: PartnerCredentials;
  /**
   * A client with scope act acting for a writer: the writer's personal access token, sent as Pencraft-Acting-Token.
   * (A personal access token used as the credential acts for its writer by itself.)
   */
  actingToken?: string;
  /** The language of errors and category names (az, en, ru). */
  lang?: string;
  fetch?: typeof globalThis.fetch;
  /** Refresh a client token this many seconds before it expires (default 30, at most half its lifetime). */
  refreshBeforeSeconds?: number;
  /** The clock (milliseconds), for tests. */
  now?: () => number;
}

export type PartnerClient = Client<V1Paths> & {
  /** The bearer token the next request will send (a cached client token, or the personal access token). */
  accessToken(): Promise<string>;
};

/** The token endpoint refused the credentials or could not be reached. */
export class PartnerAuthError extends Error {
  constructor(
    message: string,
    /** The token endpoint's HTTP status (0: no answer). */
    readonly status: number,
    /** The OAuth2 error code (invalid_client, unauthorized_client, ...), when given. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PartnerAuthError';
  }
}

const isClientCredentials = (credentials: PartnerCredentials): credentials is ClientCredentials =>
  'clientId' in credentials;

/**
 * A source of client-credentials access tokens: asks the token endpoint once, keeps the token until shortly before
 * it expires, and lets concurrent callers share one request. `invalidate()` forgets it (after a 401, e.g. rotated).
 */
export function clientCredentialsTokens(
  credentials: ClientCredentials,
  options: Pick<PartnerClientOptions, 'fetch' | 'refreshBeforeSeconds' | 'now'> = {},
) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  let cached: { token: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function request(): Promise<string> {
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (credentials.scope) body.set('scope', credentials.scope);
    const basic = btoa(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`);
    let response: Response;
    try {
      response = await fetchImpl(credentials.tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    } catch (cause) {
      throw new PartnerAuthError(`token endpoint unreachable: ${(cause as Error).message}`, 0);
    }
    const answer = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !answer.access_token) {
      throw new PartnerAuthError(
        answer.error_description ?? answer.error ?? `token endpoint answered ${response.status}`,
        response.status,
        answer.error,
      );
    }
    const lifetime = Math.max(0, answer.expires_in ?? 60);
    const early = Math.min(options.refreshBeforeSeconds ?? 30, lifetime / 2);
    cached = { token: answer.access_token, refreshAt: now() + (lifetime - early) * 1000 };
    return answer.access_token;
  }

  return {
    async get(): Promise<string> {
      if (cached && now() < cached.refreshAt) return cached.token;
      pending ??= request().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

/**
 * The typed client of the partner surface: `partner.GET('/api/v1/articles/{id}', { params: { path: { id } } })`
 * answers `{ data, error, response }` (error: the catalogue's `{ error: { code, message } }`). Every request carries
 * the bearer token; a client token is fetched and refreshed by itself, and dropped after a 401 (the next request
 * asks for a new one).
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const { credentials } = options;
  const tokens = isClientCredentials(credentials) ? clientCredentialsTokens(credentials, options) : undefined;
  const accessToken = async () => (tokens ? tokens.get() : (credentials as PersonalAccessToken).token);
  const client = createClient<V1Paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await accessToken()}`);
      if (options.actingToken) request.headers.set('pencraft-acting-token', options.actingToken);
      if (options.lang && !request.headers.has('accept-language')) request.headers.set('accept-language', options.lang);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) tokens?.invalidate();
      return undefined;
    },
  };
  client.use(auth);
  return Object.assign(client, { accessToken });
}

/** One limit of the RateLimit-Policy header: its name, the requests it allows and its window in seconds. */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

/** One limit of the RateLimit header: the requests left and the seconds until the window resets. */
export interface RateLimitState {
  name: string;
  remaining: number;
  resetSeconds: number;
}

export interface RateLimitInfo {
  policies: RateLimitPolicy[];
  limits: RateLimitState[];
  /** Retry-After of a 429 (seconds), when sent. */
  retryAfterSeconds?: number;
}

/** The items of a structured-field list: `"minute";q=600;w=60, "day";q=100000;w=86400`. */
function items(header: string | null) {
  if (!header) return [];
  return header.split(',').map((item) => {
    const [name = '', ...params] = item.trim().split(';');
    const values = Object.fromEntries(
      params.map((param) => {
        const [key = '', value = ''] = param.trim().split('=');
        return [key, Number(value)];
      }),
    );
    return { name: name.replace(/^"|"$/g, ''), values };
  });
}

/**
 * The rate limits an answer announces (IETF draft RateLimit header fields: `RateLimit-Policy` and `RateLimit`, one
 * item per window, per minute and per day), and Retry-After when the partner is beyond one (429 TooManyRequests).
 */
export function rateLimitOf(response: Response): RateLimitInfo {
  const retry = response.headers.get('retry-after');
  return {
    policies: items(response.headers.get('ratelimit-policy')).map(({ name, values }) => ({
      name,
      quota: values.q ?? 0,
      windowSeconds: values.w ?? 0,
    })),
    limits: items(response.headers.get('ratelimit')).map(({ name, values }) => ({
      name,
      remaining: values.r ?? 0,
      resetSeconds: values.t ?? 0,
    })),
    ...(retry !== null && /^\d+$/.test(retry) ? { retryAfterSeconds: Number(retry) } : {}),
  };
}
