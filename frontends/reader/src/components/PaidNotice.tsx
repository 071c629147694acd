import { formatManat } from '@pencraft/rules';
import { useSession } from '@pencraft/ui';
import { useLocation } from 'react-router';
import type { Paywall } from '../data/index.js';
import { useReaderTranslation } from '../i18n.js';
import { PAID_PART_CLASS } from '../lib/paid.js';
import { PlanCheckout, SubscribeError, useCheckout, usePublicationHome } from './Subscribe.js';

/**
 * Under a locked paid article's teaser: whom it is for, the publication's plans in manat (the language's way) and the
 * way to subscribe to each: a signed-in reader checks the plan out here (the payment provider's hosted page; the
 * subscription begins when the provider says it was paid), a visitor is sent to sign in and back to the article; the
 * publication's home is linked too. The paid text itself never reaches this page.
 */
export function PaidNotice({ paywall }: { paywall: Paywall | undefined }) {
  const { t, i18n } = useReaderTranslation();
  const { state: session } = useSession();
  const location = useLocation();
  const checkout = useCheckout();
  const home = usePublicationHome(paywall?.publication.domain || undefined);
  return (
    <section className={`${PAID_PART_CLASS} pc-card`} aria-labelledby="pc-paid-title">
      <h2 id="pc-paid-title" className="pc-section-title">
        {t('article.paid.title')}
      </h2>
      <p>{paywall ? t('article.paid.textOf', { name: paywall.publication.name }) : t('article.paid.text')}</p>
      {paywall && paywall.plans.length > 0 && (
        <ul className="pc-cards">
          {paywall.plans.map((plan) => (
            <li className="pc-card" key={plan.id} data-plan={plan.interval}>
              <p className="pc-card__title">
                {t(`article.paid.interval.${plan.interval}`, { price: formatManat(plan.price, i18n.language) })}
              </p>
              {plan.description && <p className="pc-card__description">{plan.description}</p>}
              <PlanCheckout
                plan={plan}
                session={session}
                next={location.pathname + location.search}
                busy={checkout.busy === plan.id}
                onCheckout={(planId) => checkout.start(paywall.publication.id, planId)}
              />
            </li>
          ))}
        </ul>
      )}
      <SubscribeError message={checkout.error} />
      {paywall && home && (
        <a className="pc-button pc-button--secondary" href={home}>
          {t('article.paid.home', { name: paywall.publication.name })}
        </a>
      )}
    </section>
  );
}
