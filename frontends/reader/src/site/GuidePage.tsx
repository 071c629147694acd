import {
  BADGES,
  formatManat,
  RATING_KINDS,
  RATING_TIERS,
  RATING_WEIGHTS,
  READS_PER_POINT,
  TIER_FLOORS,
} from '@pencraft/rules';
import type { BadgeRule, RatingTier } from '@pencraft/rules';
import { useDocumentMeta } from '@pencraft/ui';
import { Link, useLocation } from 'react-router';
import { usePagesTranslation } from './i18n.js';
import { GUIDES, lastSegment, type GuideTopic } from './links.js';
import { SiteLinks } from './SiteLinks.js';
import './site.css';

const isTopic = (value: string): value is GuideTopic => (GUIDES as readonly string[]).includes(value);

/** Sections of bullet points (the rules and editor guides): their order is the catalogue's. */
function PointSections({ topic }: { topic: 'rules' | 'editor' }) {
  const { t } = usePagesTranslation();
  const sections = t(`guides.${topic}.sections`, { returnObjects: true }) as Record<
    string,
    { heading: string; points: string[] }
  >;
  return (
    <>
      {Object.entries(sections).map(([id, section]) => (
        <section key={id} aria-labelledby={`${topic}-${id}`}>
          <h2 id={`${topic}-${id}`}>{section.heading}</h2>
          <ul>
            {section.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** The rating guide: the tiers of SPEC.md section 4 and the weights and badges of @pencraft/rules (standing.ts). */
function RatingGuide() {
  const { t, i18n } = usePagesTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language === 'az' ? 'az-Latn-AZ' : i18n.language);
  const range = (tier: RatingTier) => {
    if (tier === 'bad') return t('guides.rating.below', { n: number(TIER_FLOORS.guest) });
    if (tier === 'leader') return t('guides.rating.over', { n: number(TIER_FLOORS.leader) });
    const next = RATING_TIERS[RATING_TIERS.indexOf(tier) + 1] as Exclude<RatingTier, 'bad'>;
    return t('guides.rating.between', { from: number(TIER_FLOORS[tier]), to: number(TIER_FLOORS[next]) });
  };
  const points = (n: number) => (n > 0 ? `+${number(n)}` : `−${number(-n)}`);
  const badge = (rule: BadgeRule) => {
    const threshold = rule.threshold ?? 0;
    const n = rule.counter === 'supportSentQepik' ? formatManat(threshold, i18n.language) : number(threshold);
    return t(`guides.rating.badges.${rule.id}`, { n });
  };
  return (
    <>
      <section aria-labelledby="rating-tiers">
        <h2 id="rating-tiers">{t('guides.rating.tiersTitle')}</h2>
        <div className="pc-site-table-wrap">
          <table className="pc-site-table">
            <thead>
              <tr>
                <th scope="col">{t('guides.rating.tierColumn')}</th>
                <th scope="col">{t('guides.rating.rangeColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {RATING_TIERS.map((tier) => (
                <tr key={tier} data-tier={tier}>
                  <th scope="row">{t(`guides.rating.tiers.${tier}`)}</th>
                  <td>{range(tier)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t('guides.rating.unlocks')}</p>
      </section>
      <section aria-labelledby="rating-weights">
        <h2 id="rating-weights">{t('guides.rating.weightsTitle')}</h2>
        <div className="pc-site-table-wrap">
          <table className="pc-site-table">
            <thead>
              <tr>
                <th scope="col">{t('guides.rating.eventColumn')}</th>
                <th scope="col">{t('guides.rating.pointsColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {RATING_KINDS.map((kind) => (
                <tr key={kind} data-kind={kind}>
                  <th scope="row">{t(`guides.rating.kinds.${kind}`, { n: number(READS_PER_POINT) })}</th>
                  <td>{points(RATING_WEIGHTS[kind].points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t('guides.rating.weightsNote')}</p>
      </section>
      <section aria-labelledby="rating-badges">
        <h2 id="rating-badges">{t('guides.rating.badgesTitle')}</h2>
        <p>{t('guides.rating.badgesIntro')}</p>
        <ul>
          {BADGES.map((rule) => (
            <li key={rule.id} data-badge={rule.id}>
              {badge(rule)}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function BansGuide() {
  const { t } = usePagesTranslation();
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  return (
    <>
      <section aria-labelledby="bans-reasons">
        <h2 id="bans-reasons">{t('guides.bans.reasonsTitle')}</h2>
        <ul>
          {list('guides.bans.reasons').map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="bans-duration">
        <h2 id="bans-duration">{t('guides.bans.durationTitle')}</h2>
        <p>{t('guides.bans.duration')}</p>
      </section>
      <section aria-labelledby="bans-effect">
        <h2 id="bans-effect">{t('guides.bans.effectTitle')}</h2>
        <ul>
          {list('guides.bans.effect').map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="bans-contest">
        <h2 id="bans-contest">{t('guides.bans.contestTitle')}</h2>
        <p>
          {t('guides.bans.contest')} <Link to="/feedback">{t('contact.feedbackLink')}</Link>
        </p>
      </section>
    </>
  );
}

/** /guide/{rules,rating,editor,bans}. */
export default function GuidePage() {
  const { t } = usePagesTranslation();
  const segment = lastSegment(useLocation().pathname);
  const topic: GuideTopic = isTopic(segment) ? segment : 'rules';
  const title = `${t('guides.nav')}: ${t(`guides.names.${topic}`)}`;
  useDocumentMeta(`${title} — Pencraft`, t(`guides.${topic}.intro`));
  return (
    <article className="pc-reader pc-container pc-page pc-site">
      <nav className="pc-site-tabs" aria-label={t('guides.title')}>
        <ul>
          {GUIDES.map((other) => (
            <li key={other}>
              <Link to={`/guide/${other}`} aria-current={other === topic ? 'page' : undefined}>
                {t(`guides.names.${other}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1>{title}</h1>
      <p className="pc-site-summary">{t(`guides.${topic}.intro`)}</p>
      {topic === 'rules' && <PointSections topic="rules" />}
      {topic === 'editor' && <PointSections topic="editor" />}
      {topic === 'rating' && <RatingGuide />}
      {topic === 'bans' && <BansGuide />}
      <SiteLinks current={`/guide/${topic}`} />
    </article>
  );
}
