import { addReply, appendPage, removeComment, threadIds, updateComment } from './thread.js';
import { asThread } from './types.js';

interface Node {
  id: string;
  deleted?: boolean;
  text?: string;
  replies?: Node[];
}

const thread = (): Node[] => [
  { id: 'a', replies: [{ id: 'a1', replies: [{ id: 'a1x' }] }, { id: 'a2' }] },
  { id: 'b', replies: [] },
];
const markDeleted = (c: Node): Node => ({ ...c, deleted: true, text: '' });
const isDeleted = (c: Node) => c.deleted === true;

describe('the comment thread', () => {
  it('changes one comment wherever it is nested and keeps the other branches', () => {
    const before = thread();
    const after = updateComment(before, 'a1x', (c) => ({ ...c, text: 'edited' }));
    expect(after[0]!.replies![0]!.replies![0]!.text).toBe('edited');
    expect(after[1]).toBe(before[1]);
    expect(after[0]!.replies![1]).toBe(before[0]!.replies![1]);
    expect(before[0]!.replies![0]!.replies![0]!.text).toBeUndefined();
  });

  it('adds a reply at the end of its parent', () => {
    const after = addReply(thread(), 'b', { id: 'b1' });
    expect(after[1]!.replies!.map((r) => r.id)).toEqual(['b1']);
    expect(addReply(after, 'a1', { id: 'a1y' })[0]!.replies![0]!.replies!.map((r) => r.id)).toEqual(['a1x', 'a1y']);
  });

  it('keeps a deleted comment with replies as deleted and drops one without', () => {
    const kept = removeComment(thread(), 'a1', markDeleted, isDeleted);
    expect(kept[0]!.replies![0]).toEqual({ id: 'a1', deleted: true, text: '', replies: [{ id: 'a1x' }] });
    const dropped = removeComment(thread(), 'a2', markDeleted, isDeleted);
    expect(dropped[0]!.replies!.map((r) => r.id)).toEqual(['a1']);
    expect(removeComment(thread(), 'b', markDeleted, isDeleted).map((c) => c.id)).toEqual(['a']);
  });

  it('drops a deleted parent once its last reply goes', () => {
    const once = removeComment(thread(), 'a1', markDeleted, isDeleted);
    const twice = removeComment(once, 'a1x', markDeleted, isDeleted);
    expect(twice[0]!.replies!.map((r) => r.id)).toEqual(['a2']);
  });

  it('lists every id and appends only comments not yet shown', () => {
    expect(threadIds(thread())).toEqual(['a', 'a1', 'a1x', 'a2', 'b']);
    expect(appendPage(thread(), [{ id: 'b' }, { id: 'c' }]).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the documented answer', () => {
  const base = {
    articleId: 'x',
    parentId: null,
    state: 'published' as const,
    content: 'text',
    author: null,
    replyTo: null,
    up: 0,
    down: 0,
    createdAt: '2026-11-26T10:00:00Z',
    editedAt: null,
    replyCount: 0,
  };

  it('becomes one recursive shape, the deepest level with no replies', () => {
    const thread = asThread([
      {
        ...base,
        id: 'a',
        depth: 1,
        replies: [{ ...base, id: 'a1', depth: 2, replies: [{ ...base, id: 'a1x', depth: 3, replies: [] }] }],
      },
    ]);
    expect(threadIds(thread)).toEqual(['a', 'a1', 'a1x']);
    expect(thread[0]!.replies[0]!.replies[0]!.replies).toEqual([]);
  });
});
