import {
  draftKey,
  emptyValues,
  keepPending,
  loadPending,
  newDraftKey,
  sameValues,
  toValues,
  type DraftStorage,
} from './local-draft.js';

function memory() {
  const map = new Map<string, string>();
  const storage: DraftStorage & { map: Map<string, string> } = {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
  return storage;
}

describe('unsent changes kept in the browser', () => {
  it('keeps, loads and forgets them per user and draft', () => {
    const storage = memory();
    const pending = { values: { ...emptyValues('en'), title: 'T' }, baseVersion: 3, changedAt: 9 };
    expect(keepPending(storage, draftKey('u1', 'd1'), pending)).toBe(true);
    expect(storage.map.has('pc_editor_draft:u1:d1')).toBe(true);
    expect(loadPending(storage, draftKey('u1', 'd1'))).toEqual(pending);
    expect(loadPending(storage, draftKey('u2', 'd1'))).toBeNull();
    keepPending(storage, draftKey('u1', 'd1'), null);
    expect(loadPending(storage, draftKey('u1', 'd1'))).toBeNull();
  });

  it('reads what the editor kept before drafts lived on the server', () => {
    const storage = memory();
    storage.map.set(
      newDraftKey('u1'),
      JSON.stringify({ title: 'Old', description: 'D', language: 'ru', category: 'tech', content: { blocks: [] } }),
    );
    expect(loadPending(storage, newDraftKey('u1'))).toEqual({
      values: { ...emptyValues('ru'), title: 'Old', description: 'D', category: 'tech', content: { blocks: [] } },
      baseVersion: 0,
      changedAt: 0,
    });
  });

  it('survives broken or refused storage', () => {
    const storage = memory();
    storage.map.set(draftKey('u1', 'd'), '{not json');
    expect(loadPending(storage, draftKey('u1', 'd'))).toBeNull();
    const full = {
      ...memory(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const pending = { values: emptyValues('az'), baseVersion: 1, changedAt: 1 };
    expect(keepPending(full, 'k', pending)).toBe(false);
    expect(keepPending(null, 'k', pending)).toBe(false);
  });

  it('takes only known fields from the server or the storage', () => {
    expect(
      toValues({ title: 1, subCategories: ['a', 2], audience: 'vip', content: { blocks: 'x' }, extra: 1 }, 'az'),
    ).toEqual({ ...emptyValues('az'), subCategories: ['a'] });
    const a = { ...emptyValues('az'), subCategories: ['x', 'y'], content: { time: 1, blocks: [] } };
    const b = { ...emptyValues('az'), subCategories: ['y', 'x'], content: { time: 2, blocks: [] } };
    expect(sameValues(a, b)).toBe(true);
    expect(sameValues(a, { ...b, title: 'n' })).toBe(false);
  });
});
