import { useDocumentMeta } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  useDocumentMeta(`${t('notFound.title')} — Pencraft`);
  return (
    <div className="pc-container pc-page pc-status-page">
      <p className="pc-status-page__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="pc-button pc-button--primary" to="/">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
