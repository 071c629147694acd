import type { Notification } from './model.js';
import { reconnectDelay } from './NotificationsProvider.js';
import { initialState, reduce, RECENT_LIMIT } from './store.js';

const n = (id: string, read = false): Notification => ({ id, type: 0, read, createdAt: '2026-11-26T12:00:00.000Z' });

describe('the notifications state', () => {
  it('starts from the summary and counts a live arrival once, however often it is delivered', () => {
    let state = reduce(initialState, { type: 'summary', unread: 2, items: [n('5'), n('4')] });
    expect(state).toMatchObject({ status: 'ready', unread: 2, lastId: '5' });
    state = reduce(state, { type: 'arrived', notification: n('6') });
    state = reduce(state, { type: 'arrived', notification: n('6') });
    // A replay of one the summary had is not new either.
    state = reduce(state, { type: 'arrived', notification: n('5') });
    expect(state.unread).toBe(3);
    expect(state.lastId).toBe('6');
    expect(state.recent.map((item) => item.id)).toEqual(['6', '5', '4']);
    expect(state.arrived.map((item) => item.id)).toEqual(['6']);
    expect(state.arrivals).toBe(1);
  });

  it('keeps the newest few, and arrivals newer than a later summary', () => {
    let state = reduce(initialState, { type: 'summary', unread: 0, items: [] });
    for (let id = 1; id <= 8; id++) state = reduce(state, { type: 'arrived', notification: n(String(id)) });
    expect(state.recent).toHaveLength(RECENT_LIMIT);
    expect(state.recent[0]!.id).toBe('8');
    state = reduce(state, { type: 'summary', unread: 7, items: [n('7'), n('6')] });
    expect(state.recent.map((item) => item.id)).toEqual(['8', '7', '6']);
    expect(state.unread).toBe(7);
  });

  it('marks one and all read, and forgets everything on reset', () => {
    let state = reduce(initialState, { type: 'summary', unread: 2, items: [n('2'), n('1')] });
    state = reduce(state, { type: 'read', id: '2', unread: 1 });
    expect(state.recent.map((item) => item.read)).toEqual([true, false]);
    expect(state.unread).toBe(1);
    state = reduce(state, { type: 'allRead' });
    expect(state.unread).toBe(0);
    expect(state.recent.every((item) => item.read)).toBe(true);
    expect(reduce(state, { type: 'reset' })).toBe(initialState);
  });

  it('does not count one that arrives already read, and keeps a ready state ready while refreshing', () => {
    let state = reduce(initialState, { type: 'summary', unread: 0, items: [] });
    state = reduce(state, { type: 'arrived', notification: n('3', true) });
    expect(state.unread).toBe(0);
    expect(reduce(state, { type: 'loading' }).status).toBe('ready');
    expect(reduce(state, { type: 'failed' }).status).toBe('ready');
    expect(reduce(initialState, { type: 'failed' }).status).toBe('failed');
  });

  it('waits longer after each refused reconnection, at most 30 s', () => {
    expect([0, 1, 2, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
