import { Link } from 'react-router';
import { LogoMark } from './icons.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LiveToasts, NotificationBell } from '../notifications/header.js';
import { Navigation } from './Navigation.js';
import { SearchBox } from './SearchBox.js';
import { ThemeToggle } from './ThemeToggle.js';
import { UserMenu } from './UserMenu.js';

export function Header() {
  return (
    <header className="pc-header">
      <div className="pc-container pc-header__inner">
        <Link to="/" className="pc-logo">
          <LogoMark />
          <span>Pencraft</span>
        </Link>
        <div className="pc-header__bar">
          <Navigation />
          <SearchBox />
        </div>
        <div className="pc-header__controls">
          <ThemeToggle />
          <LanguageSwitch />
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
      <LiveToasts />
    </header>
  );
}
