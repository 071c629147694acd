import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api as defaultApi, type ApiClient, type Schemas } from './api.js';

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

/** Loads the signed-in user once at start; any failure of that call makes the user a visitor. */
export function SessionProvider({ children, client = defaultApi }: { children: ReactNode; client?: ApiClient }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const refresh = useCallback(async () => {
    try {
      const info = await client.get('/api/users/info');
      setState({ status: 'user', user: toSessionUser(info) });
    } catch {
      setState({ status: 'visitor' });
    }
  }, [client]);

  useEffect(() => {
    const controller = new AbortController();
    client.get('/api/users/info', { signal: controller.signal }).then(
      (info) => setState({ status: 'user', user: toSessionUser(info) }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'visitor' });
      },
    );
    return () => controller.abort();
  }, [client]);

  const signedIn = useCallback((info: UserInfo) => setState({ status: 'user', user: toSessionUser(info) }), []);
  const signOut = useCallback(async () => {
    await client.post('/api/id/out');
    setState({ status: 'visitor' });
  }, [client]);

  const value = useMemo(() => ({ state, signedIn, signOut, refresh }), [state, signedIn, signOut, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
