import { api, Button, errorMessage, TextField, useFeedback } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { onPublication, type Studio } from '../lib/studio.js';

function DeleteForm({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { slug } = studio.publication;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(undefined);
        if (typed.trim() !== slug) {
          setFieldError(t('problems.slugMismatch'));
          return;
        }
        setBusy(true);
        api.delete('/api/core-publications/{id}', onPublication(studio)).then(
          () => {
            setBusy(false);
            feedback.success(t('deletion.done'));
            void navigate('/settings/publication');
          },
          (error: unknown) => {
            setBusy(false);
            setFormError(errorMessage(error, t('common:dialog.failure')));
          },
        );
      }}
    >
      <TextField
        label={t('deletion.confirm', { slug })}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        required
      />
      <FormError message={formError} />
      <div className="pc-studio__actions">
        <Button type="submit" variant="danger" busy={busy}>
          {t('deletion.submit')}
        </Button>
      </div>
    </form>
  );
}

/** /studio/delete: the owner deletes the publication after typing its slug; the articles stay with their authors. */
export default function Deletion() {
  const { t } = useStudioTranslation();
  const id = useId();
  return (
    <StudioFrame section="delete">
      {(studio) => (
        <Panel id={`${id}-delete`} title={t('deletion.title')}>
          <p className="pc-studio__text">{t('deletion.text', { name: studio.publication.name })}</p>
          <ul className="pc-studio__bullets">
            <li>{t('deletion.stay')}</li>
            <li>{t('deletion.gone')}</li>
          </ul>
          <DeleteForm studio={studio} />
        </Panel>
      )}
    </StudioFrame>
  );
}
