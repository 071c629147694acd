import { Inject, Injectable } from '@nestjs/common';
import type { ArticleStatistics } from '@pencraft/contracts/articles/v1/statistics';
import { CONFIG } from '@pencraft/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { SessionService } from '../accounts/session.service.js';
import type { GatewayConfig } from '../config.js';
import { clientAddress, clientAddressKey } from '../http/client-address.js';
import { SESSION_COOKIE } from '../http/cookies.js';
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
}

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
    reply: FastifyReply,
    body: { path: string; articleId?: string | undefined; consent: boolean },
  ): Promise<void> {
    const visitor = await this.visitor(request, reply, body.consent);
    await this.statistics.recordView({
      articleId: body.articleId?.toLowerCase() ?? articleOfPath(body.path) ?? '',
      visitorKey: visitor.key,
      signedIn: visitor.signedIn,
    });
  }

  async read(
    request: FastifyRequest,
    reply: FastifyReply,
    body: { articleId: string; seconds: number; finished: boolean; consent: boolean },
  ): Promise<void> {
    const visitor = await this.visitor(request, reply, body.consent);
    await this.statistics.recordRead({
      articleId: body.articleId.toLowerCase(),
      visitorKey: visitor.key,
      seconds: body.seconds,
      finished: body.finished,
    });
  }

  withdraw(reply: FastifyReply): void {
    this.expireCookies(reply);
  }

  async articleStatistics(uid: string, articleId: string, days: number) {
    const { statistics } = await this.statistics.getArticleStatistics({
      articleId: articleId.toLowerCase(),
      viewerUid: uid,
      days,
    });
    return statisticsJson(statistics!);
  }

  private async visitor(request: FastifyRequest, reply: FastifyReply, consent: boolean): Promise<Visitor> {
    const signedIn =
      (await this.sessions.resolve(request.cookies[SESSION_COOKIE]).catch(() => undefined)) !== undefined;
    if (!consent) {
      if (request.cookies[VISITOR_COOKIE] !== undefined || request.cookies[ANALYTICS_SESSION_COOKIE] !== undefined)
        this.expireCookies(reply);
      const address = clientAddressKey(
        clientAddress(
          request.raw.socket.remoteAddress,
          request.headers['x-forwarded-for'],
          this.config.TRUST_PROXY_HOPS,
        ),
      );
      const salt = await this.salt.of(new Date().toISOString().slice(0, 10));
      const userAgent = request.headers['user-agent'] ?? '';
      return { key: visitorKey({ consentedVisitorId: undefined, address, userAgent, salt }), signedIn };
    }
    const known = request.cookies[VISITOR_COOKIE];
    const visitorId = known && ANALYTICS_ID.test(known) ? known : randomUUID();
    const sessionCookie = request.cookies[ANALYTICS_SESSION_COOKIE];
    const sessionId = sessionCookie && ANALYTICS_ID.test(sessionCookie) ? sessionCookie : randomUUID();
    const options = this.cookieOptions();
    if (visitorId !== known) reply.setCookie(VISITOR_COOKIE, visitorId, { ...options, maxAge: VISITOR_COOKIE_SECONDS });
    // The analytics session runs on while the visitor keeps coming back within 60 days.
    reply.setCookie(ANALYTICS_SESSION_COOKIE, sessionId, { ...options, maxAge: ANALYTICS_SESSION_SECONDS });
    return { key: visitorKey({ consentedVisitorId: visitorId, address: '', userAgent: '', salt: '' }), signedIn };
  }

  private cookieOptions() {
    return {
      path: '/',
      sameSite: 'lax' as const,
      secure: this.config.COOKIE_SECURE,
      httpOnly: true,
      ...(this.config.COOKIE_DOMAIN ? { domain: this.config.COOKIE_DOMAIN } : {}),
    };
  }

  private expireCookies(reply: FastifyReply) {
    const options = this.cookieOptions();
    reply.clearCookie(VISITOR_COOKIE, options);
    reply.clearCookie(ANALYTICS_SESSION_COOKIE, options);
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
