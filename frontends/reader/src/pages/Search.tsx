import { SEARCH_MAX_PAGE, SEARCH_QUERY_MAX, searchQueryProblem } from '@pencraft/rules';
import { api, Button, EmptyState, Spinner, useDocumentMeta } from '@pencraft/ui';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArticleMeta } from '../components/ArticleMeta.js';
import { InlineHtml } from '../components/InlineHtml.js';
import { PartError } from '../components/PartError.js';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import '../reader.css';

function Results({ query }: { query: string }) {
  const { t } = useReaderTranslation();
  const results = usePaged(
    (page, signal) => api.get('/api/strict/txt', { params: { query: { q: query, page } }, signal }),
    SEARCH_MAX_PAGE,
  );

  if (results.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (results.status === 'error') {
    return <PartError title={t('search.error')} message={results.error?.message} onRetry={results.retry} />;
  }
  if (results.items.length === 0) {
    return <EmptyState title={t('search.empty', { query })} hint={t('search.emptyHint')} />;
  }
  return (
    <section aria-labelledby="pc-results-title">
      <h2 id="pc-results-title" className="pc-section-title">
        {t('search.results', { query })}
      </h2>
      <ul className="pc-cards">
        {results.items.map((hit) => (
          <li key={hit.id} className="pc-card">
            <article lang={hit.language}>
              <h3 className="pc-card__title">
                <Link to={`/a/${encodeURIComponent(hit.id)}`}>{hit.title}</Link>
              </h3>
              {hit.snippet && (
                <p className="pc-card__description">
                  <InlineHtml html={hit.snippet} />
                </p>
              )}
              <ArticleMeta author={hit.author} publishedAt={hit.publishedAt} />
            </article>
          </li>
        ))}
      </ul>
      {results.error && <PartError title={t('search.error')} message={results.error.message} onRetry={results.retry} />}
      {results.hasMore && !results.error && (
        <div className="pc-center">
          <Button variant="secondary" busy={results.loadingMore} onClick={results.loadMore}>
            {t('common:actions.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

export default function Search() {
  const { t } = useReaderTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inputId = useId();
  const titleId = useId();
  const query = (params.get('q') ?? '').trim();
  // The server's own check (@pencraft/rules): a query it would refuse is not sent.
  const problem = query ? searchQueryProblem(query) : undefined;
  useDocumentMeta(query ? `${query} — ${t('search.title')} — Pencraft` : `${t('search.title')} — Pencraft`);

  return (
    <div className="pc-reader pc-container pc-page">
      <h1 id={titleId}>{t('search.title')}</h1>
      <form
        className="pc-search-form"
        role="search"
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
        }}
      >
        <label htmlFor={inputId} className="pc-visually-hidden">
          {t('search.label')}
        </label>
        <input
          key={query}
          id={inputId}
          name="q"
          type="search"
          className="pc-input"
          placeholder={t('search.placeholder')}
          defaultValue={query}
          // maxLength counts UTF-16 units, the limit counts code points (at most two units each): the check is exact.
          maxLength={SEARCH_QUERY_MAX * 2}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {!query ? (
        <EmptyState title={t('search.prompt')} />
      ) : problem && problem !== 'required' ? (
        <p className="pc-notice" role="alert">
          {t(`search.${problem}`, { max: SEARCH_QUERY_MAX })}
        </p>
      ) : (
        <Results key={query} query={query} />
      )}
    </div>
  );
}
