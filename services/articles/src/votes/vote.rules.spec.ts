import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { nextVote, voteDelta, voteOf, voteValue } from './vote.rules.js';

describe('nextVote', () => {
  it('casts, switches and removes an upvote whatever the rating', () => {
    expect(nextVote(null, 'up', 0)).toBe('up');
    expect(nextVote('up', 'up', 0)).toBeNull();
    expect(nextVote('down', 'up', -5)).toBe('up');
  });

  it('casts a downvote only with the Pro rating', () => {
    expect(nextVote(null, 'down', 100)).toBe('down');
    expect(nextVote('up', 'down', 250)).toBe('down');
    for (const [current, rating] of [
      [null, 99],
      ['up', 10],
    ] as const) {
      try {
        nextVote(current, 'down', rating);
        throw new Error('expected CannotDownvote');
      } catch (error) {
        expect(AppError.is(error) && error.code).toBe('CannotDownvote');
      }
    }
  });

  it('lets anyone remove their own downvote, even after losing the rating', () => {
    expect(nextVote('down', 'down', 0)).toBeNull();
  });
});

describe('voteDelta', () => {
  it('moves the counts by the change only', () => {
    expect(voteDelta(null, 'up')).toEqual({ up: 1, down: 0 });
    expect(voteDelta('up', null)).toEqual({ up: -1, down: 0 });
    expect(voteDelta('up', 'down')).toEqual({ up: -1, down: 1 });
    expect(voteDelta('down', 'up')).toEqual({ up: 1, down: -1 });
    expect(voteDelta('down', null)).toEqual({ up: 0, down: -1 });
  });
});

describe('stored values', () => {
  it('maps votes to 1 and -1 and back', () => {
    expect(voteValue('up')).toBe(1);
    expect(voteValue('down')).toBe(-1);
    expect(voteOf(1)).toBe('up');
    expect(voteOf(-1)).toBe('down');
    expect(voteOf(undefined)).toBeNull();
  });
});
