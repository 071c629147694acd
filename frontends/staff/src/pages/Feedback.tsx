import { ApiError, Button, EmptyState, formatDateTime, Select, TextField, useLoad } from '@pencraft/ui';
import {
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  isFeedbackStatus,
  isFeedbackType,
  normalizeFeedbackText,
} from '@pencraft/rules';
import type { Schemas } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Badge, Done, FormError, Loaded, Pager } from '../components/parts.js';
import { useStaffTranslation } from '../i18n.js';
import { useQueryState } from '../lib/query.js';
import './feedback.css';

type StaffFeedback = Schemas['StaffFeedback'];

function useFeedbackTranslation() {
  return useTranslation('staffFeedback');
}

/** One feedback: what was sent, by whom, its answer, and (unless closed) the answer form and Close. */
function FeedbackCard({
  item,
  api,
  onChanged,
}: {
  item: StaffFeedback;
  api: StaffContext['api'];
  onChanged: (message: string) => void;
}) {
  const { t } = useFeedbackTranslation();
  const { t: common } = useStaffTranslation();
  const [answer, setAnswer] = useState(item.answer ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'answer' | 'close'>();
  const headingId = `feedback-${item.id}`;

  async function act(kind: 'answer' | 'close', run: () => Promise<unknown>, done: string) {
    setBusy(kind);
    setError(undefined);
    try {
      await run();
      onChanged(done);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : common('loadFailed'));
    } finally {
      setBusy(undefined);
    }
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (!normalizeFeedbackText(answer)) {
      setError(t('answerRequired'));
      return;
    }
    void act('answer', () => api.answerFeedback(item.id, answer), t('answered', { title: item.title }));
  }

  return (
    <li className="pc-staff__card" data-feedback={item.id} data-status={item.status} aria-labelledby={headingId}>
      <h2 id={headingId} className="pc-staff__card-title">
        {item.title}
      </h2>
      <p className="pc-staff__card-meta">
        <Badge>{t(`types.${item.type}`)}</Badge>
        <Badge tone={item.status === 'new' ? 'danger' : item.status === 'answered' ? 'success' : 'muted'}>
          {t(`statuses.${item.status}`)}
        </Badge>
        <span>{item.sender ? t('from', { username: item.sender.username }) : t('visitor')}</span>
        <span>{t('sent', { date: formatDateTime(item.createdAt, common) })}</span>
      </p>
      <p className="pc-staff__feedback-text">{item.description}</p>
      {item.answer && item.answeredBy && <p className="pc-staff__text">{t('answerBy', { staff: item.answeredBy })}</p>}
      {item.status === 'closed' ? (
        item.answer && <p className="pc-staff__feedback-text">{item.answer}</p>
      ) : (
        <form onSubmit={send} noValidate>
          <TextField
            multiline
            rows={4}
            label={t('answerLabel')}
            name="answer"
            hint={t('answerHint', { max: FEEDBACK_ANSWER_MAX })}
            value={answer}
            onChange={(event) => {
              setAnswer(event.target.value);
              setError(undefined);
            }}
          />
          <FormError message={error} />
          <div className="pc-staff__actions">
            <Button type="submit" busy={busy === 'answer'} disabled={busy !== undefined}>
              {t('send')}
            </Button>
            <Button
              variant="secondary"
              busy={busy === 'close'}
              disabled={busy !== undefined}
              onClick={() =>
                void act('close', () => api.closeFeedback(item.id), t('closedDone', { title: item.title }))
              }
            >
              {t('close')}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

function FeedbackList({ api }: StaffContext) {
  const { t } = useFeedbackTranslation();
  const { t: common } = useStaffTranslation();
  // `status` is safe in the address (Keycloak refuses only OAuth's own names, such as state and code).
  const { values, page, set } = useQueryState(['type', 'status'] as const);
  const type = isFeedbackType(values.type) ? values.type : undefined;
  const status = isFeedbackStatus(values.status) ? values.status : undefined;
  const list = useLoad(
    (signal) => api.feedback({ type, status, page }, signal),
    [type, status, page],
    common('loadFailed'),
  );
  const [done, setDone] = useState<string>();

  return (
    <>
      <p className="pc-staff__text">{t('intro')}</p>
      <div className="pc-staff__filters" role="group" aria-label={t('filters')}>
        <Select
          label={t('type')}
          value={type ?? ''}
          onChange={(event) => set({ type: event.target.value })}
          options={[
            { value: '', label: t('allTypes') },
            ...FEEDBACK_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
          ]}
        />
        <Select
          label={t('status')}
          value={status ?? ''}
          onChange={(event) => set({ status: event.target.value })}
          options={[
            { value: '', label: t('allStatuses') },
            ...FEEDBACK_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
        />
      </div>
      <Done message={done} />
      <Loaded state={list.state} onRetry={list.reload}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('empty')} />
          ) : (
            <>
              <ul className="pc-staff__list" aria-label={t('items')}>
                {result.items.map((item) => (
                  <FeedbackCard
                    key={`${item.id}:${item.status}:${item.answeredAt ?? ''}`}
                    item={item}
                    api={api}
                    onChanged={(message) => {
                      setDone(message);
                      list.reload();
                    }}
                  />
                ))}
              </ul>
              <Pager
                page={result.page}
                hasMore={result.page * result.pageSize < result.total}
                onPage={(p) => set({ page: p })}
              />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** /staff/feedback: feedback by type and status; answer (mailed to the sender) and close (role moderator). */
export default function Feedback() {
  const { t } = useStaffTranslation();
  return (
    <StaffFrame title={t('nav.feedback')} roles={MODERATION_ROLES}>
      {(context) => <FeedbackList {...context} />}
    </StaffFrame>
  );
}
