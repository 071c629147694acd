// Back from the payment provider (?support={id}): the support's state as the API says, and the author's thanks.
import { formatManat } from '@pencraft/rules';
import { api, ApiError, Button, errorMessage, useSession, type ApiData } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useReaderTranslation } from '../i18n.js';

type Support = ApiData<'get', '/api/donations/{id}'>;

/** How often and how long a pending support is read again while the provider's confirmation is on its way. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

/**
 * Back from the payment provider (?support={id}): the support's state, read from the API (never from the address),
 * again every few seconds while it is pending; once paid, the recipient's thanks message. "Close" drops the
 * parameter.
 */
export default function SupportResult() {
  const { t, i18n } = useReaderTranslation();
  const { state: session } = useSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('support');
  const [support, setSupport] = useState<Support>();
  const [error, setError] = useState<string>();
  const [waitedOut, setWaitedOut] = useState(false);
  const signedIn = session.status === 'user';

  useEffect(() => {
    if (!id || !signedIn) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      api.get('/api/donations/{id}', { params: { path: { id } }, signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setSupport(answer);
          setError(undefined);
          if (answer.state !== 'pending') return;
          if (Date.now() - started < POLL_FOR_MS) timer = setTimeout(read, POLL_MS);
          else setWaitedOut(true);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(
            failure instanceof ApiError && failure.code === 'NotFound'
              ? t('support.result.notFound')
              : errorMessage(failure, t('support.failed')),
          );
        },
      );
    };
    read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [id, signedIn, t]);

  if (!id || !signedIn) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('support');
        return next;
      },
      { replace: true },
    );
  const amount = support ? formatManat(support.amountQepik, i18n.language) : '';
  const name = support ? support.recipient.fullname || `@${support.recipient.username ?? ''}` : '';

  return (
    <div className="pc-support-result" data-support-state={support?.state ?? 'loading'}>
      <div role="status">
        {error ? (
          <p>{error}</p>
        ) : !support ? (
          <p>{t('support.result.loading')}</p>
        ) : support.state === 'paid' ? (
          <>
            <p className="pc-support-result__title">{t('support.result.paid', { amount, name })}</p>
            {support.thanksMessage && (
              <figure className="pc-support-result__thanks">
                <blockquote>{support.thanksMessage}</blockquote>
                <figcaption>{t('support.result.thanksFrom', { name })}</figcaption>
              </figure>
            )}
          </>
        ) : support.state === 'pending' ? (
          <p>
            {waitedOut ? t('support.result.slow', { amount, name }) : t('support.result.pending', { amount, name })}
          </p>
        ) : (
          <p>{t(`support.result.${support.state}`, { amount, name })}</p>
        )}
      </div>
      <Button variant="secondary" onClick={close}>
        {t('common:actions.close')}
      </Button>
    </div>
  );
}
