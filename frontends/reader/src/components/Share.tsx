import { Button } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useReaderTranslation } from '../i18n.js';

type Outcome = 'copied' | 'manual' | null;

/**
 * Share an article: the system share sheet (Web Share API) where the browser has one, else the link copied to the
 * clipboard, else the link shown selected for the reader to copy.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const { t } = useReaderTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [url, setUrl] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (outcome === 'manual') input.current?.select();
  }, [outcome]);

  async function share() {
    const link = new URL(path, window.location.origin).href;
    setUrl(link);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: link });
        return;
      } catch (error) {
        // The reader closed the sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setOutcome('copied');
    } catch {
      setOutcome('manual');
    }
  }

  return (
    <div className="pc-share">
      <Button variant="ghost" onClick={() => void share()}>
        {t('actions.share')}
      </Button>
      <span role="status" className="pc-share__status">
        {outcome === 'copied' ? t('actions.linkCopied') : ''}
      </span>
      {outcome === 'manual' && (
        <span className="pc-share__manual">
          <label htmlFor={inputId}>{t('actions.copyLink')}</label>
          <input id={inputId} ref={input} className="pc-input" readOnly value={url} />
        </span>
      )}
    </div>
  );
}
