import { Inject, Injectable } from '@nestjs/common';
import type { ArticleStatistics } from '@pencraft/contracts/articles/v1/statistics';
import { CONFIG } from '@pencraft/kit';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { SessionService } from '../accounts/session.service.js';
import type { GatewayConfig } from '../config.js';
import { clientAddress, clientAddressKey } from '../http/client-address.js';
import { type CookieChange, SESSION_COOKIE } from '../http/cookies.js';
import type { CookieAnswer } from '../http/route.js';
import { STATISTICS, type StatisticsClient } from './statistics.upstream.js';
import { ANALYTICS_ID, DailySalt, articleOfPath, visitorKey } from './visitor.js';

export const VISITOR_COOKIE = 'pc_aid';
export const ANALYTICS_SESSION_COOKIE = 'pc_as';
/** SPEC.md section 9: the analytics cookies live 1 year and 60 days. */
export const VISITOR_COOKIE_SECONDS = 365 * 86_400;
export const ANALYTICS_SESSION_SECONDS = 60 * 86_400;

interface Visitor {
  key: string;
  signedIn: boolean;
  /** The analytics cookies to set or expire (the routes apply them). */
  cookies: CookieChange[];
}

/** Both analytics cookies expired (HttpOnly, as they were set). */
const EXPIRED: CookieChange[] = [
  { name: VISITOR_COOKIE, expire: true, httpOnly: true },
  { name: ANALYTICS_SESSION_COOKIE, expire: true, httpOnly: true },
];

/**
 * First-party analytics. The analytics cookies exist only with the visitor's consent (the request says so); without
 * it any left are expired and the visitor is counted under a daily-salted hash that only ever reaches a Redis
 * HyperLogLog. Nothing of the request (address, path, cookies) is logged or stored.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(STATISTICS) private readonly statistics: StatisticsClient,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: SessionService,
    private readonly salt: DailySalt,
  ) {}

  async pageView(
    request: FastifyRequest,
    body: { path: string; articleId?: string | undefined; consent: boolean },
  ): Promise<CookieAnswer<void>> {
    const visitor = await this.visitor(request, body.consent);
    await this.statistics.recordView({
      articleId: body.articleId?.toLowerCase() ?? articleOfPath(body.path) ?? '',
      visitorKey: visitor.key,
      signedIn: visitor.signedIn,
    });
    return { cookies: visitor.cookies, answer: undefined };
  }

  async read(
    request: FastifyRequest,
    body: { articleId: string; seconds: number; finished: boolean; consent: boolean },
  ): Promise<CookieAnswer<void>> {
    const visitor = await this.visitor(request, body.consent);
    await this.statistics.recordRead({
      articleId: body.articleId.toLowerCase(),
      visitorKey: visitor.key,
      seconds: body.seconds,
      finished: body.finished,
    });
    return { cookies: visitor.cookies, answer: undefined };
  }

  withdraw(): CookieAnswer<void> {
    return { cookies: EXPIRED, answer: undefined };
  }

  async articleStatistics(uid: string, articleId: string, days: number) {
    const { statistics } = await this.statistics.getArticleStatistics({
      articleId: articleId.toLowerCase(),
      viewerUid: uid,
      days,
    });
    return statisticsJson(statistics!);
  }

  private async visitor(request: FastifyRequest, consent: boolean): Promise<Visitor> {
    const signedIn =
      (await this.sessions.resolve(request.cookies[SESSION_COOKIE]).catch(() => undefined)) !== undefined;
    if (!consent) {
      const left =
        request.cookies[VISITOR_COOKIE] !== undefined || request.cookies[ANALYTICS_SESSION_COOKIE] !== undefined;
      const address = clientAddressKey(
        clientAddress(
          request.raw.socket.remoteAddress,
          request.headers['x-forwarded-for'],
          this.config.TRUST_PROXY_HOPS,
        ),
      );
      const salt = await this.salt.of(new Date().toISOString().slice(0, 10));
      const userAgent = request.headers['user-agent'] ?? '';
      return {
        key: visitorKey({ consentedVisitorId: undefined, address, userAgent, salt }),
        signedIn,
        cookies: left ? EXPIRED : [],
      };
    }
    const known = request.cookies[VISITOR_COOKIE];
    const visitorId = known && ANALYTICS_ID.test(known) ? known : randomUUID();
    const sessionCookie = request.cookies[ANALYTICS_SESSION_COOKIE];
    const sessionId = sessionCookie && ANALYTICS_ID.test(sessionCookie) ? sessionCookie : randomUUID();
    const cookies: CookieChange[] = [];
    if (visitorId !== known)
      cookies.push({ name: VISITOR_COOKIE, value: visitorId, maxAge: VISITOR_COOKIE_SECONDS, httpOnly: true });
    // The analytics session runs on while the visitor keeps coming back within 60 days.
    cookies.push({
      name: ANALYTICS_SESSION_COOKIE,
      value: sessionId,
      maxAge: ANALYTICS_SESSION_SECONDS,
      httpOnly: true,
    });
    return {
      key: visitorKey({ consentedVisitorId: visitorId, address: '', userAgent: '', salt: '' }),
      signedIn,
      cookies,
    };
  }
}

export function statisticsJson(s: ArticleStatistics) {
  return {
    views: { total: s.viewsTotal, users: s.viewsUsers, unique: s.viewsUnique },
    reads: s.reads,
    averageReadSeconds: s.averageReadSeconds,
    votes: { up: s.votesUp, down: s.votesDown },
    comments: s.comments,
    bookmarks: s.bookmarks,
    daily: s.daily.map((d) => ({ date: d.date, views: d.views, reads: d.reads })),
  };
}
