import { DEFAULT_LANG, LANGS, type Lang } from '@pencraft/rules';

// The language list is a rule shared with the browser; the catalogue re-exports it for its callers.
export { DEFAULT_LANG, LANGS, isLang, type Lang } from '@pencraft/rules';

interface LanguageRange {
  tag: string;
  q: number;
  index: number;
}

// RFC 9110 §12.4.2 qvalue: 0 to 1 with at most three decimals.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

function parseRanges(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
      const value = param.slice(eq + 1).trim();
      // A malformed weight makes the whole range unusable rather than guessing its intent.
      if (!QVALUE.test(value)) return;
      q = Number(value);
    }
    ranges.push({ tag, q, index });
  });
  return ranges;
}

function primarySubtag(tag: string): string {
  return tag.split(/[-_]/, 1)[0] ?? '';
}

/**
 * Chooses the response language from an Accept-Language header (RFC 9110 q-values).
 * Regional variants map to their language (`ru-RU` → ru); a specific range outranks `*`;
 * `q=0` excludes a language; ties go to the earlier range, then to az, en, ru in that order.
 */
export function pickLang(acceptLanguageHeader?: string | null): Lang {
  if (!acceptLanguageHeader) return DEFAULT_LANG;
  const ranges = parseRanges(acceptLanguageHeader);
  const wildcard = ranges.filter((r) => r.tag === '*');
  let best: { lang: Lang; q: number; index: number } | undefined;
  for (const lang of LANGS) {
    const specific = ranges.filter((r) => primarySubtag(r.tag) === lang);
    const matching = specific.length > 0 ? specific : wildcard;
    if (matching.length === 0) continue;
    const q = Math.max(...matching.map((r) => r.q));
    if (q <= 0) continue;
    const index = Math.min(...matching.filter((r) => r.q === q).map((r) => r.index));
    if (!best || q > best.q || (q === best.q && index < best.index)) best = { lang, q, index };
  }
  return best?.lang ?? DEFAULT_LANG;
}
