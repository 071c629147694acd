import type { Provider } from '@nestjs/common';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { CONFIG } from '../lifecycle/tokens.js';

/** The variables of a service that sends mail; its config schema `.extend(mailConfigSchema.shape)`. */
export const mailConfigSchema = z.object({
  /** smtp://host:port (STARTTLS when the server offers it) or smtps://host:port (TLS from the start). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }),
  /** Credentials for relays that want them (the chart reads both from a Secret); none for a local catcher. */
  SMTP_USERNAME: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender, e.g. "Pencraft <no-reply@pencraft.local>". */
  MAIL_FROM: z.string().trim().min(3).max(320),
});

export type MailConfig = z.infer<typeof mailConfigSchema>;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the Mailer needs of a nodemailer transport (a strict double in unit tests). */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

/**
 * A failed send. Carries only the SMTP reply code and the stage it failed in: nodemailer's own message may quote the
 * recipient's address, and callers log this error.
 */
export class MailNotSent extends Error {
  constructor(
    readonly stage: string,
    readonly responseCode: number | undefined,
  ) {
    super(`mail not sent (${stage}${responseCode === undefined ? '' : `, SMTP ${responseCode}`})`);
    this.name = 'MailNotSent';
  }
}

export class Mailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  static fromConfig(config: MailConfig): Mailer {
    // Loaded by the services that send mail, with their first mail: every service imports the kit, and nodemailer
    // holds about 5 MiB of V8 heap in each process that loads it (issue #19, memory).
    let transport: MailTransport | undefined;
    const make = () => {
      const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
      return createTransport({
        url: config.SMTP_URL,
        ...(config.SMTP_USERNAME && config.SMTP_PASSWORD
          ? { auth: { user: config.SMTP_USERNAME, pass: config.SMTP_PASSWORD } }
          : {}),
        // Fail a send within seconds rather than hold a request (or a job) on a silent server.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    };
    return new Mailer({ sendMail: (mail) => (transport ??= make()).sendMail(mail) }, config.MAIL_FROM);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      const failure = error as { code?: unknown; command?: unknown; responseCode?: unknown };
      const stage = [failure.code, failure.command].filter((part) => typeof part === 'string').join(' ') || 'send';
      throw new MailNotSent(stage, typeof failure.responseCode === 'number' ? failure.responseCode : undefined);
    }
  }
}

/** The Mailer of a service whose config includes mailConfigSchema. */
export const mailerProvider: Provider = {
  provide: Mailer,
  inject: [CONFIG],
  useFactory: (config: MailConfig) => Mailer.fromConfig(config),
};
