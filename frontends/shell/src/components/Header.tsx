import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LogoMark, PenIcon } from './icons.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { SearchBox } from './SearchBox.js';
import { ThemeToggle } from './ThemeToggle.js';
import { UserMenu } from './UserMenu.js';

export function Header() {
  const { t } = useTranslation('shell');
  return (
    <header className="pc-header">
      <div className="pc-container pc-header__inner">
        <Link to="/" className="pc-logo">
          <LogoMark />
          <span>Pencraft</span>
        </Link>
        <div className="pc-header__bar">
          <nav className="pc-nav" aria-label={t('nav.label')}>
            <NavLink to="/" end className="pc-nav__link">
              {t('nav.home')}
            </NavLink>
            <NavLink to="/write" className="pc-nav__link pc-nav__link--write">
              <PenIcon />
              <span>{t('nav.write')}</span>
            </NavLink>
          </nav>
          <SearchBox />
        </div>
        <div className="pc-header__controls">
          <ThemeToggle />
          <LanguageSwitch />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
