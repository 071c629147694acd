import { api, readStorage, writeStorage } from '@pencraft/ui';
import { useSyncExternalStore } from 'react';
import { DEFAULT_MAIN_HOST, isPublicationHost } from '../lib/consent.js';
import { createConsentStore, type ConsentStore } from './consent-store.js';

/** The shell's page where the visitor changes the cookie choice. */
export const COOKIE_SETTINGS_PATH = '/cookies/settings';

/** The analytics cookies the gateway sets with consent (HttpOnly: only it can expire them, on DELETE). */
const ANALYTICS_COOKIES = ['pc_aid', 'pc_as'];

/** The main host is set at build time in <meta name="pc-main-host"> (env PC_MAIN_HOST). */
export function mainHost(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="pc-main-host"]')?.content || DEFAULT_MAIN_HOST;
}

let store: ConsentStore | undefined;

/** The page's one consent store, made on first use. */
export function consentStore(): ConsentStore {
  store ??= createConsentStore({
    read: readStorage,
    write: (key, value) => void writeStorage(key, value),
    onPublicationHost: isPublicationHost(window.location.hostname, mainHost()),
    async withdraw() {
      // Any copy a script could see goes at once; the HttpOnly ones through the gateway.
      for (const name of ANALYTICS_COOKIES) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
      await api.delete('/api/analytics/consent').catch(() => undefined);
    },
    announce: (modes) => window.dispatchEvent(new CustomEvent('pc:consent', { detail: modes })),
  });
  return store;
}

export function useConsent() {
  const current = consentStore();
  const state = useSyncExternalStore(current.subscribe, current.get, current.get);
  return { state, onPublicationHost: current.onPublicationHost, accept: current.accept, decline: current.decline };
}
