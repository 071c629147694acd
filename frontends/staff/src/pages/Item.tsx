import { Button, TextField, formatDate, formatDateTime, useFormSubmit, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Badge, Done, FormError, Loaded } from '../components/parts.js';
import { useStaffTranslation } from '../i18n.js';
import { DECISION_NOTE_MAX } from '@pencraft/rules';
import { checkNote, decisionsFor, isOpen, needsNote } from '../lib/decisions.js';
import { lineDiff } from '../lib/diff.js';
import type { AuditEntry, Decision, QueueItemDetail } from '../lib/types.js';
import { Signals } from './Queue.js';

/** Who did what to this item, oldest first (the automatic review included). */
function Timeline({ entries }: { entries: AuditEntry[] }) {
  const { t } = useStaffTranslation();
  if (entries.length === 0) return <p className="pc-staff__text">{t('item.noDecisions')}</p>;
  return (
    <ol className="pc-staff__timeline">
      {entries.map((entry) => (
        <li key={entry.id}>
          <strong>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</strong> — {entry.actor.username} ·{' '}
          {formatDateTime(entry.at, t)}
          {entry.note && <p className="pc-staff__note">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}

type ItemContent = QueueItemDetail['content'];

/**
 * An edit of a published article: what it changes against the version readers see now, as text (removed lines
 * struck through, added ones underlined, each also named in words for screen readers).
 */
function EditChanges({ live, proposed, lang }: { live: ItemContent; proposed: ItemContent; lang: string | undefined }) {
  const { t } = useStaffTranslation();
  const fields = (['title', 'description'] as const).filter((field) => live[field] !== proposed[field]);
  const lines = lineDiff(live.text, proposed.text);
  return (
    <section className="pc-staff__changes" aria-labelledby="pc-staff-changes">
      <h3 id="pc-staff-changes">{t('item.changes.title')}</h3>
      <p className="pc-staff__text">{t('item.changes.intro')}</p>
      {fields.map((field) => (
        <dl key={field} className="pc-staff__facts" lang={lang}>
          <div>
            <dt>{t(`item.changes.${field}Live`)}</dt>
            <dd>{live[field] || '—'}</dd>
          </div>
          <div>
            <dt>{t(`item.changes.${field}Proposed`)}</dt>
            <dd>{proposed[field] || '—'}</dd>
          </div>
        </dl>
      ))}
      {lines.every((line) => line.kind === 'same') ? (
        <p className="pc-staff__text">{t('item.changes.sameText')}</p>
      ) : (
        <ol className="pc-staff__diff" aria-label={t('item.changes.text')} lang={lang}>
          {lines.map((line, index) => (
            <li key={index} className={`pc-staff__diff-${line.kind}`}>
              {line.kind === 'removed' && (
                <del>
                  <span className="pc-visually-hidden">{t('item.changes.removed')} </span>
                  {line.text}
                </del>
              )}
              {line.kind === 'added' && (
                <ins>
                  <span className="pc-visually-hidden">{t('item.changes.added')} </span>
                  {line.text}
                </ins>
              )}
              {line.kind === 'same' && line.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The decision's one field: its note, which the gateway may refuse by name. */
const NOTE_FIELD = ['note'] as const;

function DecisionForm({ detail, api, onDecided }: { detail: QueueItemDetail; onDecided: () => void } & StaffContext) {
  const { t } = useStaffTranslation();
  const id = useId();
  const [decision, setDecision] = useState<Decision>('approve');
  const [note, setNote] = useState('');
  const form = useFormSubmit<'note'>({ fields: NOTE_FIELD, fallback: t('common:dialog.failure') });
  const { errors, formError, busy, notice: done } = form;
  const { item } = detail;

  const submit = async () => {
    const problem = checkNote(decision, note);
    await form.submit(
      { note: problem ? t(`decide.note.${problem}`, { max: DECISION_NOTE_MAX }) : undefined },
      async () => {
        await api.decide(item.id, decision, note.trim());
        onDecided();
        return t(`decide.done.${decision}`);
      },
    );
  };

  return (
    <form
      className="pc-staff__form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t('decide.title')}</h2>
      <fieldset className="pc-staff__choices">
        <legend>{t('decide.decision')}</legend>
        {decisionsFor(item.kind).map((option) => (
          <label key={option} className="pc-staff__choice">
            <input
              type="radio"
              name={`${id}-decision`}
              value={option}
              checked={decision === option}
              onChange={() => {
                setDecision(option);
                form.setErrors({});
              }}
            />
            {t(`decide.options.${option}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        multiline
        rows={4}
        label={needsNote(decision) ? t('decide.note.labelRequired') : t('decide.note.label')}
        hint={t('decide.note.hint')}
        counter={t('decide.note.counter', { count: note.length, max: DECISION_NOTE_MAX })}
        value={note}
        maxLength={DECISION_NOTE_MAX}
        required={needsNote(decision)}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormError message={formError} />
      <Button type="submit" variant={decision === 'approve' ? 'primary' : 'danger'} busy={busy}>
        {t(`decide.submit.${decision}`)}
      </Button>
      <Done message={done} />
    </form>
  );
}

function ItemDetail(context: StaffContext) {
  const { t } = useStaffTranslation();
  const { id = '' } = useParams();
  const detail = useLoad((signal) => context.api.item(id, signal), [id], t('loadFailed'));

  return (
    <>
      <p className="pc-staff__back">
        <Link to="/staff/queue">{t('item.back')}</Link>
      </p>
      <Loaded state={detail.state} onRetry={detail.reload}>
        {(data) => {
          const { item, content, author } = data;
          const history = author.history;
          return (
            <div className="pc-staff__item">
              <section className="pc-staff__panel" aria-labelledby="pc-staff-content">
                <p className="pc-staff__card-meta">
                  <Badge>{t(`kinds.${item.kind}`)}</Badge>
                  <Badge tone="muted">{t(`states.${item.state}`)}</Badge>
                  {item.isEdit && <Badge tone="muted">{t('queue.edit')}</Badge>}
                  {formatDateTime(item.submittedAt, t)}
                </p>
                <h2 id="pc-staff-content" lang={item.language || undefined}>
                  {content.title || item.title || t('queue.untitled', { kind: t(`kinds.${item.kind}`) })}
                </h2>
                {content.description && (
                  <p className="pc-staff__description" lang={item.language || undefined}>
                    {content.description}
                  </p>
                )}
                {/* Plain text from the server, rendered as text: markup in it stays visible, never runs. */}
                <div className="pc-staff__content" lang={item.language || undefined}>
                  {content.text}
                </div>
                {data.live && <EditChanges live={data.live} proposed={content} lang={item.language || undefined} />}
                <h3>{t('item.review')}</h3>
                <Signals item={item} />
                {item.note && (
                  <p className="pc-staff__note">
                    {t('item.note')}: {item.note}
                  </p>
                )}
              </section>
              <aside className="pc-staff__panel" aria-labelledby="pc-staff-author">
                <h2 id="pc-staff-author">{t('item.author')}</h2>
                <p>
                  <strong>{author.fullname || author.username}</strong> @{author.username}
                </p>
                <dl className="pc-staff__facts">
                  <div>
                    <dt>{t('history.registered')}</dt>
                    <dd>{author.registeredAt ? formatDate(author.registeredAt, t) : '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('history.rating')}</dt>
                    <dd>{author.rating}</dd>
                  </div>
                  <div>
                    <dt>{t('history.confirmed')}</dt>
                    <dd>{author.confirmed ? t('yes') : t('no')}</dd>
                  </div>
                  {(
                    [
                      'articlesSubmitted',
                      'articlesApproved',
                      'articlesRejected',
                      'revisionsRequested',
                      'commentsSubmitted',
                      'commentsRejected',
                      'reportsAgainst',
                      'bans',
                    ] as const
                  ).map((key) => (
                    <div key={key}>
                      <dt>{t(`history.${key}`)}</dt>
                      <dd>{history[key]}</dd>
                    </div>
                  ))}
                </dl>
                {history.activeBan && (
                  <p className="pc-notice">
                    {t('history.activeBan', {
                      reason: t(`banReasons.${history.activeBan.reason}`),
                      until: history.activeBan.endsAt
                        ? formatDateTime(history.activeBan.endsAt, t)
                        : t('bans.permanent'),
                    })}
                  </p>
                )}
              </aside>
              <section className="pc-staff__panel" aria-labelledby="pc-staff-timeline">
                <h2 id="pc-staff-timeline">{t('item.timeline')}</h2>
                <Timeline entries={data.decisions} />
              </section>
              {isOpen(item.state) ? (
                <DecisionForm detail={data} {...context} onDecided={detail.reload} />
              ) : (
                <p className="pc-staff__text" role="status">
                  {t('item.decided', {
                    state: t(`states.${item.state}`),
                    by: item.decidedBy?.username ?? '—',
                  })}
                </p>
              )}
            </div>
          );
        }}
      </Loaded>
    </>
  );
}

/** /staff/items/:id: one queue item to read (inertly), its author's history and the decision. */
export default function Item() {
  const { t } = useStaffTranslation();
  return <StaffFrame title={t('item.title')}>{(context) => <ItemDetail {...context} />}</StaffFrame>;
}
