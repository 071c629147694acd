// The moderator's side of the pipeline through the gateway, with a real Keycloak token of the demo moderator: find a
// submission in the moderation queue (once the automatic review has run) and decide it, as the staff console does.
import type { QueueKind, QueueState } from '@pencraft/rules';
import { bearer, staffToken } from './keycloak.ts';
import { eventually, httpBase } from './stack.ts';

export type { QueueKind, QueueState };
export type StaffDecision = 'approve' | 'reject' | 'requestRevision';

export interface QueueItem {
  id: string;
  kind: QueueKind;
  subjectId: string;
  state: QueueState;
  note: string;
  autoDecision: string;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, base = httpBase('gateway')): Promise<T> {
  const response = await fetch(new URL(path, base), {
    method,
    headers: { ...bearer(await staffToken()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The queue item of a submission (article, translation or comment id) once it is in `state` (default underModeration). */
export function waitForQueueItem(
  subjectId: string,
  {
    kind,
    state = 'underModeration',
    timeoutMs = 30_000,
  }: { kind?: QueueKind; state?: QueueState; timeoutMs?: number } = {},
): Promise<QueueItem> {
  const query = new URLSearchParams({ state, ...(kind ? { kind } : {}) });
  return eventually(
    async () => {
      for (let page = 1; page <= 20; page++) {
        query.set('page', String(page));
        const result = await call<{ items: QueueItem[]; hasMore: boolean }>('GET', `/api/moderation/queue?${query}`);
        const found = result.items.find((item) => item.subjectId === subjectId);
        if (found || !result.hasMore) return found;
      }
      return undefined;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

/** Decides a submission as the demo moderator once the automatic review passed it on; answers the decided item. */
export async function decideAsModerator(
  subjectId: string,
  decision: StaffDecision,
  note = '',
  kind?: QueueKind,
): Promise<QueueItem> {
  const item = await waitForQueueItem(subjectId, { kind });
  return call<QueueItem>('POST', `/api/moderation/items/${item.id}/decision`, { decision, note });
}
