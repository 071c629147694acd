import { Spinner, useDocumentMeta, useSession, type SessionUser } from '@pencraft/ui';
import type { ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { useSettingsTranslation } from '../i18n.js';
import { GROUPS, SECTIONS } from '../sections.js';
import '../settings.css';

/** The side navigation of the settings pages (hidden on narrow screens, where the back link leads to the index). */
function SectionNav() {
  const { t } = useSettingsTranslation();
  return (
    <nav className="pc-settings__nav" aria-label={t('nav.sections')}>
      {GROUPS.map((group) => {
        const sections = SECTIONS.filter((section) => section.group === group);
        if (sections.length === 0) return null;
        return (
          <div key={group} className="pc-settings__nav-group">
            <p className="pc-settings__nav-title">{t(`groups.${group}`)}</p>
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <NavLink to={`/settings/${section.id}`}>{t(`sections.${section.id}.title`)}</NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * The frame of every settings page: a visitor is sent to sign in and brought back here; a signed-in user gets
 * the page's heading and content beside the list of sections. `children` receives the signed-in user.
 */
export function SettingsFrame({
  title,
  index = false,
  children,
}: {
  title: string;
  /** The index page: no back link and no side navigation (it is the navigation). */
  index?: boolean;
  children: (user: SessionUser) => ReactNode;
}) {
  const { t } = useSettingsTranslation();
  const { state } = useSession();
  const location = useLocation();
  useDocumentMeta(`${title} — Pencraft`);

  if (state.status === 'loading') {
    return (
      <div className="pc-container pc-page pc-settings__loading">
        <Spinner size="large" />
      </div>
    );
  }
  if (state.status === 'visitor') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }

  return (
    <div className={['pc-container', 'pc-page', 'pc-settings', index ? 'pc-settings--index' : ''].join(' ')}>
      {!index && <SectionNav />}
      <div className="pc-settings__content">
        {!index && (
          <p className="pc-settings__back">
            <Link to="/settings">{t('nav.back')}</Link>
          </p>
        )}
        <h1 className="pc-settings__title">{title}</h1>
        {children(state.user)}
      </div>
    </div>
  );
}
