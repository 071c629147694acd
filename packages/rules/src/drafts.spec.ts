import { describe, expect, it } from '@jest/globals';
import {
  DRAFTS_MAX,
  DRAFT_TRANSLATIONS_MAX,
  PAID_TEASER_MAX_BLOCKS,
  PAID_TEASER_MAX_CHARS,
  PREVIEW_LINK_DAYS,
  audienceProblem,
  paidTeaser,
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
    expect(audienceProblem('', 'paid')).toBe('paidAudienceNeedsPublication');
    expect(audienceProblem(null, 'paid')).toBe('paidAudienceNeedsPublication');
  });

  it("allows paid readers for a publication's article", () => {
    expect(audienceProblem('0b7c9a52-4a57-4c43-9d55-3a4a1c8e2f10', 'paid')).toBeUndefined();
    expect(audienceProblem('0b7c9a52-4a57-4c43-9d55-3a4a1c8e2f10', 'free')).toBeUndefined();
  });
});

describe('paid teaser', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');

  it('shows whole leading blocks within the bound and never the paid part', () => {
    // 10 blocks of 100 characters: 30% of 1000 is 300, so three blocks (also PAID_TEASER_MAX_BLOCKS).
    const blocks = Array.from({ length: 10 }, () => 'x'.repeat(100));
    expect(paidTeaser(blocks)).toEqual({ blocks: 3, excerpt: '' });
    expect(PAID_TEASER_MAX_BLOCKS).toBe(3);
  });

  it('stops at PAID_TEASER_MAX_CHARS however long the article', () => {
    const blocks = ['a'.repeat(400), 'b'.repeat(300), ...Array.from({ length: 20 }, () => 'c'.repeat(500))];
    expect(paidTeaser(blocks)).toEqual({ blocks: 1, excerpt: '' });
    expect(PAID_TEASER_MAX_CHARS).toBe(600);
  });

  it('gives a short article little: at most 30% of its text', () => {
    const blocks = ['a'.repeat(50), 'b'.repeat(50), 'c'.repeat(50), 'd'.repeat(50)];
    // 30% of 200 is 60: one block.
    expect(paidTeaser(blocks)).toEqual({ blocks: 1, excerpt: '' });
  });

  it('cuts a long first block at a word boundary, within the bound', () => {
    const long = words(1000);
    const teaser = paidTeaser([long, 'tail']);
    expect(teaser.blocks).toBe(0);
    expect(teaser.excerpt.endsWith('…')).toBe(true);
    expect([...teaser.excerpt].length).toBeLessThanOrEqual(PAID_TEASER_MAX_CHARS);
    expect(long.startsWith(teaser.excerpt.slice(0, -1))).toBe(true);
    expect(teaser.excerpt).not.toMatch(/\sw?…$/);
  });

  it('does not count an image alone as a teaser', () => {
    const teaser = paidTeaser(['', words(1000)]);
    expect(teaser.blocks).toBe(0);
    expect(teaser.excerpt.length).toBeGreaterThan(0);
  });

  it('answers nothing for an empty article', () => {
    expect(paidTeaser([])).toEqual({ blocks: 0, excerpt: '' });
  });
});
