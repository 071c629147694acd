// The notifications state of a signed-in page, as pure transitions (unit-tested): the newest few for the bell, the
// unread count, and every id already counted, so a notification delivered twice (the stream replays after a
// reconnect; the summary and the stream overlap) is counted once.
import { compareIds, mergeNewest, newestId, type Notification } from './model.js';

/** How many the bell keeps (the summary route answers the newest 5). */
export const RECENT_LIMIT = 5;

export interface NotificationsState {
  status: 'off' | 'loading' | 'ready' | 'failed';
  unread: number;
  recent: Notification[];
  /** The newest id this page has seen: the stream resumes after it. */
  lastId: string | undefined;
  /** Ids already counted (summary items and stream arrivals). */
  seen: ReadonlySet<string>;
  /** The live arrivals of this page, newest last (for the announcement), and how many there were. */
  arrived: Notification[];
  arrivals: number;
}

export const initialState: NotificationsState = {
  status: 'off',
  unread: 0,
  recent: [],
  lastId: undefined,
  seen: new Set(),
  arrived: [],
  arrivals: 0,
};

export type Action =
  | { type: 'reset' }
  | { type: 'loading' }
  | { type: 'failed' }
  | { type: 'summary'; unread: number; items: Notification[] }
  | { type: 'arrived'; notification: Notification }
  | { type: 'read'; id: string; unread: number }
  | { type: 'allRead' }
  | { type: 'dismiss'; id: string };

export function reduce(state: NotificationsState, action: Action): NotificationsState {
  switch (action.type) {
    case 'reset':
      return initialState;
    case 'loading':
      return { ...state, status: state.status === 'ready' ? 'ready' : 'loading' };
    case 'failed':
      return { ...state, status: state.status === 'ready' ? 'ready' : 'failed' };
    case 'summary': {
      const seen = new Set(state.seen);
      for (const item of action.items) seen.add(item.id);
      return {
        ...state,
        status: 'ready',
        unread: action.unread,
        // The summary is the server's word; arrivals newer than it (in flight meanwhile) stay on top.
        recent: mergeNewest(
          action.items,
          state.recent.filter((item) => action.items.length === 0 || compareIds(item.id, action.items[0]!.id) > 0),
          RECENT_LIMIT,
        ),
        lastId: newestId(action.items, state.lastId),
        seen,
      };
    }
    case 'arrived': {
      const { notification } = action;
      if (state.seen.has(notification.id)) return state;
      const seen = new Set(state.seen);
      seen.add(notification.id);
      return {
        ...state,
        unread: state.unread + (notification.read ? 0 : 1),
        recent: mergeNewest(state.recent, [notification], RECENT_LIMIT),
        lastId: newestId([notification], state.lastId),
        seen,
        arrived: [...state.arrived, notification].slice(-3),
        arrivals: state.arrivals + 1,
      };
    }
    case 'read': {
      const mark = (item: Notification) => (item.id === action.id ? { ...item, read: true } : item);
      return { ...state, unread: action.unread, recent: state.recent.map(mark), arrived: state.arrived.map(mark) };
    }
    case 'allRead': {
      const mark = (item: Notification) => ({ ...item, read: true });
      return { ...state, unread: 0, recent: state.recent.map(mark), arrived: [] };
    }
    case 'dismiss':
      return { ...state, arrived: state.arrived.filter((item) => item.id !== action.id) };
  }
}
