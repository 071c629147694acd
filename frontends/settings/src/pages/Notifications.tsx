import { DEFAULT_NOTIFICATION_MAIL, NOTIFICATION_KEYS, type NotificationSettings } from '@pencraft/rules';
import { api, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Loaded } from '../components/parts.js';
import { PreferenceForm } from '../components/PreferenceForm.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';

function settingsOf(value: unknown, fallback: Readonly<NotificationSettings>): NotificationSettings {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    NOTIFICATION_KEYS.map((key) => [key, typeof record[key] === 'boolean' ? record[key] : fallback[key]]),
  ) as NotificationSettings;
}

const getMail = (signal: AbortSignal) =>
  api.get('/api/ttin/nots/mail', { signal }).then((answer) => settingsOf(answer, DEFAULT_NOTIFICATION_MAIL));
const putMail = (body: NotificationSettings) =>
  api.put('/api/ttin/nots/mail', { body }).then((answer) => settingsOf(answer, DEFAULT_NOTIFICATION_MAIL));

interface Saved {
  site: NotificationSettings;
  mail: NotificationSettings;
}

/**
 * The eight keys of SPEC.md section 3 (their meanings, from their letters and the numbered types, are in
 * packages/rules notifications.ts): ar votes on my articles, ac comments on them, ara their review, at their
 * translations, atra the review of my translations, cr votes on my comments, cc replies to them, cra their review.
 * One row per key: on the site, and also by e-mail (only when on the site, as the server sends it).
 */
function NotificationsForm({ saved }: { saved: Saved }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const [site, setSite] = useState<NotificationSettings>(saved.site);
  const [mail, setMail] = useState<NotificationSettings>(saved.mail);

  return (
    <PreferenceForm
      title={t('notifications.title')}
      text={t('notifications.text')}
      field="notifications"
      save={async () => {
        const [siteAnswer, mailAnswer] = await Promise.all([api.put('/api/ttin/nots', { body: site }), putMail(mail)]);
        setSite(siteAnswer);
        setMail(mailAnswer);
      }}
    >
      {(changed) => (
        <table className="pc-settings__matrix">
          <caption>{t('notifications.legend')}</caption>
          <thead>
            <tr>
              <th scope="col" id={`${id}-what`}>
                <span className="pc-visually-hidden">{t('notifications.what')}</span>
              </th>
              <th scope="col" id={`${id}-site`}>
                {t('notifications.site')}
              </th>
              <th scope="col" id={`${id}-mail`}>
                {t('notifications.mail')}
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KEYS.map((key) => {
              const label = t(`notifications.keys.${key}`);
              return (
                <tr key={key} data-key={key}>
                  <th scope="row">
                    <label htmlFor={`${id}-${key}-site`}>{label}</label>
                  </th>
                  <td>
                    <input
                      id={`${id}-${key}-site`}
                      type="checkbox"
                      name={key}
                      checked={site[key]}
                      onChange={(event) => {
                        const on = event.target.checked;
                        setSite((current) => ({ ...current, [key]: on }));
                        changed();
                      }}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      name={`${key}-mail`}
                      aria-label={t('notifications.mailFor', { label })}
                      checked={site[key] && mail[key]}
                      disabled={!site[key]}
                      onChange={(event) => {
                        const on = event.target.checked;
                        setMail((current) => ({ ...current, [key]: on }));
                        changed();
                      }}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </PreferenceForm>
  );
}

/** /settings/notifications: what the user is notified about, one switch per key, and which also come by e-mail. */
export default function Notifications() {
  const { t } = useSettingsTranslation();
  const nots = useLoad(
    async (signal): Promise<Saved> => {
      const [site, mail] = await Promise.all([api.get('/api/ttin/nots', { signal }), getMail(signal)]);
      return { site, mail };
    },
    [],
    t('common:dialog.failure'),
  );
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
