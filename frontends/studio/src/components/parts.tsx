import { Button, Loaded as UiLoaded, type LoadedProps } from '@pencraft/ui';
import type { ReactNode } from 'react';
import { useStudioTranslation } from '../i18n.js';

/** A titled block of a studio page. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="pc-studio__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A message for a whole form or action, announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="pc-studio__form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The loading and failure states of a page's data (the UI kit's, with the studio namespace's words). */
export function Loaded<T>(props: Omit<LoadedProps<T>, 'failedTitle' | 'loadingClassName'>) {
  const { t } = useStudioTranslation();
  return <UiLoaded {...props} failedTitle={t('loadFailed')} loadingClassName="pc-studio__loading" />;
}

/** The row of buttons under a form. */
export function Actions({ children }: { children: ReactNode }) {
  return <div className="pc-studio__actions">{children}</div>;
}

/** A submit button with the form's busy state. */
export function Submit({ busy, children, variant }: { busy: boolean; children: ReactNode; variant?: 'danger' }) {
  return (
    <Button type="submit" busy={busy} variant={variant}>
      {children}
    </Button>
  );
}
