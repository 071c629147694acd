import { NOTIFICATION_KEYS, type NotificationSettings } from '@pencraft/rules';
import { api, Checkbox } from '@pencraft/ui';
import { useState } from 'react';
import { Loaded } from '../components/parts.js';
import { PreferenceForm } from '../components/PreferenceForm.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { useLoad } from '../lib/useLoad.js';

/**
 * The eight keys of SPEC.md section 3, whose meanings the spec does not give. Read from their letters and the
 * numbered notification types: ar article reactions (votes), ac article comments, ara article review, at article
 * translations, atra translation review, cr comment replies, cc comment votes, cra comment review.
 */
function NotificationsForm({ saved: initial }: { saved: NotificationSettings }) {
  const { t } = useSettingsTranslation();
  const [settings, setSettings] = useState<NotificationSettings>(initial);

  return (
    <PreferenceForm
      title={t('notifications.title')}
      text={t('notifications.text')}
      field="notifications"
      save={async () => {
        const answer = await api.put('/api/ttin/nots', { body: settings });
        setSettings(answer);
      }}
    >
      {(changed) => (
        <fieldset className="pc-settings__choice">
          <legend>{t('notifications.legend')}</legend>
          {NOTIFICATION_KEYS.map((key) => (
            <Checkbox
              key={key}
              name={key}
              label={t(`notifications.keys.${key}`)}
              checked={settings[key]}
              onChange={(event) => {
                setSettings((current) => ({ ...current, [key]: event.target.checked }));
                changed();
              }}
            />
          ))}
        </fieldset>
      )}
    </PreferenceForm>
  );
}

/** /settings/notifications: what the user is notified about, one switch per key. */
export default function Notifications() {
  const { t } = useSettingsTranslation();
  const nots = useLoad((signal) => api.get('/api/ttin/nots', { signal }), [], t('common:dialog.failure'));
  return (
    <SettingsFrame title={t('sections.notifications.title')}>
      {() => (
        <Loaded state={nots.state} onRetry={nots.reload}>
          {(data) => <NotificationsForm saved={data} />}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
