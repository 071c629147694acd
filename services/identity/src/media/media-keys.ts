/**
 * Every object of a user lives under this folder of the object store, so the deletion job can remove them all,
 * including pictures whose rows are gone or were never written (an upload racing the deletion).
 */
export function userMediaPrefix(uid: string): string {
  return `users/${uid}/`;
}
