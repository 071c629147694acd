import { NOTIFICATION_KEYS, type NotificationSettings } from '@pencraft/rules';
import { api, Button, Checkbox } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormError, Loaded, Panel, Saved } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { useForm } from '../lib/useForm.js';
import { useLoad } from '../lib/useLoad.js';

const FIELDS = ['notifications'] as const;

/**
 * The eight keys of SPEC.md section 3, whose meanings the spec does not give. Read from their letters and the
 * numbered notification types: ar article reactions (votes), ac article comments, ara article review, at article
 * translations, atra translation review, cr comment replies, cc comment votes, cra comment review.
 */
function NotificationsForm({ saved: initial }: { saved: NotificationSettings }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const form = useForm(FIELDS);
  const [settings, setSettings] = useState<NotificationSettings>(initial);
  const [saved, setSaved] = useState<string>();

  return (
    <Panel id={`${id}-title`} title={t('notifications.title')}>
      <p className="pc-settings__text">{t('notifications.text')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form
            .submit({}, async () => {
              const answer = await api.put('/api/ttin/nots', { body: settings });
              setSettings(answer);
            })
            .then((ok) => ok && setSaved('saved'));
        }}
      >
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
                setSaved(undefined);
              }}
            />
          ))}
        </fieldset>
        <FormError message={form.errors.notifications ?? form.formError} />
        <div className="pc-settings__actions">
          <Button type="submit" busy={form.busy}>
            {t('save')}
          </Button>
          <Saved messageKey={saved} />
        </div>
      </form>
    </Panel>
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
