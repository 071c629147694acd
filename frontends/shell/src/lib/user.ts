export type RatingTier = 'bad' | 'guest' | 'amateur' | 'pro' | 'leader';

/** SPEC.md §4: below 0 bad, 0–10 Guest, 10–100 Amateur, 100–1000 Pro, over 1000 Leader (lower bounds inclusive). */
export function ratingTier(rating: number): RatingTier {
  if (!Number.isFinite(rating) || rating < 0) return rating < 0 ? 'bad' : 'guest';
  if (rating < 10) return 'guest';
  if (rating < 100) return 'amateur';
  if (rating <= 1000) return 'pro';
  return 'leader';
}

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

/** Only https images (or same-origin paths) may be shown as avatars. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
