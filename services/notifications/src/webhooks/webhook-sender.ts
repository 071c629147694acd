import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { Agent, request, type Dispatcher } from 'undici';
import type { NotificationsConfig } from '../config.js';
import {
  addressRange,
  guardedLookup,
  isAllowedTarget,
  isPublicAddress,
  TargetRefusedError,
  type TargetPolicy,
} from './target-guard.js';

/** At most this much of an answer's body is kept in the delivery log. */
export const RESPONSE_BODY_MAX = 1024;

/** What one attempt came to: an HTTP status (0 when there was no answer), the body's beginning, an error. */
export interface SendResult {
  ok: boolean;
  status: number;
  body: string;
  error: string;
}

export type WebhookRequest = (
  url: string,
  options: { headers: Record<string, string>; body: string; dispatcher: Dispatcher; timeoutMs: number },
) => Promise<{ statusCode: number; body: AsyncIterable<Buffer> & { destroy(): unknown } }>;

const undiciRequest: WebhookRequest = async (url, options) => {
  const response = await request(url, {
    method: 'POST',
    headers: options.headers,
    body: options.body,
    dispatcher: options.dispatcher,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    signal: AbortSignal.timeout(options.timeoutMs),
    // undici's request never follows a redirect unless told to: a 3xx is answered as it is, and is a failure here.
  });
  return { statusCode: response.statusCode, body: response.body };
};

/** Reads at most RESPONSE_BODY_MAX bytes and drops the rest. */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_BODY_MAX) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX).toString('utf8');
}

/**
 * POSTs a signed delivery (JSON) with a timeout. Outside development the connection goes through an agent whose lookup
 * refuses every non-public address, and a URL whose host is a literal address is checked before any connection; the
 * test profile's allowed targets (host:port) go through a plain agent.
 */
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  private readonly policy: TargetPolicy;
  private readonly guarded: Agent;
  private readonly plain: Agent;
  /** The HTTP request (undici's; a spec puts its own). */
  send: WebhookRequest = undiciRequest;

  constructor(@Inject(CONFIG) private readonly config: NotificationsConfig) {
    this.policy = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, allowedTargets: config.WEBHOOK_ALLOWED_TARGETS };
    this.guarded = new Agent({ connect: { lookup: guardedLookup() }, connections: 16 });
    this.plain = new Agent({ connections: 16 });
  }

  async onModuleDestroy() {
    await Promise.all([this.guarded.close(), this.plain.close()]).catch(() => undefined);
  }

  /** The agent for this URL, or a refusal (a literal non-public address outside development). */
  dispatcherFor(url: URL): Agent {
    if (this.policy.allowPrivate || isAllowedTarget(url, this.policy)) return this.plain;
    if (url.protocol !== 'https:') throw new TargetRefusedError('scheme');
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    if (addressRange(host) !== undefined && !isPublicAddress(host))
      throw new TargetRefusedError('privateAddress', host);
    return this.guarded;
  }

  async deliver(rawUrl: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    try {
      const url = new URL(rawUrl);
      const dispatcher = this.dispatcherFor(url);
      const response = await this.send(url.toString(), {
        headers: { 'content-type': 'application/json', 'user-agent': 'Pencraft-Webhooks/1', ...headers },
        body,
        dispatcher,
        timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      });
      const text = await readCapped(response.body);
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { ok: true, status, body: text, error: '' };
      const error = status >= 300 && status < 400 ? 'redirect not followed' : `HTTP ${status}`;
      return { ok: false, status, body: text, error };
    } catch (error) {
      return { ok: false, status: 0, body: '', error: describe(error) };
    }
  }
}

/** A short, address-free reason (no URL query, no secret). */
function describe(error: unknown): string {
  if (error instanceof TargetRefusedError) return error.message;
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    if (current instanceof TargetRefusedError) return current.message;
    const code = (current as NodeJS.ErrnoException).code;
    if (current.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return 'timeout';
    }
    if (code === 'EWEBHOOKTARGET') return current.message;
    if (code && !current.cause) return `${code}: ${current.message}`.slice(0, 300);
    current = current.cause;
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
