import { api, ApiError, EmptyState, Spinner, useDocumentMeta, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArticleMeta } from '../components/ArticleMeta.js';
import { Blocks } from '../components/Blocks.js';
import { PartError } from '../components/PartError.js';
import { useReaderTranslation } from '../i18n.js';
import '../reader.css';

type ArticleData = Schemas['Article'];

type State =
  | { status: 'loading' }
  | { status: 'ready'; article: ArticleData }
  | { status: 'notFound' }
  | { status: 'error'; message: string | undefined };

function ArticleView({ id }: { id: string }) {
  const { t } = useReaderTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/articles/{id}', { params: { path: { id } }, signal: controller.signal }).then(
      (article) => setState({ status: 'ready', article }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'notFound' });
        else setState({ status: 'error', message: error instanceof ApiError ? error.message : undefined });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const article = state.status === 'ready' ? state.article : undefined;
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
        title={t('article.notFound')}
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
    return (
      <PartError
        title={t('article.error')}
        message={state.message}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  const { article: a } = state;
  return (
    <article className="pc-article" lang={a.language}>
      <header className="pc-article__header">
        {a.status !== 'published' && <p className="pc-badge">{t('article.draft')}</p>}
        <h1>{a.title}</h1>
        {a.description && <p className="pc-article__lead">{a.description}</p>}
        <ArticleMeta author={a.author} publishedAt={a.publishedAt} readingMinutes={a.readingMinutes} />
      </header>
      <div className="pc-article__body">
        <Blocks blocks={a.content?.blocks} />
      </div>
      <footer className="pc-article__footer">
        <Link to="/">{t('article.back')}</Link>
      </footer>
    </article>
  );
}

export default function Article() {
  const { id } = useParams();
  return <div className="pc-reader pc-container pc-page">{id ? <ArticleView key={id} id={id} /> : null}</div>;
}
