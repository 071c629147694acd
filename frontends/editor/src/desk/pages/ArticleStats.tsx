import { ApiError, Select } from '@pencraft/ui';
import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DeskPage, Failure, failureMessage, Loading, useDateFormat, useNumberFormat } from '../components.js';
import { useDeskTranslation } from '../i18n.js';
import { bars, busiestDay, splitSeconds } from '../lib/chart.js';
import { deskApi, type ArticleStatistics, type DailyStats } from '../lib/desk-api.js';

export const PERIODS = [7, 30, 90] as const;
const DEFAULT_PERIOD = 30;
/** The chart's drawing units (the SVG stretches to the page's width). */
const CHART = { width: 600, height: 160 };

function periodOf(value: string | null): number {
  const days = Number(value);
  return (PERIODS as readonly number[]).includes(days) ? days : DEFAULT_PERIOD;
}

function Tiles({ stats }: { stats: ArticleStatistics }) {
  const { t } = useDeskTranslation();
  const number = useNumberFormat();
  const { minutes, seconds } = splitSeconds(stats.averageReadSeconds);
  const tiles: [string, string][] = [
    [t('stats.views'), number(stats.views.total)],
    [t('stats.viewsUsers'), number(stats.views.users)],
    [t('stats.unique'), number(stats.views.unique)],
    [t('stats.reads'), number(stats.reads)],
    [
      t('stats.averageRead'),
      minutes > 0 ? t('stats.minutes', { minutes, seconds }) : t('stats.seconds', { n: seconds }),
    ],
    [t('stats.upvotes'), number(stats.votes.up)],
    [t('stats.downvotes'), number(stats.votes.down)],
    [t('stats.comments'), number(stats.comments)],
    [t('stats.bookmarks'), number(stats.bookmarks)],
  ];
  return (
    <section aria-labelledby="pc-desk-totals">
      <h2 id="pc-desk-totals" className="pc-visually-hidden">
        {t('stats.summary')}
      </h2>
      <dl className="pc-desk__tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="pc-desk__tile">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The daily series: a bar chart for the eye (views behind reads, on one scale) summed up in its caption, and the same
 * numbers in a table for everyone else. The chart itself is hidden from assistive technology: the table says it all.
 */
function Daily({ daily, days }: { daily: DailyStats[]; days: number }) {
  const { t } = useDeskTranslation();
  const number = useNumberFormat();
  const shortDate = useDateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDate = useDateFormat({ dateStyle: 'medium', timeZone: 'UTC' });
  const captionId = useId();
  const chart = bars(daily, CHART.width, CHART.height);
  const busiest = busiestDay(daily);
  const totals = daily.reduce((sum, d) => ({ views: sum.views + d.views, reads: sum.reads + d.reads }), {
    views: 0,
    reads: 0,
  });
  const at = (date: string) => `${date}T00:00:00Z`;
  return (
    <section className="pc-desk__daily" aria-labelledby="pc-desk-daily">
      <h2 id="pc-desk-daily">{t('stats.daily')}</h2>
      <figure className="pc-desk__chart" aria-labelledby={captionId}>
        <div className="pc-desk__chart-plot">
          <span className="pc-desk__axis" aria-hidden="true">
            <span>{number(chart.top)}</span>
            <span>0</span>
          </span>
          <svg
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
            className="pc-desk__svg"
          >
            <line x1="0" y1={CHART.height} x2={CHART.width} y2={CHART.height} className="pc-desk__baseline" />
            {chart.bars.map((bar) => (
              <g key={bar.date}>
                <rect
                  className="pc-desk__bar-views"
                  x={bar.x}
                  width={bar.width}
                  y={CHART.height - bar.views}
                  height={bar.views}
                />
                <rect
                  className="pc-desk__bar-reads"
                  x={bar.x + bar.width / 4}
                  width={bar.width / 2}
                  y={CHART.height - bar.reads}
                  height={bar.reads}
                />
              </g>
            ))}
          </svg>
        </div>
        {daily.length > 0 && (
          <div className="pc-desk__dates" aria-hidden="true">
            <span>{shortDate(at(daily[0]!.date))}</span>
            <span>{shortDate(at(daily[daily.length - 1]!.date))}</span>
          </div>
        )}
        <div className="pc-desk__legend" aria-hidden="true">
          <span className="pc-desk__swatch pc-desk__swatch--views" />
          {t('stats.views')}
          <span className="pc-desk__swatch pc-desk__swatch--reads" />
          {t('stats.reads')}
        </div>
        <figcaption id={captionId} className="pc-desk__caption">
          {busiest
            ? t('stats.chartSummary', {
                views: number(totals.views),
                reads: number(totals.reads),
                days,
                date: longDate(at(busiest.date)),
              })
            : t('stats.chartEmpty', { days })}
        </figcaption>
      </figure>
      {/* A keyboard user can scroll the long table: the region takes focus (axe: scrollable-region-focusable). */}
      <div className="pc-desk__table-wrap" role="region" aria-label={t('stats.tableRegion')} tabIndex={0}>
        <table className="pc-desk__table">
          <caption>{t('stats.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.date')}</th>
              <th scope="col">{t('stats.views')}</th>
              <th scope="col">{t('stats.reads')}</th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{longDate(at(day.date))}</time>
                </th>
                <td>{number(day.views)}</td>
                <td>{number(day.reads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StatsView({ id, onTitle }: { id: string; onTitle: (title: string) => void }) {
  const { t } = useDeskTranslation();
  const [search, setSearch] = useSearchParams();
  const days = periodOf(search.get('days'));
  const [stats, setStats] = useState<ArticleStatistics>();
  const [error, setError] = useState<{ message: string; final: boolean }>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    deskApi.article(id, controller.signal).then(
      (article) => onTitle(article.title),
      () => undefined,
    );
    return () => controller.abort();
  }, [id, onTitle]);

  useEffect(() => {
    const controller = new AbortController();
    deskApi.statistics(id, days, controller.signal).then(setStats, (e: unknown) => {
      if (controller.signal.aborted) return;
      const missing = e instanceof ApiError && (e.status === 404 || e.status === 400 || e.status === 403);
      setError({
        message: missing ? t('stats.notFound') : failureMessage(e, t('common:dialog.failure')),
        final: missing,
      });
    });
    return () => controller.abort();
  }, [id, days, attempt, t]);

  return (
    <>
      <p>
        <Link to="/me/review">{t('stats.back')}</Link>
      </p>
      {error ? (
        <Failure
          message={error.message}
          onRetry={error.final ? undefined : () => (setError(undefined), setAttempt((n) => n + 1))}
        />
      ) : !stats ? (
        <Loading />
      ) : (
        <>
          <div className="pc-desk__toolbar">
            <Select
              label={t('stats.period')}
              value={String(days)}
              options={PERIODS.map((n) => ({ value: String(n), label: t('stats.days', { n }) }))}
              onChange={(event) => {
                const next = new URLSearchParams(search);
                next.set('days', event.target.value);
                setSearch(next, { replace: true });
              }}
            />
          </div>
          <Tiles stats={stats} />
          <Daily daily={stats.daily} days={days} />
        </>
      )}
    </>
  );
}

/** `/me/articles/:id/stats`: an article's statistics, for its author and accepted co-authors only (the API says so). */
export default function ArticleStats() {
  const { t } = useDeskTranslation();
  const { id = '' } = useParams();
  const [title, setTitle] = useState<string>();
  const heading = title ? t('stats.of', { title }) : t('stats.title');
  return (
    <DeskPage title={heading} path={`/me/articles/${id}/stats`}>
      {() => <StatsView id={id} onTitle={setTitle} />}
    </DeskPage>
  );
}
