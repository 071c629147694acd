import type { Logger } from '../logging/logger.js';
import type { RedisClient } from './client.js';

/**
 * The Redis channel on which every gateway replica hears that its public copies of an article (kept in memory a few
 * seconds, shared by readers) are stale; a message is the article's id. The gateway holds no NATS connection, so the
 * articles service says it here once a change has committed (when it hears its own articles.article.published).
 */
export const ARTICLE_EVICTIONS_CHANNEL = 'pencraft:public-cache:article';

/**
 * Tells the replicas listening now. Best effort: a replica that misses it (its connection down) serves its copy until
 * the copy expires, as before.
 */
export async function publishArticleEviction(redis: Pick<RedisClient, 'publish'>, articleId: string): Promise<void> {
  await redis.publish(ARTICLE_EVICTIONS_CHANNEL, articleId);
}

/**
 * Listens for article evictions on a connection of its own (a subscribed connection runs no other command), which
 * reconnects and subscribes again by itself. Never waits for Redis: a gateway starts without it. Answers a function
 * that closes the connection.
 */
export function listenForArticleEvictions(
  redis: Pick<RedisClient, 'duplicate'>,
  onArticle: (articleId: string) => void,
  log: Logger,
): () => Promise<void> {
  const subscriber = redis.duplicate();
  let lastError = 0;
  subscriber.on('error', (error: Error) => {
    if (Date.now() - lastError > 60_000) log.warn({ err: error }, 'redis eviction listener error');
    lastError = Date.now();
  });
  subscriber.connect().catch((error: Error) => log.error({ err: error }, 'redis eviction listener connect failed'));
  // Queued until the connection is up.
  subscriber
    .subscribe(ARTICLE_EVICTIONS_CHANNEL, (message: string) => onArticle(message))
    .catch((error: Error) => log.error({ err: error }, 'redis eviction subscribe failed'));
  return async () => {
    await subscriber.close().catch(() => undefined);
  };
}
