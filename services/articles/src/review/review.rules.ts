import { AppError } from '@pencraft/errors';
import type { ArticleStatus } from '@pencraft/rules';
import { PENDING_STATUSES } from '../articles/article.table.js';

/** What the moderation service can decide (articles.v1.ReviewDecision). */
export type Decision = 'startInitialReview' | 'passInitialReview' | 'approve' | 'reject' | 'requestRevision';

/** The road of SPEC.md section 4, in order. */
export const REVIEW_ROAD = ['accepted', 'initialReview', 'underModeration', 'approved', 'published'] as const;

/** Where each decision leads (the last state it records). */
const TARGET: Record<Decision, ArticleStatus> = {
  startInitialReview: 'initialReview',
  passInitialReview: 'underModeration',
  approve: 'published',
  reject: 'rejected',
  requestRevision: 'revisionRequested',
};

export interface Transition {
  /** The states to record on the timeline, in order; empty when the decision was already taken (a retry). */
  states: ArticleStatus[];
  /** The state the article ends in. */
  status: ArticleStatus;
  /** Whether the article becomes published (announced as articles.article.published). */
  publishes: boolean;
}

/**
 * The states a decision moves an article through from `current`: a decision on the road records every state it
 * skips (approve right after accepted records initialReview, underModeration, approved and published); reject and
 * revision requests end the road. Only a pending article (submitted, not decided) can be decided; the same decision
 * again is answered as done (the moderation service may retry), and so is an automatic step the article is past.
 */
export function decide(current: ArticleStatus, decision: Decision): Transition {
  const target = TARGET[decision];
  if (current === target) return { states: [], status: current, publishes: false };
  // An automatic step (starting or passing the initial review) that arrives after the article went further along the
  // road (a moderator, or a test playing one, approved it meanwhile) is behind it already: answered as done.
  if (
    (decision === 'startInitialReview' || decision === 'passInitialReview') &&
    REVIEW_ROAD.indexOf(current as (typeof REVIEW_ROAD)[number]) >
      REVIEW_ROAD.indexOf(target as (typeof REVIEW_ROAD)[number])
  ) {
    return { states: [], status: current, publishes: false };
  }
  if (!PENDING_STATUSES.includes(current)) throw new AppError('OperationFailed');
  if (decision === 'reject' || decision === 'requestRevision') {
    return { states: [target], status: target, publishes: false };
  }
  const from = REVIEW_ROAD.indexOf(current as (typeof REVIEW_ROAD)[number]);
  const to = REVIEW_ROAD.indexOf(target as (typeof REVIEW_ROAD)[number]);
  if (to <= from) throw new AppError('OperationFailed');
  const states = REVIEW_ROAD.slice(from + 1, to + 1) as ArticleStatus[];
  return { states, status: target, publishes: target === 'published' };
}

/** A submission: recorded as accepted; the moderation service's decisions take it from there. */
export function submission(): Transition {
  return { states: ['accepted'], status: 'accepted', publishes: false };
}

/** The order of states recorded in one instant (one transaction), for a stable timeline. */
export function roadRank(status: string): number {
  const index = REVIEW_ROAD.indexOf(status as (typeof REVIEW_ROAD)[number]);
  return index === -1 ? REVIEW_ROAD.length : index;
}
