import { useSession } from '@pencraft/ui';
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { NotificationsState } from './store.js';

export interface NotificationsContext extends NotificationsState {
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
  /** Asks the server again (the count and the newest few). */
  refresh(): void;
  dismiss(id: string): void;
}

const Context = createContext<NotificationsContext | undefined>(undefined);

/** Nothing yet (a visitor, or the live part still loading): store.ts's initial state, written here to stay light. */
const idle: NotificationsContext = {
  status: 'off',
  unread: 0,
  recent: [],
  lastId: undefined,
  seen: new Set(),
  arrived: [],
  arrivals: 0,
  markRead: async () => undefined,
  markAllRead: async () => undefined,
  refresh: () => undefined,
  dismiss: () => undefined,
};

export function useNotifications(): NotificationsContext {
  return useContext(Context) ?? idle;
}

/** Waits before opening the stream again after the server refused or closed it: 1 s, 2 s, 4 s ... at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

const LiveNotifications = lazy(() => import('./live.js').then((m) => ({ default: m.LiveNotifications })));

/**
 * The signed-in user's notifications for the whole page (live.tsx: the count and the newest few, kept live by one
 * EventSource). Its code loads for a signed-in user only, beside the page (the page is never remounted for it); a
 * visitor's page carries none of it, and reads the idle state.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const signedIn = useSession().state.status === 'user';
  const [value, setValue] = useState<NotificationsContext | undefined>(undefined);
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <LiveNotifications onChange={setValue} />
        </Suspense>
      )}
      <Context.Provider value={signedIn ? value : undefined}>{children}</Context.Provider>
    </>
  );
}
