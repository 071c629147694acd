// What the standing pages share: their namespace and the period of the leaderboard as the address carries it
// (/leaderboard?period=week).
import { isLeaderboardPeriod, type LeaderboardPeriod } from '@pencraft/rules';
import { useTranslation } from 'react-i18next';

/** The standing namespace (loaded per language when first needed: see routes.ts). */
export function useStandingTranslation() {
  return useTranslation('standing');
}

/** The period an address names; anything else is all time. */
export function periodOf(value: string | null): LeaderboardPeriod {
  return value && isLeaderboardPeriod(value) ? value : 'all';
}

/** A rating or a number of points as the reader's language writes numbers (at most one decimal). */
export function formatPoints(value: number, language: string): string {
  return value.toLocaleString(language === 'az' ? 'az-Latn-AZ' : language, { maximumFractionDigits: 1 });
}
