import { Button } from '@pencraft/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { useEditorTranslation } from '../i18n.js';
import { draftsApi, type Author, type Invitation } from '../lib/drafts-api.js';
import { errorMessage } from '../lib/errors.js';
import { Panel } from './Panel.js';

/**
 * Co-authors of the draft: invite by username (POST /api/drafts/{id}/invite), with the server's refusals shown
 * (AuthorAlreadyInvited, MaxAuthorsCountReached, UserNotFound, inviting oneself); the accepted co-authors and the
 * invitations from the draft's details.
 */
export function CoAuthors({ draftId }: { draftId: string | null }) {
  const { t } = useEditorTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [coAuthors, setCoAuthors] = useState<Author[]>([]);
  const [invitations, setInvitations] = useState<Invitation[]>([]);

  const load = useCallback(
    (signal?: AbortSignal) => {
      if (!draftId) return;
      draftsApi.details(draftId, signal).then(
        (details) => {
          setCoAuthors(details.coAuthors ?? []);
          setInvitations(details.invitations ?? []);
        },
        () => undefined,
      );
    },
    [draftId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function invite() {
    const name = username.trim().replace(/^@/, '');
    if (!draftId || !name) return setError(name ? undefined : t('coAuthors.usernameRequired'));
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      await draftsApi.invite(draftId, name);
      setUsername('');
      setMessage(t('coAuthors.invited', { username: name }));
      load();
    } catch (e) {
      setError(errorMessage(e, t('common:dialog.failure')));
    } finally {
      setBusy(false);
    }
  }

  const pending = invitations.filter((i) => i.status !== 'accepted');
  return (
    <Panel id={`${id}-title`} title={t('coAuthors.title')}>
      <p className="pc-write__hint">{draftId ? t('coAuthors.text') : t('coAuthors.afterSave')}</p>
      {(coAuthors.length > 0 || pending.length > 0) && (
        <ul className="pc-write__people">
          {coAuthors.map((a) => (
            <li key={a.uid}>
              {a.fullname || a.username} <span className="pc-write__muted">@{a.username}</span> ·{' '}
              {t('coAuthors.status.accepted')}
            </li>
          ))}
          {pending.map((i) => (
            <li key={i.id}>
              {i.invitee.fullname || i.invitee.username} <span className="pc-write__muted">@{i.invitee.username}</span>{' '}
              · {t(`coAuthors.status.${i.status}`)}
            </li>
          ))}
        </ul>
      )}
      <form
        className="pc-write__inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void invite();
        }}
      >
        <div className="pc-field">
          <label className="pc-field__label" htmlFor={`${id}-username`}>
            {t('coAuthors.username')}
          </label>
          <input
            id={`${id}-username`}
            className={`pc-input${error ? ' pc-input--invalid' : ''}`}
            value={username}
            autoComplete="off"
            disabled={!draftId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" busy={busy} disabled={!draftId}>
          {t('coAuthors.invite')}
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} className="pc-field__error" role="alert">
          {error}
        </p>
      )}
      <p className="pc-write__note" role="status">
        {message}
      </p>
    </Panel>
  );
}
