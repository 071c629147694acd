import { useDocumentMeta } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';

export function AboutPage() {
  const { t } = useTranslation('shell');
  useDocumentMeta(`${t('aboutPage.title')} — Pencraft`);
  return (
    <article className="pc-container pc-page pc-prose">
      <h1>{t('aboutPage.title')}</h1>
      <p>{t('aboutPage.text')}</p>
      <p>
        <strong>{t('aboutPage.stats')}</strong>
      </p>
    </article>
  );
}
