import { CONSENT_STORAGE_KEY, resolveConsent, type ConsentState } from '../lib/consent.js';

/** Consent mode of SPEC.md section 4: what each kind of storage may do; denied until the visitor accepts. */
export interface StorageModes {
  analytics: 'granted' | 'denied';
  ads: 'granted' | 'denied';
}

export function storageModes(state: ConsentState): StorageModes {
  const granted = state.consent === true ? 'granted' : 'denied';
  return { analytics: granted, ads: granted };
}

export interface ConsentStoreDeps {
  read(key: string): string | null;
  write(key: string, value: string): void;
  onPublicationHost: boolean;
  /** Declining: the analytics cookies go (the gateway expires them; they are HttpOnly). */
  withdraw(): Promise<void>;
  /** Tells whoever listens (analytics) that the storage modes changed. */
  announce(modes: StorageModes): void;
}

export interface ConsentStore {
  /** On a publication subdomain the choice is fixed: declined, no banner. */
  readonly onPublicationHost: boolean;
  get(): ConsentState;
  subscribe(listener: () => void): () => void;
  accept(): void;
  decline(): Promise<void>;
}

/**
 * The visitor's cookie choice (local key pc_consent: 'true' accepted, 'false' declined, unset: banner shown), shared by
 * the banner, the cookie settings page and the page-view reports. On a publication subdomain it is forced to false.
 */
export function createConsentStore(deps: ConsentStoreDeps): ConsentStore {
  let state = resolveConsent(deps.read(CONSENT_STORAGE_KEY), deps.onPublicationHost);
  if (state.persist) deps.write(CONSENT_STORAGE_KEY, state.persist);
  const listeners = new Set<() => void>();
  const set = (value: 'true' | 'false') => {
    deps.write(CONSENT_STORAGE_KEY, value);
    state = resolveConsent(value, deps.onPublicationHost);
    if (state.persist) deps.write(CONSENT_STORAGE_KEY, state.persist);
    deps.announce(storageModes(state));
    for (const listener of listeners) listener();
  };
  return {
    onPublicationHost: deps.onPublicationHost,
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accept: () => set('true'),
    async decline() {
      set('false');
      await deps.withdraw();
    },
  };
}
