import { readStorage, useSession, writeStorage } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nextTheme,
  parseThemePreference,
  resolveTheme,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from '../lib/theme.js';
import { MonitorIcon, MoonIcon, SunIcon } from './icons.js';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function applyTheme(preference: ThemePreference, systemDark: boolean): void {
  const resolved = resolveTheme(preference, systemDark);
  document.documentElement.dataset.theme = resolved;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
}

/** Cycles dark → light → system; "system" follows the device preference live. */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { state } = useSession();
  // null: nothing chosen on this device yet.
  const [chosen, setChosen] = useState<ThemePreference | null>(() => {
    const stored = readStorage(THEME_STORAGE_KEY);
    return stored === null ? null : parseThemePreference(stored);
  });
  const [systemDark, setSystemDark] = useState(() => window.matchMedia?.(DARK_QUERY).matches ?? false);

  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // A signed-in user's saved theme applies on a device that has no choice of its own yet.
  const userTheme = state.status === 'user' ? state.user.theme : undefined;
  const preference = chosen ?? parseThemePreference(userTheme);

  useEffect(() => applyTheme(preference, systemDark), [preference, systemDark]);

  const next = nextTheme(preference);
  const Icon = preference === 'dark' ? MoonIcon : preference === 'light' ? SunIcon : MonitorIcon;
  const label = t('theme.toggle', { current: t(`theme.${preference}`), next: t(`theme.${next}`) });
  return (
    <button
      type="button"
      className="pc-icon-button"
      aria-label={label}
      title={label}
      data-theme-preference={preference}
      onClick={() => {
        setChosen(next);
        writeStorage(THEME_STORAGE_KEY, next);
      }}
    >
      <Icon />
    </button>
  );
}
