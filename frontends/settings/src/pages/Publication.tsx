import {
  normalizePublicationDescription,
  normalizePublicationName,
  normalizeSlug,
  publicationDescriptionProblem,
  publicationNameProblem,
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_NAME_MAX,
  PUBLICATION_SLUG_MAX,
  PUBLICATION_SLUG_MIN,
  slugProblem,
} from '@pencraft/rules';
import {
  api,
  Button,
  errorMessage,
  formatDate,
  spreadError,
  TextField,
  useFeedback,
  useLoad,
  useSession,
  type Schemas,
} from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';

const PUBLICATION_LIMITS = {
  nameMax: PUBLICATION_NAME_MAX,
  slugMin: PUBLICATION_SLUG_MIN,
  slugMax: PUBLICATION_SLUG_MAX,
  descriptionMax: PUBLICATION_DESCRIPTION_MAX,
};

/** A new publication: name, slug (its subdomain, checked against the rules as it is typed), description. */
function CreatePublication({ onCreated }: { onCreated: () => void }) {
  const { t } = useSettingsTranslation();
  const feedback = useFeedback();
  const session = useSession();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; slug?: string; description?: string }>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = normalizeSlug(slug);
  const liveSlug = value ? slugProblem(value) : undefined;
  const slugError = errors.slug ?? (liveSlug && t(`publication.problems.${liveSlug}`, PUBLICATION_LIMITS));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const cleanName = normalizePublicationName(name);
        const cleanDescription = normalizePublicationDescription(description).trim();
        const problems = {
          name: publicationNameProblem(cleanName),
          slug: slugProblem(value),
          description: publicationDescriptionProblem(cleanDescription),
        };
        setFormError(undefined);
        if (problems.name || problems.slug || problems.description) {
          setErrors({
            name: problems.name && t(`publication.problems.${problems.name}`, PUBLICATION_LIMITS),
            slug: problems.slug && t(`publication.problems.${problems.slug}`, PUBLICATION_LIMITS),
            description: problems.description && t(`publication.problems.${problems.description}`, PUBLICATION_LIMITS),
          });
          return;
        }
        setErrors({});
        setBusy(true);
        const body = { name: cleanName, slug: value, ...(cleanDescription ? { description: cleanDescription } : {}) };
        api.post('/api/core-publications', { body }).then(
          (publication) => {
            setBusy(false);
            feedback.success(t('publication.created', { domain: publication.domain }));
            onCreated();
            void session.refresh();
          },
          (error: unknown) => {
            setBusy(false);
            const codes = { NameExists: 'name', SlugExists: 'slug', InvalidSlug: 'slug' } as const;
            const spread = spreadError(error, ['name', 'slug', 'description'], codes, t('common:dialog.failure'));
            setErrors(spread.fields);
            setFormError(spread.form);
          },
        );
      }}
    >
      <TextField
        label={t('publication.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        error={errors.name}
        counter={t('publication.counter', { count: [...name].length, max: PUBLICATION_NAME_MAX })}
        required
      />
      <TextField
        label={t('publication.slug')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value);
          setErrors((current) => ({ ...current, slug: undefined }));
        }}
        error={slugError}
        hint={
          value && !liveSlug
            ? t('publication.address', { domain: `${value}.${window.location.hostname}` })
            : t('publication.slugHint', PUBLICATION_LIMITS)
        }
        required
      />
      <TextField
        multiline
        rows={3}
        label={t('publication.description')}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        error={errors.description}
        counter={t('publication.counter', { count: [...description].length, max: PUBLICATION_DESCRIPTION_MAX })}
      />
      <FormError message={formError} />
      <div className="pc-settings__actions">
        <Button type="submit" busy={busy}>
          {t('publication.create')}
        </Button>
      </div>
    </form>
  );
}

function Invitations({
  invitations,
  onAnswered,
}: {
  invitations: Schemas['PublicationInvitation'][];
  onAnswered: () => void;
}) {
  const { t } = useSettingsTranslation();
  const feedback = useFeedback();
  const session = useSession();
  const [running, setRunning] = useState<string>();
  const [error, setError] = useState<string>();
  if (invitations.length === 0) return <p className="pc-settings__text">{t('publication.noInvitations')}</p>;
  const answer = (invitation: Schemas['PublicationInvitation'], accept: boolean) => {
    const params = { params: { path: { id: invitation.publicationId } } };
    setRunning(`${invitation.publicationId}:${accept}`);
    setError(undefined);
    (accept
      ? api.post('/api/ttin/pbls/invitations/{id}/accept', params)
      : api.post('/api/ttin/pbls/invitations/{id}/reject', params)
    ).then(
      () => {
        setRunning(undefined);
        feedback.success(
          t(accept ? 'publication.accepted' : 'publication.rejected', { name: invitation.publicationName }),
        );
        onAnswered();
        if (accept) void session.refresh();
      },
      (failure: unknown) => {
        setRunning(undefined);
        setError(errorMessage(failure, t('common:dialog.failure')));
      },
    );
  };
  return (
    <>
      <FormError message={error} />
      <ul className="pc-settings__list" data-invitations>
        {invitations.map((invitation) => (
          <li
            key={invitation.publicationId}
            className="pc-settings__publication-row"
            data-invitation={invitation.publicationSlug}
          >
            <span>
              <strong>{invitation.publicationName}</strong>{' '}
              <span className="pc-settings__text">
                {t('publication.invitedOn', { date: formatDate(invitation.createdAt, t) })}
              </span>
            </span>
            <span className="pc-settings__actions">
              <Button
                busy={running === `${invitation.publicationId}:true`}
                aria-label={t('publication.acceptLabel', { name: invitation.publicationName })}
                onClick={() => answer(invitation, true)}
              >
                {t('publication.accept')}
              </Button>
              <Button
                variant="secondary"
                busy={running === `${invitation.publicationId}:false`}
                aria-label={t('publication.rejectLabel', { name: invitation.publicationName })}
                onClick={() => answer(invitation, false)}
              >
                {t('publication.reject')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

type SubscriptionItem = Schemas['MyPublicationSubscriptions']['items'][number];

/**
 * "Cancel the subscription to X?" on a <dialog> (focus kept inside, Escape keeps it): what cancelling does to this
 * subscription (a free one ends now; a paid one stops renewing and reads in full until its period ends); the API's
 * refusal is shown in it.
 */
function ConfirmCancel({
  item,
  open,
  onCancelled,
  onClose,
}: {
  /** The subscription asked about (kept while the dialog closes). */
  item: SubscriptionItem | undefined;
  open: boolean;
  onCancelled: (item: SubscriptionItem) => void;
  onClose: () => void;
}) {
  const { t } = useSettingsTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setError(undefined);
    onClose();
  };

  const confirm = () => {
    if (!item) return;
    setBusy(true);
    setError(undefined);
    api.post('/api/core-publications/{id}/unsub', { params: { path: { id: item.publication.id } } }).then(
      () => {
        setBusy(false);
        setError(undefined);
        onCancelled(item);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, t('common:dialog.failure')));
      },
    );
  };

  const name = item?.publication.name ?? '';
  const paid = item?.subscription.tier === 'paid';
  return (
    <dialog
      ref={ref}
      className="pc-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close();
      }}
    >
      <div className="pc-dialog__body">
        <h2 id={titleId} className="pc-dialog__title">
          {t('publication.cancelTitle', { name })}
        </h2>
        <p id={textId} className="pc-dialog__message">
          {paid
            ? t('publication.cancelPaidText', { date: formatDate(item?.subscription.periodEnd, t) })
            : t('publication.cancelFreeText')}
        </p>
        <FormError message={error} />
        <div className="pc-settings__actions">
          <Button variant="danger" busy={busy} onClick={confirm}>
            {t('publication.cancel')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={close} autoFocus>
            {t('publication.keep')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** What a subscription is now: free, paid and renewing, cancelled (reads until its period ends), or ended. */
function subscriptionState(
  subscription: SubscriptionItem['subscription'],
  t: ReturnType<typeof useSettingsTranslation>['t'],
) {
  if (subscription.tier === 'free') return { text: '', cancellable: true };
  const until = formatDate(subscription.periodEnd, t);
  if (!subscription.periodEnd || Date.parse(subscription.periodEnd) <= Date.now())
    return { text: t('publication.ended', { date: until }), cancellable: false };
  if (subscription.cancelledAt) return { text: t('publication.cancelledUntil', { date: until }), cancellable: false };
  return { text: t('publication.until', { date: until }), cancellable: true };
}

/** The user's subscriptions, each with the way to cancel it (confirmed first). */
function Subscriptions() {
  const { t } = useSettingsTranslation();
  const feedback = useFeedback();
  const list = useLoad((signal) => api.get('/api/ttin/sbcs', { signal }), [], t('common:dialog.failure'));
  const [asking, setAsking] = useState<{ item: SubscriptionItem; open: boolean }>();
  return (
    <>
      <Loaded state={list.state} onRetry={list.reload}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="pc-settings__text">{t('publication.noSubscriptions')}</p>
          ) : (
            <ul className="pc-settings__list" data-subscriptions>
              {data.items.map((item) => {
                const { publication, subscription } = item;
                const state = subscriptionState(subscription, t);
                return (
                  <li
                    key={publication.id}
                    className="pc-settings__publication-row"
                    data-subscription={publication.slug}
                  >
                    <span>
                      <strong>{publication.name}</strong>{' '}
                      <span className="pc-settings__text">{publication.domain}</span>
                    </span>
                    <span className="pc-settings__text">
                      {t(`publication.tiers.${subscription.tier}`)} ·{' '}
                      {t('publication.since', { date: formatDate(subscription.createdAt, t) })}
                      {state.text && ` · ${state.text}`}
                    </span>
                    {state.cancellable && (
                      <span className="pc-settings__actions">
                        <Button
                          variant="secondary"
                          aria-label={t('publication.cancelLabel', { name: publication.name })}
                          onClick={() => setAsking({ item, open: true })}
                        >
                          {t('publication.cancel')}
                        </Button>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )
        }
      </Loaded>
      <ConfirmCancel
        item={asking?.item}
        open={asking?.open ?? false}
        onClose={() => setAsking((current) => current && { ...current, open: false })}
        onCancelled={(item) => {
          setAsking({ item, open: false });
          const { name } = item.publication;
          feedback.success(
            item.subscription.tier === 'paid'
              ? t('publication.cancelledPaid', { name, date: formatDate(item.subscription.periodEnd, t) })
              : t('publication.cancelledFree', { name }),
          );
          list.reload();
        }}
      />
    </>
  );
}

/**
 * /settings/publication: the user's publication (its subdomain and the way into the studio), or the form that
 * creates one; invitations from publications (accept, reject); the user's subscriptions to publications.
 */
export default function Publication() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const mine = useLoad((signal) => api.get('/api/ttin/pbls', { signal }), [], t('common:dialog.failure'));

  return (
    <SettingsFrame title={t('sections.publication.title')}>
      {() => (
        <Loaded state={mine.state} onRetry={mine.reload}>
          {(data) => (
            <>
              {data.publication && data.role ? (
                <Panel id={`${id}-mine`} title={t('publication.mine')}>
                  <p className="pc-settings__text">
                    <strong data-publication-name>{data.publication.name}</strong> ·{' '}
                    {t(`publication.roles.${data.role}`)}
                  </p>
                  <p className="pc-settings__text">
                    {t('publication.subdomain')} <strong data-publication-domain>{data.publication.domain}</strong>
                  </p>
                  <p>
                    <Link className="pc-button pc-button--primary" to="/studio">
                      {t('publication.toStudio')}
                    </Link>
                  </p>
                </Panel>
              ) : (
                <Panel id={`${id}-create`} title={t('publication.createTitle')}>
                  <p className="pc-settings__text">{t('publication.createText')}</p>
                  <CreatePublication onCreated={mine.reload} />
                </Panel>
              )}
              <Panel id={`${id}-invitations`} title={t('publication.invitations')}>
                <Invitations invitations={data.invitations} onAnswered={mine.reload} />
              </Panel>
              <Panel id={`${id}-subscriptions`} title={t('publication.subscriptions')}>
                <Subscriptions />
              </Panel>
            </>
          )}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
