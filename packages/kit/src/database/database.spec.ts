import { describe, expect, it } from '@jest/globals';
import { Metrics } from '../metrics/metrics.js';
import { createDatabase } from './database.js';

describe('createDatabase', () => {
  it("exposes the pool's size and its connections on /metrics (db_pool_max beside open, idle, waiting)", async () => {
    const metrics = new Metrics('articles');
    // A pool connects on its first query only: nothing here reaches a server.
    const database = createDatabase({
      url: 'postgres://nobody@127.0.0.1:1/none',
      schema: 'articles',
      poolMax: 7,
      service: 'articles',
      metrics,
    });
    try {
      const { body } = await metrics.render();
      expect(body).toContain('db_pool_max{service="articles"} 7');
      expect(body).toMatch(/# TYPE db_pool_total gauge/);
    } finally {
      await database.close();
    }
  });
});
