import { reviewProgress } from './review.js';

describe('review progress', () => {
  it('places an article on the road of accepted, automatic review, moderation, approved and published', () => {
    expect(reviewProgress('accepted')).toEqual({
      steps: ['accepted', 'initialReview', 'underModeration', 'approved', 'published'],
      current: 0,
      off: false,
    });
    expect(reviewProgress('underModeration').current).toBe(2);
    expect(reviewProgress('published').current).toBe(4);
  });

  it('shows a rejected or sent-back article leaving the road after moderation', () => {
    expect(reviewProgress('rejected')).toEqual({
      steps: ['accepted', 'initialReview', 'underModeration', 'rejected'],
      current: 3,
      off: true,
    });
    expect(reviewProgress('revisionRequested').steps.at(-1)).toBe('revisionRequested');
  });

  it('shows no steps for an article never submitted', () => {
    expect(reviewProgress('draft')).toEqual({ steps: [], current: -1, off: false });
  });
});
