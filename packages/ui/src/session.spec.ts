import { describe, expect, it, jest } from '@jest/globals';
import { ApiError, type ApiClient } from './api.js';
import { endSession, loadSession } from './session.js';

/** A localStorage double holding the editor's unsent drafts of two users and a preference of the site. */
function storage() {
  const map = new Map<string, string>([
    ['pc_editor_draft:u1', '{"title":"Secret plan"}'],
    ['pc_editor_draft:u1:d1', '{"values":{"title":"Unsent"}}'],
    ['pc_editor_draft:u2:d9', '{"values":{"title":"Other"}}'],
    ['pc_theme', 'dark'],
    ['pc_consent', 'true'],
  ]);
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    removeItem: (key: string) => void map.delete(key),
  };
}

const info = { uid: 'u1', unm: 'leyla_m', fln: 'Leyla', thm: 'light', lng: 'az', rtg: 0, cnf: true };
const noWait = async () => undefined;
const failing = (error: Error) => ({ get: jest.fn(async () => Promise.reject(error)) }) as unknown as ApiClient;

describe('the session and the unsent draft text in the browser', () => {
  it('removes every pc_editor_draft key at sign-out, after the server ended the session, and nothing else', async () => {
    const kept = storage();
    const post = jest.fn(async (_path: string) => undefined);
    await endSession({ post } as unknown as ApiClient, kept);
    expect(post).toHaveBeenCalledWith('/api/id/out');
    expect([...kept.map.keys()]).toEqual(['pc_theme', 'pc_consent']);
  });

  it('keeps the drafts when the sign-out did not reach the server (still signed in)', async () => {
    const kept = storage();
    const post = jest.fn(async () => Promise.reject(new ApiError({ status: 0, code: 'NetworkError', message: 'x' })));
    await expect(endSession({ post } as unknown as ApiClient, kept)).rejects.toThrow('x');
    expect(kept.map.size).toBe(5);
  });

  it('removes them at page load when the session turns out to be gone', async () => {
    const kept = storage();
    const gone = failing(new ApiError({ status: 401, code: 'Unauthorized', message: 'Sign in' }));
    expect(await loadSession(gone, undefined, kept)).toEqual({ status: 'visitor' });
    expect([...kept.map.keys()]).toEqual(['pc_theme', 'pc_consent']);
  });

  it('keeps them when the page loads offline or the server fails (the writer can still send them)', async () => {
    const kept = storage();
    for (const error of [
      new ApiError({ status: 0, code: 'NetworkError', message: 'offline' }),
      new ApiError({ status: 503, code: 'ServiceUnavailable', message: 'later' }),
    ]) {
      expect(await loadSession(failing(error), undefined, kept, noWait)).toEqual({ status: 'visitor' });
    }
    expect(kept.map.size).toBe(5);
  });

  it('asks again when the server is busy, failing or unreachable, so a hiccup does not sign anyone out', async () => {
    for (const error of [
      new ApiError({ status: 0, code: 'NetworkError', message: 'offline' }),
      new ApiError({ status: 502, code: 'ServiceUnavailable', message: 'later' }),
      new ApiError({ status: 429, code: 'TooManyRequests', message: 'slow down', retryAfter: 3 }),
    ]) {
      const get = jest.fn<() => Promise<unknown>>().mockRejectedValueOnce(error).mockResolvedValueOnce(info);
      const waited: number[] = [];
      const wait = async (ms: number) => void waited.push(ms);
      const loaded = await loadSession({ get } as unknown as ApiClient, undefined, storage(), wait);
      expect(loaded).toMatchObject({ status: 'user', user: { uid: 'u1' } });
      expect(get).toHaveBeenCalledTimes(2);
      // A 429's Retry-After is waited for (3 s), otherwise the first pause.
      expect(waited).toEqual([error.status === 429 ? 3_000 : 500]);
    }
  });

  it('gives up after the last pause, and never asks again after a 401 or another refusal', async () => {
    const down = failing(new ApiError({ status: 503, code: 'ServiceUnavailable', message: 'later' }));
    const waited: number[] = [];
    const wait = async (ms: number) => void waited.push(ms);
    expect(await loadSession(down, undefined, storage(), wait)).toEqual({ status: 'visitor' });
    expect(waited).toEqual([500, 1_000, 2_000]);
    expect(down.get).toHaveBeenCalledTimes(4);
    for (const status of [401, 403]) {
      const refused = failing(new ApiError({ status, code: 'Unauthorized', message: 'no' }));
      expect(await loadSession(refused, undefined, storage(), wait)).toEqual({ status: 'visitor' });
      expect(refused.get).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps them for the signed-in user', async () => {
    const kept = storage();
    const client = { get: jest.fn(async () => info) } as unknown as ApiClient;
    const loaded = await loadSession(client, undefined, kept);
    expect(loaded).toMatchObject({ status: 'user', user: { uid: 'u1', username: 'leyla_m' } });
    expect(kept.map.size).toBe(5);
  });
});
