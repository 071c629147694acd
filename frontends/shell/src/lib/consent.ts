export const CONSENT_STORAGE_KEY = 'pc_consent';
export const DEFAULT_MAIN_HOST = 'pencraft.az';

function labels(host: string): number {
  return host.split('.').filter(Boolean).length;
}

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');
}

function normalise(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * A publication subdomain is `<slug>.<main host>`. Locally the main host is `localhost` whatever the build says, so
 * `<slug>.localhost` is one too (browsers resolve it to the loopback address). Hosts unrelated to the main host
 * (previews) count as subdomains when they have more labels than the main host. `www.` is the main site.
 */
export function isPublicationHost(hostname: string, mainHost: string = DEFAULT_MAIN_HOST): boolean {
  const host = normalise(hostname);
  const main = normalise(mainHost) || DEFAULT_MAIN_HOST;
  if (!host || isIpAddress(host) || host === main || host === `www.${main}`) return false;
  if (host.endsWith(`.${main}`)) return true;
  if (host.endsWith('.localhost')) return !host.startsWith('www.');
  return !host.startsWith('www.') && labels(host) > labels(main);
}

export type ConsentValue = 'true' | 'false';

export interface ConsentState {
  /** The effective consent: null while the visitor has not answered. */
  consent: boolean | null;
  showBanner: boolean;
  /** A value to write to storage (forced false on publication subdomains). */
  persist: ConsentValue | null;
}

export function resolveConsent(stored: string | null, onPublicationHost: boolean): ConsentState {
  if (onPublicationHost) return { consent: false, showBanner: false, persist: stored === 'false' ? null : 'false' };
  if (stored === 'true') return { consent: true, showBanner: false, persist: null };
  if (stored === 'false') return { consent: false, showBanner: false, persist: null };
  return { consent: null, showBanner: true, persist: null };
}

/** Analytics may run only with an explicit yes; unset and declined both mean denied. */
export function analyticsGranted(state: ConsentState): boolean {
  return state.consent === true;
}
