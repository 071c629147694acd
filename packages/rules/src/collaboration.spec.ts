import { describe, expect, it } from '@jest/globals';
import { COAUTHORS_MAX, invitationProblem, translationLanguages } from './collaboration.js';

describe('translationLanguages', () => {
  it('offers every other language in the product order', () => {
    expect(translationLanguages('az', [])).toEqual(['en', 'ru']);
    expect(translationLanguages('ru', [])).toEqual(['az', 'en']);
  });

  it('leaves out the languages the group already holds', () => {
    expect(translationLanguages('az', ['ru'])).toEqual(['en']);
    expect(translationLanguages('en', ['az', 'ru'])).toEqual([]);
  });
});

describe('invitationProblem', () => {
  const author = 'a';
  const invited = (n: number, status: 'pending' | 'accepted' | 'rejected' = 'pending') =>
    Array.from({ length: n }, (_, i) => ({ uid: `u${i}`, status }));

  it('refuses the author inviting themself', () => {
    expect(invitationProblem({ authorUid: author, inviteeUid: author, invited: [] })).toBe('self');
  });

  it('refuses a second invitation to the same person, whatever became of the first', () => {
    for (const status of ['pending', 'accepted', 'rejected'] as const) {
      expect(invitationProblem({ authorUid: author, inviteeUid: 'u0', invited: invited(1, status) })).toBe(
        'alreadyInvited',
      );
    }
  });

  it('counts pending and accepted invitations against the cap, not rejected ones', () => {
    expect(COAUTHORS_MAX).toBe(3);
    expect(invitationProblem({ authorUid: author, inviteeUid: 'x', invited: invited(2) })).toBeUndefined();
    expect(invitationProblem({ authorUid: author, inviteeUid: 'x', invited: invited(3) })).toBe('maxAuthors');
    expect(
      invitationProblem({
        authorUid: author,
        inviteeUid: 'x',
        invited: [...invited(2, 'accepted'), { uid: 'r', status: 'rejected' }],
      }),
    ).toBeUndefined();
  });
});
