import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import {
  checkCommentLimits,
  commentContent,
  decide,
  isEditable,
  nextVote,
  placeReply,
  voteDelta,
  type CommentState,
} from './comment.rules.js';

function codeOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  return undefined;
}

const state = (over: Partial<CommentState> = {}): CommentState => ({
  status: 'underReview',
  deleted: false,
  pendingEdit: false,
  everPublished: false,
  ...over,
});

describe('commentContent', () => {
  it('stores plain text and refuses what is empty or too long after normalizing', () => {
    expect(commentContent(' a <b>b</b>\r\nc ')).toBe('a b\nc');
    expect(codeOf(() => commentContent('<p></p>'))).toBe('InvalidContent');
    expect(codeOf(() => commentContent('x'.repeat(2001)))).toBe('InvalidContent');
  });
});

describe('placeReply', () => {
  const parent = (depth: number) => ({
    id: `p${depth}`,
    parentId: `p${depth - 1}`,
    rootId: 'root',
    depth,
    authorUid: 'u',
  });

  it('puts a top-level comment at depth 1, its own root', () => {
    expect(placeReply('c', undefined)).toEqual({ parentId: null, rootId: 'c', depth: 1, replyToUid: null });
  });

  it('nests replies under their parent up to depth 3', () => {
    expect(placeReply('c', parent(1))).toEqual({ parentId: 'p1', rootId: 'root', depth: 2, replyToUid: 'u' });
    expect(placeReply('c', parent(2))).toEqual({ parentId: 'p2', rootId: 'root', depth: 3, replyToUid: 'u' });
  });

  it('puts an answer to a depth-3 comment beside it, naming whom it answers', () => {
    expect(placeReply('c', parent(3))).toEqual({ parentId: 'p2', rootId: 'root', depth: 3, replyToUid: 'u' });
  });
});

describe('checkCommentLimits', () => {
  it('allows 10 in 10 minutes and 100 a day', () => {
    expect(codeOf(() => checkCommentLimits(9, 99))).toBeUndefined();
    expect(codeOf(() => checkCommentLimits(10, 10))).toBe('CommentsCountExceed');
    expect(codeOf(() => checkCommentLimits(0, 100))).toBe('CommentsCountExceed');
  });
});

describe('decide', () => {
  it('publishes a comment under review and announces it once', () => {
    const first = decide(state(), 'approve');
    expect(first).toMatchObject({ changed: true, announcePublished: true, announceRemoved: false, isEdit: false });
    expect(first.next).toEqual(state({ status: 'published', everPublished: true }));
    expect(decide(first.next, 'approve')).toMatchObject({ changed: false, announcePublished: false });
  });

  it('clears the edit of a published comment without announcing it again', () => {
    const outcome = decide(state({ status: 'published', pendingEdit: true, everPublished: true }), 'approve');
    expect(outcome).toMatchObject({ changed: true, announcePublished: false, isEdit: true });
    expect(outcome.next.pendingEdit).toBe(false);
  });

  it('removes a published comment on reject, announcing it as deleted', () => {
    const outcome = decide(state({ status: 'published', everPublished: true, pendingEdit: true }), 'reject');
    expect(outcome).toMatchObject({ changed: true, announceRemoved: true, isEdit: true });
    expect(outcome.next.status).toBe('rejected');
    expect(decide(outcome.next, 'reject').changed).toBe(false);
  });

  it('rejects a comment under review quietly, and never approves a deleted one', () => {
    expect(decide(state(), 'reject')).toMatchObject({ changed: true, announceRemoved: false });
    expect(decide(state({ deleted: true }), 'reject').changed).toBe(false);
    expect(codeOf(() => decide(state({ deleted: true }), 'approve'))).toBe('CommentNotFound');
  });
});

describe('isEditable', () => {
  it('is false for deleted and rejected comments', () => {
    expect(isEditable(state())).toBe(true);
    expect(isEditable(state({ status: 'published' }))).toBe(true);
    expect(isEditable(state({ deleted: true }))).toBe(false);
    expect(isEditable(state({ status: 'rejected' }))).toBe(false);
  });
});

describe('votes', () => {
  it('toggles and switches; a downvote needs the Pro rating to cast, not to remove', () => {
    expect(nextVote(null, 'up', 0)).toBe('up');
    expect(nextVote('up', 'up', 0)).toBeNull();
    expect(codeOf(() => nextVote(null, 'down', 99))).toBe('CannotDownvote');
    expect(nextVote('up', 'down', 100)).toBe('down');
    expect(nextVote('down', 'down', 0)).toBeNull();
    expect(voteDelta('up', 'down')).toEqual({ up: -1, down: 1 });
  });
});
