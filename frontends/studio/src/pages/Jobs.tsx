import {
  checkJobApply,
  EMPLOYMENT_TYPES,
  exactManats,
  formatManat,
  JOB_APPLY_MAX,
  JOB_CATEGORIES,
  JOB_DESCRIPTION_MAX,
  JOB_DESCRIPTION_MIN,
  JOB_LOCATION_MAX,
  JOB_SALARY_MAX_QEPIK,
  JOB_TITLE_MAX,
  JOB_TITLE_MIN,
  jobDescriptionProblem,
  jobLocationProblem,
  jobSalaryProblem,
  jobTitleProblem,
  normalizeJobDescription,
  normalizeJobLocation,
  normalizeJobTitle,
  parseManat,
  type EmploymentType,
  type JobCategory,
} from '@pencraft/rules';
import {
  api,
  Button,
  Checkbox,
  formatDate,
  Select,
  spreadError,
  TextField,
  useFeedback,
  useLoad,
  type Schemas,
} from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { onPublication, type Studio } from '../lib/studio.js';
import { useAction } from '../lib/useAction.js';
import '../jobs.css';

type Job = Schemas['Job'];
type JobBody = Schemas['JobBody'];
type Field = 'title' | 'description' | 'location' | 'salary' | 'apply';

/** The studio's jobs namespace (loaded per language when first needed: see routes.ts). */
function useJobsTranslation() {
  return useTranslation('studioJobs');
}

const LIMITS = {
  titleMin: JOB_TITLE_MIN,
  titleMax: JOB_TITLE_MAX,
  descriptionMin: JOB_DESCRIPTION_MIN,
  descriptionMax: JOB_DESCRIPTION_MAX,
  locationMax: JOB_LOCATION_MAX,
  applyMax: JOB_APPLY_MAX,
};

interface Draft {
  title: string;
  description: string;
  location: string;
  remote: boolean;
  employmentType: EmploymentType;
  category: JobCategory;
  salaryMin: string;
  salaryMax: string;
  apply: string;
}

const EMPTY: Draft = {
  title: '',
  description: '',
  location: '',
  remote: false,
  employmentType: 'fullTime',
  category: 'writing',
  salaryMin: '',
  salaryMax: '',
  apply: '',
};

function draftOf(job: Job): Draft {
  return {
    title: job.title,
    description: job.description,
    location: job.location ?? '',
    remote: job.remote,
    employmentType: job.employmentType,
    category: job.category,
    salaryMin: job.salary?.minQepik ? exactManats(job.salary.minQepik) : '',
    salaryMax: job.salary?.maxQepik ? exactManats(job.salary.maxQepik) : '',
    apply: job.apply.value,
  };
}

/** The rules' checks of the form, in the order the fields show; the body to send when there is no problem. */
function checked(draft: Draft, t: TFunction<'studioJobs'>, language: string) {
  const problems: Partial<Record<Field, string>> = {};
  const title = normalizeJobTitle(draft.title);
  const titleProblem = jobTitleProblem(title);
  if (titleProblem) problems.title = t(`problems.${titleProblem}`, { min: JOB_TITLE_MIN, max: JOB_TITLE_MAX });
  const description = normalizeJobDescription(draft.description);
  if (jobDescriptionProblem(description)) {
    problems.description = t('problems.descriptionLength', { min: JOB_DESCRIPTION_MIN, max: JOB_DESCRIPTION_MAX });
  }
  const location = normalizeJobLocation(draft.location);
  const locationProblem = jobLocationProblem(location);
  if (locationProblem) problems.location = t(`problems.${locationProblem}`, { max: JOB_LOCATION_MAX });
  const min = parseManat(draft.salaryMin);
  const max = parseManat(draft.salaryMax);
  const salaryProblem = jobSalaryProblem(min, max);
  if (salaryProblem) {
    problems.salary = t(`problems.${salaryProblem}`, { max: formatManat(JOB_SALARY_MAX_QEPIK, language) });
  }
  const apply = checkJobApply(draft.apply);
  if (apply.problem) problems.apply = t(`problems.${apply.problem}`, { max: JOB_APPLY_MAX });
  const body: JobBody = {
    title,
    description,
    location,
    remote: draft.remote,
    employmentType: draft.employmentType,
    category: draft.category,
    salaryMinQepik: min ?? null,
    salaryMaxQepik: max ?? null,
    apply: draft.apply.trim(),
  };
  return { problems, body };
}

/** Posting a job, or changing one (`job`): checked here by the rules, then by the server. */
function JobForm({ studio, job, onDone }: { studio: Studio; job?: Job; onDone: () => void }) {
  const { t, i18n } = useJobsTranslation();
  const feedback = useFeedback();
  const [draft, setDraft] = useState<Draft>(job ? draftOf(job) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K], field?: Field) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form
      noValidate
      data-job-form={job ? 'edit' : 'create'}
      onSubmit={(event) => {
        event.preventDefault();
        const { problems, body } = checked(draft, t, i18n.language);
        setFormError(undefined);
        setErrors(problems);
        if (Object.keys(problems).length > 0) return;
        setBusy(true);
        const call = job
          ? api.put('/api/core-publications/{id}/studio/jobs/{jobId}', {
              params: { path: { id: studio.publication.id, jobId: job.id } },
              body,
            })
          : api.post('/api/core-publications/{id}/studio/jobs', { ...onPublication(studio), body });
        call.then(
          () => {
            setBusy(false);
            feedback.success(job ? t('saved') : t('created'));
            if (!job) setDraft(EMPTY);
            onDone();
          },
          (error: unknown) => {
            setBusy(false);
            const spread = spreadError(
              error,
              ['title', 'description', 'location', 'salary', 'salaryMinQepik', 'salaryMaxQepik', 'apply'],
              { InvalidTitle: 'title', InvalidDescription: 'description' },
              t('common:dialog.failure'),
            );
            const { salaryMinQepik, salaryMaxQepik, ...fields } = spread.fields;
            setErrors({ ...fields, salary: fields.salary ?? salaryMinQepik ?? salaryMaxQepik });
            setFormError(spread.form);
          },
        );
      }}
    >
      <TextField
        label={t('title')}
        value={draft.title}
        onChange={(event) => set('title', event.target.value, 'title')}
        error={errors.title}
        counter={t('counter', { count: [...draft.title].length, max: LIMITS.titleMax })}
        required
      />
      <TextField
        multiline
        rows={6}
        label={t('description')}
        value={draft.description}
        onChange={(event) => set('description', event.target.value, 'description')}
        error={errors.description}
        hint={t('descriptionHint')}
        counter={t('counter', { count: [...draft.description].length, max: LIMITS.descriptionMax })}
        required
      />
      <Select
        label={t('type')}
        value={draft.employmentType}
        onChange={(event) => set('employmentType', event.target.value as EmploymentType)}
        options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
      />
      <Select
        label={t('category')}
        value={draft.category}
        onChange={(event) => set('category', event.target.value as JobCategory)}
        options={JOB_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
      />
      <TextField
        label={t('location')}
        value={draft.location}
        onChange={(event) => set('location', event.target.value, 'location')}
        error={errors.location}
        hint={t('locationHint')}
      />
      <Checkbox label={t('remote')} checked={draft.remote} onChange={(event) => set('remote', event.target.checked)} />
      <div className="pc-studio-jobs__pair">
        <TextField
          label={t('salaryMin')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.salaryMin}
          onChange={(event) => set('salaryMin', event.target.value, 'salary')}
          error={errors.salary}
          hint={t('salaryHint')}
        />
        <TextField
          label={t('salaryMax')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.salaryMax}
          onChange={(event) => set('salaryMax', event.target.value, 'salary')}
        />
      </div>
      <TextField
        label={t('apply')}
        value={draft.apply}
        autoComplete="off"
        onChange={(event) => set('apply', event.target.value, 'apply')}
        error={errors.apply}
        hint={t('applyHint')}
        required
      />
      <FormError message={formError} />
      <div className="pc-studio__actions">
        <Button type="submit" busy={busy}>
          {job ? t('submitEdit') : t('submitCreate')}
        </Button>
        {job && (
          <Button variant="ghost" onClick={onDone}>
            {t('cancelEdit')}
          </Button>
        )}
      </div>
    </form>
  );
}

function JobRow({
  job,
  studio,
  onEdit,
  onClosed,
}: {
  job: Job;
  studio: Studio;
  onEdit: () => void;
  onClosed: () => void;
}) {
  const { t } = useJobsTranslation();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const manage = studio.may('manageJobs');
  const open = job.status === 'open';
  return (
    <li className="pc-studio__row" data-job={job.id} data-status={job.status}>
      <span className="pc-studio__row-main">
        <span>{job.title}</span>
        <span className="pc-studio__row-meta">
          <span className="pc-studio__role" data-job-status>
            {open ? t('statusOpen') : t('statusClosed')}
          </span>{' '}
          {t(`types.${job.employmentType}`)} · {t('postedOn', { date: formatDate(job.postedAt, t) })}
          {job.closedAt && `, ${t('closedOn', { date: formatDate(job.closedAt, t) })}`}
        </span>
        {confirming && (
          <span className="pc-studio__row-meta" role="status">
            {t('closeNote')}
          </span>
        )}
        <FormError message={action.error} />
      </span>
      <span className="pc-studio__row-actions">
        <Link className="pc-button pc-button--ghost" to={`/jobs/${job.id}`} aria-label={t('viewLabel', job)}>
          {t('view')}
        </Link>
        {manage && !confirming && (
          <Button variant="secondary" aria-label={t('changeLabel', job)} onClick={onEdit}>
            {t('change')}
          </Button>
        )}
        {manage &&
          open &&
          (confirming ? (
            <>
              <Button
                key="confirm"
                variant="danger"
                busy={action.running === job.id}
                onClick={() =>
                  void action
                    .run(
                      job.id,
                      () =>
                        api.post('/api/core-publications/{id}/studio/jobs/{jobId}/close', {
                          params: { path: { id: studio.publication.id, jobId: job.id } },
                        }),
                      t('closed'),
                    )
                    .then((ok) => {
                      if (ok) {
                        setConfirming(false);
                        onClosed();
                      }
                    })
                }
              >
                {t('confirmClose')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t('keep')}
              </Button>
            </>
          ) : (
            <Button key="ask" variant="secondary" aria-label={t('closeLabel', job)} onClick={() => setConfirming(true)}>
              {t('close')}
            </Button>
          ))}
      </span>
    </li>
  );
}

function JobsBody({ studio }: { studio: Studio }) {
  const { t } = useJobsTranslation();
  const id = useId();
  const [editing, setEditing] = useState<Job>();
  const [version, setVersion] = useState(0);
  const jobs = useLoad(
    (signal) => api.get('/api/core-publications/{id}/studio/jobs', { ...onPublication(studio), signal }),
    [studio.publication.id, version],
    t('common:dialog.failure'),
  );
  // Later pages, fetched by the cursor of the page before (the first page is `jobs`).
  const [more, setMore] = useState<{ version: number; items: Job[]; nextCursor: string | null; busy: boolean }>();
  const changed = () => {
    setEditing(undefined);
    setMore(undefined);
    setVersion((n) => n + 1);
  };
  const loadMore = (cursor: string) => {
    setMore((current) => ({ version, items: current?.items ?? [], nextCursor: cursor, busy: true }));
    api
      .get('/api/core-publications/{id}/studio/jobs', {
        params: { path: { id: studio.publication.id }, query: { cursor } },
      })
      .then(
        (page) =>
          setMore((current) => ({
            version,
            items: [...(current?.items ?? []), ...page.items],
            nextCursor: page.nextCursor,
            busy: false,
          })),
        () => setMore((current) => current && { ...current, busy: false }),
      );
  };
  const manage = studio.may('manageJobs');
  return (
    <>
      {manage && (
        <Panel id={`${id}-form`} title={editing ? t('edit') : t('create')}>
          <JobForm key={editing?.id ?? 'new'} studio={studio} job={editing} onDone={changed} />
        </Panel>
      )}
      <Panel id={`${id}-list`} title={t('list')}>
        {!manage && <p className="pc-studio__text">{t('memberNote')}</p>}
        <Loaded state={jobs.state} onRetry={jobs.reload}>
          {(data) => {
            const later = more && more.version === version ? more : undefined;
            const items = [...data.items, ...(later?.items ?? [])];
            const next = later ? later.nextCursor : data.nextCursor;
            return items.length === 0 ? (
              <p className="pc-studio__text">{t('empty')}</p>
            ) : (
              <>
                <ul className="pc-studio__list" data-jobs>
                  {items.map((job) => (
                    <JobRow key={job.id} job={job} studio={studio} onEdit={() => setEditing(job)} onClosed={changed} />
                  ))}
                </ul>
                {next && (
                  <div className="pc-studio__actions">
                    <Button variant="secondary" busy={later?.busy ?? false} onClick={() => loadMore(next)}>
                      {t('loadMore')}
                    </Button>
                  </div>
                )}
              </>
            );
          }}
        </Loaded>
      </Panel>
    </>
  );
}

/** /studio/jobs: the owner posts, changes and closes the publication's jobs (a member gets the frame's owner-only notice). */
export default function Jobs() {
  return <StudioFrame section="jobs">{(studio) => <JobsBody studio={studio} />}</StudioFrame>;
}
