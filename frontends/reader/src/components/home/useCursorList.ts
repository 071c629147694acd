import { ApiError } from '@pencraft/ui';
import { useEffect, useEffectEvent, useState } from 'react';

/** What a page of a list by cursor has: its items and where the next page starts (null: the list is over). */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CursorList<T> {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  error: ApiError | undefined;
  /** The last load failed (its error, when the server said one, in error). */
  failed: boolean;
  /** More can be loaded (the last page named a next cursor). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

interface State<T> {
  items: T[];
  next: string | null;
  status: 'loading' | 'ready' | 'error';
  error: ApiError | undefined;
  /** The last load failed: no more is loaded until retry (an observer would otherwise ask again at once). */
  failed: boolean;
  loadingMore: boolean;
}

/**
 * A list paged by cursor (the home tabs): each page continues where the one before ended, so cards published
 * meanwhile never repeat or go missing. An item already shown is not shown twice all the same (by id). To start over
 * (another tab), give the component that uses it a new React key.
 */
export function useCursorList<T extends { id: string }>(
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>,
  /** The first page when the page already has it (server-rendered); then only later pages are fetched. */
  firstPage?: CursorPage<T>,
): CursorList<T> {
  const [state, setState] = useState<State<T>>(
    firstPage
      ? {
          items: firstPage.items,
          next: firstPage.nextCursor,
          status: 'ready',
          error: undefined,
          failed: false,
          loadingMore: false,
        }
      : { items: [], next: null, status: 'loading', error: undefined, failed: false, loadingMore: false },
  );
  // What to load: the first page (cursor undefined), a later one (a cursor), or nothing yet (null).
  const [request, setRequest] = useState<{ cursor: string | undefined | null; attempt: number }>({
    cursor: firstPage ? null : undefined,
    attempt: 0,
  });
  const load = useEffectEvent((cursor: string | undefined, signal: AbortSignal) => fetchPage(cursor, signal));

  useEffect(() => {
    if (request.cursor === null) return;
    const controller = new AbortController();
    const first = request.cursor === undefined;
    load(request.cursor, controller.signal).then(
      (page) =>
        setState((s) => {
          const shown = new Set(first ? [] : s.items.map((item) => item.id));
          const items = [...(first ? [] : s.items), ...page.items.filter((item) => !shown.has(item.id))];
          return { items, next: page.nextCursor, status: 'ready', error: undefined, failed: false, loadingMore: false };
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiError ? error : undefined;
        setState((s) => ({
          ...s,
          status: first ? 'error' : 'ready',
          error: failure,
          failed: true,
          loadingMore: false,
        }));
      },
    );
    return () => controller.abort();
  }, [request]);

  return {
    items: state.items,
    status: state.status,
    error: state.error,
    failed: state.failed,
    hasMore: state.next !== null,
    loadingMore: state.loadingMore,
    loadMore() {
      if (state.next === null || state.loadingMore || state.failed) return;
      setState((s) => ({ ...s, loadingMore: true }));
      setRequest((r) => ({ cursor: state.next!, attempt: r.attempt + 1 }));
    },
    retry() {
      const cursor = state.status === 'error' ? undefined : (state.next ?? undefined);
      setState((s) => ({
        ...s,
        error: undefined,
        failed: false,
        loadingMore: s.status !== 'error',
        status: s.status === 'error' ? 'loading' : s.status,
      }));
      setRequest((r) => ({ cursor, attempt: r.attempt + 1 }));
    },
  };
}
