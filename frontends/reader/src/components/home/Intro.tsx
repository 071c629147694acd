import { useHomeTranslation } from './i18n.js';

const FEATURES = ['write', 'read', 'follow', 'grow'] as const;

/** The mission and features sections of the home page (SPEC.md section 2). */
export function Intro() {
  const { t } = useHomeTranslation();
  return (
    <>
      <section className="pc-home__mission" aria-labelledby="pc-mission-title">
        <h2 id="pc-mission-title" className="pc-section-title">
          {t('mission.title')}
        </h2>
        <p>{t('mission.text')}</p>
      </section>
      <section aria-labelledby="pc-features-title">
        <h2 id="pc-features-title" className="pc-section-title">
          {t('features.title')}
        </h2>
        <ul className="pc-home__features">
          {FEATURES.map((feature) => (
            <li key={feature}>
              <h3>{t(`features.${feature}.title`)}</h3>
              <p>{t(`features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
