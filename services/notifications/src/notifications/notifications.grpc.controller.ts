import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  ListRequest,
  ListResponse,
  MarkAllReadRequest,
  MarkAllReadResponse,
  MarkReadRequest,
  MarkReadResponse,
  SubscribeRequest,
  SubscribeResponse,
  SummaryRequest,
  SummaryResponse,
} from '@pencraft/contracts/notifications/v1/notifications';
import { map, type Observable } from 'rxjs';
import { NotificationStream } from '../live/notification-stream.js';
import { NotificationService } from './notification.service.js';

/** notifications.v1.NotificationsService: every method acts for the uid the gateway read from the session. */
@Controller()
export class NotificationsGrpcController {
  constructor(
    private readonly notifications: NotificationService,
    private readonly stream: NotificationStream,
  ) {}

  @GrpcMethod('NotificationsService', 'list')
  list(request: ListRequest): Promise<ListResponse> {
    return this.notifications.list(request.uid, request.page, request.pageSize, request.unreadOnly);
  }

  @GrpcMethod('NotificationsService', 'summary')
  summary(request: SummaryRequest): Promise<SummaryResponse> {
    return this.notifications.summary(request.uid, request.limit);
  }

  @GrpcMethod('NotificationsService', 'markRead')
  markRead(request: MarkReadRequest): Promise<MarkReadResponse> {
    return this.notifications.markRead(request.uid, request.id);
  }

  @GrpcMethod('NotificationsService', 'markAllRead')
  markAllRead(request: MarkAllReadRequest): Promise<MarkAllReadResponse> {
    return this.notifications.markAllRead(request.uid);
  }

  @GrpcMethod('NotificationsService', 'subscribe')
  subscribe(request: SubscribeRequest): Observable<SubscribeResponse> {
    return this.stream.open(request.uid, request.afterId).pipe(map((notification) => ({ notification })));
  }
}
