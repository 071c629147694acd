import { EmptyState, Spinner, useDocumentMeta, useSession } from '@pencraft/ui';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArticleBody } from '../components/ArticleBody.js';
import { PartError } from '../components/PartError.js';
import { SupportResult } from '../components/Support.js';
import { articleData } from '../data/index.js';
import { usePageData } from '../data/usePageData.js';
import { useReaderTranslation } from '../i18n.js';
import '../reader.css';
import '../support.css';

function ArticleView({ id }: { id: string }) {
  const { t } = useReaderTranslation();
  const { state, reload, refresh } = usePageData(articleData(id));
  const article = state.status === 'ready' ? state.value : undefined;
  const { state: session } = useSession();
  const locked = article?.locked === true;
  // The server renders every page as a visitor sees it: a signed-in reader of a locked paid article asks again (a
  // subscriber, a member or the owner gets the whole text then).
  useEffect(() => {
    if (locked && session.status === 'user') refresh();
  }, [locked, session.status, refresh]);
  useDocumentMeta(
    article
      ? `${article.title} — Pencraft`
      : state.status === 'notFound'
        ? `${t('article.notFound')} — Pencraft`
        : undefined,
    article?.description || undefined,
  );

  if (state.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (state.status === 'notFound') {
    return (
      <EmptyState
        title={
          <span role="heading" aria-level={1}>
            {t('article.notFound')}
          </span>
        }
        hint={t('article.notFoundText')}
        action={
          <Link className="pc-button pc-button--secondary" to="/">
            {t('article.back')}
          </Link>
        }
      />
    );
  }
  if (state.status === 'error') {
    return <PartError title={t('article.error')} message={state.message} onRetry={reload} />;
  }
  return (
    <>
      <SupportResult />
      <ArticleBody article={state.value} actions />
      <footer className="pc-article__footer">
        <Link to="/">{t('article.back')}</Link>
      </footer>
    </>
  );
}

export default function Article() {
  const { id } = useParams();
  return <div className="pc-reader pc-container pc-page">{id ? <ArticleView key={id} id={id} /> : null}</div>;
}
