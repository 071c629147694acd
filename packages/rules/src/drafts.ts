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
 * Paid readers are a publication's plans: an article for a personal blog is free for everyone (until publications
 * exist, every article is personal, so none may be paid).
 */
export function audienceProblem(target: string, audience: string): AudienceProblem | undefined {
  return audience === 'paid' && target === 'personal' ? 'paidAudienceNeedsPublication' : undefined;
}
