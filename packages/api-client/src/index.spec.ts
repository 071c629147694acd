import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { cookieValue, createApiClient } from './index.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe('the API client', () => {
  it('sends credentials, the language, and the CSRF token on writes only', async () => {
    const seen: Request[] = [];
    const fetch = async (input: Request | string | URL) => {
      seen.push(input as Request);
      return new Response(JSON.stringify({ items: [], page: 1, pageSize: 20, hasMore: false }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const api = createApiClient({
      baseUrl: 'https://pencraft.az',
      lang: () => 'ru',
      readCookie: (name) => (name === 'pc_csrf' ? 'nonce.mac' : undefined),
      fetch: fetch as typeof globalThis.fetch,
    });
    const home = await api.GET('/api/home/articles', { params: { query: { page: 2 } } });
    expect(home.data?.hasMore).toBe(false);
    await api.POST('/api/id/out');
    expect(seen[0]!.url).toBe('https://pencraft.az/api/home/articles?page=2');
    expect(seen[0]!.credentials).toBe('include');
    expect(seen[0]!.headers.get('accept-language')).toBe('ru');
    expect(seen[0]!.headers.get('x-csrf-token')).toBeNull();
    expect(seen[1]!.method).toBe('POST');
    expect(seen[1]!.headers.get('x-csrf-token')).toBe('nonce.mac');
  });

  it('fetches one CSRF token for concurrent first writes and sends the one its cookie holds', async () => {
    let cookie: string | undefined;
    let issued = 0;
    const sent: Array<string | null> = [];
    const fetch = async (input: Request | string | URL) => {
      const request = input as Request;
      if (request.url.endsWith('/api/csrf')) {
        issued += 1;
        const token = `nonce${issued}.mac`;
        await new Promise((resolve) => setTimeout(resolve, 5));
        cookie = token;
        return new Response(JSON.stringify({ token }), { headers: { 'content-type': 'application/json' } });
      }
      sent.push(request.headers.get('x-csrf-token'));
      return new Response(null, { status: 204 });
    };
    const api = createApiClient({
      baseUrl: 'https://pencraft.az',
      readCookie: (name) => (name === 'pc_csrf' ? cookie : undefined),
      fetch: fetch as typeof globalThis.fetch,
    });
    await Promise.all([api.POST('/api/id/out'), api.POST('/api/id/out'), api.POST('/api/id/out')]);
    expect(issued).toBe(1);
    expect(sent).toEqual([cookie, cookie, cookie]);
  });

  it('reads a cookie', () => {
    expect(cookieValue('a=1; pc_csrf=abc.def; b=2', 'pc_csrf')).toBe('abc.def');
    expect(cookieValue('a=1', 'pc_csrf')).toBeUndefined();
  });

  it('is generated from the committed document (npm run generate -w @pencraft/api-client)', async () => {
    const document = JSON.parse(readFileSync(here('../../../services/gateway/openapi.json'), 'utf8'));
    // A field with a default may be left out of a request body (the server fills it in), so it stays optional.
    const fresh = astToString(await openapiTS(document, { defaultNonNullable: false }));
    // Compared past the header comment, ignoring what prettier changes (spacing, quotes, separators, the leading
    // `|` it puts before a union broken over lines, such as a long enum).
    const normalise = (text: string) =>
      text
        .slice(text.indexOf('export '))
        .replace(/\s+/g, '')
        .replace(/["';,]/g, '')
        .replace(/([:=(<])\|/g, '$1');
    const current = normalise(readFileSync(here('./schema.ts'), 'utf8')) === normalise(fresh);
    if (!current) throw new Error('src/schema.ts is stale: run `npm run generate -w @pencraft/api-client`');
  });
});
