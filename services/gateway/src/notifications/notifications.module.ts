import { Module } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import type { GatewayConfig } from '../config.js';
import { NotificationStreams, STREAM_TIMES, type StreamTimes } from './notification-stream.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';
import { notificationsStreamProvider, notificationsUpstream } from './notifications.upstream.js';

/** Notifications: the list, the bell's summary, marking read, and the live stream (SSE). */
@Module({
  imports: [AccountsModule],
  controllers: [NotificationsController],
  providers: [
    notificationsUpstream.provider,
    notificationsStreamProvider,
    NotificationsService,
    NotificationStreams,
    {
      provide: STREAM_TIMES,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig): StreamTimes => ({
        heartbeatMs: config.NOTIFICATION_STREAM_HEARTBEAT_MS,
        maxLifeMs: config.NOTIFICATION_STREAM_MAX_LIFE_MS,
      }),
    },
  ],
})
export class NotificationsModule {}
