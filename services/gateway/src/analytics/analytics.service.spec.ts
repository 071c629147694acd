import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Logger, RedisClient } from '@pencraft/kit';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { FastifyRequest } from 'fastify';
import type { SessionService } from '../accounts/session.service.js';
import type { GatewayConfig } from '../config.js';
import type { CookieAnswer } from '../http/route.js';
import { AnalyticsService } from './analytics.service.js';
import type { StatisticsClient } from './statistics.upstream.js';
import { ANALYTICS_ID, DailySalt, articleOfPath, visitorKey } from './visitor.js';

const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const AID = 'c5d1a0f2-3b4c-4d5e-8f60-718293a4b5c6';
const config = { COOKIE_SECURE: true, COOKIE_DOMAIN: '', TRUST_PROXY_HOPS: 0 } as unknown as GatewayConfig;

function request(cookies: Record<string, string> = {}, address = '203.0.113.7', ua = 'Firefox') {
  return {
    cookies,
    headers: { 'user-agent': ua },
    raw: { socket: { remoteAddress: address } },
  } as unknown as FastifyRequest;
}

/** The cookie changes an answer asks for, as set (name, value, max-age, HttpOnly) and expired (names). */
function changes(answer: CookieAnswer<void>) {
  const set: { name: string; value: string; maxAge: number; httpOnly: boolean }[] = [];
  const cleared: string[] = [];
  for (const change of answer.cookies) {
    if ('expire' in change) cleared.push(change.name);
    else set.push(change);
  }
  return { set, cleared };
}

describe('AnalyticsService', () => {
  let statistics: StrictMock<StatisticsClient>;
  let sessions: StrictMock<SessionService>;
  let salt: StrictMock<DailySalt>;
  let service: AnalyticsService;

  beforeEach(() => {
    statistics = strictMock<StatisticsClient>('StatisticsClient');
    sessions = strictMock<SessionService>('SessionService');
    salt = strictMock<DailySalt>('DailySalt');
    salt.of.mockResolvedValue('salt-of-the-day');
    sessions.resolve.mockResolvedValue(undefined);
    statistics.recordView.mockResolvedValue({});
    statistics.recordRead.mockResolvedValue({ counted: true });
    service = new AnalyticsService(statistics, config, sessions, salt);
  });

  it('without consent sets no cookie, expires old ones, and counts under the hashed address', async () => {
    const { set, cleared } = changes(
      await service.pageView(request({ pc_aid: AID, pc_as: AID }), { path: `/a/${ARTICLE}`, consent: false }),
    );
    expect(set).toEqual([]);
    expect(cleared.sort()).toEqual(['pc_aid', 'pc_as']);
    const [view] = statistics.recordView.mock.calls[0]!;
    expect(view).toEqual({
      articleId: ARTICLE,
      visitorKey: visitorKey({
        consentedVisitorId: undefined,
        address: '203.0.113.7',
        userAgent: 'Firefox',
        salt: 'salt-of-the-day',
      }),
      signedIn: false,
    });
    expect(view.visitorKey).not.toContain(AID);
    expect(view.visitorKey).not.toContain('203.0.113.7');
  });

  it('with consent gives a new visitor pc_aid for a year and pc_as for 60 days, HttpOnly', async () => {
    const { set } = changes(await service.pageView(request(), { path: '/', consent: true }));
    expect(set.map((c) => [c.name, c.maxAge, c.httpOnly])).toEqual([
      ['pc_aid', 365 * 86_400, true],
      ['pc_as', 60 * 86_400, true],
    ]);
    expect(set.every((c) => ANALYTICS_ID.test(c.value))).toBe(true);
    expect(statistics.recordView).toHaveBeenCalledWith({
      articleId: '',
      visitorKey: `a:${set[0]!.value}`,
      signedIn: false,
    });
    expect(salt.of).not.toHaveBeenCalled();
  });

  it('with consent keeps a known visitor and renews the analytics session', async () => {
    sessions.resolve.mockResolvedValue({ uid: 'u1' } as never);
    const { set } = changes(
      await service.pageView(request({ pc_aid: AID, pc_as: AID, pc_su: 'token' }), {
        path: '/somewhere',
        articleId: ARTICLE.toUpperCase(),
        consent: true,
      }),
    );
    expect(set.map((c) => [c.name, c.value])).toEqual([['pc_as', AID]]);
    expect(statistics.recordView).toHaveBeenCalledWith({ articleId: ARTICLE, visitorKey: `a:${AID}`, signedIn: true });
  });

  it('never trusts a forged visitor cookie', async () => {
    const { set } = changes(await service.pageView(request({ pc_aid: 'x:../../etc' }), { path: '/', consent: true }));
    expect(set[0]!.name).toBe('pc_aid');
    expect(set[0]!.value).not.toBe('x:../../etc');
  });

  it('reports a read with the same visitor rules', async () => {
    const { set, cleared } = changes(
      await service.read(request(), { articleId: ARTICLE, seconds: 45, finished: false, consent: false }),
    );
    expect([set, cleared]).toEqual([[], []]);
    expect(statistics.recordRead).toHaveBeenCalledWith({
      articleId: ARTICLE,
      visitorKey: expect.stringMatching(/^h:[A-Za-z0-9_-]{32}$/),
      seconds: 45,
      finished: false,
    });
  });

  it('withdrawing consent expires both analytics cookies', () => {
    const { cleared } = changes(service.withdraw());
    expect(cleared.sort()).toEqual(['pc_aid', 'pc_as']);
  });

  it("shapes the article's statistics for the author who asks", async () => {
    statistics.getArticleStatistics.mockResolvedValue({
      statistics: {
        viewsTotal: 5,
        viewsUsers: 2,
        viewsUnique: 4,
        reads: 1,
        averageReadSeconds: 40,
        votesUp: 3,
        votesDown: 0,
        comments: 0,
        bookmarks: 1,
        daily: [{ date: '2026-11-26', views: 5, reads: 1 }],
      },
    });
    expect(await service.articleStatistics('u1', ARTICLE, 7)).toEqual({
      views: { total: 5, users: 2, unique: 4 },
      reads: 1,
      averageReadSeconds: 40,
      votes: { up: 3, down: 0 },
      comments: 0,
      bookmarks: 1,
      daily: [{ date: '2026-11-26', views: 5, reads: 1 }],
    });
    expect(statistics.getArticleStatistics).toHaveBeenCalledWith({ articleId: ARTICLE, viewerUid: 'u1', days: 7 });
  });
});

describe('visitor keys', () => {
  it('are the same for one address and browser within a day, and change with the salt', () => {
    const base = { consentedVisitorId: undefined, address: '198.51.100.1', userAgent: 'Chrome' };
    expect(visitorKey({ ...base, salt: 'a' })).toBe(visitorKey({ ...base, salt: 'a' }));
    expect(visitorKey({ ...base, salt: 'a' })).not.toBe(visitorKey({ ...base, salt: 'b' }));
    expect(visitorKey({ ...base, userAgent: 'Safari', salt: 'a' })).not.toBe(visitorKey({ ...base, salt: 'a' }));
  });

  it('finds the article of a path /a/{id}', () => {
    expect(articleOfPath(`/a/${ARTICLE}`)).toBe(ARTICLE);
    expect(articleOfPath(`/a/${ARTICLE.toUpperCase()}/`)).toBe(ARTICLE);
    expect(articleOfPath(`/a/${ARTICLE}/edit`)).toBeUndefined();
    expect(articleOfPath('/@nigar')).toBeUndefined();
  });
});

describe('DailySalt', () => {
  const log = { warn: jest.fn() } as unknown as Logger;

  it('shares one salt a day through Redis, first writer wins, kept two days', async () => {
    const redis = strictMock<Pick<RedisClient, 'set' | 'get'>>('Redis');
    redis.set.mockResolvedValue(null as never);
    redis.get.mockResolvedValue('theirs' as never);
    const salt = new DailySalt(redis, log);
    expect(await salt.of('2026-11-26')).toBe('theirs');
    expect(await salt.of('2026-11-26')).toBe('theirs');
    expect(redis.set).toHaveBeenCalledTimes(1);
    expect(redis.set.mock.calls[0]![2]).toEqual({ condition: 'NX', expiration: { type: 'EX', value: 172_800 } });
  });

  it('falls back to a salt of its own when Redis is away', async () => {
    const redis = strictMock<Pick<RedisClient, 'set' | 'get'>>('Redis');
    redis.set.mockRejectedValue(new Error('down') as never);
    const salt = new DailySalt(redis, log);
    expect(await salt.of('2026-11-26')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
