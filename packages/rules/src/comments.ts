import { codePointLength } from './text.js';

/** A comment's text, in characters (code points) after normalizing. */
export const COMMENT_CONTENT_MAX = 2000;
/** 1 top level, 2 a reply, 3 a reply to a reply; answers to a depth-3 comment sit beside it, under its parent. */
export const COMMENT_DEPTH_MAX = 3;
/** New comments one user may write (edits do not count): CommentsCountExceed beyond either. */
export const COMMENTS_PER_10_MINUTES = 10;
export const COMMENTS_PER_DAY = 100;
/** Reports one user may send in 24 hours: ReportsCountExceed beyond. */
export const REPORTS_PER_DAY = 10;
export const REPORT_NOTE_MAX = 500;
/** Where a comment stands: waiting for moderation (shown to its author only), published, or rejected. */
export const COMMENT_STATUSES = ['underReview', 'published', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
/** How long an excerpt of a comment is in events and notifications. */
export const COMMENT_EXCERPT_MAX = 140;
/** The reasons of a comment report (SPEC.md section 3), as the codes the API carries; pages translate them. */
export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'hateSpeech', 'violence', 'falseInfo'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];
export type CommentContentProblem = 'contentRequired' | 'contentLength';

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === 'string' && (REPORT_REASONS as readonly string[]).includes(value);
}

// eslint-disable-next-line no-control-regex -- control characters (but the line feed) are what is removed
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;
const TAG = /<\/?[a-zA-Z!][^>]*>/g;

/**
 * A comment as stored: plain text with line breaks. Line endings become \n, anything that looks like a tag and
 * control or direction-changing characters go, trailing spaces of lines go, more than one empty line in a row
 * becomes one, and the ends are trimmed.
 */
export function normalizeCommentContent(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(TAG, '')
    .replace(CONTROL_BUT_NEWLINE, '')
    .replace(/[ \t\u00A0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Of a normalized comment. */
export function commentContentProblem(content: string): CommentContentProblem | undefined {
  if (!content) return 'contentRequired';
  return codePointLength(content) > COMMENT_CONTENT_MAX ? 'contentLength' : undefined;
}

/** A report's note as stored: one line of plain text. */
export function normalizeReportNote(note: string): string {
  return note.replace(/\s+/g, ' ').replace(TAG, '').replace(CONTROL_BUT_NEWLINE, '').trim();
}

/** The beginning of a comment for events and notifications: one line, at most COMMENT_EXCERPT_MAX characters. */
export function commentExcerpt(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= COMMENT_EXCERPT_MAX ? line : `${chars.slice(0, COMMENT_EXCERPT_MAX - 1).join('')}…`;
}
