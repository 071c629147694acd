/**
 * A country's name in the interface language from its ISO 3166 code (the sessions list's place), or undefined
 * for "unknown" or a code the browser cannot name.
 */
export function countryName(code: string | null | undefined, language: string): string | undefined {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return undefined;
  try {
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code.toUpperCase());
    return name || code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** A ban is lifted (by a moderator), ended (its time is over) or in force. */
export function banState(
  ban: { endsAt: string | null; liftedAt: string | null },
  now: number,
): 'active' | 'ended' | 'lifted' {
  if (ban.liftedAt) return 'lifted';
  return ban.endsAt && Date.parse(ban.endsAt) <= now ? 'ended' : 'active';
}
