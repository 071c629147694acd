// A small partner application, written the way a partner would write it: it uses only the SDK's public entries
// (@pencraft/api-client/partner and /webhooks), never the repository's internals. It authenticates as a partner
// client (client credentials), reads and searches the partner surface, publishes a draft on behalf of a writer with the
// writer's personal access token (the submission goes through review), and receives webhooks on a node:http server
// bound to 127.0.0.1, verifying each delivery with the SDK's helper. The end-to-end suite
// (tests/integration/partner.int-spec.ts) drives it against the real stack.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createPartnerClient,
  memorySeenStore,
  verifyWebhook,
  WebhookRejectedError,
  type PartnerClient,
  type SeenWebhookStore,
  type V1Schemas,
  type VerifiedWebhook,
} from '@pencraft/api-client/partner';

export interface PartnerAppOptions {
  /** The Pencraft site: https://pencraft.az */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Keycloak's token endpoint of the realm. */
  tokenUrl: string;
  fetch?: typeof globalThis.fetch;
}

/** What the app reads: the newest articles of a language, one article in full (or its teaser), a search. */
export class PartnerApp {
  readonly client: PartnerClient;

  constructor(private readonly options: PartnerAppOptions) {
    this.client = createPartnerClient({
      baseUrl: options.baseUrl,
      credentials: { clientId: options.clientId, clientSecret: options.clientSecret, tokenUrl: options.tokenUrl },
      lang: 'en',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Every published article of a language, following the cursor to the end (at most `max`). */
  async latest(language: 'az' | 'en' | 'ru', max = 100): Promise<V1Schemas['V1ArticleSummary'][]> {
    const found: V1Schemas['V1ArticleSummary'][] = [];
    let cursor: string | undefined;
    do {
      const { data, error } = await this.client.GET('/api/v1/articles', {
        params: { query: { language, limit: 50, ...(cursor ? { cursor } : {}) } },
      });
      if (error) throw new Error(`articles: ${error.error.code}`);
      found.push(...data.items);
      cursor = data.nextCursor ?? undefined;
    } while (cursor && found.length < max);
    return found;
  }

  async article(id: string): Promise<V1Schemas['V1Article']> {
    const { data, error } = await this.client.GET('/api/v1/articles/{id}', { params: { path: { id } } });
    if (error) throw new Error(`article: ${error.error.code}`);
    return data;
  }

  async search(q: string): Promise<V1Schemas['V1SearchPage']['items']> {
    const { data, error } = await this.client.GET('/api/v1/search', { params: { query: { q, sort: 'date' } } });
    if (error) throw new Error(`search: ${error.error.code}`);
    return data.items;
  }

  /**
   * Publishes for a writer with the writer's personal access token: writes the draft, then submits it. The answer is
   * the submission (status pendingReview: a moderator decides; the webhook article.published says when it is out).
   */
  async publishForWriter(
    writerToken: string,
    draft: V1Schemas['V1DraftBody'],
  ): Promise<{ draftId: string; submission: V1Schemas['V1Submission'] }> {
    const writer = createPartnerClient({
      baseUrl: this.options.baseUrl,
      credentials: { token: writerToken },
      lang: 'en',
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
    const created = await writer.POST('/api/v1/drafts', { body: draft });
    if (created.error) throw new Error(`draft: ${created.error.error.code}`);
    const published = await writer.POST('/api/v1/drafts/{id}/publish', { params: { path: { id: created.data.id } } });
    if (published.error) throw new Error(`publish: ${published.error.error.code}`);
    return { draftId: created.data.id, submission: published.data };
  }
}

/** What arrived, exactly (to show that a replay of it is refused). */
export interface RawDelivery {
  headers: Record<string, string>;
  body: string;
}

/** A delivery the receiver got: verified (its event), or refused (why); with what arrived. */
export type Delivery = ({ ok: true; webhook: VerifiedWebhook } | { ok: false; reason: string }) & { raw: RawDelivery };

export interface WebhookReceiver {
  /** Where to point a webhook endpoint: http://127.0.0.1:<port>/hooks */
  url: string;
  deliveries: Delivery[];
  /** The first verified delivery matching, waited for up to `timeoutMs`. */
  waitFor(
    match: (webhook: VerifiedWebhook) => boolean,
    timeoutMs?: number,
  ): Promise<{ webhook: VerifiedWebhook; raw: RawDelivery }>;
  close(): Promise<void>;
}

async function rawBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The partner's webhook endpoint: verifies every delivery with the SDK (signature, timestamp, replayed id), answers
 * 204 to a good one and 400 naming the reason to a refused one.
 */
export async function startWebhookReceiver(options: {
  secret: () => string;
  seen?: SeenWebhookStore;
  port?: number;
}): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const seen = options.seen ?? memorySeenStore();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await rawBody(request);
      const raw = {
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => name.startsWith('webhook-')),
        ) as Record<string, string>,
        body: body.toString('utf8'),
      };
      try {
        const webhook = await verifyWebhook({ secret: options.secret(), headers: request.headers, body, seen });
        deliveries.push({ ok: true, webhook, raw });
        response.writeHead(204).end();
      } catch (error) {
        const reason = error instanceof WebhookRejectedError ? error.reason : 'error';
        deliveries.push({ ok: false, reason, raw });
        response.writeHead(400, { 'content-type': 'text/plain' }).end(reason);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    async waitFor(match, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.find((d): d is Extract<Delivery, { ok: true }> => d.ok && match(d.webhook));
        if (found) return { webhook: found.webhook, raw: found.raw };
        if (Date.now() > until)
          throw new Error(`no matching webhook within ${timeoutMs} ms: ${JSON.stringify(deliveries)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
