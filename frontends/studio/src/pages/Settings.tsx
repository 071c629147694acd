import {
  normalizePublicationDescription,
  normalizePublicationName,
  normalizeSlug,
  publicationDescriptionProblem,
  publicationNameProblem,
  slugProblem,
} from '@pencraft/rules';
import { api, Button, formatDate, spreadError, TextField, useFeedback } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormError, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { LIMITS } from '../lib/limits.js';
import { onPublication, type Studio } from '../lib/studio.js';

/** A date still ahead (the next allowed change), else undefined. */
const future = (value: string | null) => (value && Date.parse(value) > Date.now() ? value : undefined);

/** The name (once every 14 days) and the description; only what changed is sent. */
function GeneralForm({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const feedback = useFeedback();
  const { publication } = studio;
  const [name, setName] = useState(publication.name);
  const [description, setDescription] = useState(publication.description);
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const nameLocked = future(studio.dashboard.nameChangeableAt);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const nextName = normalizePublicationName(name);
        const nextDescription = normalizePublicationDescription(description).trim();
        const nameProblem = nextName === publication.name ? undefined : publicationNameProblem(nextName);
        const descriptionProblem = publicationDescriptionProblem(nextDescription);
        setFormError(undefined);
        if (nameProblem || descriptionProblem) {
          setErrors({
            name: nameProblem && t(`problems.${nameProblem}`, LIMITS),
            description: descriptionProblem && t(`problems.${descriptionProblem}`, LIMITS),
          });
          return;
        }
        setErrors({});
        const body = {
          ...(nextName !== publication.name ? { name: nextName } : {}),
          ...(nextDescription !== publication.description ? { description: nextDescription } : {}),
        };
        if (Object.keys(body).length === 0) {
          feedback.success(t('settings.saved'));
          return;
        }
        setBusy(true);
        api.put('/api/core-publications/{id}/studio/settings', { ...onPublication(studio), body }).then(
          () => {
            setBusy(false);
            feedback.success(t('settings.saved'));
            studio.reload();
          },
          (error: unknown) => {
            setBusy(false);
            const codes = { NameExists: 'name', CantUpdatePublicationName: 'name' } as const;
            const spread = spreadError(error, ['name', 'description'], codes, t('common:dialog.failure'));
            setErrors(spread.fields);
            setFormError(spread.form);
          },
        );
      }}
    >
      <TextField
        label={t('settings.name')}
        value={name}
        readOnly={nameLocked !== undefined}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        error={errors.name}
        hint={nameLocked ? t('settings.nameLockedUntil', { date: formatDate(nameLocked, t) }) : undefined}
        counter={t('counter', { count: [...name].length, max: LIMITS.nameMax })}
        required
      />
      <TextField
        multiline
        rows={5}
        label={t('settings.description')}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        error={errors.description}
        counter={t('counter', { count: [...description].length, max: LIMITS.descriptionMax })}
      />
      <FormError message={formError} />
      <div className="pc-studio__actions">
        <Button type="submit" busy={busy}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** The slug, the publication's subdomain (once every 14 days), checked live against the rules. */
function SlugForm({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const feedback = useFeedback();
  const [slug, setSlug] = useState('');
  const [serverError, setServerError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const locked = future(studio.dashboard.slugChangeableAt);
  const value = normalizeSlug(slug);
  const problem = value ? slugProblem(value) : undefined;
  const error = serverError ?? (problem && t(`problems.${problem}`, LIMITS));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(undefined);
        if (!value || problem) {
          setServerError(t(`problems.${problem ?? 'slugLength'}`, LIMITS));
          return;
        }
        setBusy(true);
        api.put('/api/core-publications/{id}/studio/slug', { ...onPublication(studio), body: { slug: value } }).then(
          (publication) => {
            setBusy(false);
            setSlug('');
            feedback.success(t('settings.slugSaved', { domain: publication.domain }));
            studio.reload();
          },
          (failure: unknown) => {
            setBusy(false);
            const codes = { InvalidSlug: 'slug', SlugExists: 'slug', CantUpdatePublicationSlug: 'slug' } as const;
            const spread = spreadError(failure, ['slug'], codes, t('common:dialog.failure'));
            setServerError(spread.fields.slug);
            setFormError(spread.form);
          },
        );
      }}
    >
      <p className="pc-studio__text">
        {t('settings.current')} <strong data-current-domain>{studio.publication.domain}</strong>
      </p>
      {locked && (
        <p className="pc-studio__text" role="status">
          {t('settings.slugLockedUntil', { date: formatDate(locked, t) })}
        </p>
      )}
      <TextField
        label={t('settings.slug')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={slug}
        disabled={locked !== undefined}
        onChange={(event) => {
          setSlug(event.target.value);
          setServerError(undefined);
        }}
        error={error}
        hint={t('settings.slugHint', LIMITS)}
        required
      />
      <FormError message={formError} />
      <div className="pc-studio__actions">
        <Button type="submit" busy={busy} disabled={locked !== undefined}>
          {t('settings.slugSubmit')}
        </Button>
      </div>
    </form>
  );
}

/** /studio/settings: the owner's name, description and address, with the 14-day rule stated. */
export default function Settings() {
  const { t } = useStudioTranslation();
  const id = useId();
  return (
    <StudioFrame section="settings">
      {(studio) => (
        <>
          <p className="pc-studio__text" data-rename-rule>
            {t('settings.rule', { days: LIMITS.renameDays })}
          </p>
          <Panel id={`${id}-general`} title={t('settings.general')}>
            <GeneralForm key={`${studio.publication.name}\n${studio.publication.description}`} studio={studio} />
          </Panel>
          <Panel id={`${id}-slug`} title={t('settings.slugTitle')}>
            <SlugForm studio={studio} />
          </Panel>
        </>
      )}
    </StudioFrame>
  );
}
