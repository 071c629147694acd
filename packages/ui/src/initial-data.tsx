import { createContext, use, type ReactNode } from 'react';

// Data a server-rendered page was rendered with, handed to the browser so the page takes over without fetching it
// again. The reader's renderer embeds it as `<script id="pc-data" type="application/json">{"path", "data"}</script>`;
// on the server the same hook reads the provider the renderer wraps the page in.

/** The id of the embedded script element. */
export const INITIAL_DATA_ID = 'pc-data';

/** What the script element holds: the path the page was rendered for and its data by key. */
export interface InitialDataPayload {
  path: string;
  data: Record<string, unknown>;
}

const InitialDataContext = createContext<Record<string, unknown> | null>(null);

/** Server rendering: the data of the page being rendered. */
export function InitialDataProvider({ data, children }: { data: Record<string, unknown>; children: ReactNode }) {
  return <InitialDataContext value={data}>{children}</InitialDataContext>;
}

let store: InitialDataPayload | null | undefined;

/** Reads and parses the embedded script once; a missing or malformed one means no data. */
export function readInitialData(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document) {
  if (store !== undefined) return store;
  store = null;
  const text = doc?.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return store;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as InitialDataPayload).path === 'string' &&
      typeof (parsed as InitialDataPayload).data === 'object' &&
      (parsed as InitialDataPayload).data !== null
    )
      store = parsed as InitialDataPayload;
  } catch {
    store = null;
  }
  return store;
}

/** Tests: forget what was read (the next call reads the document again). */
export function resetInitialData(): void {
  store = undefined;
}

/**
 * The value the server rendered this page with under `key`: `undefined` when there is none (fetch it), `null`
 * when the server found nothing (the page's not-found state). In the browser a value answers only while the
 * address is still the page the server rendered: the first call from another path drops them all, so a later
 * navigation (back to the same page too) fetches afresh.
 */
export function takeInitialData<T>(key: string, pathname: string | undefined = globalThis.location?.pathname) {
  const payload = readInitialData();
  if (!payload) return undefined;
  if (pathname !== payload.path) {
    store = null;
    return undefined;
  }
  return Object.hasOwn(payload.data, key) ? (payload.data[key] as T | null) : undefined;
}

/** See takeInitialData; on the server, the provider's data. */
export function useInitialData<T>(key: string): T | null | undefined {
  const server = use(InitialDataContext);
  if (server) return Object.hasOwn(server, key) ? (server[key] as T | null) : undefined;
  return takeInitialData<T>(key);
}
