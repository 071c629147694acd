// Work a rendered page repeats that the reader's renderer does once: answers that are the same for every page (the
// category list) and translated texts of the fixed catalogues.
import type { ApiClient } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';

/** The paths whose answer is the same for every page and request: the categories (a fixed list, named per language). */
const SHARED_PATHS = new Set(['/api/articles/categories']);
/** How long such an answer is reused (the gateway keeps its own public copy 2 s; the list changes with a release). */
const SHARED_MS = 60_000;

/**
 * The client with the answers of SHARED_PATHS kept for SHARED_MS (one per language: the client asks in its language),
 * so a rendered article page asks the gateway once (the article), not twice. A failure is not kept.
 */
export function sharingFixedAnswers(client: ApiClient, now: () => number = Date.now): ApiClient {
  const plain = client.get as unknown as (path: string, init?: { signal?: AbortSignal }) => Promise<unknown>;
  const kept = new Map<string, { answer: Promise<unknown>; until: number }>();
  const get = (path: string, init?: { signal?: AbortSignal; params?: unknown }) => {
    if (!SHARED_PATHS.has(path) || init?.params !== undefined) return plain(path, init);
    const hit = kept.get(path);
    if (hit && hit.until > now()) return hit.answer;
    // Not tied to one page's signal: the answer serves the pages after it.
    const answer = plain(path, {});
    kept.set(path, { answer, until: now() + SHARED_MS });
    answer.catch(() => kept.delete(path));
    return answer;
  };
  return { ...client, get: get as unknown as ApiClient['get'] };
}

/** How many translated texts a language keeps (dates and counts vary: the memo is emptied when it is full). */
const MEMO_LIMIT = 10_000;

/**
 * i18next's t for the server's fixed catalogues (every namespace loaded before the first request, never changed): a key
 * asked with the same options (language, namespace, prefix, and the values of its interpolation, count or context,
 * when they are plain numbers, strings or booleans) always gives the same text, so it is worked out once. A home page
 * asks for the same few words and dates on each of its twenty cards; i18next's lookup and interpolation were a sixth
 * of the renderer's time. Options holding objects (a formatter's settings, replace maps) are always asked.
 */
export function memoizeTranslations(i18n: I18n) {
  const lookup = i18n.t.bind(i18n) as unknown as (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;
  const known = new Map<string, string>();
  const plain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 0 || (options !== undefined && typeof options !== 'object')) {
      return lookup(key, options, ...rest);
    }
    const given: [string, unknown][] = [];
    for (const [name, value] of Object.entries((options ?? {}) as Record<string, unknown>)) {
      if (value === undefined) continue;
      if (!plain(value) && !(Array.isArray(value) && value.every(plain))) return lookup(key, options);
      given.push([name, value]);
    }
    const memo = `${key}\0${JSON.stringify(given)}`;
    const hit = known.get(memo);
    if (hit !== undefined) return hit;
    const text = lookup(key, options);
    // A key not (yet) in a loaded catalogue comes back as itself: asked again, in case its namespace loads later.
    if (typeof text === 'string' && !key.endsWith(text)) {
      if (known.size >= MEMO_LIMIT) known.clear();
      known.set(memo, text);
    }
    return text;
  };
  i18n.t = t as unknown as I18n['t'];
}
