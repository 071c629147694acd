import { api } from '@pencraft/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { consentStore } from '../consent/consent.js';
import { createPageViewReporter } from './page-views.js';

const report = createPageViewReporter((body) => api.post('/api/analytics/pv', { body }));

/** Reports a page view on every route change, the first page included; with the consent the visitor gave. */
export function usePageViews(): void {
  const location = useLocation();
  useEffect(() => {
    report(location, consentStore().get().consent === true);
    // A change of the path is a new page; the query alone (a tab, a search) is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}
