import { Button, Loaded as UiLoaded, type LoadedProps } from '@pencraft/ui';
import type { ReactNode } from 'react';
import { useStaffTranslation } from '../i18n.js';

/** The loading and failure states of a page's data (the UI kit's, with the staff namespace's words). */
export function Loaded<T>(props: Omit<LoadedProps<T>, 'failedTitle' | 'loadingClassName'>) {
  const { t } = useStaffTranslation();
  return <UiLoaded {...props} failedTitle={t('loadFailed')} loadingClassName="pc-staff--center" />;
}

/** Newer/older pages of a list (the API answers `hasMore`). */
export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { t } = useStaffTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pc-staff__pager" aria-label={t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.page', { page })}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/** A small label (kind, state, score). */
export function Badge({ children, tone }: { children: ReactNode; tone?: 'danger' | 'success' | 'muted' }) {
  return <span className={['pc-staff__badge', tone ? `pc-staff__badge--${tone}` : ''].join(' ')}>{children}</span>;
}

/** A message for the whole form, announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="pc-staff__form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A success line, announced politely. */
export function Done({ message }: { message: string | undefined }) {
  return (
    <p className="pc-staff__done" role="status">
      {message ?? ''}
    </p>
  );
}
