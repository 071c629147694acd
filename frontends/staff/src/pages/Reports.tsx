import { REPORT_REASONS } from '@pencraft/rules';
import { Button, EmptyState, Select, errorMessage, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { BanFields, banRequest, EMPTY_BAN, type BanDraft, type BanErrors } from '../components/BanFields.js';
import { Badge, Done, FormError, Loaded, Pager } from '../components/parts.js';
import { useStaffTranslation } from '../i18n.js';
import { useQueryState } from '../lib/query.js';
import { REPORT_STATES, type ReportGroup, type ReportState } from '../lib/types.js';

const isState = (value: string): value is ReportState => (REPORT_STATES as readonly string[]).includes(value);

/**
 * The actions on one reported comment: dismiss, remove it, or remove it and ban its author. An article's reports
 * are only dismissed here.
 */
function Triage({ group, api, onDone }: { group: ReportGroup; onDone: (message: string) => void } & StaffContext) {
  const { t } = useStaffTranslation();
  const id = useId();
  const [banning, setBanning] = useState(false);
  const [draft, setDraft] = useState<BanDraft>(EMPTY_BAN);
  const [errors, setErrors] = useState<BanErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState<string>();

  const act = async (action: 'dismiss' | 'removeComment', withBan: boolean) => {
    setFormError(undefined);
    let ban;
    if (withBan) {
      const result = banRequest(draft, t);
      setErrors(result.errors);
      if (!result.request) return;
      ban = result.request;
    }
    setBusy(withBan ? 'ban' : action);
    try {
      await api.resolveReport(group.id, action, ban);
      onDone(t(withBan ? 'reports.done.ban' : `reports.done.${action}`));
    } catch (error) {
      setFormError(errorMessage(error, t('common:dialog.failure')));
    } finally {
      setBusy(undefined);
    }
  };

  if (group.kind === 'article') {
    return (
      <div className="pc-staff__actions">
        <p className="pc-staff__text">{t('reports.articleOnly')}</p>
        <div className="pc-staff__buttons">
          <Button variant="secondary" busy={busy === 'dismiss'} onClick={() => void act('dismiss', false)}>
            {t('reports.dismiss')}
          </Button>
        </div>
        <FormError message={formError} />
      </div>
    );
  }

  return (
    <div className="pc-staff__actions">
      <div className="pc-staff__buttons">
        <Button variant="secondary" busy={busy === 'dismiss'} onClick={() => void act('dismiss', false)}>
          {t('reports.dismiss')}
        </Button>
        <Button variant="danger" busy={busy === 'removeComment'} onClick={() => void act('removeComment', false)}>
          {t('reports.remove')}
        </Button>
        <Button
          variant="ghost"
          aria-expanded={banning}
          aria-controls={`${id}-ban`}
          onClick={() => setBanning((open) => !open)}
        >
          {t('reports.removeAndBan')}
        </Button>
      </div>
      {banning && (
        <form
          id={`${id}-ban`}
          className="pc-staff__form"
          noValidate
          aria-label={t('reports.banTitle')}
          onSubmit={(event) => {
            event.preventDefault();
            void act('removeComment', true);
          }}
        >
          <BanFields draft={draft} errors={errors} onChange={setDraft} />
          <Button type="submit" variant="danger" busy={busy === 'ban'}>
            {t('reports.confirmBan')}
          </Button>
        </form>
      )}
      <FormError message={formError} />
    </div>
  );
}

function ReportList(context: StaffContext) {
  const { t } = useStaffTranslation();
  const { values, page, set } = useQueryState(['state'] as const);
  const state = isState(values.state) ? values.state : 'open';
  const list = useLoad((signal) => context.api.reports({ state, page }, signal), [state, page], t('loadFailed'));
  const [done, setDone] = useState<string>();

  return (
    <>
      <div className="pc-staff__filters" role="group" aria-label={t('reports.filters')}>
        <Select
          label={t('reports.state')}
          value={state}
          onChange={(event) => set({ state: event.target.value })}
          options={REPORT_STATES.map((s) => ({ value: s, label: t(`reportStates.${s}`) }))}
        />
      </div>
      <Done message={done} />
      <Loaded state={list.state} onRetry={list.reload}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('reports.empty')} />
          ) : (
            <>
              <ul className="pc-staff__list" aria-label={t('reports.items')}>
                {result.items.map((group) => (
                  <li key={group.id} className="pc-staff__card">
                    <p className="pc-staff__card-meta">
                      <Badge>
                        {t(group.kind === 'article' ? 'reports.reportedArticle' : 'reports.reportedComment')}
                      </Badge>
                      <Badge tone="danger">{t('reports.count', { count: group.count })}</Badge>
                      <Badge tone="muted">{t(`reportStates.${group.state}`)}</Badge>
                      {formatDateTime(group.lastReportedAt, t)}
                    </p>
                    <blockquote className="pc-staff__excerpt pc-staff__quote">{group.excerpt}</blockquote>
                    {group.kind === 'article' && <a href={`/a/${group.articleId}`}>{t('reports.openArticle')}</a>}
                    <ul className="pc-staff__chips" aria-label={t('reports.reasons')}>
                      {REPORT_REASONS.filter((reason) => group.reasons[reason]).map((reason) => (
                        <li key={reason} className="pc-staff__chip">
                          {t(`reportReasons.${reason}`)} × {group.reasons[reason]}
                        </li>
                      ))}
                    </ul>
                    {group.reports.some((report) => report.note) && (
                      <details className="pc-staff__details">
                        <summary>{t('reports.notes')}</summary>
                        <ul>
                          {group.reports
                            .filter((report) => report.note)
                            .map((report) => (
                              <li key={report.id}>
                                {t(`reportReasons.${report.reason}`)}: {report.note}
                              </li>
                            ))}
                        </ul>
                      </details>
                    )}
                    {group.state === 'open' ? (
                      <Triage
                        group={group}
                        {...context}
                        onDone={(message) => {
                          setDone(message);
                          list.reload();
                        }}
                      />
                    ) : (
                      <p className="pc-staff__card-meta">
                        {t('reports.resolvedBy', {
                          username: group.resolvedBy?.username ?? '—',
                          at: formatDateTime(group.resolvedAt, t),
                        })}
                      </p>
                    )}
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

/** /staff/reports: reported comments, grouped by comment, to dismiss or act on. */
export default function Reports() {
  const { t } = useStaffTranslation();
  return <StaffFrame title={t('nav.reports')}>{(context) => <ReportList {...context} />}</StaffFrame>;
}
