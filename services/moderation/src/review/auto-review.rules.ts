import type { QueueKind } from '@pencraft/rules';
import { BLOCKLIST } from './blocklist.data.js';

/**
 * The automatic initial review (SPEC.md section 4): pure scoring of spam signals in the content and in the author's
 * account. Articles and translations at or above ARTICLE_REJECT_SCORE are rejected with a reason; the rest go on to a
 * human. Comments are only rejected when they are clear spam (COMMENT_REJECT_SCORE); every other comment waits for a
 * human. Weights add up to a score of at most 100.
 */
export const ARTICLE_REJECT_SCORE = 60;
export const COMMENT_REJECT_SCORE = 80;

export type SignalCode =
  | 'linkDensity'
  | 'repeatedText'
  | 'repeatedCharacters'
  | 'allCaps'
  | 'blocklist'
  | 'tooShort'
  | 'newAccount'
  | 'lowRating'
  | 'previousRejections'
  | 'unconfirmedAccount'
  | 'banHistory';

/** Signals about the text itself: a rejection names these (account signals only add weight). */
export const CONTENT_SIGNALS: readonly SignalCode[] = [
  'linkDensity',
  'repeatedText',
  'repeatedCharacters',
  'allCaps',
  'blocklist',
  'tooShort',
];

export interface Signal {
  code: SignalCode;
  weight: number;
  detail?: string;
}

export interface Submission {
  kind: QueueKind;
  title: string;
  description: string;
  text: string;
}

/** What the review knows of the author (identity's moderation profile and moderation's own history). */
export interface AuthorStanding {
  registeredAt: Date | null;
  rating: number;
  confirmed: boolean;
  bansCount: number;
  /** Articles, translations and comments of theirs rejected before. */
  previousRejections: number;
}

export type Verdict = 'pass' | 'reject' | 'hold';

export interface AutoReview {
  score: number;
  signals: Signal[];
  verdict: Verdict;
  /** The content signals behind a rejection, strongest first (empty unless rejected). */
  reasons: SignalCode[];
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;
const WORD = /[\p{L}\p{N}]+/gu;
const DAY_MS = 24 * 3_600_000;

function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function linkSignal(submission: Submission, text: string, wordCount: number): Signal | undefined {
  const links = text.match(LINK)?.length ?? 0;
  if (links === 0) return undefined;
  const detail = `${links} link(s) in ${wordCount} words`;
  if (submission.kind === 'comment') {
    // A comment is a reply to the article: two links or more, or a link that is most of it, is advertising.
    if (links >= 2 || wordCount <= 8) return { code: 'linkDensity', weight: links >= 3 ? 50 : 35, detail };
    return { code: 'linkDensity', weight: 10, detail };
  }
  const perHundred = (links * 100) / Math.max(wordCount, 1);
  if (perHundred >= 10) return { code: 'linkDensity', weight: 45, detail };
  if (perHundred >= 4) return { code: 'linkDensity', weight: 25, detail };
  if (links >= 15) return { code: 'linkDensity', weight: 15, detail };
  return undefined;
}

function repeatedTextSignal(text: string, tokens: string[]): Signal | undefined {
  const lines = text
    .split(/\n+/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length >= 10);
  if (lines.length >= 4) {
    const duplicates = lines.length - new Set(lines).size;
    if (duplicates / lines.length >= 0.5) {
      return { code: 'repeatedText', weight: 35, detail: `${duplicates} of ${lines.length} lines repeated` };
    }
  }
  if (tokens.length >= 20) {
    const unique = new Set(tokens).size / tokens.length;
    if (unique < 0.2)
      return { code: 'repeatedText', weight: 35, detail: `${Math.round(unique * 100)}% distinct words` };
    if (unique < 0.35)
      return { code: 'repeatedText', weight: 20, detail: `${Math.round(unique * 100)}% distinct words` };
  }
  return undefined;
}

function capsSignal(text: string): Signal | undefined {
  const letters = text.match(/\p{L}/gu) ?? [];
  const cased = letters.filter((letter) => letter.toLowerCase() !== letter.toUpperCase());
  if (cased.length < 20) return undefined;
  const upper = cased.filter((letter) => letter === letter.toUpperCase()).length / cased.length;
  return upper >= 0.7 ? { code: 'allCaps', weight: 20, detail: `${Math.round(upper * 100)}% capitals` } : undefined;
}

function blocklistSignal(text: string): Signal | undefined {
  const normalized = ` ${words(text).join(' ')} `;
  const hits = new Set<string>();
  for (const phrases of Object.values(BLOCKLIST)) {
    for (const phrase of phrases) {
      if (normalized.includes(` ${words(phrase).join(' ')} `)) hits.add(phrase);
    }
  }
  if (hits.size === 0) return undefined;
  return { code: 'blocklist', weight: Math.min(60, 30 * hits.size), detail: [...hits].slice(0, 5).join(', ') };
}

function accountSignals(author: AuthorStanding, now: Date): Signal[] {
  const signals: Signal[] = [];
  if (author.registeredAt) {
    const age = now.getTime() - author.registeredAt.getTime();
    if (age < DAY_MS) signals.push({ code: 'newAccount', weight: 15, detail: 'registered less than a day ago' });
    else if (age < 7 * DAY_MS) signals.push({ code: 'newAccount', weight: 5, detail: 'registered this week' });
  }
  if (author.rating < 0) signals.push({ code: 'lowRating', weight: 10, detail: `rating ${author.rating}` });
  if (!author.confirmed) signals.push({ code: 'unconfirmedAccount', weight: 10 });
  if (author.previousRejections >= 3) {
    signals.push({ code: 'previousRejections', weight: 15, detail: `${author.previousRejections} rejected before` });
  } else if (author.previousRejections > 0) {
    signals.push({ code: 'previousRejections', weight: 5, detail: `${author.previousRejections} rejected before` });
  }
  if (author.bansCount > 0) signals.push({ code: 'banHistory', weight: 10, detail: `${author.bansCount} ban(s)` });
  return signals;
}

/** Scores a submission; account signals alone never reject (a new account with clean text passes). */
export function autoReview(submission: Submission, author: AuthorStanding, now: Date): AutoReview {
  const text = [submission.title, submission.description, submission.text].filter(Boolean).join('\n');
  const tokens = words(text);
  const content: Signal[] = [];
  const push = (signal: Signal | undefined) => signal && content.push(signal);
  // Links are measured against the words around them (a URL's own pieces are not words).
  push(linkSignal(submission, text, words(text.replace(LINK, ' ')).length));
  push(repeatedTextSignal(text, tokens));
  if (/(\S)\1{9,}/u.test(text)) push({ code: 'repeatedCharacters', weight: 15 });
  push(capsSignal(text));
  push(blocklistSignal(text));
  // Only originals and their edits: a translation's text is the original's, reviewed already.
  if ((submission.kind === 'article' || submission.kind === 'edit') && submission.text.trim().length < 200) {
    push({ code: 'tooShort', weight: 20, detail: `${submission.text.trim().length} characters` });
  }
  const account = accountSignals(author, now);
  const contentScore = content.reduce((sum, signal) => sum + signal.weight, 0);
  const score = Math.min(100, contentScore + account.reduce((sum, signal) => sum + signal.weight, 0));
  const threshold = submission.kind === 'comment' ? COMMENT_REJECT_SCORE : ARTICLE_REJECT_SCORE;
  // The text must carry at least half of the threshold itself: the account's history alone is not spam.
  const rejects = score >= threshold && contentScore >= threshold / 2;
  const verdict: Verdict = rejects ? 'reject' : submission.kind === 'comment' ? 'hold' : 'pass';
  const reasons = rejects ? [...content].sort((a, b) => b.weight - a.weight).map((signal) => signal.code) : [];
  return { score, signals: [...content, ...account], verdict, reasons };
}

const REASON_NAMES: Record<'az' | 'en' | 'ru', Partial<Record<SignalCode, string>>> = {
  az: {
    linkDensity: 'həddən artıq keçid',
    repeatedText: 'təkrarlanan mətn',
    repeatedCharacters: 'təkrarlanan simvollar',
    allCaps: 'böyük hərflərlə yazılmış mətn',
    blocklist: 'qadağan olunmuş ifadələr',
    tooShort: 'çox qısa məzmun',
  },
  en: {
    linkDensity: 'too many links',
    repeatedText: 'repeated text',
    repeatedCharacters: 'repeated characters',
    allCaps: 'text written in capitals',
    blocklist: 'blocked phrases',
    tooShort: 'too little content',
  },
  ru: {
    linkDensity: 'слишком много ссылок',
    repeatedText: 'повторяющийся текст',
    repeatedCharacters: 'повторяющиеся символы',
    allCaps: 'текст заглавными буквами',
    blocklist: 'запрещённые выражения',
    tooShort: 'слишком мало содержания',
  },
};

const REJECTION: Record<'az' | 'en' | 'ru', (reasons: string) => string> = {
  az: (reasons) => `Avtomatik yoxlama: məzmun spam kimi görünür (${reasons}). Düzəldib yenidən göndərin.`,
  en: (reasons) => `Automatic review: the content looks like spam (${reasons}). Fix it and submit it again.`,
  ru: (reasons) => `Автоматическая проверка: содержание похоже на спам (${reasons}). Исправьте и отправьте снова.`,
};

/** The note the author reads on a rejection, in their language (az when unknown). */
export function rejectionNote(reasons: readonly SignalCode[], lang: string): string {
  const language = lang === 'en' || lang === 'ru' ? lang : 'az';
  const names = reasons
    .map((code) => REASON_NAMES[language][code])
    .filter((name): name is string => Boolean(name))
    .slice(0, 3);
  return REJECTION[language](names.join(', '));
}
