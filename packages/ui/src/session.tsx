import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api as defaultApi, ApiError, type ApiClient, type Schemas } from './api.js';
import { removeStorageByPrefix } from './storage.js';

/** `GET /api/users/info` (and the answer of sign-in and registration) as the gateway documents it. */
export type UserInfo = Schemas['UserInfo'];

/** The signed-in user summary of SPEC.md section 3. */
export interface SessionUser {
  uid: string;
  username: string;
  fullname: string;
  theme: UserInfo['thm'];
  imageUrl: string | null;
  lang: UserInfo['lng'];
  rating: number;
  domain: string | null;
  publication: string | null;
  /** The e-mail address is confirmed (until then the account can read but not publish). */
  confirmed: boolean;
  /** A ban in force: the account can read, not write (reason of BAN_REASONS, until null = permanent). */
  ban?: { reason: string; until: string | null };
}

export function toSessionUser(info: UserInfo): SessionUser {
  return {
    uid: info.uid,
    username: info.unm,
    fullname: info.fln,
    theme: info.thm,
    imageUrl: info.iul ?? null,
    lang: info.lng,
    rating: typeof info.rtg === 'number' ? info.rtg : 0,
    domain: info.dom ?? null,
    publication: info.pub ?? null,
    confirmed: info.cnf,
    ...(info.ban ? { ban: { reason: info.ban.reason, until: info.ban.until ?? null } } : {}),
  };
}

export type SessionState = { status: 'loading' } | { status: 'visitor' } | { status: 'user'; user: SessionUser };

export interface Session {
  state: SessionState;
  /** After sign-in or registration: the body of the answer is the user info. */
  signedIn(info: UserInfo): void;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session>({
  state: { status: 'visitor' },
  signedIn: () => undefined,
  signOut: async () => undefined,
  refresh: async () => undefined,
});

/** The editor keeps unsent draft text under `pc_editor_draft:{uid}[:{draftId}]` until the server confirms it. */
export const EDITOR_DRAFT_PREFIX = 'pc_editor_draft:';

type KeyedStorage = Parameters<typeof removeStorageByPrefix>[1];

/** Removes every unsent draft text of anyone from this browser, so the next person on it cannot read it. */
export function forgetEditorDrafts(storage?: KeyedStorage): void {
  removeStorageByPrefix(EDITOR_DRAFT_PREFIX, storage);
}

/** The pauses before asking again when the summary could not be read (busy, failing or unreachable server). */
export const SESSION_RETRY_DELAYS_MS = [500, 1_000, 2_000] as const;
/** The longest a Retry-After of a 429 is waited for before asking again. */
const RETRY_AFTER_CAP_MS = 5_000;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The signed-in user, or a visitor. When the gateway says there is no session (401: signed out in another tab, ended
 * from another device, expired), the drafts left in this browser are removed. A busy, failing or unreachable server
 * (429, 5xx, no answer) is asked again after SESSION_RETRY_DELAYS_MS (a 429's Retry-After, up to 5 s), so a passing
 * hiccup does not show a signed-in person the sign-in page; only when every try failed is the page a visitor's, and
 * the drafts stay for the user to send.
 */
export async function loadSession(
  client: ApiClient,
  signal?: AbortSignal,
  storage?: KeyedStorage,
  wait: (ms: number, signal?: AbortSignal) => Promise<void> = pause,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await client.get('/api/users/info', signal ? { signal } : undefined);
      return { status: 'user', user: toSessionUser(info) } as const;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401) forgetEditorDrafts(storage);
      const passing = status === 0 || status === 429 || status >= 500;
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (!passing || delay === undefined || signal?.aborted) return { status: 'visitor' } as const;
      const retryAfter = error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : 0;
      await wait(Math.min(Math.max(delay, retryAfter), RETRY_AFTER_CAP_MS), signal);
      if (signal?.aborted) return { status: 'visitor' } as const;
    }
  }
}

/** Ends the session on the server, then removes the unsent draft text from this browser. */
export async function endSession(client: ApiClient, storage?: KeyedStorage): Promise<void> {
  await client.post('/api/id/out');
  forgetEditorDrafts(storage);
}

/** Loads the signed-in user once at start; any failure of that call makes the user a visitor. */
export function SessionProvider({ children, client = defaultApi }: { children: ReactNode; client?: ApiClient }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const refresh = useCallback(async () => setState(await loadSession(client)), [client]);

  useEffect(() => {
    const controller = new AbortController();
    void loadSession(client, controller.signal).then((loaded) => {
      if (!controller.signal.aborted) setState(loaded);
    });
    return () => controller.abort();
  }, [client]);

  const signedIn = useCallback((info: UserInfo) => setState({ status: 'user', user: toSessionUser(info) }), []);
  const signOut = useCallback(async () => {
    await endSession(client);
    setState({ status: 'visitor' });
  }, [client]);

  const value = useMemo(() => ({ state, signedIn, signOut, refresh }), [state, signedIn, signOut, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
