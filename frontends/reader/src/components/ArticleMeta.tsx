import type { Schemas } from '@pencraft/ui';
import { formatDate } from '../lib/format.js';
import { useReaderTranslation } from '../i18n.js';
import { PublicationLink } from './PublicationLink.js';

export function ArticleMeta({
  author,
  publishedAt,
  readingMinutes,
  publicationId,
}: {
  author: Pick<Schemas['Author'], 'username' | 'fullname'>;
  publishedAt: string | null;
  readingMinutes?: number;
  /** The publication the article belongs to, named after the author; none for the personal blog. */
  publicationId?: string | null | undefined;
}) {
  const { t } = useReaderTranslation();
  const date = formatDate(publishedAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  return (
    <p className="pc-meta">
      <span className="pc-meta__author">{author.fullname || author.username}</span>
      {publicationId && (
        <>
          <span aria-hidden="true"> · </span>
          <PublicationLink publicationId={publicationId} />
        </>
      )}
      {date && (
        <>
          <span aria-hidden="true"> · </span>
          <time dateTime={publishedAt ?? undefined}>{date}</time>
        </>
      )}
      {readingMinutes !== undefined && readingMinutes > 0 && (
        <>
          <span aria-hidden="true"> · </span>
          <span>{t('common:readingTime', { count: readingMinutes })}</span>
        </>
      )}
    </p>
  );
}
