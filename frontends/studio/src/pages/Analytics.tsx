import { formatManat, STUDIO_ANALYTICS_DAYS, type StudioAnalyticsDays } from '@pencraft/rules';
import { api, useLoad, type Schemas } from '@pencraft/ui';
import { useCallback, useId, useMemo, useState } from 'react';
import { LineChart, type ChartSeries } from '../components/LineChart.js';
import { Loaded, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import type { Studio } from '../lib/studio.js';

type Analytics = Schemas['PublicationAnalytics'];
type Day = Analytics['daily'][number];
type Column = 'views' | 'reads' | 'subscribers' | 'newSubscribers';
type Revenue = NonNullable<Analytics['revenue']>;

/** A chart and the same numbers as a table (caption, header cells with scope), the table scrolling in its own box. */
function SeriesPanel({
  title,
  days,
  columns,
  colours,
}: {
  title: string;
  days: readonly Day[];
  columns: readonly Column[];
  colours: Partial<Record<Column, Pick<ChartSeries, 'colour' | 'dash'>>>;
}) {
  const { t, i18n } = useStudioTranslation();
  const id = useId();
  const numbers = new Intl.NumberFormat(i18n.language);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const charted = columns.filter((column) => colours[column]);
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const series = useMemo(
    () =>
      charted.map((column) => ({
        label: t(`analytics.${column}`),
        values: days.map((day) => day[column]),
        ...colours[column]!,
      })),
    // The colours and columns are constants of each panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, t],
  );
  const total = (column: Column) => days.reduce((sum, day) => sum + day[column], 0);
  return (
    <Panel id={`${id}-title`} title={title}>
      <LineChart
        label={t('analytics.chartLabel', {
          title,
          summary: charted
            .map((column) =>
              column === 'subscribers'
                ? `${t('analytics.subscribers')}: ${numbers.format(days.at(-1)?.subscribers ?? 0)}`
                : `${t(`analytics.${column}`)}: ${numbers.format(total(column))}`,
            )
            .join(', '),
        })}
        dates={dates}
        series={series}
      />
      {charted.length > 1 && (
        <ul className="pc-studio__legend" aria-hidden="true">
          {charted.map((column) => (
            <li key={column} data-legend={column}>
              <span className={`pc-studio__swatch pc-studio__swatch--${column}`} />
              {t(`analytics.${column}`)}
            </li>
          ))}
        </ul>
      )}
      <div
        className="pc-studio__table-wrap pc-studio__table-wrap--tall"
        tabIndex={0}
        role="region"
        aria-label={t('analytics.tableCaption', { title })}
      >
        <table className="pc-studio__table" data-series-table>
          <caption>{t('analytics.tableCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.date')}</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {t(`analytics.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{dateFormat.format(Date.parse(`${day.date}T00:00:00Z`))}</time>
                </th>
                {columns.map((column) => (
                  <td key={column} className="pc-studio__number">
                    {numbers.format(day[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

/**
 * The owner's revenue per day (integer qəpik from the income ledger): charted in qəpik with the axis written as ₼,
 * and the same days in a table, every amount formatted by Intl from the exact integer (formatManat).
 */
function RevenuePanel({ revenue }: { revenue: Revenue }) {
  const { t, i18n } = useStudioTranslation();
  const id = useId();
  const language = i18n.language;
  const numbers = new Intl.NumberFormat(language);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const title = t('analytics.revenueTitle');
  const dates = useMemo(() => revenue.daily.map((day) => day.date), [revenue]);
  const series = useMemo(
    () => [
      { label: t('analytics.revenue'), values: revenue.daily.map((day) => day.amountQepik), colour: '--pc-accent' },
    ],
    [revenue, t],
  );
  const formatValue = useCallback((qepik: number) => formatManat(Math.round(qepik), language), [language]);
  const payments = revenue.daily.reduce((sum, day) => sum + day.payments, 0);
  return (
    <Panel id={`${id}-revenue`} title={title}>
      <p className="pc-studio__text" data-revenue-total>
        {t('analytics.revenueTotal', {
          amount: formatManat(revenue.totalQepik, language),
          payments: numbers.format(payments),
        })}
      </p>
      <LineChart
        label={t('analytics.chartLabel', {
          title,
          summary: `${t('analytics.revenue')}: ${formatManat(revenue.totalQepik, language)}`,
        })}
        dates={dates}
        series={series}
        formatValue={formatValue}
      />
      <div
        className="pc-studio__table-wrap pc-studio__table-wrap--tall"
        tabIndex={0}
        role="region"
        aria-label={t('analytics.tableCaption', { title })}
      >
        <table className="pc-studio__table" data-revenue-table>
          <caption>{t('analytics.tableCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.date')}</th>
              <th scope="col">{t('analytics.revenue')}</th>
              <th scope="col">{t('analytics.payments')}</th>
            </tr>
          </thead>
          <tbody>
            {[...revenue.daily].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{dateFormat.format(Date.parse(`${day.date}T00:00:00Z`))}</time>
                </th>
                <td className="pc-studio__number">{formatManat(day.amountQepik, language)}</td>
                <td className="pc-studio__number">{numbers.format(day.payments)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

function TopArticles({ top }: { top: Analytics['top'] }) {
  const { t, i18n } = useStudioTranslation();
  const id = useId();
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <Panel id={`${id}-top`} title={t('analytics.top')}>
      {top.length === 0 ? (
        <p className="pc-studio__text">{t('analytics.noTop')}</p>
      ) : (
        <div className="pc-studio__table-wrap" tabIndex={0} role="region" aria-label={t('analytics.topCaption')}>
          <table className="pc-studio__table" data-top-articles>
            <caption>{t('analytics.topCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analytics.article')}</th>
                <th scope="col">{t('analytics.reads')}</th>
                <th scope="col">{t('analytics.views')}</th>
              </tr>
            </thead>
            <tbody>
              {top.map((article) => (
                <tr key={article.articleId}>
                  <th scope="row">
                    <a href={`/a/${article.articleId}`}>{article.title}</a>
                  </th>
                  <td className="pc-studio__number">{numbers.format(article.reads)}</td>
                  <td className="pc-studio__number">{numbers.format(article.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function AnalyticsBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const id = useId();
  const [days, setDays] = useState<StudioAnalyticsDays>(STUDIO_ANALYTICS_DAYS[0]);
  const data = useLoad(
    (signal) =>
      api.get('/api/core-publications/{id}/studio/analytics', {
        params: { path: { id: studio.publication.id }, query: { days } },
        signal,
      }),
    [studio.publication.id, days],
    t('common:dialog.failure'),
  );
  return (
    <>
      <div className="pc-field pc-studio__range">
        <label className="pc-field__label" htmlFor={`${id}-range`}>
          {t('analytics.range')}
        </label>
        <select
          id={`${id}-range`}
          className="pc-studio__select"
          value={days}
          data-range
          onChange={(event) => setDays(Number(event.target.value) as StudioAnalyticsDays)}
        >
          {STUDIO_ANALYTICS_DAYS.map((option) => (
            <option key={option} value={option}>
              {t('analytics.lastDays', { days: option })}
            </option>
          ))}
        </select>
      </div>
      <p className="pc-studio__text">{t(studio.may('viewIncome') ? 'analytics.aboutOwner' : 'analytics.about')}</p>
      <Loaded state={data.state} onRetry={data.reload}>
        {(analytics) => (
          <>
            <SeriesPanel
              title={t('analytics.readership')}
              days={analytics.daily}
              columns={['views', 'reads']}
              colours={{ views: { colour: '--pc-accent' }, reads: { colour: '--pc-success', dash: [6, 4] } }}
            />
            <SeriesPanel
              title={t('analytics.subscribersTitle')}
              days={analytics.daily}
              columns={['subscribers', 'newSubscribers']}
              colours={{ subscribers: { colour: '--pc-accent' } }}
            />
            {analytics.revenue && <RevenuePanel revenue={analytics.revenue} />}
            <TopArticles top={analytics.top} />
          </>
        )}
      </Loaded>
    </>
  );
}

/**
 * /studio/analytics: views and reads of the publication's articles and its subscribers, per day over 30, 90 or 365
 * days, each drawn (uPlot, loaded with the first chart) and given as a table; for the owner the revenue per day (the
 * income ledger's, in ₼); its most read articles.
 */
export default function Analytics() {
  return <StudioFrame section="analytics">{(studio) => <AnalyticsBody studio={studio} />}</StudioFrame>;
}
