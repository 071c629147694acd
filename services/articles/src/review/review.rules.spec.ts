import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { decide, roadRank, submission } from './review.rules.js';

function codeOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('review rules', () => {
  it('records only accepted on submission: nothing is published without review', () => {
    expect(submission()).toEqual({ states: ['accepted'], status: 'accepted', publishes: false });
  });

  it('walks the road one step at a time', () => {
    expect(decide('accepted', 'startInitialReview').states).toEqual(['initialReview']);
    expect(decide('initialReview', 'passInitialReview').states).toEqual(['underModeration']);
    expect(decide('underModeration', 'approve')).toEqual({
      states: ['approved', 'published'],
      status: 'published',
      publishes: true,
    });
  });

  it('records the states an approval skips', () => {
    expect(decide('accepted', 'approve').states).toEqual(['initialReview', 'underModeration', 'approved', 'published']);
    expect(decide('accepted', 'passInitialReview').states).toEqual(['initialReview', 'underModeration']);
  });

  it('ends the road with a rejection or a revision request from any pending state', () => {
    for (const current of ['accepted', 'initialReview', 'underModeration'] as const) {
      expect(decide(current, 'reject')).toEqual({ states: ['rejected'], status: 'rejected', publishes: false });
      expect(decide(current, 'requestRevision').status).toBe('revisionRequested');
    }
  });

  it('answers a repeated decision as done, without recording anything', () => {
    expect(decide('published', 'approve')).toEqual({ states: [], status: 'published', publishes: false });
    expect(decide('rejected', 'reject').states).toEqual([]);
  });

  it('refuses decisions on decided or unsubmitted states', () => {
    expect(codeOf(() => decide('published', 'reject'))).toBe('OperationFailed');
    expect(codeOf(() => decide('rejected', 'approve'))).toBe('OperationFailed');
    expect(codeOf(() => decide('revisionRequested', 'approve'))).toBe('OperationFailed');
    expect(codeOf(() => decide('draft', 'approve'))).toBe('OperationFailed');
    expect(codeOf(() => decide('draft', 'startInitialReview'))).toBe('OperationFailed');
  });

  it('ranks the states of one instant along the road', () => {
    expect(['published', 'accepted', 'approved'].sort((a, b) => roadRank(a) - roadRank(b))).toEqual([
      'accepted',
      'approved',
      'published',
    ]);
    expect(roadRank('rejected')).toBeGreaterThan(roadRank('published'));
  });

  it('answers an automatic step the article is already past as done, and refuses it on a decided article', () => {
    const done = (status: string) => ({ states: [], status, publishes: false });
    expect(decide('underModeration', 'startInitialReview')).toEqual(done('underModeration'));
    expect(decide('published', 'startInitialReview')).toEqual(done('published'));
    expect(decide('published', 'passInitialReview')).toEqual(done('published'));
    expect(decide('approved', 'passInitialReview')).toEqual(done('approved'));
    expect(codeOf(() => decide('rejected', 'passInitialReview'))).toBe('OperationFailed');
    expect(codeOf(() => decide('revisionRequested', 'startInitialReview'))).toBe('OperationFailed');
    expect(codeOf(() => decide('published', 'reject'))).toBe('OperationFailed');
  });
});
