// Theme and language live on the device (pc_theme, pc_lang) and on the account (users/info thm, lng). Beside each
// device value the shell keeps the account value it last saw or saved for that user (pc_theme_acc, pc_lang_acc:
// "<uid>:<value>"), so at page load it can tell a change made elsewhere (the settings page, another device) from a
// choice made on this device.

export const THEME_SYNC_KEY = 'pc_theme_acc';
export const LANGUAGE_SYNC_KEY = 'pc_lang_acc';

export function syncMarker(uid: string, value: string): string {
  return `${uid}:${value}`;
}

export interface Reconciled<T extends string> {
  /** The value the device should use now (and store). */
  use: T;
  /** The marker to store. */
  marker: string;
}

/**
 * The rule at page load (and sign-in) for a signed-in user:
 * - the account's value wins when the device has no choice of its own, when this device never synced with this
 *   account, or when the account's value changed since this device last synced (changed elsewhere);
 * - otherwise the device keeps its own choice (one made here since, e.g. while signed out).
 */
export function reconcile<T extends string>(
  uid: string,
  account: T,
  device: T | null,
  marker: string | null,
): Reconciled<T> {
  const synced = syncMarker(uid, account);
  if (device === null || marker !== synced) return { use: account, marker: synced };
  return { use: device, marker };
}
