import { api, useSession } from '@pencraft/ui';
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
import { reconcileOnce, savedOnAccount, setDeviceValue, useDeviceValue } from '../lib/device-preferences.js';
import { THEME_SYNC_KEY } from '../lib/preferences.js';
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
  const stored = useDeviceValue(THEME_STORAGE_KEY);
  const [systemDark, setSystemDark] = useState(() => window.matchMedia?.(DARK_QUERY).matches ?? false);

  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Signed in: the account's theme or the device's, by the rule of lib/preferences.ts.
  const uid = state.status === 'user' ? state.user.uid : undefined;
  const accountTheme = state.status === 'user' ? parseThemePreference(state.user.theme) : undefined;
  useEffect(() => {
    if (uid && accountTheme)
      reconcileOnce(THEME_STORAGE_KEY, THEME_SYNC_KEY, uid, accountTheme, (value) =>
        value === null ? null : parseThemePreference(value),
      );
  }, [uid, accountTheme]);

  const preference = stored !== null ? parseThemePreference(stored) : (accountTheme ?? 'system');

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
        setDeviceValue(THEME_STORAGE_KEY, next);
        // Signed in, the choice is the account's too; if saving fails the device keeps it and the next page
        // load keeps the device's choice (the account did not change elsewhere).
        if (uid)
          void api.put('/api/ttin/prefs/theme', { body: { theme: next } }).then(
            () => savedOnAccount(THEME_SYNC_KEY, uid, next),
            () => undefined,
          );
      }}
    >
      <Icon />
    </button>
  );
}
