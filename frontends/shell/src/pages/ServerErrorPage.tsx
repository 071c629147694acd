import { useTranslation } from 'react-i18next';

/** Shown when rendering crashed; it relies on nothing but i18n, so it works outside the router too. */
export function ServerErrorPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="pc-container pc-page pc-status-page" role="alert">
      <p className="pc-status-page__code" aria-hidden="true">
        500
      </p>
      <h1>{t('serverError.title')}</h1>
      <p>{t('serverError.text')}</p>
      <button type="button" className="pc-button pc-button--primary" onClick={() => window.location.reload()}>
        {t('serverError.reload')}
      </button>
    </div>
  );
}
