// localStorage can throw (disabled storage, quota, privacy modes); preferences then simply do not persist.

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): boolean {
  try {
    globalThis.localStorage?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes every key that starts with `prefix`; nothing when storage is unavailable. */
export function removeStorageByPrefix(
  prefix: string,
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'> | null = localStorageOrNull(),
): void {
  try {
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(prefix) === true,
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
