import { useDocumentMeta } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';

export function CookiesPage() {
  const { t } = useTranslation('shell');
  useDocumentMeta(`${t('cookiesPage.title')} — Pencraft`);
  return (
    <article className="pc-container pc-page pc-prose">
      <h1>{t('cookiesPage.title')}</h1>
      <p>{t('cookiesPage.intro')}</p>
      <ul>
        <li>{t('cookiesPage.necessary')}</li>
        <li>{t('cookiesPage.preferences')}</li>
        <li>{t('cookiesPage.analytics')}</li>
      </ul>
    </article>
  );
}
