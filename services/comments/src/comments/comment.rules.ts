import { AppError } from '@pencraft/errors';
import {
  COMMENT_DEPTH_MAX,
  COMMENTS_PER_10_MINUTES,
  COMMENTS_PER_DAY,
  canDownvote,
  commentContentProblem,
  normalizeCommentContent,
  type CommentStatus,
} from '@pencraft/rules';

export type { CommentStatus };
export type Decision = 'approve' | 'reject';
export type VoteValue = 'up' | 'down';
export type Vote = VoteValue | null;

/** What a decision, an edit or a delete needs to know of a comment. */
export interface CommentState {
  status: CommentStatus;
  deleted: boolean;
  pendingEdit: boolean;
  everPublished: boolean;
}

/** Where a reply goes in its thread. */
export interface Placement {
  parentId: string | null;
  rootId: string;
  depth: number;
  replyToUid: string | null;
}

/** The comment answered, as far as placing a reply needs it. */
export interface ParentRef {
  id: string;
  parentId: string | null;
  rootId: string;
  depth: number;
  authorUid: string;
}

/** A new comment's text as stored, or InvalidContent. */
export function commentContent(text: string): string {
  const content = normalizeCommentContent(text);
  if (commentContentProblem(content)) throw new AppError('InvalidContent');
  return content;
}

/**
 * Threads are at most COMMENT_DEPTH_MAX deep: an answer to a comment at that depth sits beside it (under the same
 * parent), still naming the author it answers.
 */
export function placeReply(id: string, parent: ParentRef | undefined): Placement {
  if (!parent) return { parentId: null, rootId: id, depth: 1, replyToUid: null };
  if (parent.depth >= COMMENT_DEPTH_MAX) {
    return { parentId: parent.parentId, rootId: parent.rootId, depth: parent.depth, replyToUid: parent.authorUid };
  }
  return { parentId: parent.id, rootId: parent.rootId, depth: parent.depth + 1, replyToUid: parent.authorUid };
}

/** CommentsCountExceed beyond 10 new comments in 10 minutes or 100 in a day. */
export function checkCommentLimits(lastTenMinutes: number, lastDay: number): void {
  if (lastTenMinutes >= COMMENTS_PER_10_MINUTES || lastDay >= COMMENTS_PER_DAY) {
    throw new AppError('CommentsCountExceed');
  }
}

/** Readers see a comment when moderation published it and its author has not deleted it. */
export function isVisible(state: Pick<CommentState, 'status' | 'deleted'>): boolean {
  return state.status === 'published' && !state.deleted;
}

/** Only the author edits, and only a comment that is neither deleted nor rejected. */
export function isEditable(state: CommentState): boolean {
  return !state.deleted && state.status !== 'rejected';
}

export interface DecisionOutcome {
  /** Nothing changes (and nothing is announced): the comment already is where the decision puts it. */
  changed: boolean;
  next: CommentState;
  /** comments.comment.published: the first time readers see it. */
  announcePublished: boolean;
  /** comments.comment.deleted: a comment readers saw leaves. */
  announceRemoved: boolean;
  /** Whether the decided text was an edit (for comments.comment.reviewed). */
  isEdit: boolean;
}

/**
 * Moderation's decision. approve publishes a comment under review (announced as published once in its life) or
 * clears a published comment's edit; reject removes it, announced as deleted when readers saw it. The same decision
 * again changes nothing, so a retried call is harmless. A comment its author deleted cannot be approved.
 */
export function decide(current: CommentState, decision: Decision): DecisionOutcome {
  const unchanged = { changed: false, next: current, announcePublished: false, announceRemoved: false, isEdit: false };
  if (decision === 'approve') {
    if (current.deleted) throw new AppError('CommentNotFound');
    if (current.status === 'published' && !current.pendingEdit) return unchanged;
    const isEdit = current.status === 'published';
    return {
      changed: true,
      next: { status: 'published', deleted: false, pendingEdit: false, everPublished: true },
      announcePublished: current.status !== 'published',
      announceRemoved: false,
      isEdit,
    };
  }
  if (current.status === 'rejected' || current.deleted) return unchanged;
  return {
    changed: true,
    next: { ...current, status: 'rejected', pendingEdit: false },
    announcePublished: false,
    announceRemoved: current.status === 'published',
    isEdit: current.pendingEdit || (current.status === 'underReview' && current.everPublished),
  };
}

/**
 * What a press of upvote or downvote leaves: the same again removes the vote, the other switches it. Casting a
 * downvote (not removing one) needs the Pro rating: CannotDownvote.
 */
export function nextVote(current: Vote, pressed: VoteValue, rating: number): Vote {
  if (current === pressed) return null;
  if (pressed === 'down' && !canDownvote(rating)) throw new AppError('CannotDownvote');
  return pressed;
}

/** How the counts move from one vote to the next. */
export function voteDelta(current: Vote, next: Vote): { up: number; down: number } {
  const count = (vote: Vote, value: VoteValue) => (vote === value ? 1 : 0);
  return { up: count(next, 'up') - count(current, 'up'), down: count(next, 'down') - count(current, 'down') };
}

export const voteValue = (vote: Vote) => (vote === 'up' ? 1 : vote === 'down' ? -1 : 0);
export const voteOf = (value: number | null | undefined): Vote => (value === 1 ? 'up' : value === -1 ? 'down' : null);
