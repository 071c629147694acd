import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COOKIE_SETTINGS_PATH } from '../consent/consent.js';

/** Every link here opens a real page (tests/e2e/pages.e2e.ts follows each one). */
export const FOOTER_LINKS = [
  { to: '/about', label: 'footer.about' },
  { to: '/docs', label: 'footer.docs' },
  { to: '/docs/privacy', label: 'footer.privacy' },
  { to: '/docs/agreement', label: 'footer.agreement' },
  { to: '/guide/rules', label: 'footer.guides' },
  { to: '/leaderboard', label: 'footer.leaderboard' },
  { to: '/jobs', label: 'footer.jobs' },
  { to: '/contactus', label: 'footer.contact' },
  { to: '/feedback', label: 'footer.feedback' },
  { to: '/cookies', label: 'footer.cookies' },
  { to: COOKIE_SETTINGS_PATH, label: 'footer.cookieSettings' },
] as const;

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="pc-footer">
      <div className="pc-container pc-footer__inner">
        <span>© Pencraft</span>
        <nav aria-label={t('footer.nav')}>
          <ul className="pc-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
