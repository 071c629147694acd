import { describe, expect, it } from '@jest/globals';
import { OPEN_QUEUE_STATES, QUEUE_STATES, isOpenQueueState, isStaffDecision } from './moderation.js';

describe('the review queue vocabulary', () => {
  it('leaves only the two undecided states open to a human decision', () => {
    expect(QUEUE_STATES.filter(isOpenQueueState)).toEqual(['underModeration', 'initialReview']);
    expect(OPEN_QUEUE_STATES.every((state) => (QUEUE_STATES as readonly string[]).includes(state))).toBe(true);
    expect(isOpenQueueState('approved')).toBe(false);
    expect(isOpenQueueState('withdrawn')).toBe(false);
  });

  it('knows the three staff decisions and nothing else', () => {
    expect(['approve', 'reject', 'requestRevision'].every(isStaffDecision)).toBe(true);
    expect(isStaffDecision('autoPass')).toBe(false);
    expect(isStaffDecision('')).toBe(false);
  });
});
