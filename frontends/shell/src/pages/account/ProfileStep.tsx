import {
  BIO_MAX,
  bioProblem,
  fullnameProblem,
  HEADLINE_MAX,
  headlineProblem,
  normalizeBio,
  normalizeFullname,
  normalizeHeadline,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
} from '@pencraft/rules';
import { api, ApiError, Button, TextField, useSession } from '@pencraft/ui';
import { useId, useState, type FormEvent } from 'react';
import { serverFieldErrors } from '../../lib/validation.js';
import { useTranslation } from 'react-i18next';

const FIELDS = ['fullname', 'headline', 'bio', 'picture'] as const;
type Field = (typeof FIELDS)[number];
/** Where a refusal belongs when the answer names no field. */
const PROFILE_ERROR_FIELDS: Record<string, Field> = {
  InvalidFullname: 'fullname',
  InvalidHeadline: 'headline',
  InvalidBio: 'bio',
  InvalidAvatarFormat: 'picture',
  InvalidAvatarSize: 'picture',
};

/** Registration step 1: full name, headline, bio and picture, through the profile settings routes. */
export function ProfileStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('shell');
  const { state, refresh } = useSession();
  const pictureId = useId();
  const initialName = state.status === 'user' ? state.user.fullname : '';
  const [fullname, setFullname] = useState(initialName);
  const [headline, setHeadline] = useState('');
  const [bio, setBio] = useState('');
  const [picture, setPicture] = useState<File>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    const name = fullnameProblem(normalizeFullname(fullname));
    if (name) found.fullname = t(`validation.${name}`);
    const head = headline ? headlineProblem(normalizeHeadline(headline)) : undefined;
    if (head) found.headline = t(`profileValidation.${head}`, { max: HEADLINE_MAX });
    const about = bio ? bioProblem(normalizeBio(bio)) : undefined;
    if (about) found.bio = t(`profileValidation.${about}`, { max: BIO_MAX });
    if (picture && !(PICTURE_TYPES as readonly string[]).includes(picture.type))
      found.picture = t('profileValidation.pictureType');
    else if (picture && picture.size > PICTURE_MAX_BYTES) found.picture = t('profileValidation.pictureSize');
    return found;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const patch = {
      ...(normalizeFullname(fullname) !== initialName ? { fullname: normalizeFullname(fullname) } : {}),
      ...(headline.trim() ? { headline: normalizeHeadline(headline) } : {}),
      ...(bio.trim() ? { bio: normalizeBio(bio) } : {}),
    };
    try {
      if (Object.keys(patch).length > 0) await api.patch('/api/me/settings/profile', { body: patch });
      if (picture)
        await api.put('/api/me/settings/profile/picture', {
          body: picture as never,
          // The file's bytes as they are: the server judges the type by content.
          bodySerializer: (body: unknown) => body as File,
          headers: { 'Content-Type': picture.type || 'application/octet-stream' },
        });
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) {
        setFormError(t('common:dialog.failure'));
        return;
      }
      const spread = serverFieldErrors(error, FIELDS, PROFILE_ERROR_FIELDS);
      setErrors(spread.fields);
      setFormError(spread.form);
      return;
    }
    setBusy(false);
    await refresh();
    onDone();
  }

  return (
    <form onSubmit={save} noValidate aria-label={t('onboarding.profile.title')}>
      <TextField
        label={t('register.fullname')}
        name="fullname"
        autoComplete="name"
        required
        maxLength={64}
        value={fullname}
        onChange={(e) => setFullname(e.target.value)}
        error={errors.fullname}
      />
      <TextField
        label={t('onboarding.profile.headline')}
        name="headline"
        maxLength={HEADLINE_MAX}
        hint={t('onboarding.profile.headlineHint')}
        counter={t('onboarding.counter', { count: [...headline].length, max: HEADLINE_MAX })}
        value={headline}
        onChange={(e) => setHeadline(e.target.value)}
        error={errors.headline}
      />
      <TextField
        multiline
        rows={4}
        label={t('onboarding.profile.bio')}
        name="bio"
        maxLength={BIO_MAX}
        counter={t('onboarding.counter', { count: [...bio].length, max: BIO_MAX })}
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        error={errors.bio}
      />
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={pictureId}>
          {t('onboarding.profile.picture')}
        </label>
        <input
          id={pictureId}
          className="pc-input"
          type="file"
          name="picture"
          accept={PICTURE_TYPES.join(',')}
          aria-describedby={`${pictureId}-meta`}
          aria-invalid={errors.picture ? true : undefined}
          onChange={(e) => setPicture(e.target.files?.[0])}
        />
        <div className="pc-field__meta">
          <span id={`${pictureId}-meta`} className={errors.picture ? 'pc-field__error' : 'pc-field__hint'}>
            {errors.picture ?? t('onboarding.profile.pictureHint')}
          </span>
        </div>
      </div>
      {formError && (
        <p className="pc-form-error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" busy={busy} className="pc-auth__submit">
        {t('onboarding.profile.save')}
      </Button>
    </form>
  );
}
