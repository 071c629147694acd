import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/*
 * Verifying Pencraft's webhook deliveries (Standard Webhooks: headers webhook-id, webhook-timestamp and
 * webhook-signature, an HMAC-SHA256 of `${id}.${timestamp}.${body}` with the endpoint's secret whsec_...). The
 * signature and the timestamp (at most 5 minutes off) are checked by the `standardwebhooks` package; a delivery whose
 * webhook-id was already accepted is refused as a replay (a store of seen ids, in memory unless the caller passes one).
 */

/** Where accepted webhook ids are remembered (share one across processes, e.g. in Redis, to refuse replays everywhere). */
export interface SeenWebhookStore {
  /** Records the id; false when it was already recorded (and not yet forgotten): a replay. */
  remember(id: string, ttlSeconds: number): boolean | Promise<boolean>;
}

/** The ids accepted in the last `ttlSeconds`, in this process's memory (forgotten after; at most `max` kept). */
export function memorySeenStore(options: { now?: () => number; max?: number } = {}): SeenWebhookStore {
  const now = options.now ?? Date.now;
  const max = options.max ?? 10_000;
  const seen = new Map<string, number>();
  return {
    remember(id, ttlSeconds) {
      const at = now();
      for (const [key, until] of seen) {
        if (until > at && seen.size < max) break;
        seen.delete(key);
      }
      const until = seen.get(id);
      if (until !== undefined && until > at) return false;
      seen.delete(id);
      seen.set(id, at + ttlSeconds * 1000);
      return true;
    },
  };
}

/** How far a delivery's timestamp may be from now (the standardwebhooks package's tolerance), in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Why a delivery was refused. */
export type WebhookRejection = 'missingHeaders' | 'badSignature' | 'staleTimestamp' | 'replayed' | 'badPayload';

export class WebhookRejectedError extends Error {
  constructor(
    readonly reason: WebhookRejection,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRejectedError';
  }
}

/** A verified delivery: its id, when it was sent, and the event (type, timestamp, data). */
export interface VerifiedWebhook<T = unknown> {
  id: string;
  timestamp: Date;
  event: { type: string; timestamp: string; data: T };
}

export interface VerifyWebhookOptions {
  /** The endpoint's signing secret (whsec_...), shown when the endpoint was made. */
  secret: string;
  /** The request's headers (a Headers, or Node's IncomingHttpHeaders). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The request body exactly as received (never re-serialized JSON: the signature covers the bytes). */
  body: string | Uint8Array;
  /** Where seen ids are kept (default: one in-memory store shared by every call in this process). */
  seen?: SeenWebhookStore;
}

const defaultSeen = memorySeenStore();
const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerOf(headers: VerifyWebhookOptions['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies one delivery: the signature with the secret, the timestamp within 5 minutes, and that this webhook-id was
 * not accepted before (within twice the tolerance, after which the timestamp check refuses it anyway). Answers the
 * parsed event, or throws WebhookRejectedError naming why: answer the sender 400 then (it will not retry forever).
 */
export async function verifyWebhook<T = unknown>(options: VerifyWebhookOptions): Promise<VerifiedWebhook<T>> {
  const values = HEADERS.map((name) => headerOf(options.headers, name));
  if (values.some((value) => !value)) {
    throw new WebhookRejectedError('missingHeaders', 'webhook-id, webhook-timestamp and webhook-signature are needed');
  }
  const [id, timestamp, signature] = values as [string, string, string];
  const body = typeof options.body === 'string' ? options.body : Buffer.from(options.body);
  // A malformed secret is the caller's mistake: it throws as it is, never as a refused delivery.
  const webhook = new Webhook(options.secret);
  let event: unknown;
  try {
    event = webhook.verify(body, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    });
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) {
      throw new WebhookRejectedError('badPayload', (error as Error).message);
    }
    const stale = /timestamp/i.test(error.message);
    throw new WebhookRejectedError(stale ? 'staleTimestamp' : 'badSignature', error.message);
  }
  const fresh = await (options.seen ?? defaultSeen).remember(id, WEBHOOK_TOLERANCE_SECONDS * 2);
  if (!fresh) throw new WebhookRejectedError('replayed', `webhook ${id} was already received`);
  return { id, timestamp: new Date(Number(timestamp) * 1000), event: event as VerifiedWebhook<T>['event'] };
}
