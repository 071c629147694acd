import { useSession } from '@pencraft/ui';
import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { entriesFor } from './manifest.js';
import type { RemoteRegistry, RemotesState } from './registry.js';
import type { NavPlacement, RemoteNavEntry } from '@pencraft/ui';

const RegistryContext = createContext<RemoteRegistry | null>(null);

export function RemotesProvider({ registry, children }: { registry: RemoteRegistry; children: ReactNode }) {
  return <RegistryContext value={registry}>{children}</RegistryContext>;
}

export function useRegistry(): RemoteRegistry {
  const registry = use(RegistryContext);
  if (!registry) throw new Error('useRegistry needs a RemotesProvider');
  return registry;
}

export function useRemotes(): RemotesState {
  const registry = useRegistry();
  return useSyncExternalStore(registry.subscribe, registry.getSnapshot, registry.getSnapshot);
}

/**
 * The navigation entries of every loaded remote for one placement, for the current visitor or user. A signed-in
 * user's header and menu carry every remote's entries: the remotes held back on a first view (deferOthers) load.
 */
export function useNavEntries(placement: NavPlacement): Array<RemoteNavEntry & { remote: string }> {
  const registry = useRegistry();
  const { remotes } = useRemotes();
  const { state } = useSession();
  const signedIn = state.status === 'user';
  useEffect(() => {
    if (signedIn) void registry.loadOthers();
  }, [registry, signedIn]);
  return entriesFor(remotes, placement, signedIn);
}
