// The home page's rules (issue #17): its tabs, the cursor of its lists and the trending score.
import type { Lang } from './languages.js';

/** The article list tabs of the home page (SPEC.md section 2). Visitors see `all` only. */
export const HOME_TABS = ['all', 'following', 'suggestions'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

export function isHomeTab(value: unknown): value is HomeTab {
  return typeof value === 'string' && (HOME_TABS as readonly string[]).includes(value);
}

/** The claim of the home page (SPEC.md section 1): "150,000+ views". */
export const HOME_VIEWS_CLAIM = 150_000;

/**
 * Where a home list continues. Each list shows a language first (phase `l`), then the other languages (phase `o`),
 * each newest first by (published time, id). `lang` is the language the list was started in (a later page keeps it,
 * whatever the request's language: a page rendered by the server in one language continues in the browser in the
 * same order). `after` is the last card shown in that phase; none means the phase starts at its top. Written
 * `l.<lang>.<ms>.<id>` / `o.<lang>.<ms>.<id>`, or `o.<lang>` (the other languages from their top); the first page has
 * no cursor. A cursor is a position, not an offset: articles published meanwhile land above it, so paging on never
 * repeats or skips a card.
 */
export interface HomeCursor {
  phase: 'l' | 'o';
  lang: Lang;
  after?: { atMs: number; id: string };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * Every cursor this writes, as the gateway documents it (so any text the document allows is a readable position):
 * `l.<lang>.<ms>.<id>`, `o.<lang>` or `o.<lang>.<ms>.<id>`. At most 14 digits of milliseconds (before the year 5138):
 * PostgreSQL cannot read a time past the year 9999 as JavaScript writes it (+027600-...), which 15 digits reach
 * (schemathesis's cursor l.en.808807138612532.<id> was a server error, issue #19).
 */
export const HOME_CURSOR_PATTERN = `^(?:l\\.(?:az|en|ru)\\.[0-9]{1,14}\\.${UUID}|o\\.(?:az|en|ru)(?:\\.[0-9]{1,14}\\.${UUID})?)$`;
const CURSOR = new RegExp(`^([lo])\\.(az|en|ru)(?:\\.([0-9]{1,14})\\.(${UUID}))?$`);
/** Longer text is not a cursor this wrote (refused before any parsing). */
export const HOME_CURSOR_MAX = 64;

/** The cursor of a text: undefined for the first page (empty), null for text that is not a cursor (InvalidPage). */
export function parseHomeCursor(text: string | undefined): HomeCursor | undefined | null {
  if (!text) return undefined;
  if (text.length > HOME_CURSOR_MAX) return null;
  const match = CURSOR.exec(text);
  if (!match) return null;
  const [, phase, lang, ms, id] = match as unknown as [string, 'l' | 'o', Lang, string | undefined, string | undefined];
  if (ms === undefined || id === undefined) return phase === 'o' ? { phase, lang } : null;
  const atMs = Number(ms);
  if (!Number.isSafeInteger(atMs)) return null;
  return { phase, lang, after: { atMs, id } };
}

export function formatHomeCursor(cursor: HomeCursor): string {
  const start = `${cursor.phase}.${cursor.lang}`;
  return cursor.after ? `${start}.${cursor.after.atMs}.${cursor.after.id}` : start;
}

/**
 * The cursor after a page of a list in `lang`: the last card of the page when more follow in its phase; the top of
 * the other languages when the list's own ran out within the page and others may follow; none when the list is over.
 */
export function nextHomeCursor(
  last: { phase: 'l' | 'o'; atMs: number; id: string } | undefined,
  more: boolean,
  phase: 'l' | 'o',
  lang: Lang,
): string {
  if (more && last) return formatHomeCursor({ phase: last.phase, lang, after: { atMs: last.atMs, id: last.id } });
  if (phase === 'l') return formatHomeCursor({ phase: 'o', lang });
  return '';
}

// Trending: votes, reads and comments of the last TREND_WINDOW_DAYS days, each worth its weight and decaying
// exponentially with time (half of it every TREND_HALF_LIFE_HOURS). The score is kept by "forward decay": an event
// at time t adds weight * 2^((t - epoch) / halfLife) to a running sum that never has to be rescanned, since every
// article's sum shrinks by the same factor as time passes (the order is the order of the decayed scores). The sum is
// kept as its natural logarithm (`heat`), which never overflows.

export const TREND_WINDOW_DAYS = 7;
export const TREND_HALF_LIFE_HOURS = 24;
/** How many articles the trending section shows. */
export const TRENDING_COUNT = 6;
export const TREND_WEIGHTS = { vote: 3, comment: 2, read: 1 } as const;
export type TrendSignal = keyof typeof TREND_WEIGHTS;
/** The decay's origin: 2026-01-01T00:00:00Z. */
export const TREND_EPOCH_MS = Date.UTC(2026, 0, 1);
const HALF_LIFE_MS = TREND_HALF_LIFE_HOURS * 3_600_000;

/** The heat `count` events of a kind at `atMs` add (ln of their forward-decayed weight); undefined for none. */
export function trendHeat(signal: TrendSignal, count: number, atMs: number): number | undefined {
  if (!(count > 0)) return undefined;
  return Math.log(TREND_WEIGHTS[signal] * count) + ((atMs - TREND_EPOCH_MS) / HALF_LIFE_MS) * Math.LN2;
}

/** ln(e^a + e^b) without overflow: how two heats add up (what the SQL update computes too). */
export function addHeat(a: number | null | undefined, b: number): number {
  if (a === null || a === undefined) return b;
  const high = Math.max(a, b);
  return high + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/** The decayed score a heat stands for at `nowMs`: the sum of each event's weight halved per half-life since. */
export function trendScore(heat: number, nowMs: number): number {
  return Math.exp(heat - ((nowMs - TREND_EPOCH_MS) / HALF_LIFE_MS) * Math.LN2);
}

// Category pins and follow suggestions.

/** How many categories one user may pin to the top of their home (pinning another unpins the oldest pin). */
export const PINNED_CATEGORIES_MAX = 5;
/** How many of each kind the follow suggestions offer. */
export const FOLLOW_SUGGESTIONS_COUNT = 5;
/** How many articles and authors a category's overview lists in each of its parts. */
export const CATEGORY_EXPLORE_COUNT = 5;
