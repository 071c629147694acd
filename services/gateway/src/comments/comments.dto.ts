import { commentStatuses } from '@pencraft/contracts/enums/comments';
import type { Comment } from '@pencraft/contracts/comments/v1/comments';
import {
  COMMENT_CONTENT_MAX,
  HOME_MAX_PAGE,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  USERNAME_MAX,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { ArticleId } from '../articles/article.dto.js';
import { text } from '../http/text.js';

const CommentId = z.string().regex(UUID_PATTERN);
const page = z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1);
/** What the API takes before normalizing (line endings, markup): the service refuses more than 2,000 after it. */
const CONTENT_RAW_MAX = COMMENT_CONTENT_MAX * 2;

export const ArticleCommentsParams = z.object({ id: ArticleId });
export const CommentParams = z.object({ cid: CommentId });

export const ThreadQuery = z.object({
  page,
  sort: z
    .enum(['newest', 'oldest', 'top'])
    .optional()
    .default('newest')
    .meta({ description: 'Top-level order: newest (the default), oldest, or top (score, then newest).' }),
});

export const UserCommentsQuery = z.object({
  username: z
    .string()
    .min(1)
    .max(USERNAME_MAX)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  page,
});

export const EffectsQuery = z.object({
  ids: z
    .string()
    .max(100 * 37)
    .regex(/^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$/)
    .meta({ description: 'Comment ids separated by commas, at most 100.' }),
});

const Content = text({ min: 1, max: CONTENT_RAW_MAX }).meta({
  description:
    'Plain text with line breaks; markup and control characters are removed, then it must hold 1 to 2,000 characters.',
});

export const CreateCommentBody = z.object({
  articleId: ArticleId,
  parentId: CommentId.optional().meta({ description: 'The comment answered; none for a top-level comment.' }),
  content: Content,
});

export const EditCommentBody = z.object({ commentId: CommentId, content: Content });

export const ReportCommentBody = z.object({
  reason: z.enum(REPORT_REASONS),
  note: text({ max: REPORT_NOTE_MAX }).optional(),
});

const CommentAuthor = z.object({
  uid: z.string(),
  username: z.string(),
  fullname: z.string(),
  imageUrl: z.string().nullable(),
});

const Vote = z.enum(['up', 'down']).nullable();

const CommentFields = {
  id: z.string(),
  articleId: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int().min(1).max(3),
  state: z.enum(['published', 'pending', 'rejected', 'deleted']).meta({
    description: 'pending: under review, shown to its author only; deleted: a placeholder holding replies.',
  }),
  content: z.string().nullable().meta({ description: 'Null when deleted.' }),
  author: CommentAuthor.nullable().meta({ description: 'Null when deleted.' }),
  replyTo: z
    .object({ uid: z.string(), username: z.string() })
    .nullable()
    .meta({ description: 'Whom this comment answers; null for a top-level comment.' }),
  up: z.number().int(),
  down: z.number().int(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  replyCount: z.number().int(),
};

// Threads are at most three deep, so the nesting is spelled out (a recursive schema would not document as plainly).
const CommentLevel3 = z
  .object({
    ...CommentFields,
    replies: z.array(z.object({})).max(0).meta({ description: 'Always empty: three deep is the deepest.' }),
  })
  .meta({ id: 'CommentDepth3' });
const CommentLevel2 = z.object({ ...CommentFields, replies: z.array(CommentLevel3) }).meta({ id: 'CommentDepth2' });
export const CommentJson = z.object({ ...CommentFields, replies: z.array(CommentLevel2) }).meta({ id: 'Comment' });

type CommentJsonType = Omit<z.infer<typeof CommentJson>, 'replies'> & { replies: CommentJsonType[] };

export const CommentThread = z.object({
  items: z.array(CommentJson),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  total: z.number().int().meta({ description: "The article's published comments, all depths." }),
});

export const UserCommentJson = z
  .object({
    ...CommentFields,
    replies: z.array(CommentLevel2),
    article: z.object({ id: z.string(), title: z.string() }),
  })
  .meta({ id: 'UserComment' });

export const UserCommentPage = z.object({
  items: z.array(UserCommentJson),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const CommentVotes = z.object({ id: z.string(), up: z.number().int(), down: z.number().int(), myVote: Vote });

export const CommentEffects = z.object({
  items: z.array(z.object({ id: z.string(), myVote: Vote, reported: z.boolean() })),
});

export const CommentReportJson = z.object({
  id: z.string(),
  commentId: z.string(),
  reason: z.enum(REPORT_REASONS),
  createdAt: z.string(),
});

function stateOf(comment: Comment): CommentJsonType['state'] {
  if (comment.deleted) return 'deleted';
  const status = commentStatuses.fromProto(comment.status);
  if (status === 'published') return 'published';
  return status === 'rejected' ? 'rejected' : 'pending';
}

export function commentJson(comment: Comment): CommentJsonType {
  const deleted = comment.deleted;
  return {
    id: comment.id,
    articleId: comment.articleId,
    parentId: comment.parentId || null,
    depth: comment.depth,
    state: stateOf(comment),
    content: deleted ? null : comment.content,
    author:
      deleted || !comment.author
        ? null
        : {
            uid: comment.author.uid,
            username: comment.author.username,
            fullname: comment.author.fullname,
            imageUrl: comment.author.imageUrl || null,
          },
    replyTo: comment.replyToUid ? { uid: comment.replyToUid, username: comment.replyToUsername } : null,
    up: comment.up,
    down: comment.down,
    createdAt: new Date(comment.createdAtMs).toISOString(),
    editedAt: comment.editedAtMs ? new Date(comment.editedAtMs).toISOString() : null,
    replyCount: comment.replyCount,
    replies: comment.replies.map(commentJson),
  };
}

export const voteOf = (vote: string) => (vote === 'up' || vote === 'down' ? vote : null);
