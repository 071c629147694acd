import { EmptyState, Select, useLoad } from '@pencraft/ui';
import { useState } from 'react';
import { FINANCE_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Done, Loaded, Pager } from '../components/parts.js';
import { authorName, PayoutFacts, PayoutMoves, PayoutTitle, useManat } from '../components/PayoutParts.js';
import { useStaffTranslation } from '../i18n.js';
import { useQueryState } from '../lib/query.js';
import { PAYOUT_STATES, type PayoutState } from '../lib/types.js';

const isState = (value: string): value is PayoutState => (PAYOUT_STATES as readonly string[]).includes(value);

function PayoutList({ api }: StaffContext) {
  const { t } = useStaffTranslation();
  const manat = useManat();
  // `status` in the address, not `state`: Keycloak refuses a sign-in whose return address carries an OAuth parameter
  // name (state, code), so a filtered list could not be signed in to.
  const { values, page, set } = useQueryState(['status'] as const);
  const state = isState(values.status) ? values.status : undefined;
  const list = useLoad((signal) => api.payouts({ state, page }, signal), [state, page], t('loadFailed'));
  const [done, setDone] = useState<string>();

  return (
    <>
      <p className="pc-staff__text">{t('payouts.intro')}</p>
      <div className="pc-staff__filters" role="group" aria-label={t('payouts.filters')}>
        <Select
          label={t('payouts.state')}
          value={state ?? ''}
          onChange={(event) => set({ status: event.target.value })}
          options={[
            { value: '', label: t('payouts.all') },
            ...PAYOUT_STATES.map((s) => ({ value: s, label: t(`payoutStates.${s}`) })),
          ]}
        />
      </div>
      <Done message={done} />
      <Loaded state={list.state} onRetry={list.reload}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('payouts.empty')} />
          ) : (
            <>
              <ul className="pc-staff__list" aria-label={t('payouts.items')}>
                {result.items.map((payout) => (
                  <li key={payout.id} className="pc-staff__card" data-payout={payout.id} data-state={payout.state}>
                    <PayoutTitle payout={payout} link />
                    <PayoutFacts payout={payout} />
                    <PayoutMoves
                      payout={payout}
                      api={api}
                      onMoved={(moved, target) => {
                        setDone(
                          t(`payouts.done.${target}`, { amount: manat(moved.amountQepik), author: authorName(moved) }),
                        );
                        list.reload();
                      }}
                    />
                  </li>
                ))}
              </ul>
              <Pager page={result.page} hasMore={result.hasMore} onPage={(p) => set({ page: p })} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** /staff/payouts: the payouts queue (oldest first), by state; mark processing, paid or failed (role finance). */
export default function Payouts() {
  const { t } = useStaffTranslation();
  return (
    <StaffFrame title={t('nav.payouts')} roles={FINANCE_ROLES}>
      {(context) => <PayoutList {...context} />}
    </StaffFrame>
  );
}
