import { EMPLOYMENT_TYPES, JOB_CATEGORIES, JOB_QUERY_MAX, jobQueryProblem } from '@pencraft/rules';
import { api, ApiError, Button, EmptyState, formatDate, Select, Spinner, useDocumentMeta } from '@pencraft/ui';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PartError } from '../components/PartError.js';
import { filtersOf, salaryText, searchOf, useJobsTranslation, type Job, type JobFilters } from '../lib/jobs.js';
import '../reader.css';
import '../jobs.css';

interface ListState {
  items: Job[];
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: string | undefined;
}

/** Open jobs matching the filters, page after page by the server's cursor ("load more"). */
function useJobs(filters: JobFilters) {
  const [state, setState] = useState<ListState>({
    items: [],
    nextCursor: null,
    status: 'loading',
    loadingMore: false,
    error: undefined,
  });
  const [request, setRequest] = useState<{ cursor: string | null; attempt: number }>({ cursor: null, attempt: 0 });

  useEffect(() => {
    const controller = new AbortController();
    const query = {
      ...(filters.q ? { q: filters.q } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.remote ? { remote: filters.remote } : {}),
      ...(request.cursor ? { cursor: request.cursor } : {}),
    };
    api.get('/api/jobs', { params: { query }, signal: controller.signal }).then(
      (page) =>
        setState((current) => ({
          items: request.cursor ? [...current.items, ...page.items] : page.items,
          nextCursor: page.nextCursor,
          status: 'ready',
          loadingMore: false,
          error: undefined,
        })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => ({
          ...current,
          status: request.cursor ? current.status : 'error',
          loadingMore: false,
          error: error instanceof ApiError ? error.message : '',
        }));
      },
    );
    return () => controller.abort();
    // The component gets a new key for other filters, so they are fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  return {
    ...state,
    loadMore: () => {
      if (!state.nextCursor) return;
      setState((current) => ({ ...current, loadingMore: true, error: undefined }));
      setRequest((current) => ({ cursor: state.nextCursor, attempt: current.attempt + 1 }));
    },
    retry: () => {
      setState((current) => ({ ...current, status: current.items.length ? 'ready' : 'loading', error: undefined }));
      setRequest((current) => ({ ...current, attempt: current.attempt + 1 }));
    },
  };
}

function JobCard({ job }: { job: Job }) {
  const { t, i18n } = useJobsTranslation();
  const salary = salaryText(job, t, i18n.language);
  return (
    <li className="pc-card pc-job-card" data-job={job.id}>
      <article>
        <h3 className="pc-card__title">
          <Link to={`/jobs/${encodeURIComponent(job.id)}`}>{job.title}</Link>
        </h3>
        <p className="pc-meta">
          {t('by')} <span className="pc-meta__author">{job.publication.name}</span>
        </p>
        <ul className="pc-job-tags" aria-label={t('job.details')}>
          <li>{t(`types.${job.employmentType}`)}</li>
          <li>{t(`categories.${job.category}`)}</li>
          {job.location && <li>{job.location}</li>}
          {job.remote && <li>{t('remote')}</li>}
          {salary && <li data-salary>{salary}</li>}
        </ul>
        <p className="pc-meta">{t('postedOn', { date: formatDate(job.postedAt, t) })}</p>
      </article>
    </li>
  );
}

function Results({ filters }: { filters: JobFilters }) {
  const { t } = useJobsTranslation();
  const list = useJobs(filters);
  if (list.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (list.status === 'error') return <PartError title={t('error')} message={list.error} onRetry={list.retry} />;
  if (list.items.length === 0) return <EmptyState title={t('empty')} hint={t('emptyHint')} />;
  return (
    <section aria-labelledby="pc-jobs-results">
      <h2 id="pc-jobs-results" className="pc-section-title">
        {t('results')}
      </h2>
      <ul className="pc-cards" data-jobs>
        {list.items.map((job) => (
          <JobCard key={job.id} job={job} />
        ))}
      </ul>
      {list.error !== undefined && <PartError title={t('error')} message={list.error} onRetry={list.retry} />}
      {list.nextCursor && list.error === undefined && (
        <div className="pc-center">
          <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
            {t('common:actions.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The filters as the reader sets them, sent to the address when submitted; a new React key for another address. */
function FiltersForm({ initial }: { initial: JobFilters }) {
  const { t } = useJobsTranslation();
  const navigate = useNavigate();
  const queryId = useId();
  const [draft, setDraft] = useState(initial);
  const filtered = searchOf(initial) !== '';
  return (
    <form
      className="pc-jobs__filters"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(`/jobs${searchOf({ ...draft, q: draft.q.trim() })}`);
      }}
    >
      <h2 className="pc-visually-hidden">{t('filters.label')}</h2>
      <div className="pc-field pc-jobs__query">
        <label className="pc-field__label" htmlFor={queryId}>
          {t('filters.query')}
        </label>
        <input
          id={queryId}
          name="q"
          type="search"
          className="pc-input"
          placeholder={t('filters.queryPlaceholder')}
          value={draft.q}
          maxLength={JOB_QUERY_MAX * 2}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
      </div>
      <Select
        label={t('filters.category')}
        name="category"
        value={draft.category}
        placeholder={t('filters.anyCategory')}
        options={JOB_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
        onChange={(event) => setDraft({ ...draft, category: event.target.value as JobFilters['category'] })}
      />
      <Select
        label={t('filters.type')}
        name="type"
        value={draft.type}
        placeholder={t('filters.anyType')}
        options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        onChange={(event) => setDraft({ ...draft, type: event.target.value as JobFilters['type'] })}
      />
      <Select
        label={t('filters.remote')}
        name="remote"
        value={draft.remote}
        placeholder={t('filters.anyRemote')}
        options={[
          { value: 'true', label: t('filters.remoteOnly') },
          { value: 'false', label: t('filters.onSiteOnly') },
        ]}
        onChange={(event) => setDraft({ ...draft, remote: event.target.value as JobFilters['remote'] })}
      />
      <div className="pc-jobs__actions">
        <Button type="submit">{t('filters.submit')}</Button>
        {filtered && (
          <Link className="pc-button pc-button--ghost" to="/jobs">
            {t('filters.reset')}
          </Link>
        )}
      </div>
    </form>
  );
}

/** /jobs: open jobs of every publication, with filters kept in the address (a filtered list can be shared). */
export default function Jobs() {
  const { t } = useJobsTranslation();
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const key = searchOf(filters);
  const problem = filters.q ? jobQueryProblem(filters.q) : undefined;
  useDocumentMeta(`${t('title')} — Pencraft`, t('description'));

  return (
    <div className="pc-reader pc-container pc-page pc-jobs">
      <header className="pc-category">
        <div>
          <h1>{t('title')}</h1>
          <p className="pc-muted">{t('description')}</p>
        </div>
      </header>
      <FiltersForm key={key} initial={filters} />
      {problem && problem !== 'queryChars' ? (
        <p className="pc-notice" role="alert">
          {t('filters.queryLength', { max: JOB_QUERY_MAX })}
        </p>
      ) : (
        <Results key={key} filters={filters} />
      )}
    </div>
  );
}
