import { EmptyState, Select, formatDateTime, useLoad } from '@pencraft/ui';
import { Link } from 'react-router';
import { StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Loaded, Pager } from '../components/parts.js';
import { useStaffTranslation } from '../i18n.js';
import { useQueryState } from '../lib/query.js';
import { AUDIT_ACTIONS, type AuditAction } from '../lib/types.js';

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

function AuditList({ api }: StaffContext) {
  const { t } = useStaffTranslation();
  const { values, page, set } = useQueryState(['action'] as const);
  const action = isAction(values.action) ? values.action : undefined;
  const list = useLoad((signal) => api.audit({ action, page }, signal), [action, page], t('loadFailed'));

  return (
    <>
      <div className="pc-staff__filters" role="group" aria-label={t('audit.filters')}>
        <Select
          label={t('audit.action')}
          value={action ?? ''}
          onChange={(event) => set({ action: event.target.value })}
          options={[
            { value: '', label: t('audit.all') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) })),
          ]}
        />
      </div>
      <Loaded state={list.state} onRetry={list.reload}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('audit.empty')} />
          ) : (
            <>
              <div className="pc-staff__table-wrap" tabIndex={0} role="region" aria-label={t('audit.table')}>
                <table className="pc-staff__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('audit.at')}</th>
                      <th scope="col">{t('audit.actor')}</th>
                      <th scope="col">{t('audit.action')}</th>
                      <th scope="col">{t('audit.subject')}</th>
                      <th scope="col">{t('audit.note')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.items.map((entry) => (
                      <tr key={entry.id}>
                        <td>{formatDateTime(entry.at, t)}</td>
                        <td>{entry.actor.username}</td>
                        <td>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</td>
                        <td>
                          {entry.itemId ? (
                            <Link to={`/staff/items/${encodeURIComponent(entry.itemId)}`}>
                              {t(`subjects.${entry.subjectKind}`)}
                            </Link>
                          ) : (
                            t(`subjects.${entry.subjectKind}`)
                          )}{' '}
                          <code>{entry.subjectId.slice(0, 8)}</code>
                        </td>
                        <td>{entry.note}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={result.page} hasMore={result.hasMore} onPage={(p) => set({ page: p })} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** /staff/audit: every moderator action (and the automatic review's), newest first. */
export default function Audit() {
  const { t } = useStaffTranslation();
  return <StaffFrame title={t('nav.audit')}>{(context) => <AuditList {...context} />}</StaffFrame>;
}
