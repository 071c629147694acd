import { Button, formatDateTime, type Schemas } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSize, hrefOfUse } from './format.js';

export type UploadedImage = Schemas['UploadedImage'];

/** One image of the uploads log: its thumbnail, facts, where it is used, and Delete while nothing of the user's uses it. */
export function ImageRow({
  image,
  busy,
  onDelete,
}: {
  image: UploadedImage;
  busy: boolean;
  onDelete: (image: UploadedImage) => void;
}) {
  const { t, i18n } = useTranslation('uploads');
  const date = formatDateTime(image.uploadedAt, t);
  const size = image.bytes === null ? undefined : formatSize(image.bytes, i18n.language);
  return (
    <li className="pc-settings__row pc-uploads__row" data-upload={image.key}>
      <img
        className="pc-uploads__thumb"
        src={image.thumbnail.url}
        width={image.thumbnail.width}
        height={image.thumbnail.height}
        alt={t('alt', { date })}
        loading="lazy"
        decoding="async"
      />
      <div className="pc-settings__row-main">
        <dl className="pc-settings__facts">
          <div>
            <dt>{t('uploaded')}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{t('size')}</dt>
            <dd>{size ? t(`units.${size.unit}`, { value: size.value }) : t('settings:unknown')}</dd>
          </div>
          <div>
            <dt>{t('dimensions')}</dt>
            <dd>{t('pixels', { width: image.width, height: image.height })}</dd>
          </div>
          <div>
            <dt>{t('usedIn')}</dt>
            <dd>
              {image.uses.length === 0 ? (
                <span data-unused>{t('unused')}</span>
              ) : (
                <ul className="pc-uploads__uses">
                  {image.uses.map((use) => (
                    <li key={`${use.kind}-${use.id}`}>
                      <Link to={hrefOfUse(use)}>{t(use.kind, { title: use.title || t('untitled') })}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      </div>
      {image.uses.length === 0 && (
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={t('deleteNamed', { date })}
          onClick={() => onDelete(image)}
        >
          {t('delete')}
        </Button>
      )}
    </li>
  );
}
