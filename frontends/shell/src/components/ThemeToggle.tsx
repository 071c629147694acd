import { api, readStorage, useSession, writeStorage } from '@pencraft/ui';
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
import { reconcile, syncMarker, THEME_SYNC_KEY } from '../lib/preferences.js';
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

  // Signed in: the account's theme or the device's, by the rule of lib/preferences.ts.
  const user = state.status === 'user' ? state.user : undefined;
  const uid = user?.uid;
  const accountTheme = user ? parseThemePreference(user.theme) : undefined;
  const reconciled = () => {
    if (!uid || !accountTheme) return undefined;
    const stored = readStorage(THEME_STORAGE_KEY);
    return reconcile(
      uid,
      accountTheme,
      stored === null ? null : parseThemePreference(stored),
      readStorage(THEME_SYNC_KEY),
    );
  };
  // Once per user and account value (a sign-in, a page load): adjusted while rendering, stored after.
  const syncKey = uid && accountTheme ? `${uid}:${accountTheme}` : '';
  const [syncedFor, setSyncedFor] = useState('');
  if (syncKey !== syncedFor) {
    setSyncedFor(syncKey);
    const result = reconciled();
    if (result) setChosen(result.use);
  }
  useEffect(() => {
    const result = reconciled();
    if (!result) return;
    writeStorage(THEME_SYNC_KEY, result.marker);
    writeStorage(THEME_STORAGE_KEY, result.use);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per user and account value, as above
  }, [syncKey]);

  const preference = chosen ?? accountTheme ?? 'system';

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
        // Signed in, the choice is the account's too; if saving fails the device keeps it and the next page
        // load keeps the device's choice (the account did not change elsewhere).
        if (uid)
          void api.put('/api/ttin/prefs/theme', { body: { theme: next } }).then(
            () => writeStorage(THEME_SYNC_KEY, syncMarker(uid, next)),
            () => undefined,
          );
      }}
    >
      <Icon />
    </button>
  );
}
