export type ThemePreference = 'dark' | 'light' | 'system';
export type ResolvedTheme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'pc_theme';
/** The toggle walks this order and wraps around. */
export const THEME_ORDER: readonly ThemePreference[] = ['dark', 'light', 'system'];
/** The value of <meta name="theme-color"> per resolved theme. */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#F9F9F9', dark: '#121317' };

export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'dark' || value === 'light' || value === 'system' ? value : 'system';
}

export function nextTheme(current: ThemePreference): ThemePreference {
  const index = THEME_ORDER.indexOf(current);
  return THEME_ORDER[(index + 1) % THEME_ORDER.length] ?? 'dark';
}

/**
 * "system" follows the device preference. SPEC.md describes the original resolving it to the opposite of
 * the device preference; that is a defect, not a feature (see the README of the shell).
 */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
