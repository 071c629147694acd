import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER, Mailer, type Logger } from '@pencraft/kit';
import type { NotificationsConfig } from '../config.js';
import { ContactDirectory } from './contact-directory.js';
import { MailRepository, type MailOutcome } from './mail.repository.js';
import { notificationMail } from './notification-mails.js';

const BATCH = 20;

/**
 * Mails the notifications marked for it, after they are stored (never inside the consumer's transaction, so a
 * redelivered event cannot mail twice). A crash between the send and its record may send one mail again.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;

  constructor(
    private readonly mails: MailRepository,
    private readonly contacts: ContactDirectory,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Sends one batch; answers how many were claimed. */
  async sendBatch(): Promise<number> {
    return this.mails.run(async (tx) => {
      const batch = await this.mails.claim(tx, BATCH);
      for (const notification of batch) {
        await this.mails.record(tx, notification.id, await this.deliver(notification));
      }
      return batch.length;
    });
  }

  private async deliver(notification: Parameters<typeof notificationMail>[0]): Promise<MailOutcome> {
    try {
      const contact = await this.contacts.find(notification.uid);
      if (!contact?.confirmed) return 'skipped';
      const content = notificationMail(notification, contact.lang, this.config.PUBLIC_ORIGIN);
      if (!content) return 'skipped';
      await this.mailer.send({ to: contact.email, ...content });
      return 'sent';
    } catch (error) {
      // The error carries no address (MailNotSent gives the SMTP stage and code only).
      this.log.warn({ err: error, notificationId: notification.id }, 'notification mail not sent; will retry');
      return 'retry';
    }
  }

  private async run() {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.sendBatch();
      } catch (error) {
        this.log.warn({ err: error }, 'notification mail batch failed');
      }
      if (claimed > 0 || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.config.MAIL_POLL_MS);
        timer.unref();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }
}
