// The time from a vote to the author's open page receiving the notification: a real vote (articles' EngagementService,
// as the gateway calls it) → outbox → JetStream → the notifications consumer → NOTIFY after commit → the gRPC stream
// → the gateway's Server-Sent Events → this reader. One vote at a time, each by a new voter, so every figure is one
// whole trip (not throughput).
import { EngagementServiceClient, EngagementServiceService } from '@pencraft/contracts/articles/v1/engagement';
import { createGrpcClient } from '@pencraft/kit';
import { randomUUID } from 'node:crypto';

export interface TripFigures {
  votes: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  missed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureVoteToStream(options: {
  gatewayBase: string;
  /** The author's session cookie header (pc_su=...). */
  cookie: string;
  articlesGrpc: string;
  articleIds: string[];
  votes: number;
  timeoutMs?: number;
}): Promise<TripFigures> {
  const engagement = createGrpcClient(EngagementServiceClient, EngagementServiceService, options.articlesGrpc);
  const controller = new AbortController();
  const waiting = new Map<string, (at: number) => void>();
  const response = await fetch(`${options.gatewayBase}/api/notifications/stream`, {
    headers: { cookie: options.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the notification stream answered ${response.status}`);
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const n = JSON.parse(data.slice(6)) as { type: number; actor: { uid: string } | null };
          if (n.type === 0 && n.actor) waiting.get(n.actor.uid)?.(at);
        }
      }
    } catch {
      // closed at the end
    }
  })();
  const trips: number[] = [];
  let missed = 0;
  try {
    for (let i = 0; i < options.votes; i += 1) {
      const voterUid = randomUUID();
      const articleId = options.articleIds[i % options.articleIds.length]!;
      const arrived = new Promise<number | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), options.timeoutMs ?? 10_000);
        waiting.set(voterUid, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const sent = performance.now();
      await engagement.vote({ articleId, voterUid, direction: 'up', voterRating: 0 });
      const at = await arrived;
      waiting.delete(voterUid);
      if (at === undefined) missed += 1;
      else trips.push(at - sent);
    }
  } finally {
    controller.abort();
    await reading;
    engagement.close();
  }
  const sorted = [...trips].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    votes: options.votes,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    missed,
  };
}
