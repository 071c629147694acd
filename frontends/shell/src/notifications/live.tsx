// The live part of the signed-in user's notifications (see NotificationsProvider.tsx, which loads it for a signed-in
// user only: a visitor's page carries none of this code).
import { useSession } from '@pencraft/ui';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { fetchSummary, markAllRead as putAllRead, markRead as putRead, streamUrl } from './client.js';
import { parseNotification } from './model.js';
import { initialState, reduce } from './store.js';
import { reconnectDelay, type NotificationsContext } from './NotificationsProvider.js';

/**
 * The signed-in user's notifications for the whole page: the count and the newest few from
 * GET /api/notifications/my, kept live by one EventSource on /api/notifications/stream. The browser reconnects a
 * dropped stream by itself, sending Last-Event-ID (the server sends what was missed); when the server refused or
 * ended the stream for good, this opens it again after a pause with `?after=` the newest id seen. A visitor has none.
 */
export function LiveNotifications({ onChange }: { onChange: (value: NotificationsContext | undefined) => void }) {
  const { state: session } = useSession();
  const uid = session.status === 'user' ? session.user.uid : undefined;
  const [state, dispatch] = useReducer(reduce, initialState);
  const lastId = useRef<string | undefined>(undefined);
  useEffect(() => {
    lastId.current = state.lastId;
  }, [state.lastId]);
  const summaryRequest = useRef<AbortController | undefined>(undefined);

  const refresh = useCallback(() => {
    summaryRequest.current?.abort();
    const controller = new AbortController();
    summaryRequest.current = controller;
    dispatch({ type: 'loading' });
    fetchSummary(controller.signal).then(
      (summary) => {
        if (!controller.signal.aborted) dispatch({ type: 'summary', ...summary });
      },
      () => {
        if (!controller.signal.aborted) dispatch({ type: 'failed' });
      },
    );
  }, []);

  // A new user (sign-in, another account) starts from the server's state; a visitor has nothing.
  useEffect(() => {
    dispatch({ type: 'reset' });
    lastId.current = undefined;
    if (!uid) return;
    refresh();
    return () => summaryRequest.current?.abort();
  }, [uid, refresh]);

  const ready = state.status === 'ready';
  useEffect(() => {
    if (!uid || !ready || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let dropped = false;
    let stopped = false;

    const open = () => {
      source = new EventSource(streamUrl(lastId.current));
      source.addEventListener('open', () => {
        attempt = 0;
        // Back after a drop: what was missed comes over the stream; the count may have changed elsewhere (read in
        // another tab), so ask for it again.
        if (dropped) refresh();
        dropped = false;
      });
      source.addEventListener('notification', (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const notification = parseNotification(data);
        if (notification) dispatch({ type: 'arrived', notification });
      });
      source.addEventListener('error', () => {
        dropped = true;
        // CONNECTING: the browser retries by itself with Last-Event-ID. CLOSED: refused (401, 429) or not a stream.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source.close();
        timer = setTimeout(open, reconnectDelay(attempt++));
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [uid, ready, refresh]);

  const markRead = useCallback(async (id: string) => {
    const unread = await putRead(id);
    dispatch({ type: 'read', id, unread });
  }, []);
  const markAllRead = useCallback(async () => {
    await putAllRead();
    dispatch({ type: 'allRead' });
  }, []);
  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);

  const value = useMemo(
    () => ({ ...state, markRead, markAllRead, refresh, dismiss }),
    [state, markRead, markAllRead, refresh, dismiss],
  );
  useEffect(() => onChange(value), [onChange, value]);
  useEffect(() => () => onChange(undefined), [onChange]);
  return null;
}
