import { isLanguage, LANGUAGES, type Language as LanguageValue } from '@pencraft/i18n/runtime';
import { api, useSession, useLoad } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Choice } from '../components/Choice.js';
import { Loaded } from '../components/parts.js';
import { PreferenceForm } from '../components/PreferenceForm.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { keepLanguageOnDevice } from '../lib/device.js';

function LanguageForm({ saved: initial }: { saved: LanguageValue }) {
  const { t, i18n } = useSettingsTranslation();
  const session = useSession();
  const [language, setLanguage] = useState<LanguageValue>(initial);
  // The header's switch saves the account's language too: the choice here follows it.
  useEffect(() => {
    // The language now, not the event's: a change overtaken by a newer one still reports its own.
    const follow = () => {
      if (isLanguage(i18n.language)) setLanguage(i18n.language);
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);

  return (
    <PreferenceForm
      title={t('language.title')}
      text={t('language.text')}
      field="language"
      save={async () => {
        // As on the theme page: the session learns the account's current value before the change.
        await session.refresh();
        await api.put('/api/ttin/prefs/language', { body: { language } });
        await keepLanguageOnDevice(i18n, language);
        await session.refresh();
      }}
    >
      {(changed) => (
        <Choice
          legend={t('language.legend')}
          name="language"
          value={language}
          // Each language named in itself, so a person who cannot read the current one still finds theirs.
          options={LANGUAGES.map((value) => ({ value, label: t(`common:languages.${value}`), lang: value }))}
          onChange={(value) => {
            setLanguage(value);
            changed();
          }}
        />
      )}
    </PreferenceForm>
  );
}

/** /settings/language: the account's language (interface and mails); saving it switches the page at once. */
export default function Language() {
  const { t } = useSettingsTranslation();
  const prefs = useLoad((signal) => api.get('/api/ttin/prefs', { signal }), [], t('common:dialog.failure'));
  return (
    <SettingsFrame title={t('sections.language.title')}>
      {() => (
        <Loaded state={prefs.state} onRetry={prefs.reload}>
          {(data) => <LanguageForm saved={data.language} />}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
