import { api, ApiError, Button, Checkbox, Spinner, TextField } from '@pencraft/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useReaderTranslation } from '../i18n.js';

type Collection = { id: string; name: string; private: boolean };

/**
 * "Save to a collection": the signed-in reader's collections, each with a box that says whether this article is
 * in it (ticking adds, clearing removes), and a form to make a new one (optionally private) that holds the article
 * at once. Errors (MaximumCollectionsCount and the rest) are the server's localized messages.
 */
export function CollectionsDialog({
  articleId,
  open,
  saved,
  onSavedChange,
  onClose,
}: {
  articleId: string;
  open: boolean;
  /** Ids of my collections that hold the article (from the article's meta). */
  saved: readonly string[];
  onSavedChange: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useReaderTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [collections, setCollections] = useState<Collection[] | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    api.get('/api/collections', { signal: controller.signal }).then(
      // Only my own collections take articles (the public ones of others I saved do not).
      (answer) => setCollections(answer.items.filter((c) => c.own)),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setCollections([]);
        setError(failure instanceof ApiError ? failure.message : t('collections.loadFailed'));
      },
    );
    return () => controller.abort();
  }, [open, attempt, t]);

  async function toggle(collection: Collection, include: boolean) {
    setBusy(collection.id);
    setError(undefined);
    try {
      const params = { path: { id: collection.id, articleId } };
      if (include) await api.put('/api/collections/{id}/{articleId}', { params });
      else await api.delete('/api/collections/{id}/{articleId}', { params });
      onSavedChange(include ? [...saved, collection.id] : saved.filter((id) => id !== collection.id));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('collections.saveFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy('new');
    setError(undefined);
    try {
      const created = await api.post('/api/collections', { body: { name: name.trim(), private: isPrivate } });
      await api.put('/api/collections/{id}/{articleId}', { params: { path: { id: created.id, articleId } } });
      setCollections((list) => [...(list ?? []), created]);
      onSavedChange([...saved, created.id]);
      setName('');
      setPrivate(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('collections.saveFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <dialog
      ref={ref}
      className="pc-dialog pc-collections-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
    >
      <div className="pc-collections-dialog__body">
        <h2 id={titleId} className="pc-dialog__title">
          {t('collections.saveTitle')}
        </h2>
        {!open ? null : collections === null ? (
          <Spinner label={t('common:loading')} />
        ) : collections.length === 0 ? (
          <p className="pc-muted">{t('collections.none')}</p>
        ) : (
          <ul className="pc-collections-dialog__list">
            {collections.map((collection) => (
              <li key={collection.id}>
                <Checkbox
                  label={
                    <>
                      {collection.name}
                      {collection.private && (
                        <span className="pc-badge pc-badge--small">{t('collections.private')}</span>
                      )}
                    </>
                  }
                  checked={saved.includes(collection.id)}
                  disabled={busy !== null}
                  onChange={(event) => void toggle(collection, event.currentTarget.checked)}
                />
              </li>
            ))}
          </ul>
        )}
        <form className="pc-collections-dialog__form" onSubmit={(event) => void create(event)}>
          <TextField
            label={t('collections.newName')}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Checkbox
            label={t('collections.makePrivate')}
            checked={isPrivate}
            onChange={(event) => setPrivate(event.currentTarget.checked)}
          />
          <Button type="submit" variant="secondary" busy={busy === 'new'} disabled={!name.trim()}>
            {t('collections.create')}
          </Button>
        </form>
        {error && (
          <div className="pc-notice" role="alert">
            <p>{error}</p>
            {collections?.length === 0 && (
              <Button
                variant="ghost"
                onClick={() => {
                  setError(undefined);
                  setCollections(null);
                  setAttempt((n) => n + 1);
                }}
              >
                {t('common:actions.retry')}
              </Button>
            )}
          </div>
        )}
        <Button variant="primary" onClick={() => ref.current?.close()}>
          {t('common:actions.close')}
        </Button>
      </div>
    </dialog>
  );
}
