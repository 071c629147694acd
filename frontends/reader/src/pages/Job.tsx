import { api, ApiError, EmptyState, formatDate, Spinner, useDocumentMeta } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PartError } from '../components/PartError.js';
import { salaryText, useJobsTranslation, type Job as JobJson } from '../lib/jobs.js';
import '../reader.css';
import '../jobs.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; job: JobJson }
  | { status: 'notFound' }
  | { status: 'error'; message: string | undefined };

/** Only what the server promises (an http(s) address or mailto:) becomes a link; anything else is not linked. */
function safeHref(href: string): string | undefined {
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : undefined;
}

function JobView({ job }: { job: JobJson }) {
  const { t, i18n } = useJobsTranslation();
  const salary = salaryText(job, t, i18n.language);
  const href = safeHref(job.apply.href);
  const open = job.status === 'open';
  return (
    <article className="pc-job" data-job={job.id} data-status={job.status}>
      <p>
        <Link to="/jobs">← {t('job.back')}</Link>
      </p>
      <h1 className="pc-job__title">{job.title}</h1>
      <p className="pc-meta">
        {t('job.publication')}:{' '}
        <a className="pc-meta__author" href={`//${job.publication.domain}/`} data-publication-link>
          {job.publication.name}
        </a>
      </p>
      <p>
        <span className={`pc-badge pc-job__status pc-job__status--${job.status}`} data-status-badge>
          {open ? t('job.openBadge') : t('job.closedBadge')}
        </span>
      </p>
      {!open && (
        <p className="pc-notice" role="status" data-closed>
          {t('job.closed')} {job.closedAt && t('closedOn', { date: formatDate(job.closedAt, t) })}
        </p>
      )}
      <section aria-labelledby="pc-job-details">
        <h2 id="pc-job-details" className="pc-section-title">
          {t('job.details')}
        </h2>
        <dl className="pc-job__facts">
          <div>
            <dt>{t('job.type')}</dt>
            <dd>{t(`types.${job.employmentType}`)}</dd>
          </div>
          <div>
            <dt>{t('job.category')}</dt>
            <dd>{t(`categories.${job.category}`)}</dd>
          </div>
          <div>
            <dt>{t('job.location')}</dt>
            <dd>{job.location ?? t('job.noLocation')}</dd>
          </div>
          <div>
            <dt>{t('job.remote')}</dt>
            <dd>{job.remote ? t('job.remoteYes') : t('job.remoteNo')}</dd>
          </div>
          <div>
            <dt>{t('job.salary')}</dt>
            <dd data-salary>{salary || t('job.noSalary')}</dd>
          </div>
          <div>
            <dt>{t('job.posted')}</dt>
            <dd>{formatDate(job.postedAt, t)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="pc-job-about">
        <h2 id="pc-job-about" className="pc-section-title">
          {t('job.about')}
        </h2>
        {/* Plain text: React escapes it; its line breaks are shown by the style. */}
        <div className="pc-job__description">{job.description}</div>
      </section>
      {open && href && (
        <div className="pc-job__apply">
          <a className="pc-button pc-button--primary" href={href} target="_blank" rel="noopener noreferrer nofollow">
            {job.apply.kind === 'email' ? t('job.applyByMail') : t('job.apply')}
          </a>
          <p className="pc-muted">{t('job.applyNote')}</p>
        </div>
      )}
    </article>
  );
}

/** One job's page; a new React key for another id. */
function JobPage({ id }: { id: string }) {
  const { t } = useJobsTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/jobs/{id}', { params: { path: { id } }, signal: controller.signal }).then(
      (job) => setState({ status: 'ready', job }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'notFound' });
        else setState({ status: 'error', message: error instanceof ApiError ? error.message : undefined });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  useDocumentMeta(
    state.status === 'ready'
      ? `${state.job.title} — ${t('title')} — Pencraft`
      : state.status === 'notFound'
        ? `${t('job.notFound')} — Pencraft`
        : `${t('title')} — Pencraft`,
    state.status === 'ready' ? `${state.job.publication.name}: ${state.job.title}` : undefined,
  );

  return (
    <div className="pc-reader pc-container pc-page">
      {state.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
      {state.status === 'error' && (
        <PartError
          title={t('error')}
          message={state.message}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {state.status === 'notFound' && (
        <EmptyState
          title={
            <span role="heading" aria-level={1}>
              {t('job.notFound')}
            </span>
          }
          action={
            <Link className="pc-button pc-button--secondary" to="/jobs">
              {t('job.back')}
            </Link>
          }
        />
      )}
      {state.status === 'ready' && <JobView job={state.job} />}
    </div>
  );
}

/** /jobs/:id: one job, open or closed (marked so, without its apply link); an unknown id is the not-found state. */
export default function Job() {
  const { id = '' } = useParams();
  return <JobPage key={id} id={id} />;
}
