import { REVIEW_STEPS, type ArticleStatus } from './desk-api.js';

/**
 * Where an article is on the road of SPEC.md section 4: the steps to show, the index of the one it is at, and whether
 * it left the road (rejected, or sent back for a revision, by a moderator after the automatic review).
 */
export function reviewProgress(status: ArticleStatus): { steps: ArticleStatus[]; current: number; off: boolean } {
  const index = (REVIEW_STEPS as readonly string[]).indexOf(status);
  if (index >= 0) return { steps: [...REVIEW_STEPS], current: index, off: false };
  if (status === 'draft') return { steps: [], current: -1, off: false };
  return { steps: ['accepted', 'initialReview', 'underModeration', status], current: 3, off: true };
}
