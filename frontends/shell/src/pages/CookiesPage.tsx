import { useDocumentMeta } from '@pencraft/ui';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CookieChoice } from '../consent/CookieSettingsPage.js';

/** What Pencraft keeps in the browser (SPEC.md section 9: auth 30 days, analytics 1 year and 60 days). */
export const COOKIES = [
  { name: 'pc_su', kind: 'necessary' },
  { name: 'pc_csrf', kind: 'necessary' },
  { name: 'pc_aid', kind: 'analytics' },
  { name: 'pc_as', kind: 'analytics' },
  { name: 'pc_theme', kind: 'storage' },
  { name: 'pc_lang', kind: 'storage' },
  { name: 'pc_consent', kind: 'storage' },
] as const;

export function CookiesPage() {
  const { t } = useTranslation('shell');
  useDocumentMeta(`${t('cookiesPage.title')} — Pencraft`, t('cookiesPage.intro'));
  return (
    <article className="pc-container pc-page pc-prose">
      <h1>{t('cookiesPage.title')}</h1>
      <p>{t('cookiesPage.intro')}</p>
      {/* Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
      <div className="pc-cookie-table-wrap" role="region" aria-label={t('cookiesPage.tableCaption')} tabIndex={0}>
        <table className="pc-cookie-table">
          <caption>{t('cookiesPage.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cookiesPage.columns.name')}</th>
              <th scope="col">{t('cookiesPage.columns.purpose')}</th>
              <th scope="col">{t('cookiesPage.columns.kind')}</th>
              <th scope="col">{t('cookiesPage.columns.lifetime')}</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((cookie) => (
              <tr key={cookie.name} data-cookie={cookie.name}>
                <th scope="row">
                  <code>{cookie.name}</code>
                </th>
                <td>{t(`cookiesPage.rows.${cookie.name}.purpose`)}</td>
                <td>{t(`cookiesPage.kinds.${cookie.kind}`)}</td>
                <td>{t(`cookiesPage.rows.${cookie.name}.lifetime`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t('cookiesPage.analytics')}</p>
      <h2>{t('cookiesPage.choiceTitle')}</h2>
      <CookieChoice />
      <p>
        <Trans t={t} i18nKey="cookiesPage.privacy" components={{ doc: <Link to="/docs/privacy" /> }} />
      </p>
    </article>
  );
}
