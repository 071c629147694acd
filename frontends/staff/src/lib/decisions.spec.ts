import { DECISION_NOTE_MAX } from '@pencraft/rules';
import { banDays, checkNote, decisionsFor, isOpen } from './decisions.js';

describe('the console’s decision checks', () => {
  it('offers a revision request for articles, translations and edits only', () => {
    expect(decisionsFor('article')).toEqual(['approve', 'reject', 'requestRevision']);
    expect(decisionsFor('translation')).toEqual(['approve', 'reject', 'requestRevision']);
    expect(decisionsFor('edit')).toEqual(['approve', 'reject', 'requestRevision']);
    expect(decisionsFor('comment')).toEqual(['approve', 'reject']);
  });

  it('needs a note to reject or request a revision, never to approve, and at most 2,000 characters', () => {
    expect(checkNote('approve', '')).toBeUndefined();
    expect(checkNote('reject', '  \n ')).toBe('required');
    expect(checkNote('requestRevision', '')).toBe('required');
    expect(checkNote('reject', 'Spam links')).toBeUndefined();
    expect(checkNote('approve', 'x'.repeat(DECISION_NOTE_MAX + 1))).toBe('tooLong');
    expect(checkNote('reject', 'x'.repeat(DECISION_NOTE_MAX))).toBeUndefined();
  });

  it('lets a human decide open items only', () => {
    expect(isOpen('underModeration')).toBe(true);
    expect(isOpen('initialReview')).toBe(true);
    for (const state of ['approved', 'rejected', 'revisionRequested'] as const) expect(isOpen(state)).toBe(false);
  });

  it('turns the duration choice into days: presets, permanent as null, custom whole days 1..3650', () => {
    expect(banDays('1', '')).toEqual({ days: 1, problem: undefined });
    expect(banDays('30', '999')).toEqual({ days: 30, problem: undefined });
    expect(banDays('permanent', '')).toEqual({ days: null, problem: undefined });
    expect(banDays('custom', ' 14 ')).toEqual({ days: 14, problem: undefined });
    expect(banDays('custom', '3650')).toEqual({ days: 3650, problem: undefined });
    for (const bad of ['', '0', '3651', '1.5', '-3', 'ten', '1e3'])
      expect(banDays('custom', bad)).toEqual({ days: null, problem: 'invalid' });
  });
});
