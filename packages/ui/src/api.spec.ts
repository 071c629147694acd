import { ApiError, createApiClient, parseApiError } from './api.js';
import { readCookie } from './cookies.js';
import { toSessionUser } from './session.js';

interface Call {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function fakeFetch(replies: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected request');
    if (reply instanceof Error) throw reply;
    return reply;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const header = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string>)[name];

function client(fetch: typeof globalThis.fetch, cookie?: string) {
  return createApiClient({
    fetch,
    getLanguage: () => 'ru',
    getCookie: (name) => (cookie ? readCookie(name, cookie) : undefined),
    translate: (key) => `t:${key}`,
  });
}

describe('parseApiError', () => {
  it('reads the gateway error shape', () => {
    const error = parseApiError(
      400,
      {
        error: {
          code: 'InvalidArticleTitle',
          message: 'Неверный заголовок',
          requestId: 'r-1',
          details: [{ field: 'title', code: 'InvalidArticleTitle', message: 'Слишком длинный' }],
        },
      },
      'fallback',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'InvalidArticleTitle',
      message: 'Неверный заголовок',
      requestId: 'r-1',
    });
    expect(error.details).toEqual([{ field: 'title', code: 'InvalidArticleTitle', message: 'Слишком длинный' }]);
    expect(error.fieldMessage('title')).toBe('Слишком длинный');
    expect(error.fieldMessage('email')).toBeUndefined();
  });

  it('falls back to a code from the status and the generic message for foreign bodies', () => {
    expect(parseApiError(502, '<html>Bad gateway</html>', 'fallback')).toMatchObject({
      status: 502,
      code: 'InternalServerError',
      message: 'fallback',
      details: [],
    });
    expect(parseApiError(404, undefined, 'fallback').code).toBe('NotFound');
    expect(parseApiError(401, { error: { message: '' } }, 'fallback')).toMatchObject({
      code: 'Unauthorized',
      message: 'fallback',
    });
  });

  it('keeps Retry-After and ignores malformed details', () => {
    const error = parseApiError(
      429,
      { error: { code: 'TooManyRequests', message: 'Later', details: [null, 3] } },
      'x',
      '30',
    );
    expect(error.retryAfter).toBe(30);
    expect(error.details).toEqual([]);
  });
});

describe('api client', () => {
  it('sends the language, same-origin credentials and parses JSON', async () => {
    const { fetch, calls } = fakeFetch([json(200, { items: [] })]);
    await expect(client(fetch).get('/api/home/articles?page=1')).resolves.toEqual({ items: [] });
    expect(calls[0]?.url).toBe('/api/home/articles?page=1');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(header(calls[0], 'Accept-Language')).toBe('ru');
    expect(header(calls[0], 'X-CSRF-Token')).toBeUndefined();
  });

  it('sends the CSRF token of the pc_csrf cookie on unsafe methods', async () => {
    const { fetch, calls } = fakeFetch([json(201, { id: 'a1' })]);
    await client(fetch, 'other=1; pc_csrf=tok%3D1').post('/api/articles', { title: 'x' });
    expect(header(calls[0], 'X-CSRF-Token')).toBe('tok=1');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"title":"x"}');
  });

  it('fetches /api/csrf first when the cookie is missing, once for concurrent calls', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { token: 'fresh' }),
      new Response(null, { status: 204 }),
      new Response(null, { status: 204 }),
    ]);
    const api = client(fetch);
    await Promise.all([api.post('/api/id/out'), api.delete('/api/x')]);
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf', '/api/id/out', '/api/x']);
    expect(header(calls[1], 'X-CSRF-Token')).toBe('fresh');
    expect(header(calls[2], 'X-CSRF-Token')).toBe('fresh');
  });

  it('refreshes the token once after ChallengeFailed', async () => {
    const { fetch, calls } = fakeFetch([
      json(403, { error: { code: 'ChallengeFailed', message: 'Security check failed' } }),
      json(200, { token: 'new' }),
      json(200, { ok: true }),
    ]);
    await expect(client(fetch, 'pc_csrf=old').post('/api/articles', {})).resolves.toEqual({ ok: true });
    expect(header(calls[0], 'X-CSRF-Token')).toBe('old');
    expect(header(calls[2], 'X-CSRF-Token')).toBe('new');
  });

  it('throws ApiError with the server message', async () => {
    const { fetch } = fakeFetch([json(401, { error: { code: 'IncorrectEmailOrPassword', message: 'Wrong' } })]);
    await expect(client(fetch, 'pc_csrf=t').post('/api/id/auth/login', {})).rejects.toMatchObject({
      status: 401,
      code: 'IncorrectEmailOrPassword',
      message: 'Wrong',
    });
  });

  it('turns transport failures into NetworkError', async () => {
    const { fetch } = fakeFetch([new TypeError('Failed to fetch')]);
    await expect(client(fetch).get('/api/users/info')).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      message: 't:errors.network',
    });
  });

  it('returns undefined for 204', async () => {
    const { fetch } = fakeFetch([new Response(null, { status: 204 })]);
    await expect(client(fetch, 'pc_csrf=t').post('/api/id/out')).resolves.toBeUndefined();
  });
});

describe('toSessionUser', () => {
  it('maps the short field names of /api/users/info', () => {
    expect(
      toSessionUser({
        uid: 'u1',
        unm: 'aysel',
        fln: 'Aysel Mammadova',
        thm: 'dark',
        iul: null,
        lng: 'az',
        rtg: 12,
        dom: null,
        pub: null,
      }),
    ).toEqual({
      uid: 'u1',
      username: 'aysel',
      fullname: 'Aysel Mammadova',
      theme: 'dark',
      imageUrl: null,
      lang: 'az',
      rating: 12,
      domain: null,
      publication: null,
    });
  });
});
