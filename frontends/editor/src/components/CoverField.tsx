import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_TYPES } from '@pencraft/rules';
import { Button } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useEditorTranslation } from '../i18n.js';
import { draftsApi, type Draft } from '../lib/drafts-api.js';
import { errorMessage } from '../lib/errors.js';
import { imageFileProblem } from '../tools/ImageTool.js';
import { Panel } from './Panel.js';

const MAX_MB = EDITOR_IMAGE_MAX_BYTES / (1024 * 1024);

/** The cover image: uploaded like the editor's images, then set on the draft (PUT /api/drafts/{id}/cover). */
export function CoverField({
  draftId,
  coverUrl,
  onChange,
}: {
  draftId: string | null;
  coverUrl: string | null;
  onChange: (draft: Draft) => void;
}) {
  const { t } = useEditorTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const failure = t('common:dialog.failure');

  async function choose(file: File) {
    if (!draftId) return;
    const problem = imageFileProblem(file);
    if (problem) return setError(t(problem === 'type' ? 'imageTool.fileType' : 'imageTool.fileSize', { max: MAX_MB }));
    setBusy(true);
    setError(undefined);
    try {
      const uploaded = await draftsApi.uploadImage(file);
      onChange(await draftsApi.setCover(draftId, uploaded.key));
    } catch (e) {
      setError(errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!draftId) return;
    setBusy(true);
    setError(undefined);
    try {
      await draftsApi.removeCover(draftId);
      onChange(await draftsApi.get(draftId));
    } catch (e) {
      setError(errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel id={`${id}-title`} title={t('cover.title')}>
      {coverUrl ? (
        <img className="pc-write__cover" src={coverUrl} alt={t('cover.alt')} />
      ) : (
        <p className="pc-write__hint">{draftId ? t('cover.none') : t('cover.afterSave')}</p>
      )}
      <div className="pc-write__panel-actions">
        <label className={`pc-button pc-button--secondary${!draftId || busy ? ' pc-button--disabled' : ''}`}>
          {coverUrl ? t('cover.replace') : t('cover.choose')}
          <input
            className="pc-visually-hidden"
            type="file"
            accept={[...EDITOR_IMAGE_TYPES, '.jpg', '.jpeg', '.png'].join(',')}
            disabled={!draftId || busy}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void choose(file);
            }}
          />
        </label>
        {coverUrl && (
          <Button variant="ghost" onClick={() => void remove()} disabled={busy}>
            {t('cover.remove')}
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="pc-field__hint">
        {t('cover.hint', { max: MAX_MB })}
      </p>
      {error && (
        <p id={`${id}-error`} className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </Panel>
  );
}
