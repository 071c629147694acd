import { api, ApiError } from '@pencraft/ui';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PageData } from './index.js';
import { useInitialData } from './initial.js';

export type PageState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'notFound' }
  | { status: 'error'; message: string | undefined };

/**
 * A page's first data: what the server rendered it with (useInitialData, same key), else loaded here. 404 is
 * "not found"; other failures carry the server's localized message. `reload` loads again (showing loading), `refresh`
 * in the background; `set` replaces the value (after a change the page made) and drops a load still under way, whose
 * answer was read before that change. Give the calling component a new React key for another key.
 */
export function usePageData<T>(data: PageData<T>) {
  // null: the server rendered this page as not found (its loader answered 404).
  const initial = useInitialData<T>(data.key);
  const [state, setState] = useState<PageState<T>>(
    initial === undefined
      ? { status: 'loading' }
      : initial === null
        ? { status: 'notFound' }
        : { status: 'ready', value: initial },
  );
  const [attempt, setAttempt] = useState(initial === undefined ? 1 : 0);
  const load = useEffectEvent((signal: AbortSignal) => data.load(api, signal));
  const loading = useRef<AbortController>(undefined);

  useEffect(() => {
    if (attempt === 0) return;
    const controller = new AbortController();
    loading.current = controller;
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'notFound' });
        else setState({ status: 'error', message: error instanceof ApiError ? error.message : undefined });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  /** Loads again while the current value stays shown (e.g. after signing in: per-viewer fields). */
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((value: T) => {
    loading.current?.abort();
    setState({ status: 'ready', value });
  }, []);
  /** Whether the value came from the server's rendering, which is a visitor's (no per-viewer fields). */
  const rendered = initial !== undefined;
  return { state, reload, refresh, set, rendered };
}
