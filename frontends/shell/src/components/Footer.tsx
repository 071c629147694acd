import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COOKIE_SETTINGS_PATH } from '../consent/consent.js';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="pc-footer">
      <div className="pc-container pc-footer__inner">
        <span>© Pencraft</span>
        <div className="pc-footer__links">
          <Link to="/about">{t('footer.about')}</Link>
          <Link to="/cookies">{t('footer.cookies')}</Link>
          <Link to={COOKIE_SETTINGS_PATH}>{t('footer.cookieSettings')}</Link>
        </div>
      </div>
    </footer>
  );
}
