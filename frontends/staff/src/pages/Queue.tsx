import { EmptyState, Select, formatDateTime, useLoad } from '@pencraft/ui';
import { Link } from 'react-router';
import { StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Badge, Loaded, Pager } from '../components/parts.js';
import { useStaffTranslation } from '../i18n.js';
import { useQueryState } from '../lib/query.js';
import { ITEM_KINDS, ITEM_STATES, type ItemKind, type ItemState, type QueueItem } from '../lib/types.js';

const isKind = (value: string): value is ItemKind => (ITEM_KINDS as readonly string[]).includes(value);
const isState = (value: string): value is ItemState => (ITEM_STATES as readonly string[]).includes(value);

/** The automatic review's verdict and score, and the signals it found (translated by code). */
export function Signals({ item }: { item: Pick<QueueItem, 'score' | 'autoDecision' | 'signals'> }) {
  const { t } = useStaffTranslation();
  return (
    <div className="pc-staff__signals">
      <Badge tone={item.score >= 80 ? 'danger' : item.score >= 40 ? undefined : 'muted'}>
        {t('queue.score', { score: item.score })}
      </Badge>
      <Badge tone="muted">{t(`auto.${item.autoDecision}`)}</Badge>
      {item.signals.length > 0 && (
        <ul className="pc-staff__chips" aria-label={t('queue.signals')}>
          {item.signals.map((signal) => (
            <li key={signal.code} className="pc-staff__chip">
              {t(`signals.${signal.code}`, { defaultValue: signal.code })} (+{signal.weight})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueList({ api }: StaffContext) {
  const { t } = useStaffTranslation();
  const { values, page, set } = useQueryState(['kind', 'state'] as const);
  const kind = isKind(values.kind) ? values.kind : undefined;
  const state = isState(values.state) ? values.state : 'underModeration';
  const list = useLoad((signal) => api.queue({ kind, state, page }, signal), [kind, state, page], t('loadFailed'));

  return (
    <>
      <div className="pc-staff__filters" role="group" aria-label={t('queue.filters')}>
        <Select
          label={t('queue.kind')}
          value={kind ?? ''}
          onChange={(event) => set({ kind: event.target.value })}
          options={[
            { value: '', label: t('kinds.all') },
            ...ITEM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          ]}
        />
        <Select
          label={t('queue.state')}
          value={state}
          onChange={(event) => set({ state: event.target.value })}
          options={ITEM_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
      </div>
      <Loaded state={list.state} onRetry={list.reload}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('queue.empty')} />
          ) : (
            <>
              <ul className="pc-staff__list" aria-label={t('queue.items')}>
                {result.items.map((item) => (
                  <li key={item.id} className="pc-staff__card">
                    <p className="pc-staff__card-meta">
                      <Badge>{t(`kinds.${item.kind}`)}</Badge>
                      <Badge tone="muted">{t(`states.${item.state}`)}</Badge>
                      {item.isEdit && <Badge tone="muted">{t('queue.edit')}</Badge>}
                      {item.language && <span lang={item.language}>{item.language.toUpperCase()}</span>}
                    </p>
                    <h2 className="pc-staff__card-title">
                      <Link to={`/staff/items/${encodeURIComponent(item.id)}`}>
                        {item.title || t('queue.untitled', { kind: t(`kinds.${item.kind}`) })}
                      </Link>
                    </h2>
                    {item.excerpt && <p className="pc-staff__excerpt">{item.excerpt}</p>}
                    <p className="pc-staff__card-meta">
                      {t('queue.by', { username: item.authorUsername || item.authorUid })} ·{' '}
                      {formatDateTime(item.submittedAt, t)}
                    </p>
                    <Signals item={item} />
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

/** /staff/queue: the one review queue of articles, translations and comments, filtered by kind and state. */
export default function Queue() {
  const { t } = useStaffTranslation();
  return <StaffFrame title={t('nav.queue')}>{(context) => <QueueList {...context} />}</StaffFrame>;
}
