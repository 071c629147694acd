// The caps of the writing lifecycle (SPEC.md sections 4 and 9: "delete one to create a new one"; the numbers are not
// shown there and are ours), shared by the editor and the articles service so both refuse alike.

/** Drafts per owner (originals and edits of published articles; draft translations are counted apart). */
export const DRAFTS_MAX = 10;
/** Draft translations per owner. */
export const DRAFT_TRANSLATIONS_MAX = 5;
/** Articles of one author waiting for review (MaxArticlePublishCount). */
export const PENDING_ARTICLES_MAX = 5;
/** Edits of one published article (EditArticleCount). */
export const ARTICLE_EDITS_MAX = 5;
/** A pending article can be deleted within this many hours of its creation (SPEC.md section 9). */
export const PENDING_DELETION_WINDOW_HOURS = 6;
/** Deletions of pending articles per author in 24 hours (SPEC.md section 9). */
export const PENDING_DELETIONS_PER_DAY = 3;

export type DraftCapProblem = 'draftsMax' | 'draftTranslationsMax';

/** Whether the owner may create one more draft (of this kind), given how many they have. */
export function draftCapProblem(kind: 'draft' | 'translation', count: number): DraftCapProblem | undefined {
  if (kind === 'translation') return count >= DRAFT_TRANSLATIONS_MAX ? 'draftTranslationsMax' : undefined;
  return count >= DRAFTS_MAX ? 'draftsMax' : undefined;
}

/** Whether a pending article created at `createdAt` is still within its deletion window at `now`. */
export function withinDeletionWindow(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= PENDING_DELETION_WINDOW_HOURS * 3_600_000;
}

/** A draft's preview link works this many days after it was made; refreshing makes a new one with a new term. */
export const PREVIEW_LINK_DAYS = 30;

/** When a preview link made at `createdAt` stops working. */
export function previewLinkExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PREVIEW_LINK_DAYS * 86_400_000);
}

/** Who may read an article in full: everyone, or a publication's paid subscribers. */
export const AUDIENCES = ['free', 'paid'] as const;

export type Audience = (typeof AUDIENCES)[number];

export type AudienceProblem = 'paidAudienceNeedsPublication';

/**
 * Paid readers are a publication's plans: an article for the personal blog is free for everyone. `publication` is
 * where the article goes: a publication's id, or empty, null, undefined or 'personal' for the personal blog (what the
 * older `target` field holds). Only a publication's article may be paid.
 */
export function audienceProblem(publication: string | null | undefined, audience: string): AudienceProblem | undefined {
  const personal = !publication || publication === 'personal';
  return audience === 'paid' && personal ? 'paidAudienceNeedsPublication' : undefined;
}

/** A paid article's teaser (what every reader sees): at most this many leading blocks... */
export const PAID_TEASER_MAX_BLOCKS = 3;
/** ...holding at most this many visible characters in all... */
export const PAID_TEASER_MAX_CHARS = 600;
/** ...and never more than this share of the article's visible text (a short article gives little away). */
export const PAID_TEASER_MAX_SHARE = 0.3;

export interface PaidTeaser {
  /** How many leading blocks the teaser shows whole. */
  blocks: number;
  /**
   * When no whole block fits (a long first block): the first block's visible text cut at a word boundary, with an
   * ellipsis, to be shown as a plain paragraph; empty otherwise.
   */
  excerpt: string;
}

/**
 * The teaser of a paid article, decided from the visible text of each of its blocks in order (a block without text,
 * an image without caption, counts as nothing but still counts as a block). Whole leading blocks while they fit
 * PAID_TEASER_MAX_BLOCKS and the bound (PAID_TEASER_MAX_CHARS, at most PAID_TEASER_MAX_SHARE of the whole text);
 * when even the first block is over the bound, an excerpt of it. The same rule for the article API, the pages, the
 * feeds and the search index.
 */
export function paidTeaser(blockTexts: readonly string[]): PaidTeaser {
  const lengths = blockTexts.map((text) => [...text].length);
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const bound = Math.min(PAID_TEASER_MAX_CHARS, Math.floor(total * PAID_TEASER_MAX_SHARE));
  let used = 0;
  let blocks = 0;
  while (blocks < Math.min(PAID_TEASER_MAX_BLOCKS, lengths.length) && used + lengths[blocks]! <= bound) {
    used += lengths[blocks]!;
    blocks += 1;
  }
  // Leading blocks without text (an image) alone are no teaser; the first block with text decides then.
  if (blocks > 0 && used > 0) return { blocks, excerpt: '' };
  const first = blockTexts.find((text) => text.trim().length > 0) ?? '';
  return { blocks: 0, excerpt: cutAtWord(first, bound) };
}

function cutAtWord(text: string, max: number): string {
  const chars = [...text.trim()];
  if (max <= 0) return '';
  if (chars.length <= max) return chars.join('');
  // The ellipsis counts: the excerpt stays within max characters.
  const head = chars.slice(0, Math.max(0, max - 1)).join('');
  const space = head.search(/\s\S*$/u);
  const cut = space > 0 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}
