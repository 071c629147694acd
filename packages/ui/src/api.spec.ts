import { ApiError, createApiClient, parseApiError } from './api.js';
import { readCookie } from './cookies.js';
import { toSessionUser } from './session.js';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch answering from a list; it records the Request objects openapi-fetch sends, with their body read. */
function fakeFetch(replies: Array<Response | Error>) {
  const calls: Array<{ request: Request; body: string }> = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    calls.push({ request, body: request.body ? await request.clone().text() : '' });
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected request');
    // Not `instanceof Error`: a DOMException comes from another realm than the test's Error.
    if (!(reply instanceof Response)) throw reply;
    return reply;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function client(fetch: typeof globalThis.fetch, cookie?: string) {
  return createApiClient({
    // Node's Request needs an absolute address; in the page the base is '' (the page's origin).
    baseUrl: 'https://pencraft.test',
    fetch,
    getLanguage: () => 'ru',
    getCookie: (name) => (cookie ? readCookie(name, cookie) : undefined),
    translate: (key) => `t:${key}`,
  });
}

const page = { items: [], page: 2, pageSize: 20, hasMore: false };
const article = {
  title: 'Başlıq',
  description: '',
  language: 'az' as const,
  category: 'tech' as const,
  subCategories: [] as 'tech'[],
  content: { blocks: [{ type: 'paragraph' as const, data: { text: 'x' } }] },
};

describe('parseApiError', () => {
  it("keeps the values a message refers to (a ban's reason and end), and nothing else", () => {
    const error = parseApiError(
      403,
      {
        error: {
          code: 'UserBanned',
          message: 'Banned',
          params: { reason: 'spam', until: '2026-12-01T00:00:00.000Z', x: {} },
        },
      },
      'fallback',
    );
    expect(error.params).toEqual({ reason: 'spam', until: '2026-12-01T00:00:00.000Z' });
    expect(parseApiError(500, undefined, 'fallback').params).toEqual({});
  });

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
  it('calls documented paths with their parameters, the language and credentials, and returns the body', async () => {
    const { fetch, calls } = fakeFetch([json(200, page)]);
    await expect(client(fetch).get('/api/home/articles', { params: { query: { page: 2 } } })).resolves.toEqual(page);
    const { request } = calls[0]!;
    expect(request.url).toMatch(/\/api\/home\/articles\?page=2$/);
    expect(request.method).toBe('GET');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('accept-language')).toBe('ru');
    expect(request.headers.get('x-csrf-token')).toBeNull();
  });

  it('fills path parameters', async () => {
    const { fetch, calls } = fakeFetch([json(404, { error: { code: 'NotFound', message: 'Yoxdur' } })]);
    await expect(client(fetch).get('/api/articles/{id}', { params: { path: { id: 'a b/c' } } })).rejects.toMatchObject({
      status: 404,
      code: 'NotFound',
    });
    expect(calls[0]!.request.url).toMatch(/\/api\/articles\/a%20b%2Fc$/);
  });

  it('sends the CSRF token of the pc_csrf cookie and a JSON body on writes', async () => {
    const { fetch, calls } = fakeFetch([json(201, { id: 'a1' })]);
    await expect(client(fetch, 'other=1; pc_csrf=tok%3D1').post('/api/articles', { body: article })).resolves.toEqual({
      id: 'a1',
    });
    const { request, body } = calls[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-csrf-token')).toBe('tok=1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(body)).toEqual(article);
  });

  it('fetches /api/csrf first when the cookie is missing', async () => {
    const { fetch, calls } = fakeFetch([json(200, { token: 'fresh' }), new Response(null, { status: 204 })]);
    await expect(client(fetch).post('/api/id/out')).resolves.toBeUndefined();
    expect(calls.map((c) => `${c.request.method} ${new URL(c.request.url).pathname}`)).toEqual([
      'GET /api/csrf',
      'POST /api/id/out',
    ]);
    expect(calls[1]!.request.headers.get('x-csrf-token')).toBe('fresh');
  });

  it('refreshes the token once after ChallengeFailed, resending the same body', async () => {
    const challenge = () => json(403, { error: { code: 'ChallengeFailed', message: 'Security check failed' } });
    const { fetch, calls } = fakeFetch([challenge(), json(200, { token: 'new' }), json(201, { id: 'a2' })]);
    await expect(client(fetch, 'pc_csrf=old').post('/api/articles', { body: article })).resolves.toEqual({
      id: 'a2',
    });
    expect(calls[0]!.request.headers.get('x-csrf-token')).toBe('old');
    expect(new URL(calls[1]!.request.url).pathname).toBe('/api/csrf');
    expect(calls[2]!.request.headers.get('x-csrf-token')).toBe('new');
    expect(JSON.parse(calls[2]!.body)).toEqual(article);

    const again = fakeFetch([challenge(), json(200, { token: 'new' }), challenge()]);
    await expect(client(again.fetch, 'pc_csrf=old').post('/api/id/out')).rejects.toMatchObject({
      status: 403,
      code: 'ChallengeFailed',
    });
    expect(again.calls).toHaveLength(3);
  });

  it('throws ApiError with the server code, message, details and Retry-After', async () => {
    const { fetch } = fakeFetch([
      json(
        429,
        {
          error: {
            code: 'TooManyRequests',
            message: 'Слишком много попыток',
            requestId: 'r-9',
            details: [{ field: 'login', code: 'TooManyRequests', message: 'Позже' }],
          },
        },
        { 'retry-after': '8' },
      ),
    ]);
    const error = await client(fetch, 'pc_csrf=t')
      .post('/api/id/auth/login', { body: { login: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'TooManyRequests',
      message: 'Слишком много попыток',
      requestId: 'r-9',
      retryAfter: 8,
    });
    expect((error as ApiError).fieldMessage('login')).toBe('Позже');
  });

  it('gives foreign error bodies a code from the status and the localized generic message', async () => {
    const { fetch } = fakeFetch([
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ]);
    await expect(client(fetch).get('/api/users/info')).rejects.toMatchObject({
      status: 502,
      code: 'InternalServerError',
      message: 't:dialog.failure',
    });
  });

  it('turns transport failures into NetworkError, also of the CSRF token request', async () => {
    const { fetch } = fakeFetch([new TypeError('Failed to fetch')]);
    await expect(client(fetch).get('/api/users/info')).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      message: 't:errors.network',
    });
    const csrf = fakeFetch([new TypeError('Failed to fetch')]);
    await expect(client(csrf.fetch).post('/api/id/out')).rejects.toMatchObject({ code: 'NetworkError' });
  });

  it('lets an abort through as an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch } = fakeFetch([new DOMException('The operation was aborted.', 'AbortError')]);
    const error = await client(fetch)
      .get('/api/users/info', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
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
        cnf: false,
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
      confirmed: false,
    });
  });

  it('carries the ban in force, and none when there is none', () => {
    const info = {
      uid: 'u1',
      unm: 'a',
      fln: 'A',
      thm: 'dark',
      iul: null,
      lng: 'az',
      rtg: 0,
      dom: null,
      pub: null,
      cnf: true,
    } as const;
    expect(toSessionUser({ ...info, ban: { reason: 'spam', until: '2026-12-01T00:00:00.000Z' } }).ban).toEqual({
      reason: 'spam',
      until: '2026-12-01T00:00:00.000Z',
    });
    expect(toSessionUser({ ...info, ban: { reason: 'misuse', until: null } }).ban).toEqual({
      reason: 'misuse',
      until: null,
    });
    expect('ban' in toSessionUser(info)).toBe(false);
  });
});
