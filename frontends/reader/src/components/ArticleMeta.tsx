import type { Schemas } from '@pencraft/ui';
import { formatDate } from '../lib/format.js';
import { useReaderTranslation } from '../i18n.js';

export function ArticleMeta({
  author,
  publishedAt,
  readingMinutes,
}: {
  author: Pick<Schemas['Author'], 'username' | 'fullname'>;
  publishedAt: string | null;
  readingMinutes?: number;
}) {
  const { t } = useReaderTranslation();
  const date = formatDate(publishedAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  return (
    <p className="pc-meta">
      <span className="pc-meta__author">{author.fullname || author.username}</span>
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
