import { describe, expect, it } from '@jest/globals';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_EXCERPT_MAX,
  commentContentProblem,
  commentExcerpt,
  isReportReason,
  normalizeCommentContent,
  normalizeReportNote,
} from './comments.js';

describe('normalizeCommentContent', () => {
  it('keeps line breaks, drops markup and control characters', () => {
    expect(
      normalizeCommentContent('  Hello <b>world</b>\r\nsecond\u0000 line  \r\n\r\n\r\n\r\nthird<script>x</script> '),
    ).toBe('Hello world\nsecond line\n\nthirdx');
  });

  it('removes direction overrides and zero-width characters', () => {
    expect(normalizeCommentContent('a\u202Eb\u200Bc')).toBe('abc');
  });

  it('keeps text that only looks like comparisons', () => {
    expect(normalizeCommentContent('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });
});

describe('commentContentProblem', () => {
  it('refuses empty and too long text, counting code points', () => {
    expect(commentContentProblem('')).toBe('contentRequired');
    expect(commentContentProblem('ə'.repeat(COMMENT_CONTENT_MAX))).toBeUndefined();
    expect(commentContentProblem('😀'.repeat(COMMENT_CONTENT_MAX + 1))).toBe('contentLength');
  });
});

describe('reports', () => {
  it('knows the six reasons', () => {
    expect(isReportReason('hateSpeech')).toBe(true);
    expect(isReportReason('note')).toBe(false);
    expect(isReportReason(undefined)).toBe(false);
  });

  it('keeps a note on one line', () => {
    expect(normalizeReportNote(' a\n<i>b</i>\tc ')).toBe('a b c');
  });
});

describe('commentExcerpt', () => {
  it('is one line, cut with an ellipsis', () => {
    expect(commentExcerpt('a\nb')).toBe('a b');
    const long = commentExcerpt('x'.repeat(500));
    expect([...long]).toHaveLength(COMMENT_EXCERPT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
