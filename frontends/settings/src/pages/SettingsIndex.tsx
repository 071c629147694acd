import { Link } from 'react-router';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { GROUPS, SECTIONS } from '../sections.js';

/** /settings: every section, grouped, each with a line saying what it holds. */
export default function SettingsIndex() {
  const { t } = useSettingsTranslation();
  return (
    <SettingsFrame title={t('title')} index>
      {() => (
        <div className="pc-settings__groups">
          {GROUPS.map((group) => {
            const sections = SECTIONS.filter((section) => section.group === group);
            if (sections.length === 0) return null;
            return (
              <section key={group} className="pc-settings__group" aria-labelledby={`settings-group-${group}`}>
                <h2 id={`settings-group-${group}`}>{t(`groups.${group}`)}</h2>
                <ul className="pc-settings__cards">
                  {sections.map((section) => (
                    <li key={section.id}>
                      <Link className="pc-settings__card" to={`/settings/${section.id}`}>
                        <span className="pc-settings__card-title">{t(`sections.${section.id}.title`)}</span>
                        <span className="pc-settings__card-hint">{t(`sections.${section.id}.hint`)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </SettingsFrame>
  );
}
