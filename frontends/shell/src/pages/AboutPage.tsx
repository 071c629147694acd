import { useDocumentMeta } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FEATURES = ['read', 'write', 'publications', 'support', 'standing'] as const;

export function AboutPage() {
  const { t } = useTranslation('shell');
  useDocumentMeta(`${t('aboutPage.title')} — Pencraft`, t('aboutPage.text'));
  return (
    <article className="pc-container pc-page pc-prose">
      <h1>{t('aboutPage.title')}</h1>
      <p>{t('aboutPage.text')}</p>
      <p>
        <strong>{t('aboutPage.stats')}</strong>
      </p>
      <h2>{t('aboutPage.missionTitle')}</h2>
      <p>{t('aboutPage.mission')}</p>
      <h2>{t('aboutPage.featuresTitle')}</h2>
      <ul>
        {FEATURES.map((feature) => (
          <li key={feature}>{t(`aboutPage.features.${feature}`)}</li>
        ))}
      </ul>
      <h2>{t('aboutPage.reviewTitle')}</h2>
      <p>{t('aboutPage.review')}</p>
      <h2>{t('aboutPage.moreTitle')}</h2>
      <ul>
        <li>
          <Link to="/guide/rules">{t('aboutPage.guides')}</Link>
        </li>
        <li>
          <Link to="/docs">{t('aboutPage.docs')}</Link>
        </li>
        <li>
          <Link to="/contactus">{t('aboutPage.contact')}</Link>
        </li>
      </ul>
    </article>
  );
}
