import { formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FINANCE_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Done, Loaded } from '../components/parts.js';
import { authorName, PayoutFacts, PayoutMoves, PayoutTitle, useManat } from '../components/PayoutParts.js';
import { useStaffTranslation } from '../i18n.js';

function PayoutDetail({ api, id }: StaffContext & { id: string }) {
  const { t } = useStaffTranslation();
  const manat = useManat();
  const headingId = useId();
  const detail = useLoad((signal) => api.payout(id, signal), [id], t('loadFailed'));
  const [done, setDone] = useState<string>();

  return (
    <>
      <p>
        <Link to="/staff/payouts">{t('payouts.back')}</Link>
      </p>
      <Done message={done} />
      <Loaded state={detail.state} onRetry={detail.reload}>
        {({ payout, actions, availableQepik, reservedQepik }) => (
          <>
            <section className="pc-staff__panel" aria-labelledby={`${headingId}-payout`} data-state={payout.state}>
              <h2 id={`${headingId}-payout`}>{t('payouts.detail')}</h2>
              <PayoutTitle payout={payout} />
              <PayoutFacts payout={payout} />
              <p className="pc-staff__balances">
                {t('payouts.balances', { available: manat(availableQepik), reserved: manat(reservedQepik) })}
              </p>
              <PayoutMoves
                payout={payout}
                api={api}
                onMoved={(moved, target) => {
                  setDone(t(`payouts.done.${target}`, { amount: manat(moved.amountQepik), author: authorName(moved) }));
                  detail.reload();
                }}
              />
            </section>
            <section className="pc-staff__panel" aria-labelledby={`${headingId}-history`}>
              <h2 id={`${headingId}-history`}>{t('payouts.history')}</h2>
              <ol className="pc-staff__timeline" data-payout-actions>
                {actions.map((action) => (
                  <li key={action.id}>
                    <strong>{t(`payoutStates.${action.to}`)}</strong> · {formatDateTime(action.at, t)} ·{' '}
                    {action.staff ? t('payouts.by', { username: action.staff.username }) : t('payouts.byAuthor')}
                    {action.reference && <> · {t('payouts.referenceIs', { reference: action.reference })}</>}
                    {action.note && <p className="pc-staff__note">{action.note}</p>}
                  </li>
                ))}
              </ol>
            </section>
          </>
        )}
      </Loaded>
    </>
  );
}

/** /staff/payouts/:id: one payout, its author's balances now, its moves so far (the audit) and the next move. */
export default function Payout() {
  const { t } = useStaffTranslation();
  const { id = '' } = useParams();
  return (
    <StaffFrame title={t('payouts.detailTitle')} roles={FINANCE_ROLES}>
      {(context) => <PayoutDetail {...context} id={id} />}
    </StaffFrame>
  );
}
