import { useEffect, useRef } from 'react';
import { useReaderTranslation } from '../i18n.js';
import { wrapIndex } from '../lib/carousel.js';
import { InlineHtml } from './InlineHtml.js';

export interface ViewerImage {
  src: string;
  alt: string;
  /** The block's caption (inline HTML, sanitized when rendered). */
  caption: string;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The image viewer of SPEC.md section 4: a modal over the page showing one of the article's images, with previous
 * and next wrapping around at both ends (also ←/→), closed by Escape, the close button or a click on the backdrop.
 * Focus stays inside while it is open and goes back to what had it (the image that opened it) when it closes.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly ViewerImage[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useReaderTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = index !== null && images.length > 0;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(
    () => () => {
      // Unmounted while open (the page changed): nothing to give the focus back to.
      returnFocus.current = null;
    },
    [],
  );

  const current = open ? images[Math.min(index, images.length - 1)] : undefined;
  const many = images.length > 1;
  const step = (by: number) => {
    if (index !== null) onIndexChange(wrapIndex(index, by, images.length));
  };

  return (
    <dialog
      ref={ref}
      className="pc-viewer"
      aria-label={t('viewer.label')}
      onClose={() => {
        onClose();
        returnFocus.current?.focus();
        returnFocus.current = null;
      }}
      onClick={(event) => {
        // A click on the dialog itself (the dimmed area around the image), not on the image or a button.
        if (event.target === ref.current || (event.target as HTMLElement).classList.contains('pc-viewer__stage')) {
          ref.current?.close();
        }
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' && many) {
          event.preventDefault();
          step(1);
        } else if (event.key === 'ArrowLeft' && many) {
          event.preventDefault();
          step(-1);
        } else if (event.key === 'Tab') {
          // Keep Tab and Shift+Tab cycling through the viewer's own controls.
          const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
          const first = items[0];
          const last = items[items.length - 1];
          if (!first || !last) return;
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        }
      }}
    >
      {current && (
        <div className="pc-viewer__stage">
          <figure className="pc-viewer__figure">
            <img src={current.src} alt={current.alt} />
            {current.caption && (
              <figcaption>
                <InlineHtml html={current.caption} />
              </figcaption>
            )}
          </figure>
          <p className="pc-viewer__count" aria-live="polite">
            {t('viewer.position', { current: (index ?? 0) + 1, total: images.length })}
          </p>
          <div className="pc-viewer__controls">
            {many && (
              <button type="button" className="pc-viewer__button" onClick={() => step(-1)}>
                <span aria-hidden="true">‹</span>
                <span className="pc-visually-hidden">{t('viewer.previous')}</span>
              </button>
            )}
            {many && (
              <button type="button" className="pc-viewer__button" onClick={() => step(1)}>
                <span aria-hidden="true">›</span>
                <span className="pc-visually-hidden">{t('viewer.next')}</span>
              </button>
            )}
            <button
              type="button"
              className="pc-viewer__button pc-viewer__close"
              onClick={() => ref.current?.close()}
              autoFocus
            >
              <span aria-hidden="true">×</span>
              <span className="pc-visually-hidden">{t('viewer.close')}</span>
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
