import { isTheme, THEMES, type Theme as ThemeValue } from '@pencraft/rules';
import { api, readStorage, useSession, useLoad } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Choice } from '../components/Choice.js';
import { Loaded } from '../components/parts.js';
import { PreferenceForm } from '../components/PreferenceForm.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { keepThemeOnDevice, THEME_STORAGE_KEY } from '../lib/device.js';

function ThemeForm({ saved: initial }: { saved: ThemeValue }) {
  const { t } = useSettingsTranslation();
  const session = useSession();
  const [theme, setTheme] = useState<ThemeValue>(initial);
  // The header's toggle saves the account's theme too, and repaints the page: the choice here follows it.
  useEffect(() => {
    const observer = new MutationObserver(() => {
      const stored = readStorage(THEME_STORAGE_KEY);
      if (isTheme(stored)) setTheme(stored);
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);

  return (
    <PreferenceForm
      title={t('theme.title')}
      text={t('theme.text')}
      field="theme"
      codeFields={{ InvalidTheme: 'theme' }}
      save={async () => {
        // The header's toggle saves to the account without telling the session: read the account's value
        // first, so that the save below is a change the shell sees and applies.
        await session.refresh();
        await api.put('/api/ttin/prefs/theme', { body: { theme } });
        keepThemeOnDevice(theme);
        await session.refresh();
      }}
    >
      {(changed) => (
        <Choice
          legend={t('theme.legend')}
          name="theme"
          value={theme}
          options={THEMES.map((value) => ({ value, label: t(`theme.${value}`), hint: t(`theme.${value}Hint`) }))}
          onChange={(value) => {
            setTheme(value);
            changed();
          }}
        />
      )}
    </PreferenceForm>
  );
}

/** /settings/theme: the account's theme; saving it switches this page and keeps it on this device. */
export default function Theme() {
  const { t } = useSettingsTranslation();
  const prefs = useLoad((signal) => api.get('/api/ttin/prefs', { signal }), [], t('common:dialog.failure'));
  return (
    <SettingsFrame title={t('sections.theme.title')}>
      {() => (
        <Loaded state={prefs.state} onRetry={prefs.reload}>
          {(data) => <ThemeForm saved={data.theme} />}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
