import { type FactoryProvider } from '@nestjs/common';
import { CONFIG, Mailer } from '@pencraft/kit';
import type { IdentityConfig } from '../config.js';

/**
 * Sends a text message to a phone number (E.164). The provider is chosen by SMS_PROVIDER; a real SMS gateway is one
 * more implementation of this class and one more value of that setting (none is wired in yet).
 */
export abstract class SmsSender {
  abstract send(phone: string, text: string): Promise<void>;
}

/** Development and tests: the text goes as a mail to <digits>@sms.pencraft.test, read back from the mail catcher. */
export class MailboxSmsSender extends SmsSender {
  constructor(private readonly mailer: Pick<Mailer, 'send'>) {
    super();
  }

  async send(phone: string, text: string): Promise<void> {
    await this.mailer.send({
      to: smsMailbox(phone),
      subject: `SMS ${phone}`,
      text,
      html: `<p>${escapeHtml(text)}</p>`,
    });
  }
}

/** The dev provider's mailbox for a number: its digits at sms.pencraft.test. */
export function smsMailbox(phone: string): string {
  return `${phone.replace(/\D/g, '')}@sms.pencraft.test`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const smsSenderProvider: FactoryProvider<SmsSender> = {
  provide: SmsSender,
  inject: [CONFIG, Mailer],
  useFactory: (config: Pick<IdentityConfig, 'SMS_PROVIDER'>, mailer: Mailer) => {
    switch (config.SMS_PROVIDER) {
      case 'dev':
        return new MailboxSmsSender(mailer);
    }
  },
};
