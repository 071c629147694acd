import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer, useShownOnce } from '../lib/lazy-parts.js';
import type { ViewerImage } from './ImageViewer.js';

export interface Photo {
  id: string;
  /** The image's address (under /media). */
  imageUrl: string;
  /** Plain text; may be empty. */
  caption: string;
  /** The article it is in. */
  articleTitle: string;
}

/** Plain text as the viewer's caption, which it renders as sanitized inline HTML: escaped, it stays text. */
const asHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Photo search's results: a grid of images, each opening the site's image viewer (arrows go through the grid). */
export function PhotoGrid({ photos }: { photos: readonly Photo[] }) {
  const { t } = useTranslation('search');
  const [viewing, setViewing] = useState<number | null>(null);
  const viewerShown = useShownOnce(viewing !== null);
  const images: ViewerImage[] = photos.map((photo) => {
    const alt = photo.caption || t('photos.untitled', { title: photo.articleTitle });
    return {
      src: photo.imageUrl,
      alt,
      caption: asHtml(photo.caption || t('photos.from', { title: photo.articleTitle })),
    };
  });
  return (
    <>
      <ul className="pc-photo-grid" data-photo-grid>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <figure>
              <button
                type="button"
                aria-label={t('photos.open', { caption: images[index]!.alt })}
                onClick={() => setViewing(index)}
              >
                <img src={photo.imageUrl} alt="" loading="lazy" />
              </button>
              <figcaption>{photo.caption || t('photos.from', { title: photo.articleTitle })}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {viewerShown && (
        <Suspense fallback={null}>
          <ImageViewer images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
