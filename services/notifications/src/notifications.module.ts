import { Module } from '@nestjs/common';
import { Clock, mailerProvider } from '@pencraft/kit';
import { LiveHub } from './live/live-hub.js';
import { NotificationStream } from './live/notification-stream.js';
import { ContactDirectory, GrpcContactDirectory } from './mail/contact-directory.js';
import { MailRepository } from './mail/mail.repository.js';
import { MailSender } from './mail/mail-sender.js';
import { NotificationConsumers } from './notifications/notification.consumers.js';
import { NotificationRepository } from './notifications/notification.repository.js';
import { NotificationService } from './notifications/notification.service.js';
import { NotificationsGrpcController } from './notifications/notifications.grpc.controller.js';
import { PeopleConsumers } from './people/people.consumers.js';
import { PersonRepository } from './people/person.repository.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** Notifications: made from events, listed and marked read, streamed live, mailed when chosen; partner webhooks. */
@Module({
  imports: [WebhooksModule],
  controllers: [NotificationsGrpcController],
  providers: [
    Clock,
    NotificationRepository,
    NotificationService,
    NotificationConsumers,
    PersonRepository,
    PeopleConsumers,
    LiveHub,
    NotificationStream,
    MailRepository,
    MailSender,
    mailerProvider,
    { provide: ContactDirectory, useClass: GrpcContactDirectory },
  ],
})
export class NotificationsModule {}
