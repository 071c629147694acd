// The comment shapes as the gateway documents them (the generated client's schemas).
import type { ApiData, Schemas } from '@pencraft/ui';

/**
 * A comment in the page's thread: the documented `Comment` with its replies as the same shape at every depth
 * (the document spells the three depths out as Comment, CommentDepth2 and CommentDepth3; the deepest has none).
 */
export type CommentJson = Omit<Schemas['Comment'], 'replies'> & { replies: CommentJson[] };
export type UserComment = Schemas['UserComment'];
export type CommentEffect = ApiData<'get', '/api/articles/effect/comments'>['items'][number];
export type CommentSort = 'newest' | 'oldest' | 'top';
export type Vote = 'up' | 'down';

export const COMMENT_SORTS: readonly CommentSort[] = ['newest', 'oldest', 'top'];

type Documented = Schemas['Comment'] | Schemas['CommentDepth2'] | Schemas['CommentDepth3'];

/** The documented answer as the thread's one recursive shape (the deepest level's replies are always empty). */
export function asThread(items: readonly Documented[]): CommentJson[] {
  return items.map((item) => ({ ...item, replies: asThread((item.replies ?? []) as Documented[]) }));
}

export function asComment(item: Documented): CommentJson {
  return asThread([item])[0]!;
}
