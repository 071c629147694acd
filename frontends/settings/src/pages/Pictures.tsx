import { AVATAR_SIZE, BANNER_SIZE, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@pencraft/rules';
import { api, Button, useSession, errorMessage, useLoad } from '@pencraft/ui';
import { useId, useRef, useState } from 'react';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';

type Kind = 'picture' | 'banner';

const SIZES = { picture: AVATAR_SIZE, banner: BANNER_SIZE } as const;
const MAX_MB = PICTURE_MAX_BYTES / (1024 * 1024);

/** The browser's first look at a file (the server judges its bytes anyway). */
function fileProblem(file: File): 'pictureType' | 'pictureSize' | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'pictureType';
  return file.size > PICTURE_MAX_BYTES ? 'pictureSize' : undefined;
}

/** A data: address for the preview (the site's CSP admits data: images, not blob: ones). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function upload(kind: Kind, file: File) {
  const path = kind === 'picture' ? '/api/me/settings/profile/picture' : '/api/me/settings/profile/banner';
  return api.put(path, {
    body: file as never,
    // The file's bytes as they are: the server decides the type by content, not by this header or the name.
    bodySerializer: (body: unknown) => body as File,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

function PictureEditor({ kind, current, onChange }: { kind: Kind; current: string | null; onChange: () => void }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [result, setResult] = useState<{ url: string; width: number; height: number }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'upload' | 'remove'>();
  const size = SIZES[kind];
  const shown = result?.url ?? current;

  return (
    <Panel id={`${id}-title`} title={t(`pictures.${kind}.title`)}>
      <p className="pc-settings__text">
        {t(`pictures.${kind}.text`, { width: size.width, height: size.height, max: MAX_MB })}
      </p>
      <div className={`pc-settings__pictures pc-settings__pictures--${kind}`}>
        <figure className="pc-settings__figure">
          {shown ? (
            <img
              src={shown}
              alt={t(`pictures.${kind}.currentAlt`)}
              data-picture={kind}
              onLoad={(event) => {
                const image = event.currentTarget;
                if (result && !result.width)
                  setResult({ ...result, width: image.naturalWidth, height: image.naturalHeight });
              }}
            />
          ) : (
            <div className="pc-settings__placeholder">{t('pictures.none')}</div>
          )}
          <figcaption>
            {result?.width
              ? t('pictures.resized', { width: result.width, height: result.height })
              : t('pictures.current')}
          </figcaption>
        </figure>
        {preview && (
          <figure className="pc-settings__figure">
            {/* A file the browser cannot draw shows no preview; the server says why it refuses it. */}
            <img src={preview} alt={t('pictures.previewAlt')} onError={() => setPreview(undefined)} />
            <figcaption>{t('pictures.preview', { name: file?.name ?? '' })}</figcaption>
          </figure>
        )}
      </div>
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={`${id}-file`}>
          {t('pictures.choose')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="pc-settings__file"
          type="file"
          accept={PICTURE_TYPES.join(',')}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            setError(undefined);
            setResult(undefined);
            setFile(undefined);
            setPreview(undefined);
            if (!chosen) return;
            const problem = fileProblem(chosen);
            if (problem) {
              setError(t(`pictures.${problem}`, { max: MAX_MB }));
              return;
            }
            setFile(chosen);
            readAsDataUrl(chosen).then(setPreview, () => setPreview(undefined));
          }}
        />
      </div>
      <FormError id={`${id}-error`} message={error} />
      <div className="pc-settings__actions">
        <Button
          disabled={!file || busy !== undefined}
          busy={busy === 'upload'}
          onClick={() => {
            if (!file) return;
            setBusy('upload');
            setError(undefined);
            upload(kind, file).then(
              (answer) => {
                setBusy(undefined);
                setResult({ url: answer.url, width: 0, height: 0 });
                setFile(undefined);
                setPreview(undefined);
                if (input.current) input.current.value = '';
                onChange();
              },
              (failure: unknown) => {
                setBusy(undefined);
                setError(errorMessage(failure, t('common:dialog.failure')));
              },
            );
          }}
        >
          {t('pictures.upload')}
        </Button>
        {shown && (
          <Button
            variant="secondary"
            disabled={busy !== undefined}
            busy={busy === 'remove'}
            onClick={() => {
              setBusy('remove');
              setError(undefined);
              const path = kind === 'picture' ? '/api/me/settings/profile/picture' : '/api/me/settings/profile/banner';
              api.delete(path).then(
                () => {
                  setBusy(undefined);
                  setResult(undefined);
                  onChange();
                },
                (failure: unknown) => {
                  setBusy(undefined);
                  setError(errorMessage(failure, t('common:dialog.failure')));
                },
              );
            }}
          >
            {t('pictures.remove')}
          </Button>
        )}
      </div>
    </Panel>
  );
}

/** /settings/pictures: the profile picture and the banner, each uploaded with a preview, then shown resized. */
export default function Pictures() {
  const { t } = useSettingsTranslation();
  const session = useSession();
  const profile = useLoad((signal) => api.get('/api/me/settings/profile', { signal }), [], t('common:dialog.failure'));
  const changed = () => {
    profile.reload();
    void session.refresh();
  };
  return (
    <SettingsFrame title={t('sections.pictures.title')}>
      {() => (
        <Loaded state={profile.state} onRetry={profile.reload}>
          {(data) => (
            <>
              <PictureEditor kind="picture" current={data.imageUrl} onChange={changed} />
              <PictureEditor kind="banner" current={data.bannerUrl} onChange={changed} />
            </>
          )}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
