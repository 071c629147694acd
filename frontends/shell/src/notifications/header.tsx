import { useSession } from '@pencraft/ui';
import { lazy, Suspense } from 'react';

// The bell and the live announcements load for a signed-in user only: a visitor's page carries none of their code.
const Bell = lazy(() => import('./NotificationBell.js').then((m) => ({ default: m.Bell })));
const Toasts = lazy(() => import('./LiveToasts.js').then((m) => ({ default: m.LiveToasts })));

/** The header's bell (signed in only). */
export function NotificationBell() {
  const { state } = useSession();
  if (state.status !== 'user') return null;
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  );
}

/** The polite live region announcing what arrives (signed in only). */
export function LiveToasts() {
  const { state } = useSession();
  if (state.status !== 'user') return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
