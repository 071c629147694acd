import { api, Button, formatDate, spreadError, TextField, useFeedback, useLoad, type Schemas } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { LIMITS } from '../lib/limits.js';
import { onPublication, type Studio } from '../lib/studio.js';
import { useAction } from '../lib/useAction.js';

type MemberList = Schemas['PublicationMembers'];

function nameOf(member: Pick<MemberList['items'][number], 'user'>, fallback: string): string {
  const { fullname, username } = member.user;
  if (fullname && username) return `${fullname} (@${username})`;
  return fullname ?? (username ? `@${username}` : fallback);
}

/** The owner invites by username (the invitee answers on their settings page). */
function InviteForm({ studio, onInvited }: { studio: Studio; onInvited: () => void }) {
  const { t } = useStudioTranslation();
  const feedback = useFeedback();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = username.trim().replace(/^@/, '');
        setFormError(undefined);
        if (!value) {
          setFieldError(t('problems.usernameRequired'));
          return;
        }
        setBusy(true);
        api
          .post('/api/core-publications/{id}/studio/members', { ...onPublication(studio), body: { username: value } })
          .then(
            () => {
              setBusy(false);
              setUsername('');
              feedback.success(t('members.invited', { username: value }));
              onInvited();
            },
            (error: unknown) => {
              setBusy(false);
              const spread = spreadError(error, ['username'], { UserNotFound: 'username' }, t('common:dialog.failure'));
              setFieldError(spread.fields.username);
              setFormError(spread.form);
            },
          );
      }}
    >
      <TextField
        label={t('members.username')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        required
      />
      <FormError message={formError} />
      <div className="pc-studio__actions">
        <Button type="submit" busy={busy}>
          {t('members.inviteSubmit')}
        </Button>
      </div>
    </form>
  );
}

/** The page for one publication: the list, the owner's invitations and form, a member's way out. */
function MembersBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const id = useId();
  const navigate = useNavigate();
  const action = useAction();
  const list = useLoad(
    (signal) => api.get('/api/core-publications/{id}/studio/members', { ...onPublication(studio), signal }),
    [studio.publication.id],
    t('common:dialog.failure'),
  );
  const manage = studio.may('manageMembers');
  const remove = (uid: string, key: string, success: string, after: () => void) =>
    void action
      .run(
        key,
        () =>
          api.delete('/api/core-publications/{id}/studio/members/{uid}', {
            params: { path: { id: studio.publication.id, uid } },
          }),
        success,
      )
      .then((ok) => ok && after());
  return (
    <>
      <FormError message={action.error} />
      <Loaded state={list.state} onRetry={list.reload}>
        {(data) => (
          <>
            <Panel id={`${id}-members`} title={t('members.list')}>
              <ul className="pc-studio__list" data-members>
                {data.items.map((member) => {
                  const name = nameOf(member, t('members.deleted'));
                  const self = member.user.uid === studio.user.uid;
                  return (
                    <li key={member.user.uid} className="pc-studio__row" data-member={member.user.username ?? ''}>
                      <span className="pc-studio__row-main">
                        <span>
                          {name} {self && <em>({t('members.you')})</em>}
                        </span>
                        <span className="pc-studio__row-meta">
                          {t(`roles.${member.role}`)} · {t('members.joined', { date: formatDate(member.joinedAt, t) })}
                        </span>
                      </span>
                      {manage && member.role !== 'owner' && (
                        <span className="pc-studio__row-actions">
                          <Button
                            variant="secondary"
                            aria-label={t('members.removeLabel', { name })}
                            busy={action.running === member.user.uid}
                            onClick={() =>
                              remove(member.user.uid, member.user.uid, t('members.removed', { name }), () => {
                                list.reload();
                                studio.reload();
                              })
                            }
                          >
                            {t('members.remove')}
                          </Button>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </Panel>
            {manage && (
              <Panel id={`${id}-pending`} title={t('members.pending')}>
                {data.invitations.length === 0 ? (
                  <p className="pc-studio__text">{t('members.noPending')}</p>
                ) : (
                  <ul className="pc-studio__list" data-invitations>
                    {data.invitations.map((invitation) => {
                      const date = formatDate(invitation.createdAt, t);
                      const name = nameOf(invitation, t('members.deleted'));
                      return (
                        <li
                          key={invitation.uid}
                          className="pc-studio__row"
                          data-invitee={invitation.user.username ?? ''}
                        >
                          <span className="pc-studio__row-main">
                            <span>{name}</span>
                            <span className="pc-studio__row-meta">{t('members.pendingItem', { date })}</span>
                          </span>
                          <span className="pc-studio__row-actions">
                            <Button
                              variant="secondary"
                              aria-label={t('members.cancelLabel', { name, date })}
                              busy={action.running === invitation.uid}
                              onClick={() =>
                                remove(invitation.uid, invitation.uid, t('members.cancelled'), list.reload)
                              }
                            >
                              {t('members.cancel')}
                            </Button>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </Panel>
            )}
          </>
        )}
      </Loaded>
      {manage && (
        <Panel id={`${id}-invite`} title={t('members.invite')}>
          <p className="pc-studio__text">{t('members.inviteText', { max: LIMITS.membersMax })}</p>
          <InviteForm studio={studio} onInvited={list.reload} />
        </Panel>
      )}
      {studio.may('leave') && (
        <Panel id={`${id}-leave`} title={t('members.leaveTitle')}>
          <p className="pc-studio__text">{t('members.leaveText')}</p>
          <Button
            variant="danger"
            busy={action.running === 'leave'}
            onClick={() =>
              remove(studio.user.uid, 'leave', t('members.left'), () => void navigate('/settings/publication'))
            }
          >
            {t('members.leave')}
          </Button>
        </Panel>
      )}
    </>
  );
}

/** /studio/members: everyone sees the members; the owner invites, cancels invitations and removes; a member leaves. */
export default function Members() {
  return <StudioFrame section="members">{(studio) => <MembersBody studio={studio} />}</StudioFrame>;
}
