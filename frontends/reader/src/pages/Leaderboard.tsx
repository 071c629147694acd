import { HOME_MAX_PAGE, LEADERBOARD_PERIODS, ratingTier, type LeaderboardPeriod } from '@pencraft/rules';
import { api, safeImageUrl, useDocumentMeta, type Schemas } from '@pencraft/ui';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '../components/PagedList.js';
import { formatPoints, periodOf, useStandingTranslation } from '../lib/standing.js';
import { usePaged } from '../lib/usePaged.js';
import '../reader.css';
import '../standing.css';

type Entry = Schemas['LeaderboardEntry'];

function LeaderRow({ entry, period }: { entry: Entry; period: LeaderboardPeriod }) {
  const { t, i18n } = useStandingTranslation();
  const avatar = safeImageUrl(entry.imageUrl);
  const name = entry.fullname || `@${entry.username}`;
  const tier = ratingTier(entry.rating);
  return (
    <li className="pc-leader" data-leader={entry.username} value={entry.rank}>
      <span className="pc-leader__rank" aria-label={`${t('leaderboard.rank')} ${entry.rank}`}>
        {entry.rank}
      </span>
      <span className="pc-person__avatar" aria-hidden="true">
        {avatar ? <img src={avatar} alt="" /> : ([...entry.username][0] ?? '?').toUpperCase()}
      </span>
      <span className="pc-leader__who">
        <Link to={`/@${entry.username}`} className="pc-person__name">
          {name}
        </Link>
        <span className="pc-person__username">@{entry.username}</span>
      </span>
      <span className="pc-leader__numbers">
        <span className={`pc-tier pc-tier--${tier}`} data-tier={tier}>
          {t(`tiers.${tier}`)}
        </span>
        <span className="pc-leader__points">
          {period === 'all'
            ? t('leaderboard.ratingValue', { rating: formatPoints(entry.rating, i18n.language) })
            : t('leaderboard.gainedValue', { points: formatPoints(entry.points, i18n.language) })}
        </span>
      </span>
    </li>
  );
}

function Leaders({ period }: { period: LeaderboardPeriod }) {
  const { t } = useStandingTranslation();
  const list = usePaged(
    (page, signal) => api.get('/api/leaderboard', { params: { query: { period, page } }, signal }),
    HOME_MAX_PAGE,
  );
  return (
    <PagedList list={list} empty={t('leaderboard.empty')} error={t('leaderboard.error')}>
      {(items) => (
        <ol className="pc-leaders" data-leaders={period}>
          {items.map((entry) => (
            <LeaderRow key={entry.uid} entry={entry} period={period} />
          ))}
        </ol>
      )}
    </PagedList>
  );
}

/** The leaderboard (/leaderboard?period=week|month|all): writers ranked by rating, or by points gained lately. */
export default function Leaderboard() {
  const { t } = useStandingTranslation();
  const [params] = useSearchParams();
  const period = periodOf(params.get('period'));
  useDocumentMeta(`${t('leaderboard.title')} — Pencraft`, t('leaderboard.description'));
  return (
    <div className="pc-reader pc-container pc-page">
      <header className="pc-category">
        <div>
          <h1>{t('leaderboard.title')}</h1>
          <p className="pc-muted">{t('leaderboard.description')}</p>
          <p>
            <Link to="/guide/rating">{t('leaderboard.guide')}</Link>
          </p>
        </div>
      </header>
      <nav className="pc-tabs" aria-label={t('leaderboard.periods')}>
        {LEADERBOARD_PERIODS.map((name) => (
          <Link
            key={name}
            className="pc-tabs__tab"
            to={name === 'all' ? '/leaderboard' : `/leaderboard?period=${name}`}
            aria-current={period === name ? 'page' : undefined}
            replace
          >
            {t(`leaderboard.period.${name}`)}
          </Link>
        ))}
      </nav>
      <section aria-label={t(`leaderboard.period.${period}`)}>
        <Leaders key={period} period={period} />
      </section>
    </div>
  );
}
