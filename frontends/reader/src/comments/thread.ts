// The thread as the page keeps it: top-level comments, each with its replies nested (as the server answers them).
// Changes the page makes after an answer (a new reply, an edit, a vote, a deletion) are applied here, purely, so the
// thread never needs to be fetched again.

export interface ThreadNode<T> {
  id: string;
  replies?: T[] | undefined;
}

/** The thread with `update` applied to the comment `id` (wherever it is nested); other branches stay the same objects. */
export function updateComment<T extends ThreadNode<T>>(list: readonly T[], id: string, update: (c: T) => T): T[] {
  return list.map((comment) => {
    if (comment.id === id) return update(comment);
    if (!comment.replies?.length) return comment;
    const replies = updateComment(comment.replies, id, update);
    return replies.some((r, i) => r !== comment.replies![i]) ? { ...comment, replies } : comment;
  });
}

/** The thread with `reply` added at the end of the replies of `parentId`. */
export function addReply<T extends ThreadNode<T>>(list: readonly T[], parentId: string, reply: T): T[] {
  return updateComment(list, parentId, (parent) => ({ ...parent, replies: [...(parent.replies ?? []), reply] }));
}

/**
 * The thread after the comment `id` was deleted: a comment with replies stays as "deleted" (`markDeleted`), one
 * without disappears (and so does a deleted parent left without replies).
 */
export function removeComment<T extends ThreadNode<T>>(
  list: readonly T[],
  id: string,
  markDeleted: (c: T) => T,
  isDeleted: (c: T) => boolean,
): T[] {
  const out: T[] = [];
  for (const comment of list) {
    if (comment.id === id) {
      if (comment.replies?.length) out.push(markDeleted(comment));
      continue;
    }
    if (!comment.replies?.length) {
      out.push(comment);
      continue;
    }
    const replies = removeComment(comment.replies, id, markDeleted, isDeleted);
    if (replies.length === comment.replies.length && replies.every((r, i) => r === comment.replies![i])) {
      out.push(comment);
    } else if (replies.length === 0 && isDeleted(comment)) {
      continue;
    } else {
      out.push({ ...comment, replies });
    }
  }
  return out;
}

/** Every id in the thread (top-level and nested), e.g. to ask for the viewer's votes on them. */
export function threadIds<T extends ThreadNode<T>>(list: readonly T[]): string[] {
  return list.flatMap((comment) => [comment.id, ...threadIds(comment.replies ?? [])]);
}

/** Top-level comments of a later page that are not already shown (one sent meanwhile moves the pages on). */
export function appendPage<T extends ThreadNode<T>>(shown: readonly T[], page: readonly T[]): T[] {
  const known = new Set(shown.map((c) => c.id));
  return [...shown, ...page.filter((c) => !known.has(c.id))];
}
