// What every remote shows for a person: their initials when there is no picture, and only pictures it may load.

/** Up to two initials from the full name, else the first letter of the username. */
export function initials(fullname: string, username: string): string {
  const letters = fullname
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0] ?? '')
    .slice(0, 2)
    .join('');
  return (letters || [...username][0] || '?').toLocaleUpperCase();
}

/** Only https images or same-origin paths (the gateway's /media) are shown; anything else is dropped. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
