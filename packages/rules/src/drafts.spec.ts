import { describe, expect, it } from '@jest/globals';
import { DRAFTS_MAX, DRAFT_TRANSLATIONS_MAX, draftCapProblem, withinDeletionWindow } from './drafts.js';

describe('draft caps', () => {
  it('lets an owner hold DRAFTS_MAX drafts, not one more', () => {
    expect(DRAFTS_MAX).toBe(10);
    expect(draftCapProblem('draft', DRAFTS_MAX - 1)).toBeUndefined();
    expect(draftCapProblem('draft', DRAFTS_MAX)).toBe('draftsMax');
  });

  it('counts draft translations apart, DRAFT_TRANSLATIONS_MAX of them', () => {
    expect(DRAFT_TRANSLATIONS_MAX).toBe(5);
    expect(draftCapProblem('translation', 4)).toBeUndefined();
    expect(draftCapProblem('translation', 5)).toBe('draftTranslationsMax');
    expect(draftCapProblem('draft', 5)).toBeUndefined();
  });
});

describe('pending deletion window', () => {
  const created = new Date('2026-11-26T00:00:00Z');
  it('is open for 6 hours after creation, inclusive', () => {
    expect(withinDeletionWindow(created, new Date('2026-11-26T05:59:59Z'))).toBe(true);
    expect(withinDeletionWindow(created, new Date('2026-11-26T06:00:00Z'))).toBe(true);
    expect(withinDeletionWindow(created, new Date('2026-11-26T06:00:01Z'))).toBe(false);
  });
});
