import { api, type Schemas, formatDate } from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { GROUPS, SECTIONS } from '../sections.js';

interface Current {
  account?: Schemas['AccountSummary'];
  security?: Schemas['SecuritySummary'];
  preferences?: Schemas['SettingsIndex'];
}

/** The current value a card shows under its title, when it is known. */
function currentValue(id: string, current: Current, t: TFunction): string | undefined {
  const { account, security, preferences } = current;
  switch (id) {
    case 'username':
      return account && `@${account.username}`;
    case 'email':
      return account?.email;
    case 'phone':
      return account && (account.phone ?? t('phone.none'));
    case 'password':
      return security?.passwordChangedAt
        ? t('password.changedOn', { date: formatDate(security.passwordChangedAt, t) })
        : undefined;
    case 'mfa':
      return security && (security.mfa ? t('mfa.on') : t('mfa.off'));
    case 'delete':
      return security?.deletionScheduledAt
        ? t('deletion.pendingShort', { date: formatDate(security.deletionScheduledAt, t) })
        : undefined;
    case 'theme':
      return preferences && t(`theme.${preferences.theme}`);
    case 'language':
      return preferences?.languageName;
    case 'notifications':
      return (
        preferences &&
        t('notifications.summary', { on: preferences.notificationsOn, total: preferences.notificationsTotal })
      );
    default:
      return undefined;
  }
}

/** What the index shows beside the sections; a part that fails to load only leaves its values out. */
function useCurrent(language: string): Current {
  const [current, setCurrent] = useState<Current>({});
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const keep = <K extends keyof Current>(key: K) => ({
      ok: (value: Current[K]) => setCurrent((c) => ({ ...c, [key]: value })),
      failed: () => undefined,
    });
    const account = keep('account');
    const security = keep('security');
    const preferences = keep('preferences');
    api.get('/api/ttin/accs', { signal }).then(account.ok, account.failed);
    api.get('/api/ttin/sec', { signal }).then(security.ok, security.failed);
    api.get('/api/ttin/index/prefs', { signal }).then(preferences.ok, preferences.failed);
    return () => controller.abort();
  }, [language]);
  return current;
}

function Cards() {
  const { t, i18n } = useSettingsTranslation();
  const current = useCurrent(i18n.language);
  return (
    <div className="pc-settings__groups">
      {GROUPS.map((group) => {
        const sections = SECTIONS.filter((section) => section.group === group);
        if (sections.length === 0) return null;
        return (
          <section key={group} className="pc-settings__group" aria-labelledby={`settings-group-${group}`}>
            <h2 id={`settings-group-${group}`}>{t(`groups.${group}`)}</h2>
            <ul className="pc-settings__cards">
              {sections.map((section) => {
                const value = currentValue(section.id, current, t);
                return (
                  <li key={section.id}>
                    <Link className="pc-settings__card" to={`/settings/${section.id}`}>
                      <span className="pc-settings__card-title">{t(`sections.${section.id}.title`)}</span>
                      <span className="pc-settings__card-hint">{t(`sections.${section.id}.hint`)}</span>
                      {value && (
                        <span className="pc-settings__card-value" data-current={section.id}>
                          {value}
                        </span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** /settings: every section, grouped, each with a line saying what it holds and its current value. */
export default function SettingsIndex() {
  const { t } = useSettingsTranslation();
  return (
    <SettingsFrame title={t('title')} index>
      {() => <Cards />}
    </SettingsFrame>
  );
}
