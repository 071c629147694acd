import {
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  normalizePublicationDescription,
  normalizePublicationName,
  normalizeSlug,
  publicationDescriptionProblem,
  publicationNameProblem,
  slugProblem,
} from '@pencraft/rules';
import { api, ApiError, Button, errorMessage, formatDate, spreadError, TextField, useFeedback } from '@pencraft/ui';
import { useId, useRef, useState } from 'react';
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

type ImageKind = 'logo' | 'cover';
/**
 * The codes of SPEC.md section 8 the logo and the cover answer: the logo shares the profile picture's codes, whose
 * catalogue message speaks of a profile picture, so the studio words each code for the publication itself.
 */
const IMAGE_ERRORS = {
  logo: { format: 'InvalidAvatarFormat', size: 'InvalidAvatarSize' },
  cover: { format: 'InvalidCoverFormat', size: 'InvalidCoverSize' },
} as const;
type ImageErrorCode = (typeof IMAGE_ERRORS)[ImageKind][keyof (typeof IMAGE_ERRORS)[ImageKind]];
const IMAGE_ERROR_CODES: readonly string[] = Object.values(IMAGE_ERRORS).flatMap((codes) => Object.values(codes));

/** A data: address for the preview (the site's CSP admits data: images, not blob: ones). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The logo or the cover: the current one, a preview of the chosen file, upload and remove. The browser checks the
 * type and PICTURE_MAX_BYTES first (the studio's message for the code, in the page's language); the server judges the bytes.
 */
function ImageForm({ studio, kind }: { studio: Studio; kind: ImageKind }) {
  const { t } = useStudioTranslation();
  const feedback = useFeedback();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'upload' | 'remove'>();
  const current = kind === 'logo' ? studio.publication.logoUrl : studio.publication.coverUrl;
  const path = kind === 'logo' ? '/api/core-publications/{id}/studio/logo' : '/api/core-publications/{id}/studio/cover';
  const max = PICTURE_MAX_BYTES / (1024 * 1024);
  const imageError = (code: ImageErrorCode) => t(`settings.imageErrors.${code}`, { max });
  /** The server's refusal: an image code in the studio's words, anything else as the API says it. */
  const failed = (failure: unknown) =>
    failure instanceof ApiError && IMAGE_ERROR_CODES.includes(failure.code)
      ? imageError(failure.code as ImageErrorCode)
      : errorMessage(failure, t('common:dialog.failure'));
  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <p className="pc-studio__text">{t(`settings.${kind}Text`, { max })}</p>
      <div className={`pc-studio__images pc-studio__images--${kind}`}>
        <figure className="pc-studio__image-figure">
          {current ? (
            <img src={current} alt={t(`settings.${kind}Current`)} data-image={kind} />
          ) : (
            <div className="pc-studio__placeholder">{t('settings.noImage')}</div>
          )}
          <figcaption>{t('settings.imageCurrent')}</figcaption>
        </figure>
        {preview && (
          <figure className="pc-studio__image-figure">
            <img src={preview} alt={t('settings.previewAlt')} onError={() => setPreview(undefined)} />
            <figcaption>{t('settings.preview', { name: file?.name ?? '' })}</figcaption>
          </figure>
        )}
      </div>
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={`${id}-file`}>
          {t(`settings.${kind}Choose`)}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="pc-studio__file"
          type="file"
          accept={PICTURE_TYPES.join(',')}
          data-image-input={kind}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            setError(undefined);
            setFile(undefined);
            setPreview(undefined);
            if (!chosen) return;
            if (!(PICTURE_TYPES as readonly string[]).includes(chosen.type)) {
              setError(imageError(IMAGE_ERRORS[kind].format));
              return;
            }
            if (chosen.size > PICTURE_MAX_BYTES) {
              setError(imageError(IMAGE_ERRORS[kind].size));
              return;
            }
            setFile(chosen);
            readAsDataUrl(chosen).then(setPreview, () => setPreview(undefined));
          }}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="pc-studio__form-error" role="alert">
          {error}
        </p>
      )}
      <div className="pc-studio__actions">
        <Button
          disabled={!file || busy !== undefined}
          busy={busy === 'upload'}
          data-image-upload={kind}
          onClick={() => {
            if (!file) return;
            setBusy('upload');
            setError(undefined);
            api
              .put(path, {
                ...onPublication(studio),
                body: file as never,
                // The file's bytes as they are: the server decides the type by content.
                bodySerializer: (body: unknown) => body as File,
                headers: { 'Content-Type': file.type || 'application/octet-stream' },
              })
              .then(
                () => {
                  setBusy(undefined);
                  reset();
                  feedback.success(t(`settings.${kind}Saved`));
                  studio.reload();
                },
                (failure: unknown) => {
                  setBusy(undefined);
                  setError(failed(failure));
                },
              );
          }}
        >
          {t('settings.upload')}
        </Button>
        {current && (
          <Button
            variant="secondary"
            disabled={busy !== undefined}
            busy={busy === 'remove'}
            data-image-remove={kind}
            onClick={() => {
              setBusy('remove');
              setError(undefined);
              api.delete(path, onPublication(studio)).then(
                () => {
                  setBusy(undefined);
                  reset();
                  feedback.success(t(`settings.${kind}Removed`));
                  studio.reload();
                },
                (failure: unknown) => {
                  setBusy(undefined);
                  setError(errorMessage(failure, t('common:dialog.failure')));
                },
              );
            }}
          >
            {t('settings.remove')}
          </Button>
        )}
      </div>
    </>
  );
}

/** /studio/settings: the owner's name, description, address (the 14-day rule stated), logo and cover. */
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
          <Panel id={`${id}-logo`} title={t('settings.logo')}>
            <ImageForm studio={studio} kind="logo" />
          </Panel>
          <Panel id={`${id}-cover`} title={t('settings.cover')}>
            <ImageForm studio={studio} kind="cover" />
          </Panel>
        </>
      )}
    </StudioFrame>
  );
}
