import { Controller, Req, Res } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { LastEventId } from './notifications.dto.js';
import * as routes from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Route(routes.listNotificationsRoute)
  list(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.listNotificationsRoute>) {
    return this.notifications.list(user, query.page, query.unread);
  }

  @Route(routes.myNotificationsRoute)
  my(@CurrentUser() user: UserSummary) {
    return this.notifications.summary(user);
  }

  @Route(routes.markAllReadRoute)
  markAllRead(@CurrentUser() user: UserSummary) {
    return this.notifications.markAllRead(user);
  }

  @Route(routes.markReadRoute)
  markRead(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.markReadRoute>) {
    return this.notifications.markRead(user, params.id);
  }

  /**
   * Server-Sent Events. The body is a stream Fastify pipes (the security headers still apply); nothing compresses
   * or buffers it (X-Accel-Buffering: no for proxies in front).
   */
  @Route(routes.notificationStreamRoute)
  async stream(
    @CurrentUser() user: UserSummary,
    @Input() { query }: RouteInput<typeof routes.notificationStreamRoute>,
    @Req() request: FastifyRequest,
    // The raw reply: the answer is a stream the handler pipes and closes itself, not a value the route sends.
    @Res() reply: FastifyReply,
  ) {
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && LastEventId.safeParse(header).success ? header : query.after;
    const token = request.cookies[SESSION_COOKIE] ?? '';
    const { body, close } = await this.notifications.stream(user, token, lastEventId);
    request.raw.on('close', close);
    reply.raw.on('close', close);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .header('connection', 'keep-alive')
      .send(body);
  }
}
