import { formatManat } from '@pencraft/rules';
import { api, Button, errorMessage, type Schemas, type SessionState } from '@pencraft/ui';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';

type Plan = Schemas['PublicationPlan'];

const unchanging = () => () => undefined;

/**
 * A publication's home from its domain (the API's `{slug}.{site host}`, without a port): on this page's port, which
 * only a local stack has (the same gateway answers the site and its subdomains). The server renders it without one;
 * the browser adds the port once it has taken the page over.
 */
export function usePublicationHome(domain: string | undefined): string | undefined {
  const port = useSyncExternalStore(
    unchanging,
    () => window.location.port,
    () => '',
  );
  return domain ? `//${domain}${port ? `:${port}` : ''}/` : undefined;
}

/** The sign-in page, coming back to `next` (a path of this host: a subdomain's visitor signs in on the subdomain). */
export const signInPath = (next: string) => `/login?next=${encodeURIComponent(next)}`;

/**
 * Checking out a paid plan: the API answers the payment provider's hosted page and the browser goes there; the paid
 * subscription begins when the provider's webhook says it was paid, never on the way back. A refusal (the API's
 * message, in the user's language: AlreadySubscribed, MerchantNotConnected, CannotSubscribePublication) is kept.
 */
export function useCheckout() {
  const { t } = useReaderTranslation();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const start = (publicationId: string, planId: string) => {
    setBusy(planId);
    setError(undefined);
    api
      .post('/api/core-publications/{id}/sub/checkout', { params: { path: { id: publicationId } }, body: { planId } })
      .then(
        ({ url }) => window.location.assign(url),
        (failure: unknown) => {
          setBusy(undefined);
          setError(errorMessage(failure, t('subscribe.checkoutFailed')));
        },
      );
  };
  return { busy, error, start };
}

/**
 * A paid plan's way in: "Subscribe for ₼5.00 a month". A signed-in reader checks out; a visitor is sent to sign in
 * and back to `next`; nothing while the session is not known yet (the server's rendering).
 */
export function PlanCheckout({
  plan,
  session,
  next,
  busy,
  onCheckout,
}: {
  plan: Plan;
  session: SessionState;
  next: string;
  busy: boolean;
  onCheckout: (planId: string) => void;
}) {
  const { t, i18n } = useReaderTranslation();
  const label = t(`subscribe.plan.${plan.interval}`, { price: formatManat(plan.price, i18n.language) });
  if (session.status === 'user')
    return (
      <Button busy={busy} onClick={() => onCheckout(plan.id)}>
        {label}
      </Button>
    );
  if (session.status === 'visitor')
    return (
      <Link className="pc-button pc-button--primary" to={signInPath(next)}>
        {label}
      </Link>
    );
  return null;
}

/** A refusal or failure of a subscribing action, announced when it appears. */
export function SubscribeError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="pc-notice" role="alert">
      {message}
    </p>
  ) : null;
}
