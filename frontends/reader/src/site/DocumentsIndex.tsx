import { useDocumentMeta } from '@pencraft/ui';
import { Link } from 'react-router';
import { usePagesTranslation } from './i18n.js';
import { DOCUMENTS, GUIDES } from './links.js';
import './site.css';

/** /docs: the documents, then the guides and the contact page. */
export default function DocumentsIndex() {
  const { t } = usePagesTranslation();
  useDocumentMeta(`${t('docs.title')} — Pencraft`, t('docs.intro'));
  return (
    <div className="pc-reader pc-container pc-page pc-site">
      <h1>{t('docs.title')}</h1>
      <p className="pc-muted">{t('docs.intro')}</p>
      <ul className="pc-site-cards">
        {DOCUMENTS.map((kind) => (
          <li key={kind} className="pc-site-card">
            <h2>
              <Link to={`/docs/${kind}`}>{t(`docs.kinds.${kind}.title`)}</Link>
            </h2>
            <p>{t(`docs.kinds.${kind}.description`)}</p>
          </li>
        ))}
      </ul>
      <h2>{t('guides.title')}</h2>
      <ul className="pc-site-cards">
        {GUIDES.map((topic) => (
          <li key={topic} className="pc-site-card">
            <h3>
              <Link to={`/guide/${topic}`}>{t(`guides.names.${topic}`)}</Link>
            </h3>
            <p>{t(`guides.${topic}.intro`)}</p>
          </li>
        ))}
      </ul>
      <p>
        {t('docs.questions')} <Link to="/contactus">{t('docs.contactLink')}</Link>
      </p>
    </div>
  );
}
