import { useSession } from '@pencraft/ui';
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
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

/** The navigation entries of every loaded remote for one placement, for the current visitor or user. */
export function useNavEntries(placement: NavPlacement): Array<RemoteNavEntry & { remote: string }> {
  const { remotes } = useRemotes();
  const { state } = useSession();
  return entriesFor(remotes, placement, state.status === 'user');
}
