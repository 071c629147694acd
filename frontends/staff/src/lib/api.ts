// The staff console's way to the moderation routes: every call carries `Authorization: Bearer <Keycloak access
// token>` (refreshed first when it is about to expire) and no cookie (credentials: 'omit': the staff routes read the
// token only, so there is no session and no CSRF token to send). Error answers become the UI kit's ApiError with the
// catalogue's message in the page's language, like every other call of the site.
import { ApiError, parseApiError } from '@pencraft/ui';
import type Keycloak from 'keycloak-js';
import { getI18n } from 'react-i18next';
import { accessToken } from '../auth/keycloak.js';
import type {
  AuditEntry,
  Ban,
  BanRequest,
  Decision,
  ItemKind,
  ItemState,
  Paged,
  QueueItem,
  QueueItemDetail,
  ReportGroup,
  ReportState,
  StaffMe,
} from './types.js';

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const failure = () => getI18n()?.t('dialog.failure', { ns: 'common' }) ?? 'Error';

export interface StaffApi {
  me(signal?: AbortSignal): Promise<StaffMe>;
  queue(filter: { kind?: ItemKind; state?: ItemState; page?: number }, signal?: AbortSignal): Promise<Paged<QueueItem>>;
  item(id: string, signal?: AbortSignal): Promise<QueueItemDetail>;
  decide(id: string, decision: Decision, note: string): Promise<QueueItem>;
  reports(filter: { state?: ReportState; page?: number }, signal?: AbortSignal): Promise<Paged<ReportGroup>>;
  resolveReport(id: string, action: 'dismiss' | 'removeComment', ban?: BanRequest): Promise<ReportGroup>;
  bans(filter: { active?: boolean; page?: number }, signal?: AbortSignal): Promise<Paged<Ban>>;
  issueBan(request: BanRequest & { username: string }): Promise<Ban>;
  liftBan(id: string, note?: string): Promise<Ban>;
  audit(filter: { action?: string; page?: number }, signal?: AbortSignal): Promise<Paged<AuditEntry>>;
}

/** The calls of the console for one signed-in Keycloak session. */
export function createStaffApi(
  keycloak: Keycloak,
  fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
): StaffApi {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    let token: string;
    try {
      token = await accessToken(keycloak);
    } catch {
      throw new ApiError({ status: 401, code: 'Unauthorized', message: getI18n()?.t('staff:auth.expired') ?? '' });
    }
    let response: Response;
    try {
      response = await fetchImpl(path, {
        method,
        credentials: 'omit',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'accept-language': getI18n()?.language ?? 'az',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError({
        status: 0,
        code: 'NetworkError',
        message: getI18n()?.t('errors.network', { ns: 'common' }) ?? '',
      });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw parseApiError(response.status, parsed, failure(), response.headers.get('retry-after'));
    return parsed as T;
  }

  return {
    me: (signal) => call('GET', '/api/moderation/me', undefined, signal),
    queue: (filter, signal) => call('GET', withQuery('/api/moderation/queue', filter), undefined, signal),
    item: (id, signal) => call('GET', `/api/moderation/items/${encodeURIComponent(id)}`, undefined, signal),
    decide: (id, decision, note) =>
      call(
        'POST',
        `/api/moderation/items/${encodeURIComponent(id)}/decision`,
        note ? { decision, note } : { decision },
      ),
    reports: (filter, signal) => call('GET', withQuery('/api/moderation/reports', filter), undefined, signal),
    resolveReport: (id, action, ban) =>
      call('POST', `/api/moderation/reports/${encodeURIComponent(id)}/resolve`, ban ? { action, ban } : { action }),
    bans: (filter, signal) => call('GET', withQuery('/api/moderation/bans', filter), undefined, signal),
    issueBan: (request) => call('POST', '/api/moderation/bans', request),
    liftBan: (id, note) => call('POST', `/api/moderation/bans/${encodeURIComponent(id)}/lift`, note ? { note } : {}),
    audit: (filter, signal) => call('GET', withQuery('/api/moderation/audit', filter), undefined, signal),
  };
}
