import { Button, EmptyState } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DeskPage, Failure, failureMessage, Loading, useDateFormat } from '../components.js';
import { useDeskTranslation } from '../i18n.js';
import { deskApi, type Invitation } from '../lib/desk-api.js';

type Decision = 'accept' | 'reject';

function InvitationCard({
  invitation,
  onDecided,
}: {
  invitation: Invitation;
  onDecided: (decided: Invitation) => void;
}) {
  const { t } = useDeskTranslation();
  const date = useDateFormat();
  const titleId = useId();
  const [busy, setBusy] = useState<Decision>();
  const [error, setError] = useState<string>();
  const title = invitation.title.trim() || t('invitations.untitled');
  const decide = (decision: Decision) => {
    setBusy(decision);
    setError(undefined);
    deskApi.decide(invitation.id, decision).then(
      (decided) => onDecided({ ...invitation, ...decided }),
      (e: unknown) => {
        setBusy(undefined);
        setError(failureMessage(e, t('common:dialog.failure')));
      },
    );
  };
  return (
    <li className="pc-desk__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="pc-desk__card-title">
        {title}
      </h2>
      <p className="pc-desk__meta">
        <span>{t(invitation.draftId ? 'invitations.kind.draft' : 'invitations.kind.article')}</span>
        <span>
          {t('invitations.from', {
            name: invitation.inviter.fullname || invitation.inviter.username,
            username: invitation.inviter.username,
            date: date(invitation.createdAt),
          })}
        </span>
      </p>
      <div className="pc-desk__actions">
        <Button
          busy={busy === 'accept'}
          disabled={busy !== undefined}
          onClick={() => decide('accept')}
          aria-describedby={titleId}
        >
          {t('invitations.accept')}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'reject'}
          disabled={busy !== undefined}
          onClick={() => decide('reject')}
          aria-describedby={titleId}
        >
          {t('invitations.reject')}
        </Button>
      </div>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function InvitationList() {
  const { t } = useDeskTranslation();
  const [items, setItems] = useState<Invitation[]>();
  const [decided, setDecided] = useState<Invitation>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const status = useRef<HTMLDivElement>(null);
  // The decided card leaves the list: focus goes to the message about it, not to the top of the page.
  useEffect(() => {
    if (decided) status.current?.focus();
  }, [decided]);
  useEffect(() => {
    const controller = new AbortController();
    deskApi.invitations(controller.signal).then(
      (body) => setItems(body.items),
      (e: unknown) => {
        if (!controller.signal.aborted) setError(failureMessage(e, t('common:dialog.failure')));
      },
    );
    return () => controller.abort();
  }, [attempt, t]);

  if (error) return <Failure message={error} onRetry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
  if (!items) return <Loading />;
  const decidedTitle = decided && (decided.title.trim() || t('invitations.untitled'));
  return (
    <>
      <p className="pc-desk__intro">{t('invitations.intro')}</p>
      {/* Announced when a decision lands; the card it was about leaves the list. */}
      <div role="status" className="pc-desk__status" ref={status} tabIndex={-1}>
        {decided && (
          <p className="pc-desk__done">
            {decided.status === 'accepted'
              ? t('invitations.accepted', { title: decidedTitle })
              : t('invitations.rejected', { title: decidedTitle })}{' '}
            {decided.status === 'accepted' && decided.draftId && (
              <Link to={`/write/${encodeURIComponent(decided.draftId)}`}>{t('invitations.openDraft')}</Link>
            )}
          </p>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState title={t('invitations.empty')} />
      ) : (
        <ul className="pc-desk__list">
          {items.map((invitation) => (
            <InvitationCard
              key={invitation.id}
              invitation={invitation}
              onDecided={(result) => {
                setDecided(result);
                setItems((current) => current?.filter((i) => i.id !== result.id));
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** `/me/invitations`: the co-author invitations waiting for the signed-in user, accepted or rejected here. */
export default function Invitations() {
  const { t } = useDeskTranslation();
  return (
    <DeskPage title={t('invitations.title')} path="/me/invitations">
      {() => <InvitationList />}
    </DeskPage>
  );
}
