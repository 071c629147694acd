import { jest } from '@jest/globals';
import { PublicCache } from './public-cache.js';

describe('PublicCache', () => {
  afterEach(() => jest.useRealTimers());

  it('serves an entry until it expires', () => {
    jest.useFakeTimers({ now: 1_000 });
    const cache = new PublicCache(2_000);
    cache.set('a', Buffer.from('A'));
    jest.setSystemTime(2_999);
    expect(cache.get('a')?.toString()).toBe('A');
    jest.setSystemTime(3_001);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds a bounded number of entries, dropping the oldest', () => {
    const cache = new PublicCache(60_000, 2);
    cache.set('a', Buffer.from('A'));
    cache.set('b', Buffer.from('B'));
    cache.set('c', Buffer.from('C'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.toString()).toBe('C');
  });

  it('keeps no answer asked for before a deletion (it may be older than the change)', () => {
    const cache = new PublicCache(60_000);
    const before = cache.mark();
    cache.delete('article:1');
    cache.set('article:1', Buffer.from('old'), before);
    expect(cache.get('article:1')).toBeUndefined();
    const after = cache.mark();
    cache.set('article:1', Buffer.from('new'), after);
    expect(cache.get('article:1')?.toString()).toBe('new');
    cache.delete('a');
    expect(cache.get('article:1')?.toString()).toBe('new');
  });

  it('is off with a zero lifetime', () => {
    const cache = new PublicCache(0);
    cache.set('a', Buffer.from('A'));
    expect(cache.get('a')).toBeUndefined();
  });
});
