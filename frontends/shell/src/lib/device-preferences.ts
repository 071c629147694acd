import { readStorage, writeStorage } from '@pencraft/ui';
import { useSyncExternalStore } from 'react';
import { reconcile, syncMarker } from './preferences.js';

// The device's theme and language as a small store over localStorage, so a value reconciled with the account or
// chosen in the header re-renders whoever shows it.

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setDeviceValue(key: string, value: string): void {
  writeStorage(key, value);
  for (const listener of listeners) listener();
}

export function useDeviceValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
}

/**
 * The users whose preferences were reconciled in this page, per preference: the rule of preferences.ts runs once per
 * user and page load. The session's copy of the account values is not refreshed when the header saves a new one, and
 * the header remounts (a language change suspends it while the new strings load): running the rule again with that
 * stale copy would undo the person's choice.
 */
const reconciledFor = new Map<string, string>();

/**
 * At page load or sign-in: which value the device keeps (stored under `deviceKey`), by the rule of preferences.ts;
 * undefined when this user's value was already reconciled in this page.
 */
export function reconcileOnce<T extends string>(
  deviceKey: string,
  syncKey: string,
  uid: string,
  account: T,
  parse: (value: string | null) => T | null,
): T | undefined {
  if (reconciledFor.get(syncKey) === uid) return undefined;
  reconciledFor.set(syncKey, uid);
  const { use, marker } = reconcile(uid, account, parse(readStorage(deviceKey)), readStorage(syncKey));
  writeStorage(syncKey, marker);
  setDeviceValue(deviceKey, use);
  return use;
}

/** After the account saved a value chosen here: the device and the account agree on it. */
export function savedOnAccount(syncKey: string, uid: string, value: string): void {
  writeStorage(syncKey, syncMarker(uid, value));
}
