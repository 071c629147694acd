import type { Paywall } from '../data/index.js';
import { useReaderTranslation } from '../i18n.js';
import { PAID_PART_CLASS } from '../lib/paid.js';
import { formatPlanPrice } from '../lib/price.js';

/**
 * Under a locked paid article's teaser: whom it is for, the publication's plans in manat (the language's way) and the
 * way to subscribe (the publication's home, where its plans are). The paid text itself never reaches this page.
 */
export function PaidNotice({ paywall }: { paywall: Paywall | undefined }) {
  const { t, i18n } = useReaderTranslation();
  const home = paywall?.publication.domain ? `//${paywall.publication.domain}/` : undefined;
  return (
    <section className={`${PAID_PART_CLASS} pc-card`} aria-labelledby="pc-paid-title">
      <h2 id="pc-paid-title" className="pc-section-title">
        {t('article.paid.title')}
      </h2>
      <p>{paywall ? t('article.paid.textOf', { name: paywall.publication.name }) : t('article.paid.text')}</p>
      {paywall && paywall.plans.length > 0 && (
        <ul className="pc-cards">
          {paywall.plans.map((plan) => (
            <li className="pc-card" key={plan.id}>
              <p className="pc-card__title">
                {t(`article.paid.interval.${plan.interval}`, { price: formatPlanPrice(plan.price, i18n.language) })}
              </p>
              {plan.description && <p className="pc-card__description">{plan.description}</p>}
            </li>
          ))}
        </ul>
      )}
      {home && (
        <a className="pc-button pc-button--primary" href={home}>
          {t('article.paid.subscribe')}
        </a>
      )}
    </section>
  );
}
