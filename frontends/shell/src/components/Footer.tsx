import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="pc-footer">
      <div className="pc-container pc-footer__inner">
        <span>© Pencraft</span>
        <div className="pc-footer__links">
          <Link to="/about">{t('footer.about')}</Link>
          <Link to="/cookies">{t('footer.cookies')}</Link>
        </div>
      </div>
    </footer>
  );
}
