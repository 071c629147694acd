import { ApiError } from '@pencraft/ui';
import type Keycloak from 'keycloak-js';
import { createStaffApi } from './api.js';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
}

function fakeKeycloak(token: string | undefined, refresh: () => Promise<boolean> = async () => true) {
  const asked: number[] = [];
  const keycloak = {
    token,
    asked,
    updateToken: (minValidity: number) => {
      asked.push(minValidity);
      return refresh();
    },
  };
  return keycloak as unknown as Keycloak & { asked: number[] };
}

function recorder(answer: () => Response) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      credentials: request.credentials,
      body: await request.text(),
    });
    return answer();
  }) as typeof fetch;
  return { seen, fetchImpl };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the staff API client', () => {
  // The page's own origin in the browser (Node's Request needs an absolute URL).
  const baseUrl = 'http://localhost:8180';

  it('sends the fresh Keycloak token as a bearer, no cookie and no CSRF token, and fetches no CSRF token first', async () => {
    const keycloak = fakeKeycloak('access-token-1');
    const { seen, fetchImpl } = recorder(() =>
      json(200, { id: 'i1', kind: 'article', state: 'approved', signals: [] }),
    );
    const api = createStaffApi(keycloak, { fetch: fetchImpl, baseUrl });
    await api.decide('8c0f6a56-8c0e-4a3e-9d43-0c6f0c7f3a11', 'reject', 'Spam links');
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(new URL(call!.url).pathname).toBe('/api/moderation/items/8c0f6a56-8c0e-4a3e-9d43-0c6f0c7f3a11/decision');
    expect(call!.headers.get('authorization')).toBe('Bearer access-token-1');
    expect(call!.headers.get('x-csrf-token')).toBeNull();
    expect(call!.credentials).toBe('omit');
    expect(JSON.parse(call!.body)).toEqual({ decision: 'reject', note: 'Spam links' });
    expect(keycloak.asked).toEqual([30]);
  });

  it('puts the filters in the query', async () => {
    const { seen, fetchImpl } = recorder(() => json(200, { items: [], page: 2, pageSize: 20, hasMore: false }));
    const api = createStaffApi(fakeKeycloak('t'), { fetch: fetchImpl, baseUrl });
    await api.queue({ kind: 'comment', state: 'underModeration', page: 2 });
    await api.bans({ active: false });
    const [queue, bans] = seen.map((s) => new URL(s.url));
    expect(Object.fromEntries(queue!.searchParams)).toEqual({ kind: 'comment', state: 'underModeration', page: '2' });
    expect(bans!.searchParams.get('active')).toBe('false');
  });

  it('turns an error answer into the catalogue ApiError', async () => {
    const { fetchImpl } = recorder(() =>
      json(409, { error: { code: 'AlreadyDecided', message: 'Already decided.', requestId: 'r1' } }),
    );
    const api = createStaffApi(fakeKeycloak('t'), { fetch: fetchImpl, baseUrl });
    const error = await api.decide('8c0f6a56-8c0e-4a3e-9d43-0c6f0c7f3a11', 'approve', '').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'AlreadyDecided', message: 'Already decided.' });
  });

  it('refuses to call without a token when the refresh fails (the Keycloak session ended)', async () => {
    const { seen, fetchImpl } = recorder(() => json(200, {}));
    const api = createStaffApi(
      fakeKeycloak(undefined, () => Promise.reject(new Error('refresh refused'))),
      { fetch: fetchImpl, baseUrl },
    );
    await expect(api.me()).rejects.toMatchObject({ status: 401, code: 'Unauthorized' });
    expect(seen).toHaveLength(0);
  });
});
