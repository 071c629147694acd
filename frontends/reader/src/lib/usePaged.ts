import { ApiError } from '@pencraft/ui';
import { useEffect, useEffectEvent, useState } from 'react';

/** What a paged list answer has (ArticlePage, SearchPage): the items and whether there are more. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

export interface Paged<T> {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  error: ApiError | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

interface State<T> {
  items: T[];
  loaded: number;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  error: ApiError | undefined;
  loadingMore: boolean;
}

/**
 * Page-by-page loading with "load more", up to `maxPage` (the server refuses deeper pages: @pencraft/rules).
 * To start over for another query, give the component that uses it a new React key.
 */
export function usePaged<T>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  maxPage: number,
  /** The first page when the page already has it (server-rendered); then only later pages are fetched. */
  firstPage?: Page<T>,
): Paged<T> {
  const [state, setState] = useState<State<T>>(
    firstPage
      ? {
          items: firstPage.items,
          loaded: 1,
          hasMore: firstPage.hasMore && maxPage > 1,
          status: 'ready',
          error: undefined,
          loadingMore: false,
        }
      : { items: [], loaded: 0, hasMore: false, status: 'loading', error: undefined, loadingMore: false },
  );
  const [request, setRequest] = useState({ page: firstPage ? 0 : 1, attempt: 0 });
  const load = useEffectEvent((page: number, signal: AbortSignal) => fetchPage(page, signal));

  useEffect(() => {
    if (request.page === 0) return;
    const controller = new AbortController();
    load(request.page, controller.signal).then(
      (result) =>
        setState((s) => ({
          items: request.page === 1 ? result.items : [...s.items, ...result.items],
          loaded: request.page,
          hasMore: result.hasMore && request.page < maxPage,
          status: 'ready',
          error: undefined,
          loadingMore: false,
        })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => ({
          ...s,
          status: s.items.length ? 'ready' : 'error',
          error: error instanceof ApiError ? error : undefined,
          loadingMore: false,
        }));
      },
    );
    return () => controller.abort();
  }, [request, maxPage]);

  return {
    items: state.items,
    status: state.status,
    error: state.error,
    hasMore: state.hasMore,
    loadingMore: state.loadingMore,
    loadMore: () => {
      setState((s) => ({ ...s, loadingMore: true, error: undefined }));
      setRequest((r) => ({ page: state.loaded + 1, attempt: r.attempt + 1 }));
    },
    retry: () => {
      setState((s) => ({
        ...s,
        status: s.items.length ? 'ready' : 'loading',
        loadingMore: s.items.length > 0,
        error: undefined,
      }));
      setRequest((r) => ({ page: state.loaded + 1, attempt: r.attempt + 1 }));
    },
  };
}
