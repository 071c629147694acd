import { Button, EmptyState } from '@pencraft/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { DeskPage, Failure, failureMessage, Loading, useDateFormat } from '../components.js';
import { useDeskTranslation } from '../i18n.js';
import { deskApi, type ArticleStatus, type ReviewItem, type ReviewTimeline } from '../lib/desk-api.js';
import { reviewProgress } from '../lib/review.js';

/** The last change is worth showing when it came later than the submission (the same minute is the same moment). */
const changedLater = (item: ReviewItem) => Date.parse(item.updatedAt) - Date.parse(item.createdAt) >= 60_000;

export function StatusBadge({ status }: { status: ArticleStatus }) {
  const { t } = useDeskTranslation();
  return (
    <span className={`pc-desk__badge pc-desk__badge--${status}`}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

function Steps({ status }: { status: ArticleStatus }) {
  const { t } = useDeskTranslation();
  const { steps, current, off } = reviewProgress(status);
  if (steps.length === 0) return null;
  return (
    <ol className="pc-desk__steps" aria-label={t('review.progress')}>
      {steps.map((step, i) => {
        const state = i < current ? 'done' : i === current ? (off ? 'off' : 'current') : 'todo';
        const name = t(`status.${step}`);
        return (
          <li
            key={step}
            className={`pc-desk__step pc-desk__step--${state}`}
            aria-current={i === current ? 'step' : undefined}
          >
            <span aria-hidden="true">{name}</span>
            <span className="pc-visually-hidden">
              {state === 'done'
                ? t('review.stepDone', { step: name })
                : state === 'todo'
                  ? name
                  : t('review.stepCurrent', { step: name })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Timeline({ item, id }: { item: ReviewItem; id: string }) {
  const { t } = useDeskTranslation();
  const date = useDateFormat();
  const [timeline, setTimeline] = useState<ReviewTimeline>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    deskApi.timeline(item.id, controller.signal).then(setTimeline, (e: unknown) => {
      if (!controller.signal.aborted) setError(failureMessage(e, t('review.timeline.failed')));
    });
    return () => controller.abort();
  }, [item.id, attempt, t]);
  const title = t('review.timeline.title', { title: item.title });
  return (
    <section id={id} className="pc-desk__timeline" aria-label={title}>
      <h3 className="pc-visually-hidden">{title}</h3>
      {error ? (
        <Failure message={error} onRetry={() => (setError(undefined), setAttempt((n) => n + 1))} />
      ) : !timeline ? (
        <Loading />
      ) : timeline.events.length === 0 ? (
        <p>{t('review.timeline.empty')}</p>
      ) : (
        <ol className="pc-desk__events">
          {timeline.events.map((event, i) => (
            <li key={`${event.at}-${i}`} className="pc-desk__event">
              <StatusBadge status={event.status} />
              <time dateTime={event.at}>{date(event.at)}</time>
              {event.note && <p className="pc-desk__event-note">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReviewCard({ item }: { item: ReviewItem }) {
  const { t } = useDeskTranslation();
  const date = useDateFormat();
  const titleId = useId();
  const timelineId = useId();
  const [open, setOpen] = useState(false);
  const published = item.status === 'published';
  return (
    <li className="pc-desk__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="pc-desk__card-title">
        {published ? <Link to={`/a/${encodeURIComponent(item.id)}`}>{item.title}</Link> : item.title}
      </h2>
      <p className="pc-desk__meta">
        <StatusBadge status={item.status} />
        <span>{t(`common:languages.${item.language}`, { defaultValue: item.language })}</span>
        {item.translationOf && <span>{t('review.translation')}</span>}
        <span>{t('review.submitted', { date: date(item.createdAt) })}</span>
        {changedLater(item) && <span>{t('review.updated', { date: date(item.updatedAt) })}</span>}
      </p>
      <p className="pc-desk__help">{t(`statusHelp.${item.status}`, { defaultValue: '' })}</p>
      <Steps status={item.status} />
      {item.reviewNote && (
        <div className="pc-desk__note">
          <h3 className="pc-desk__note-title">{t('review.note')}</h3>
          <p>{item.reviewNote}</p>
        </div>
      )}
      <div className="pc-desk__actions">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? timelineId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('review.timeline.hide') : t('review.timeline.show')}
        </Button>
        {published && (
          <Link className="pc-button pc-button--secondary" to={`/me/articles/${encodeURIComponent(item.id)}/stats`}>
            {t('review.stats')}
          </Link>
        )}
        {item.status === 'revisionRequested' && (
          <Link className="pc-button pc-button--primary" to={`/write?edit=${encodeURIComponent(item.id)}`}>
            {t('review.revise')}
          </Link>
        )}
      </div>
      {open && <Timeline item={item} id={timelineId} />}
    </li>
  );
}

function ReviewList() {
  const { t } = useDeskTranslation();
  const [items, setItems] = useState<ReviewItem[]>();
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    deskApi.reviewList(1, controller.signal).then(
      (body) => {
        setItems(body.items);
        setPage(1);
        setHasMore(body.hasMore);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(failureMessage(e, t('common:dialog.failure')));
      },
    );
    return () => controller.abort();
  }, [attempt, t]);

  const more = useCallback(() => {
    setBusy(true);
    deskApi.reviewList(page + 1).then(
      (body) => {
        setItems((current) => [...(current ?? []), ...body.items.filter((i) => !current?.some((c) => c.id === i.id))]);
        setPage(page + 1);
        setHasMore(body.hasMore);
        setBusy(false);
      },
      (e: unknown) => {
        setBusy(false);
        setError(failureMessage(e, t('common:dialog.failure')));
      },
    );
  }, [page, t]);

  if (error && !items)
    return <Failure message={error} onRetry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
  if (!items) return <Loading />;
  return (
    <>
      <p className="pc-desk__intro">{t('review.intro')}</p>
      {items.length === 0 ? (
        <EmptyState
          title={t('review.empty')}
          action={
            <Link className="pc-button pc-button--primary" to="/write">
              {t('review.write')}
            </Link>
          }
        />
      ) : (
        <ul className="pc-desk__list">
          {items.map((item) => (
            <ReviewCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      {error && <Failure message={error} />}
      {hasMore && (
        <div className="pc-desk__more">
          <Button variant="secondary" busy={busy} onClick={more}>
            {t('common:actions.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/** `/me/review`: where each of the writer's submitted articles is in review, with its timeline and the notes. */
export default function ReviewStatus() {
  const { t } = useDeskTranslation();
  return (
    <DeskPage title={t('review.title')} path="/me/review">
      {() => <ReviewList />}
    </DeskPage>
  );
}
