import { api, ApiError, formatDate, Spinner, useDocumentMeta } from '@pencraft/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PartError } from '../components/PartError.js';
import { usePagesTranslation } from './i18n.js';
import { DOCUMENTS, lastSegment, type DocumentKind } from './links.js';
import { SiteLinks } from './SiteLinks.js';
import './site.css';

interface LegalDocument {
  uid: string;
  effectiveFrom: string;
  language: string;
  title: string;
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
}

type State =
  { status: 'loading' } | { status: 'ready'; document: LegalDocument } | { status: 'error'; message: string };

const isKind = (value: string): value is DocumentKind => (DOCUMENTS as readonly string[]).includes(value);

/** /docs/{agreement,privacy,payment,gdpr}: the document in force, in the interface language, from the gateway. */
export default function DocumentPage() {
  const { t, i18n } = usePagesTranslation();
  const segment = lastSegment(useLocation().pathname);
  const kind: DocumentKind = isKind(segment) ? segment : 'agreement';
  const language = i18n.language === 'en' || i18n.language === 'ru' ? i18n.language : 'az';
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // The answer is kept with the request it answers: a new document, language or retry shows loading until it comes.
  const request = `${kind}|${language}|${round}`;
  const [answer, setAnswer] = useState<{ request: string; state: State }>();

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/docs/{kind}', { params: { path: { kind }, query: { lang: language } }, signal: controller.signal })
      .then((document) => setAnswer({ request, state: { status: 'ready', document } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : t('docs.error');
        setAnswer({ request, state: { status: 'error', message } });
      });
    return () => controller.abort();
  }, [kind, language, request, t]);

  const state: State = answer?.request === request ? answer.state : { status: 'loading' };
  const title = state.status === 'ready' ? state.document.title : t(`docs.kinds.${kind}.title`);
  useDocumentMeta(`${title} — Pencraft`, state.status === 'ready' ? state.document.summary : undefined);
  const anchor = (index: number) => `${kind}-${index + 1}`;

  return (
    <article className="pc-reader pc-container pc-page pc-site pc-site-document" lang={language}>
      <p className="pc-site-crumbs">
        <Link to="/docs">{t('docs.title')}</Link>
      </p>
      <h1>{title}</h1>
      {state.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('docs.loading')} size="large" />
        </div>
      )}
      {state.status === 'error' && <PartError title={t('docs.error')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <p className="pc-muted">
            {t('docs.effective', { date: formatDate(`${state.document.effectiveFrom}T12:00:00`, t) })}
          </p>
          <p className="pc-site-summary">{state.document.summary}</p>
          <nav className="pc-site-toc" aria-labelledby={`${kind}-contents`}>
            <h2 id={`${kind}-contents`}>{t('docs.contents')}</h2>
            <ol>
              {state.document.sections.map((section, index) => (
                <li key={section.heading}>
                  <a href={`#${anchor(index)}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {state.document.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={anchor(index)}>
              <h2 id={anchor(index)}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </>
      )}
      <p>
        {t('docs.questions')} <Link to="/contactus">{t('docs.contactLink')}</Link>
      </p>
      <SiteLinks current={`/docs/${kind}`} />
    </article>
  );
}
