import { Link } from 'react-router';
import { usePagesTranslation } from './i18n.js';
import { DOCUMENTS, GUIDES } from './links.js';

/** The documents and guides as plain links, at the foot of each of these pages (the current one left out). */
export function SiteLinks({ current }: { current?: string }) {
  const { t } = usePagesTranslation();
  return (
    <nav className="pc-site-links" aria-label={t('docs.alsoTitle')}>
      <h2>{t('docs.alsoTitle')}</h2>
      <ul>
        {DOCUMENTS.filter((kind) => `/docs/${kind}` !== current).map((kind) => (
          <li key={kind}>
            <Link to={`/docs/${kind}`}>{t(`docs.kinds.${kind}.title`)}</Link>
          </li>
        ))}
        {GUIDES.filter((topic) => `/guide/${topic}` !== current).map((topic) => (
          <li key={topic}>
            <Link to={`/guide/${topic}`}>
              {t('guides.nav')}: {t(`guides.names.${topic}`)}
            </Link>
          </li>
        ))}
        {current !== '/contactus' && (
          <li>
            <Link to="/contactus">{t('contact.title')}</Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
