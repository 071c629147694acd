import {
  LANGS,
  SEARCH_HIT_KINDS,
  SEARCH_MAX_PAGE,
  SEARCH_QUERY_MAX,
  publicationOrigin,
  searchQueryProblem,
  type Lang,
  type SearchHitKind,
  type SearchSort,
} from '@pencraft/rules';
import { api, Button, EmptyState, Select, Spinner, useDocumentMeta, type Schemas } from '@pencraft/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArticleMeta } from '../components/ArticleMeta.js';
import { Highlighted } from '../components/Highlighted.js';
import { PhotoGrid } from '../components/PhotoGrid.js';
import { PartError } from '../components/PartError.js';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import '../reader.css';
import './search.css';

type Hit = Schemas['SearchPage']['items'][number];

/** What the address asks for: the words, the kind (all when absent), the order and the filters. */
export interface SearchState {
  q: string;
  kind: SearchHitKind | '';
  sort: SearchSort;
  category: string;
  language: Lang | '';
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function stateOf(params: URLSearchParams): SearchState {
  const kind = params.get('kind') ?? '';
  const language = params.get('language') ?? '';
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : '');
  return {
    q: (params.get('q') ?? '').trim(),
    kind: (SEARCH_HIT_KINDS as readonly string[]).includes(kind) ? (kind as SearchHitKind) : '',
    sort: params.get('sort') === 'date' ? 'date' : 'relevance',
    category: /^[a-z0-9-]{1,40}$/.test(params.get('category') ?? '') ? params.get('category')! : '',
    language: (LANGS as readonly string[]).includes(language) ? (language as Lang) : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The address of a search: only what is set, in a fixed order. */
export function searchOf(state: SearchState): string {
  const entries = Object.entries({ ...state, sort: state.sort === 'date' ? 'date' : '' }).filter(([, v]) => v);
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
}

const filtered = (s: SearchState) => Boolean(s.category || s.language || s.from || s.to);

function fetchPage(state: SearchState, page: number, signal: AbortSignal) {
  const { q, kind, sort } = state;
  if (filtered(state)) {
    return api.get('/api/strict/advanced', {
      params: {
        query: {
          q,
          page,
          sort,
          kind: kind || 'article',
          ...(state.category ? { category: state.category as Schemas['CategoryId'] } : {}),
          ...(state.language ? { language: state.language } : {}),
          ...(state.from ? { from: state.from } : {}),
          ...(state.to ? { to: state.to } : {}),
        },
      },
      signal,
    });
  }
  return api.get('/api/strict/full', { params: { query: { q, page, sort, ...(kind ? { kind } : {}) } }, signal });
}

function HitCard({ hit }: { hit: Hit }) {
  const { t } = useTranslation('search');
  if (hit.kind === 'user') {
    return (
      <article className="pc-search-hit pc-search-hit--user" lang={hit.language}>
        <p className="pc-search-hit__kind">{t('author')}</p>
        <h3 className="pc-card__title">
          <Link to={`/@${encodeURIComponent(hit.handle)}`}>
            <Highlighted text={hit.title} ranges={hit.titleHighlights} />
          </Link>
        </h3>
        <p className="pc-meta">@{hit.handle}</p>
      </article>
    );
  }
  if (hit.kind === 'publication') {
    return (
      <article className="pc-search-hit pc-search-hit--publication">
        <p className="pc-search-hit__kind">{t('publication')}</p>
        <h3 className="pc-card__title">
          <a href={publicationOrigin(hit.handle, window.location.origin)}>
            <Highlighted text={hit.title} ranges={hit.titleHighlights} />
          </a>
        </h3>
        {hit.snippet && (
          <p className="pc-card__description">
            <Highlighted text={hit.snippet} ranges={hit.snippetHighlights} />
          </p>
        )}
      </article>
    );
  }
  return (
    <article className="pc-search-hit" lang={hit.language}>
      <h3 className="pc-card__title">
        <Link to={`/a/${encodeURIComponent(hit.id)}`}>
          <Highlighted text={hit.title} ranges={hit.titleHighlights} />
        </Link>
      </h3>
      {hit.snippet && (
        <p className="pc-card__description">
          <Highlighted text={hit.snippet} ranges={hit.snippetHighlights} />
        </p>
      )}
      <ArticleMeta author={hit.author} publishedAt={hit.publishedAt} />
    </article>
  );
}

function Results({ state }: { state: SearchState }) {
  const { t } = useReaderTranslation();
  const { t: s } = useTranslation('search');
  const query = state.q;
  const results = usePaged((page, signal) => fetchPage(state, page, signal), SEARCH_MAX_PAGE);

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
  const photos = state.kind === 'photo';
  if (results.items.length === 0) {
    return (
      <EmptyState
        title={photos ? s('photos.empty', { query }) : t('search.empty', { query })}
        hint={t('search.emptyHint')}
      />
    );
  }
  return (
    <section aria-labelledby="pc-results-title">
      <h2 id="pc-results-title" className="pc-section-title">
        {photos ? s('photos.title', { query }) : t('search.results', { query })}
      </h2>
      {photos ? (
        <PhotoGrid
          photos={results.items
            .filter((hit) => hit.imageUrl)
            .map((hit) => ({
              id: hit.id,
              imageUrl: hit.imageUrl!,
              caption: hit.title,
              articleTitle: hit.articleTitle ?? '',
            }))}
        />
      ) : (
        <ul className="pc-cards" data-search-results>
          {results.items.map((hit) => (
            <li key={`${hit.kind}-${hit.id}`} className="pc-card" data-kind={hit.kind}>
              <HitCard hit={hit} />
            </li>
          ))}
        </ul>
      )}
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

/** The kinds as links (the address keeps the words and the order; filters apply to articles). */
function KindTabs({ state }: { state: SearchState }) {
  const { t } = useTranslation('search');
  const kinds: (SearchHitKind | '')[] = ['', ...SEARCH_HIT_KINDS];
  return (
    <nav className="pc-search-kinds" aria-label={t('kinds.label')}>
      <ul>
        {kinds.map((kind) => (
          <li key={kind || 'all'}>
            <Link
              to={`/search${searchOf({ ...state, kind })}`}
              aria-current={state.kind === kind ? 'page' : undefined}
              className={state.kind === kind ? 'pc-search-kinds__current' : undefined}
            >
              {t(kind ? `kinds.${kind}` : 'kinds.all')}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Filters({ state }: { state: SearchState }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [draft, setDraft] = useState(state);
  const [categories, setCategories] = useState<{ id: string; name: string }[]>([]);
  const fromId = useId();
  const toId = useId();
  const badRange = Boolean(draft.from && draft.to && draft.from > draft.to);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/categories', { signal: controller.signal }).then(
      (list) => setCategories(list.items),
      () => setCategories([]),
    );
    return () => controller.abort();
  }, []);

  return (
    <details className="pc-search-filters" open={filtered(state) || state.sort === 'date'}>
      <summary>{t('filters.label')}</summary>
      <form
        className="pc-search-filters__form"
        aria-label={t('filters.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!badRange) void navigate(`/search${searchOf({ ...draft, q: state.q })}`);
        }}
      >
        <Select
          label={t('filters.sort')}
          name="sort"
          value={draft.sort}
          options={[
            { value: 'relevance', label: t('filters.relevance') },
            { value: 'date', label: t('filters.date') },
          ]}
          onChange={(event) => setDraft({ ...draft, sort: event.target.value as SearchSort })}
        />
        <Select
          label={t('filters.category')}
          name="category"
          value={draft.category}
          placeholder={t('filters.anyCategory')}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(event) => setDraft({ ...draft, category: event.target.value })}
        />
        <Select
          label={t('filters.language')}
          name="language"
          value={draft.language}
          placeholder={t('filters.anyLanguage')}
          options={LANGS.map((value) => ({ value, label: t(`languages.${value}`) }))}
          onChange={(event) => setDraft({ ...draft, language: event.target.value as Lang | '' })}
        />
        <div className="pc-field">
          <label className="pc-field__label" htmlFor={fromId}>
            {t('filters.from')}
          </label>
          <input
            id={fromId}
            name="from"
            type="date"
            className="pc-input"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="pc-field">
          <label className="pc-field__label" htmlFor={toId}>
            {t('filters.to')}
          </label>
          <input
            id={toId}
            name="to"
            type="date"
            className="pc-input"
            value={draft.to}
            aria-invalid={badRange || undefined}
            aria-describedby={badRange ? `${toId}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
          {badRange && (
            <p id={`${toId}-error`} className="pc-field__error" role="alert">
              {t('filters.badRange')}
            </p>
          )}
        </div>
        <div className="pc-search-filters__actions">
          <Button type="submit">{t('filters.submit')}</Button>
          {(filtered(state) || state.sort === 'date') && (
            <Link
              className="pc-button pc-button--ghost"
              to={`/search${searchOf({ ...state, category: '', language: '', from: '', to: '', sort: 'relevance' })}`}
            >
              {t('filters.reset')}
            </Link>
          )}
        </div>
      </form>
    </details>
  );
}

export default function Search() {
  const { t } = useReaderTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inputId = useId();
  const titleId = useId();
  const state = stateOf(params);
  const query = state.q;
  // The server's own check (@pencraft/rules): a query it would refuse is not sent.
  const problem = query ? searchQueryProblem(query) : undefined;
  useDocumentMeta(query ? `${query} — ${t('search.title')} — Pencraft` : `${t('search.title')} — Pencraft`);

  return (
    <div className="pc-reader pc-container pc-page pc-search">
      <h1 id={titleId}>{t('search.title')}</h1>
      <form
        className="pc-search-form"
        role="search"
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate(q ? `/search${searchOf({ ...state, q })}` : '/search');
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
      {query && <KindTabs state={state} />}
      {query && <Filters key={searchOf(state)} state={state} />}
      {!query ? (
        <EmptyState title={t('search.prompt')} />
      ) : problem && problem !== 'required' ? (
        <p className="pc-notice" role="alert">
          {t(`search.${problem}`, { max: SEARCH_QUERY_MAX })}
        </p>
      ) : (
        <Results key={searchOf(state)} state={state} />
      )}
    </div>
  );
}
