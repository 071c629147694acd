// The staff console's way to the moderation routes: the generated API client (paths and shapes of the gateway's
// OpenAPI document, through the UI kit's createApiClient: errors become ApiError with the catalogue's message in the
// page's language) over a fetch that adds `Authorization: Bearer <Keycloak access token>` (refreshed first when it is
// about to expire) and sends no cookie. The staff routes read the token only: no session, and no CSRF token (the
// client is told one is there so it does not fetch one, and the header is dropped here).
import { ApiError, createApiClient, CSRF_COOKIE, CSRF_HEADER } from '@pencraft/ui';
import type { FeedbackStatus, FeedbackType, PartnerScope } from '@pencraft/rules';
import type Keycloak from 'keycloak-js';
import { getI18n } from 'react-i18next';
import { accessToken } from '../auth/keycloak.js';
import type {
  AuditAction,
  BanRequest,
  Decision,
  ItemKind,
  ItemState,
  PayoutMove,
  PayoutState,
  ReportState,
} from './types.js';

/** What an admin sets on a partner client (the create form adds the name). */
export interface PartnerClientInput {
  scopes: PartnerScope[];
  origins: string[];
  rateLimitPerMinute: number;
  dailyQuota: number;
}

/** fetch with the staff member's bearer token and without cookies. */
export function bearerFetch(token: () => Promise<string>, base: typeof fetch = (...a) => globalThis.fetch(...a)) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    let value: string;
    try {
      value = await token();
    } catch {
      throw new ApiError({ status: 401, code: 'Unauthorized', message: getI18n()?.t('staff:auth.expired') ?? '' });
    }
    const headers = new Headers(request.headers);
    headers.delete(CSRF_HEADER);
    headers.set('authorization', `Bearer ${value}`);
    return base(new Request(request, { headers, credentials: 'omit' }));
  };
}

/** The calls of the console for one signed-in Keycloak session. */
export function createStaffApi(keycloak: Keycloak, options: { fetch?: typeof fetch; baseUrl?: string } = {}) {
  const { get, post, patch } = createApiClient({
    baseUrl: options.baseUrl ?? '',
    fetch: bearerFetch(() => accessToken(keycloak), options.fetch),
    getCookie: (name) => (name === CSRF_COOKIE ? 'bearer' : undefined),
  });
  return {
    me: (signal?: AbortSignal) => get('/api/moderation/me', { signal }),
    queue: (query: { kind?: ItemKind; state?: ItemState; page?: number }, signal?: AbortSignal) =>
      get('/api/moderation/queue', { params: { query }, signal }),
    item: (id: string, signal?: AbortSignal) => get('/api/moderation/items/{id}', { params: { path: { id } }, signal }),
    decide: (id: string, decision: Decision, note: string) =>
      post('/api/moderation/items/{id}/decision', { params: { path: { id } }, body: { decision, note } }),
    reports: (query: { state?: ReportState; page?: number }, signal?: AbortSignal) =>
      get('/api/moderation/reports', { params: { query }, signal }),
    resolveReport: (id: string, action: 'dismiss' | 'removeComment', ban?: BanRequest) =>
      post('/api/moderation/reports/{id}/resolve', {
        params: { path: { id } },
        body: ban ? { action, ban: { ...ban, note: ban.note ?? '' } } : { action },
      }),
    bans: ({ active, page }: { active?: boolean | undefined; page?: number }, signal?: AbortSignal) =>
      get('/api/moderation/bans', {
        params: { query: { ...(active === undefined ? {} : { active: active ? 'true' : 'false' }), page } },
        signal,
      }),
    issueBan: (request: BanRequest & { username: string }) =>
      post('/api/moderation/bans', { body: { ...request, note: request.note ?? '' } }),
    liftBan: (id: string, note = '') =>
      post('/api/moderation/bans/{id}/lift', { params: { path: { id } }, body: { note } }),
    audit: (query: { action?: AuditAction | undefined; page?: number }, signal?: AbortSignal) =>
      get('/api/moderation/audit', { params: { query }, signal }),
    // Payouts (role finance, or admin): the queue, one payout with its moves, and a move.
    payouts: (query: { state?: PayoutState | undefined; page?: number }, signal?: AbortSignal) =>
      get('/api/staff/payouts', { params: { query }, signal }),
    payout: (id: string, signal?: AbortSignal) => get('/api/staff/payouts/{id}', { params: { path: { id } }, signal }),
    movePayout: (id: string, move: PayoutMove) =>
      post('/api/staff/payouts/{id}/state', { params: { path: { id } }, body: move }),
    // Feedback (role moderator, or admin): the list by type and status, an answer (mailed to the sender), closing.
    feedback: (
      query: { type?: FeedbackType | undefined; status?: FeedbackStatus | undefined; page?: number },
      signal?: AbortSignal,
    ) => get('/api/staff/feedback', { params: { query }, signal }),
    answerFeedback: (id: string, answer: string) =>
      post('/api/staff/feedback/{id}/answer', { params: { path: { id } }, body: { answer } }),
    closeFeedback: (id: string) => post('/api/staff/feedback/{id}/close', { params: { path: { id } } }),
    // Badges (role moderator, or admin): grant beta-tester or bug-hunter, once.
    grantBadge: (username: string, badge: 'beta-tester' | 'bug-hunter') =>
      post('/api/staff/users/{username}/badges', { params: { path: { username } }, body: { badge } }),
    // Partner clients (role admin, issue #18): list, register (the secret answered once), change, rotate, revoke.
    partners: (signal?: AbortSignal) => get('/api/staff/partners', { signal }),
    partner: (id: string, signal?: AbortSignal) =>
      get('/api/staff/partners/{id}', { params: { path: { id } }, signal }),
    createPartner: (body: PartnerClientInput & { name: string }) => post('/api/staff/partners', { body }),
    updatePartner: (id: string, body: PartnerClientInput) =>
      patch('/api/staff/partners/{id}', { params: { path: { id } }, body }),
    rotatePartnerSecret: (id: string) => post('/api/staff/partners/{id}/secret', { params: { path: { id } } }),
    revokePartner: (id: string) => post('/api/staff/partners/{id}/revoke', { params: { path: { id } } }),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
