// The staff console's calls for partner webhooks (issue #18; role admin): a client's endpoints with their recent
// deliveries (dead ones first) and a redelivery. The same bearer fetch as the console's other calls, on the session
// the frame signed in (startStaffAuth answers the one Keycloak session of the page).
import { createApiClient, CSRF_COOKIE } from '@pencraft/ui';
import type Keycloak from 'keycloak-js';
import { accessToken, startStaffAuth } from '../auth/keycloak.js';
import { bearerFetch } from './api.js';

export function createWebhooksApi(keycloak: Keycloak, options: { fetch?: typeof fetch; baseUrl?: string } = {}) {
  const { get, post } = createApiClient({
    baseUrl: options.baseUrl ?? '',
    fetch: bearerFetch(() => accessToken(keycloak), options.fetch),
    getCookie: (name) => (name === CSRF_COOKIE ? 'bearer' : undefined),
  });
  return {
    /** The client (by its registry id) and its endpoints, each with its 20 latest deliveries, dead ones first. */
    partnerWebhooks: (id: string, signal?: AbortSignal) =>
      get('/api/staff/partners/{id}/webhooks', { params: { path: { id } }, signal }),
    /** One more attempt of a delivery (also of a dead one). */
    redeliver: (id: string) => post('/api/staff/webhook-deliveries/{id}/redeliver', { params: { path: { id } } }),
  };
}

export type WebhooksApi = ReturnType<typeof createWebhooksApi>;

/** The calls for the signed-in session of this page. */
export async function webhooksApi(): Promise<WebhooksApi> {
  return createWebhooksApi((await startStaffAuth()).keycloak);
}
