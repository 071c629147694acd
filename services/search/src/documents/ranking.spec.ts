import { describe, expect, it, jest } from '@jest/globals';
import type { DatabaseHandle } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { DocumentRepository } from './document.repository.js';

/** A repository whose database must not be reached: rankIfCommon (the SQL) is replaced, each making held open. */
function repository() {
  const database = new Proxy({} as DatabaseHandle, {
    get: (_, name) => {
      throw new Error(`unexpected database access: ${String(name)}`);
    },
  });
  const documents = new DocumentRepository(database);
  const open = new Map<string, (made: boolean) => void>();
  const make = jest.spyOn(documents, 'rankIfCommon').mockImplementation(
    (key: string) =>
      new Promise<boolean>((resolve) => {
        open.set(key, resolve);
      }),
  );
  return { documents, make, finish: (key: string, made: boolean) => open.get(key)!(made) };
}

describe('DocumentRepository.ranking (one maker of a ranked list per word)', () => {
  const q = sql`'gardens'::tsquery`;

  it('lets concurrent searches of a word wait for the one making its list', async () => {
    const { documents, make, finish } = repository();
    const first = documents.ranking('["gardens"]', q);
    const second = documents.ranking('["gardens"]', q);
    expect(make).toHaveBeenCalledTimes(1);
    finish('["gardens"]', true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
  });

  it('makes the lists of different words apart, and counts a word again once its making ended', async () => {
    const { documents, make, finish } = repository();
    const gardens = documents.ranking('["gardens"]', q);
    void documents.ranking('["tomatoes"]', q);
    expect(make).toHaveBeenCalledTimes(2);
    finish('["gardens"]', false);
    await expect(gardens).resolves.toBe(false);
    void documents.ranking('["gardens"]', q);
    void documents.ranking('["tomatoes"]', q);
    // tomatoes is still being made; gardens (not common then) is counted again.
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('forgets a making that failed, so the next search tries again', async () => {
    const { documents, make } = repository();
    make.mockRejectedValueOnce(new Error('deadlock'));
    await expect(documents.ranking('["gardens"]', q)).rejects.toThrow('deadlock');
    make.mockResolvedValueOnce(true);
    await expect(documents.ranking('["gardens"]', q)).resolves.toBe(true);
    expect(make).toHaveBeenCalledTimes(2);
  });
});
