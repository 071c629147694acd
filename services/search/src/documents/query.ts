/**
 * What search does to a query before PostgreSQL sees it, and to PostgreSQL's highlighted text after: pure functions.
 *
 * Folding: PostgreSQL folds documents and queries alike (search.fold, ə → e, then unaccent in the search.az/en/ru text
 * search configurations: ö → o, ü → u, ç → c, ş → s, ğ → g, ı → i, ё → е). foldText does the same in TypeScript, to cut a
 * query into the words each searched on its own (typo alternatives, a prefix).
 */

/** The marks PostgreSQL's ts_headline puts around a matched word (private-use characters; search.fold blanks them). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
/** More words than this in a query are ignored (each is a group of alternatives in the tsquery). */
export const QUERY_WORDS_MAX = 8;
/** Words shorter than this are not corrected (too many neighbours), nor are words longer than the index keeps. */
export const TYPO_MIN_LENGTH = 4;
export const WORD_MAX_LENGTH = 40;
/** How many near words (pg_trgm) stand in for a word no document has, and how near they must be. */
export const TYPO_ALTERNATIVES = 3;
export const TYPO_SIMILARITY = 0.3;

/** A range of a text in UTF-16 code units (JavaScript string indices): [start, end). */
export interface TextRange {
  start: number;
  end: number;
}

const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu;

/**
 * Lower case, ə → e, ı → i, ё → е, and Latin letters without their accents (ö → o, ş → s, ç → c, ğ → g, ü → u): so
 * "Gözəl" and "gozel" are one word. Other scripts keep their marks (й stays й, as unaccent leaves it).
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ə/g, 'e')
    .replace(/ı/g, 'i')
    .replace(/ё/g, 'е')
    .normalize('NFD')
    .replace(LATIN_WITH_MARKS, '$1')
    .normalize('NFC');
}

/**
 * The words of a query, folded, in order, each once: letters and digits only, so no tsquery syntax (& | ! ( ) : * ' <->)
 * nor any other punctuation reaches PostgreSQL as an operator. At most QUERY_WORDS_MAX, each at most WORD_MAX_LENGTH.
 */
export function queryWords(query: string): string[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => [...word].slice(0, WORD_MAX_LENGTH).join(''));
  return [...new Set(words)].slice(0, QUERY_WORDS_MAX);
}

/**
 * Whether a word is looked up among the index's words for near spellings (when no document has it): letters only,
 * as the index keeps its words (a word with digits is a code or a number, not a typo).
 */
export function correctable(word: string): boolean {
  const length = [...word].length;
  return length >= TYPO_MIN_LENGTH && length <= WORD_MAX_LENGTH && /^\p{L}+$/u.test(word);
}

/** One group of the query: a word and what may stand for it (near spellings); any of them matches. */
export interface QueryGroup {
  word: string;
  alternatives: string[];
  /** The word is still being typed: anything starting with it matches too. */
  prefix: boolean;
}

/** What the index knows of a query word: whether a document has it, and its nearest words by trigram distance. */
export interface WordLookup {
  word: string;
  known: boolean;
  near: { word: string; similarity: number }[];
}

/**
 * The groups of a query: every word, with the near words of those no document has (typos). With `prefix` the last
 * word is one being typed (instant suggestions): it matches as a prefix and is not corrected.
 */
export function queryGroups(words: string[], lookups: WordLookup[], prefix: boolean): QueryGroup[] {
  const byWord = new Map(lookups.map((lookup) => [lookup.word, lookup]));
  return words.map((word, index) => {
    const typing = prefix && index === words.length - 1;
    const lookup = byWord.get(word);
    const alternatives =
      typing || !lookup || lookup.known || !correctable(word)
        ? []
        : lookup.near
            .filter((near) => near.word !== word && near.similarity >= TYPO_SIMILARITY)
            .slice(0, TYPO_ALTERNATIVES)
            .map((near) => near.word);
    return { word, alternatives, prefix: typing };
  });
}

/** The plain text of a ts_headline result and the ranges it marked (adjacent marks are one range). */
export function markedRanges(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  const ranges: TextRange[] = [];
  let start = -1;
  for (const char of marked) {
    if (char === MARK_START) {
      start = text.length;
    } else if (char === MARK_END) {
      if (start >= 0 && text.length > start) {
        const last = ranges.at(-1);
        // Two marked words with only spaces between them read as one highlight.
        if (last && /^\s*$/u.test(text.slice(last.end, start))) last.end = text.length;
        else ranges.push({ start, end: text.length });
      }
      start = -1;
    } else {
      text += char;
    }
  }
  return { text, ranges };
}

/**
 * A highlighted text as it is shown: ts_headline works on the folded text (ə → e: one character for one, so offsets
 * agree), and `original` is the same span of the text as written. Falls back to the folded text when they differ in
 * length (which they should not).
 */
export function highlighted(
  marked: string,
  original: string | null | undefined,
): { text: string; ranges: TextRange[] } {
  const { text, ranges } = markedRanges(marked);
  if (original && original.length === text.length) return { text: original, ranges };
  return { text, ranges };
}
