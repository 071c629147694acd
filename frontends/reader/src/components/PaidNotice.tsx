import { api, Button, errorMessage, useSession } from '@pencraft/ui';
import { useState } from 'react';
import type { Paywall } from '../data/index.js';
import { useReaderTranslation } from '../i18n.js';
import { PAID_PART_CLASS } from '../lib/paid.js';
import { formatPlanPrice } from '../lib/price.js';

/**
 * Under a locked paid article's teaser: whom it is for, the publication's plans in manat (the language's way) and the
 * way to subscribe: a signed-in reader checks out a plan here (the payment provider's hosted page; the subscription
 * begins when the provider says it was paid), anyone can open the publication's home, where its plans are. The paid
 * text itself never reaches this page.
 */
export function PaidNotice({ paywall }: { paywall: Paywall | undefined }) {
  const { t, i18n } = useReaderTranslation();
  const { state: session } = useSession();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const home = paywall?.publication.domain ? `//${paywall.publication.domain}/` : undefined;
  const checkout = (publicationId: string, planId: string) => {
    setBusy(planId);
    setError(undefined);
    api
      .post('/api/core-publications/{id}/sub/checkout', { params: { path: { id: publicationId } }, body: { planId } })
      .then(
        ({ url }) => window.location.assign(url),
        (failure: unknown) => {
          setBusy(undefined);
          setError(errorMessage(failure, t('article.paid.checkoutFailed')));
        },
      );
  };
  return (
    <section className={`${PAID_PART_CLASS} pc-card`} aria-labelledby="pc-paid-title">
      <h2 id="pc-paid-title" className="pc-section-title">
        {t('article.paid.title')}
      </h2>
      <p>{paywall ? t('article.paid.textOf', { name: paywall.publication.name }) : t('article.paid.text')}</p>
      {paywall && paywall.plans.length > 0 && (
        <ul className="pc-cards">
          {paywall.plans.map((plan) => {
            const price = t(`article.paid.interval.${plan.interval}`, {
              price: formatPlanPrice(plan.price, i18n.language),
            });
            return (
              <li className="pc-card" key={plan.id} data-plan={plan.interval}>
                <p className="pc-card__title">{price}</p>
                {plan.description && <p className="pc-card__description">{plan.description}</p>}
                {session.status === 'user' && (
                  <Button
                    busy={busy === plan.id}
                    aria-label={t('article.paid.checkoutLabel', { price })}
                    onClick={() => checkout(paywall.publication.id, plan.id)}
                  >
                    {t('article.paid.checkout')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="pc-notice" role="alert">
          {error}
        </p>
      )}
      {home && (
        <a className="pc-button pc-button--primary" href={home}>
          {t('article.paid.subscribe')}
        </a>
      )}
    </section>
  );
}
