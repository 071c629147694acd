import { formatManat } from '@pencraft/rules';
import { api, Button, errorMessage, formatDate, useLoad, type Schemas } from '@pencraft/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError, Loaded } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { onPublication, type Studio } from '../lib/studio.js';

type Entry = Schemas['IncomeEntry'];
type Month = Schemas['IncomeMonth'];
type Merchant = Schemas['IncomePage']['merchant'];

/**
 * The payout (merchant) account: connected, or the button that opens the payment provider's onboarding page (a new
 * one while onboarding is unfinished). The provider sends the owner back with ?connected=1 (done there; its webhook
 * may still be on its way) or ?connect=again (the link expired or was left). The owner's alone (viewIncome, as the
 * service decides).
 */
function PayoutAccount({ studio, merchant }: { studio: Studio; merchant: Merchant }) {
  const { t } = useStudioTranslation();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!studio.may('viewIncome')) return null;
  const back = search.get('connected') === '1' ? 'returned' : search.get('connect') === 'again' ? 'again' : undefined;
  const connect = () => {
    setBusy(true);
    setError(undefined);
    api.post('/api/core-publications/{id}/studio/income/connect', onPublication(studio)).then(
      ({ url }) => window.location.assign(url),
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, t('common:dialog.failure')));
      },
    );
  };
  return (
    <section className="pc-studio__panel" aria-labelledby="income-payout" data-merchant={merchant.status}>
      <h2 id="income-payout">{t('income.payoutTitle')}</h2>
      {merchant.status === 'connected' ? (
        <p className="pc-studio__text" data-merchant-connected>
          {t('income.connected')}
        </p>
      ) : (
        <>
          {back && (
            <p className="pc-studio__text" role="status" data-merchant-back={back}>
              {t(back === 'returned' ? 'income.returned' : 'income.again')}
            </p>
          )}
          <p className="pc-studio__text">
            {t(merchant.status === 'onboarding' ? 'income.onboardingText' : 'income.connectText')}
          </p>
          <div className="pc-studio__actions">
            <Button busy={busy} onClick={connect} data-merchant-connect>
              {t(merchant.status === 'onboarding' ? 'income.continue' : 'income.connect')}
            </Button>
          </div>
          <FormError message={error} />
        </>
      )}
    </section>
  );
}

/** "2026-11" as the month's name and year in the page's language. */
function useMonthName() {
  const { t } = useStudioTranslation();
  const months = t('common:date.months').split(',');
  return (month: string) => {
    const [year = '', number = '1'] = month.split('-');
    return `${months[Number(number) - 1]?.trim() ?? number} ${year}`;
  };
}

function MonthTotals({ months }: { months: Month[] }) {
  const { t, i18n } = useStudioTranslation();
  const monthName = useMonthName();
  return (
    <div className="pc-studio__table-wrap" tabIndex={0} role="region" aria-label={t('income.monthsCaption')}>
      <table className="pc-studio__table" data-income-months>
        <caption>{t('income.monthsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('income.month')}</th>
            <th scope="col">{t('income.payments')}</th>
            <th scope="col">{t('income.total')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month} data-month={month.month} data-amount-qepik={month.amountQepik}>
              <th scope="row">{monthName(month.month)}</th>
              <td>{new Intl.NumberFormat(i18n.language).format(month.payments)}</td>
              <td>{formatManat(month.amountQepik, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Ledger({ entries }: { entries: Entry[] }) {
  const { t, i18n } = useStudioTranslation();
  return (
    <div className="pc-studio__table-wrap" tabIndex={0} role="region" aria-label={t('income.ledgerCaption')}>
      <table className="pc-studio__table" data-income-ledger>
        <caption>{t('income.ledgerCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('income.date')}</th>
            <th scope="col">{t('income.subscriber')}</th>
            <th scope="col">{t('income.plan')}</th>
            <th scope="col">{t('income.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-income-entry={entry.id} data-amount-qepik={entry.amountQepik}>
              <td>{formatDate(entry.paidAt, t)}</td>
              <td>{entry.subscriber.username ? `@${entry.subscriber.username}` : t('income.goneAccount')}</td>
              <td>{entry.interval ? t(`plans.intervals.${entry.interval}`) : t('income.unknownPlan')}</td>
              <td>{formatManat(entry.amountQepik, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function IncomeBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  // Pages after the first, appended as the owner asks for more (the totals come with the first).
  const [more, setMore] = useState<{ entries: Entry[]; cursor: string | null }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const first = useLoad(
    (signal) => api.get('/api/core-publications/{id}/studio/income', { ...onPublication(studio), signal }),
    [studio.publication.id],
    t('common:dialog.failure'),
  );
  return (
    <Loaded state={first.state} onRetry={first.reload}>
      {(data) => {
        const entries = [...data.items, ...(more?.entries ?? [])];
        const cursor = more ? more.cursor : data.nextCursor;
        return (
          <>
            <PayoutAccount studio={studio} merchant={data.merchant} />
            <section className="pc-studio__panel" aria-labelledby="income-months">
              <h2 id="income-months">{t('income.monthsTitle')}</h2>
              {data.months.length === 0 ? (
                <p className="pc-studio__text" data-income-empty>
                  {t('income.empty')} <Link to="/studio/plans">{t('income.toPlans')}</Link>
                </p>
              ) : (
                <MonthTotals months={data.months} />
              )}
            </section>
            {entries.length > 0 && (
              <section className="pc-studio__panel" aria-labelledby="income-ledger">
                <h2 id="income-ledger">{t('income.ledgerTitle')}</h2>
                <Ledger entries={entries} />
                {cursor && (
                  <div className="pc-studio__actions">
                    <Button
                      variant="secondary"
                      busy={busy}
                      onClick={() => {
                        setBusy(true);
                        setError(undefined);
                        api
                          .get('/api/core-publications/{id}/studio/income', {
                            params: { ...onPublication(studio).params, query: { cursor } },
                          })
                          .then(
                            (page) =>
                              setMore({ entries: [...(more?.entries ?? []), ...page.items], cursor: page.nextCursor }),
                            () => setError(t('common:dialog.failure')),
                          )
                          .finally(() => setBusy(false));
                      }}
                    >
                      {t('income.more')}
                    </Button>
                  </div>
                )}
                <FormError message={error} />
              </section>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

/**
 * /studio/income: still under construction (SPEC.md section 2: payouts and reports are not built), but it shows the
 * ledger of subscription payments received and each month's total, amounts from integer qəpik; the owner's alone.
 */
export default function Income() {
  const { t } = useStudioTranslation();
  return (
    <StudioFrame section="income">
      {(studio) => (
        <>
          <div className="pc-studio__panel" data-under-construction>
            <h2>{t('income.title')}</h2>
            <p className="pc-studio__text">{t('income.text')}</p>
          </div>
          <IncomeBody studio={studio} />
        </>
      )}
    </StudioFrame>
  );
}
