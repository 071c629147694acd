export type RatingTier = 'bad' | 'guest' | 'amateur' | 'pro' | 'leader';

/** SPEC.md §4: below 0 bad, 0–10 Guest, 10–100 Amateur, 100–1000 Pro, over 1000 Leader (lower bounds inclusive). */
export function ratingTier(rating: number): RatingTier {
  if (!Number.isFinite(rating) || rating < 0) return rating < 0 ? 'bad' : 'guest';
  if (rating < 10) return 'guest';
  if (rating < 100) return 'amateur';
  if (rating <= 1000) return 'pro';
  return 'leader';
}
