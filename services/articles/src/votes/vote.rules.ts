import { AppError } from '@pencraft/errors';
import { canDownvote } from '@pencraft/rules';

export type VoteValue = 'up' | 'down';
export type Vote = VoteValue | null;

/**
 * What a press of upvote or downvote leaves: the same again removes the vote, the other switches it. Casting a
 * downvote (not removing one) needs the Pro rating (SPEC.md section 6): CannotDownvote.
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
export const voteOf = (value: number | undefined): Vote => (value === 1 ? 'up' : value === -1 ? 'down' : null);
