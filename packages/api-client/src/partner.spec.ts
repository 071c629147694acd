import { describe, expect, it } from '@jest/globals';
import { clientCredentialsTokens, createPartnerClient, PartnerAuthError, rateLimitOf } from './partner.js';

const TOKEN_URL = 'https://id.pencraft.az/realms/pencraft/protocol/openid-connect/token';
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

/** A token endpoint answering token-1, token-2, ... each valid for `expiresIn` seconds, and the API echoing nothing. */
function server(expiresIn = 300) {
  let issued = 0;
  const tokenRequests: Request[] = [];
  const apiRequests: Request[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.url === TOKEN_URL) {
      tokenRequests.push(request);
      issued += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return json({ access_token: `token-${issued}`, expires_in: expiresIn, token_type: 'Bearer' });
    }
    apiRequests.push(request);
    return json({ items: [{ id: 'technology', name: 'Technology' }] });
  };
  return { fetch: fetch as typeof globalThis.fetch, tokenRequests, apiRequests };
}

describe('the partner client', () => {
  it('asks Keycloak for a client-credentials token with HTTP Basic, once for concurrent calls, and sends it', async () => {
    const { fetch, tokenRequests, apiRequests } = server();
    const partner = createPartnerClient({
      baseUrl: 'https://pencraft.az/',
      credentials: { clientId: 'acme', clientSecret: 's3cret', tokenUrl: TOKEN_URL },
      lang: 'en',
      fetch,
    });
    const answers = await Promise.all([
      partner.GET('/api/v1/categories'),
      partner.GET('/api/v1/categories'),
      partner.GET('/api/v1/articles', { params: { query: { language: 'az', limit: 5 } } }),
    ]);
    expect(answers[0].data?.items[0]?.id).toBe('technology');
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]!.method).toBe('POST');
    expect(tokenRequests[0]!.headers.get('authorization')).toBe(`Basic ${btoa('acme:s3cret')}`);
    expect(await tokenRequests[0]!.text()).toBe('grant_type=client_credentials');
    expect(apiRequests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-1',
    ]);
    expect(apiRequests[2]!.url).toBe('https://pencraft.az/api/v1/articles?language=az&limit=5');
    expect(apiRequests[0]!.headers.get('accept-language')).toBe('en');
  });

  it('keeps the token until shortly before it expires, then fetches a new one', async () => {
    let now = 1_000_000;
    const { fetch, tokenRequests } = server(300);
    const tokens = clientCredentialsTokens(
      { clientId: 'acme', clientSecret: 's', tokenUrl: TOKEN_URL, scope: 'read search' },
      { fetch, now: () => now },
    );
    expect(await tokens.get()).toBe('token-1');
    now += 269_000; // 31 s before it expires: still good
    expect(await tokens.get()).toBe('token-1');
    now += 2_000; // 29 s before: renewed
    expect(await tokens.get()).toBe('token-2');
    expect(tokenRequests).toHaveLength(2);
    expect(await tokenRequests[0]!.text()).toBe('grant_type=client_credentials&scope=read+search');
  });

  it('refreshes a short-lived token at half its lifetime, and drops it after a 401', async () => {
    let now = 0;
    const { fetch, tokenRequests } = server(20);
    const tokens = clientCredentialsTokens(
      { clientId: 'a', clientSecret: 'b', tokenUrl: TOKEN_URL },
      { fetch, now: () => now },
    );
    await tokens.get();
    now = 9_000;
    expect(await tokens.get()).toBe('token-1');
    now = 10_000;
    expect(await tokens.get()).toBe('token-2');

    let status = 401;
    const api = (async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.url === TOKEN_URL) return fetch(request);
      return json({ error: { code: 'TokenRejected', message: 'no' } }, { status });
    }) as typeof globalThis.fetch;
    const partner = createPartnerClient({
      baseUrl: 'https://pencraft.az',
      credentials: { clientId: 'a', clientSecret: 'b', tokenUrl: TOKEN_URL },
      fetch: api,
    });
    const refused = await partner.GET('/api/v1/categories');
    expect(refused.error?.error.code).toBe('TokenRejected');
    status = 200;
    const before = tokenRequests.length;
    await partner.GET('/api/v1/categories');
    expect(tokenRequests.length).toBe(before + 1);
  });

  it('says why the token endpoint refused (PartnerAuthError with the OAuth2 error)', async () => {
    const fetch = (async () =>
      json(
        { error: 'unauthorized_client', error_description: 'Invalid client secret' },
        { status: 401 },
      )) as typeof globalThis.fetch;
    const tokens = clientCredentialsTokens({ clientId: 'a', clientSecret: 'wrong', tokenUrl: TOKEN_URL }, { fetch });
    const error = await tokens.get().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartnerAuthError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized_client', message: 'Invalid client secret' });
  });

  it("sends a personal access token as it is, and a client's acting token in Pencraft-Acting-Token", async () => {
    const { fetch, tokenRequests, apiRequests } = server();
    const writer = createPartnerClient({ baseUrl: 'https://pencraft.az', credentials: { token: 'pcp_abc' }, fetch });
    await writer.POST('/api/v1/drafts/{id}/publish', {
      params: { path: { id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f' } },
    });
    expect(apiRequests[0]!.headers.get('authorization')).toBe('Bearer pcp_abc');
    expect(apiRequests[0]!.headers.get('pencraft-acting-token')).toBeNull();
    expect(await writer.accessToken()).toBe('pcp_abc');
    expect(tokenRequests).toHaveLength(0);

    const acting = createPartnerClient({
      baseUrl: 'https://pencraft.az',
      credentials: { clientId: 'a', clientSecret: 'b', tokenUrl: TOKEN_URL },
      actingToken: 'pcp_writer',
      fetch,
    });
    await acting.GET('/api/v1/drafts');
    expect(apiRequests[1]!.headers.get('pencraft-acting-token')).toBe('pcp_writer');
  });

  it('reads the RateLimit headers and Retry-After', () => {
    const response = new Response(null, {
      status: 429,
      headers: {
        'ratelimit-policy': '"minute";q=600;w=60, "day";q=100000;w=86400',
        ratelimit: '"minute";r=0;t=42, "day";r=99000;t=3600',
        'retry-after': '42',
      },
    });
    expect(rateLimitOf(response)).toEqual({
      policies: [
        { name: 'minute', quota: 600, windowSeconds: 60 },
        { name: 'day', quota: 100000, windowSeconds: 86400 },
      ],
      limits: [
        { name: 'minute', remaining: 0, resetSeconds: 42 },
        { name: 'day', remaining: 99000, resetSeconds: 3600 },
      ],
      retryAfterSeconds: 42,
    });
    expect(rateLimitOf(new Response(null))).toEqual({ policies: [], limits: [] });
  });
});
