import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { NotificationStreams } from './notification-stream.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';
import { notificationsStreamProvider, notificationsUpstream } from './notifications.upstream.js';

/** Notifications: the list, the bell's summary, marking read, and the live stream (SSE). */
@Module({
  imports: [AccountsModule],
  controllers: [NotificationsController],
  providers: [notificationsUpstream.provider, notificationsStreamProvider, NotificationsService, NotificationStreams],
})
export class NotificationsModule {}
