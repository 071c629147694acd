import { api, Spinner, useDocumentMeta, useLoad, useSession, type SessionUser } from '@pencraft/ui';
import type { ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { useStudioTranslation } from '../i18n.js';
import { studioOf, type Studio } from '../lib/studio.js';
import { SECTIONS } from '../sections.js';
import { Loaded } from './parts.js';
import '../studio.css';

/** The studio's sections the role may see; the owner sees them all. */
function SectionNav({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  return (
    <nav className="pc-studio__nav" aria-label={t('nav.sections')}>
      <ul>
        {SECTIONS.filter((section) => studio.may(section.action)).map((section) => (
          <li key={section.id}>
            <NavLink to={section.path} end>
              {t(`sections.${section.id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Without a publication: where to create one or accept an invitation. */
function NoPublication() {
  const { t } = useStudioTranslation();
  return (
    <div className="pc-studio__panel" data-no-publication>
      <h2>{t('frame.noPublicationTitle')}</h2>
      <p className="pc-studio__text">{t('frame.noPublicationText')}</p>
      <p>
        <Link className="pc-button pc-button--primary" to="/settings/publication">
          {t('frame.toSettings')}
        </Link>
      </p>
    </div>
  );
}

function Publication({
  user,
  sectionId,
  children,
}: {
  user: SessionUser;
  sectionId: string;
  children: (studio: Studio) => ReactNode;
}) {
  const { t } = useStudioTranslation();
  const section = SECTIONS.find((s) => s.id === sectionId)!;
  // The user's publication (owned, else joined), then its dashboard: the role and the figures every page reads.
  const loaded = useLoad(
    async (signal) => {
      const mine = await api.get('/api/ttin/pbls', { signal });
      if (!mine.publication) return null;
      return api.get('/api/core-publications/{id}/studio/dashboard', {
        params: { path: { id: mine.publication.id } },
        signal,
      });
    },
    [user.uid],
    t('common:dialog.failure'),
  );

  return (
    <Loaded state={loaded.state} onRetry={loaded.reload}>
      {(dashboard) => {
        if (!dashboard) {
          return (
            <div className="pc-studio__content">
              <h1 className="pc-studio__title">{t('title')}</h1>
              <NoPublication />
            </div>
          );
        }
        const studio = studioOf(user, dashboard, loaded.reload);
        return (
          <div className="pc-studio__layout">
            <SectionNav studio={studio} />
            <div className="pc-studio__content">
              <p className="pc-studio__publication">
                <span data-publication-name>{studio.publication.name}</span>
                <span className="pc-studio__role" data-role={studio.role}>
                  {t('frame.role', { role: t(`roles.${studio.role}`) })}
                </span>
              </p>
              <h1 className="pc-studio__title">{t(`sections.${section.id}`)}</h1>
              {studio.may(section.action) ? (
                children(studio)
              ) : (
                <div className="pc-studio__panel" data-owner-only>
                  <p className="pc-studio__text">{t('frame.ownerOnly')}</p>
                  <Link to="/studio">{t('frame.toDashboard')}</Link>
                </div>
              )}
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}

/**
 * The frame of every studio page: a visitor is sent to sign in and brought back; a signed-in user without a
 * publication is pointed to the settings page that creates one; a member or the owner gets the sections their role
 * may see and the page, or a notice when the page is the owner's alone. `children` receives the studio.
 */
export function StudioFrame({ section, children }: { section: string; children: (studio: Studio) => ReactNode }) {
  const { t } = useStudioTranslation();
  const { state } = useSession();
  const location = useLocation();
  useDocumentMeta(`${t(`sections.${section}`)} · ${t('title')} — Pencraft`);

  if (state.status === 'loading') {
    return (
      <div className="pc-container pc-page pc-studio__loading">
        <Spinner size="large" />
      </div>
    );
  }
  if (state.status === 'visitor') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <div className="pc-container pc-page pc-studio">
      <Publication user={state.user} sectionId={section}>
        {children}
      </Publication>
    </div>
  );
}
