import { describe, expect, it } from '@jest/globals';
import {
  DRAFTS_MAX,
  DRAFT_TRANSLATIONS_MAX,
  PREVIEW_LINK_DAYS,
  audienceProblem,
  draftCapProblem,
  previewLinkExpiresAt,
  withinDeletionWindow,
} from './drafts.js';

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

describe('preview links', () => {
  it('work for PREVIEW_LINK_DAYS (30) days after they are made', () => {
    expect(PREVIEW_LINK_DAYS).toBe(30);
    expect(previewLinkExpiresAt(new Date('2026-11-01T10:00:00Z'))).toEqual(new Date('2026-12-01T10:00:00Z'));
  });
});

describe('audience', () => {
  it('refuses paid readers for a personal article; free is always fine', () => {
    expect(audienceProblem('personal', 'paid')).toBe('paidAudienceNeedsPublication');
    expect(audienceProblem('personal', 'free')).toBeUndefined();
  });
});
