import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, Mailer, type Logger } from '@pencraft/kit';
import type { IdentityConfig } from '../config.js';
import { codeMail, noticeMail } from './mails.js';

/** The gateway paths of the mailed links (each redirects to a page of the shell). */
export const LINK_PATHS = {
  register: '/api/atrium/wrap',
  reset: '/api/atrium/drop',
  email: '/api/atrium/deduce',
} as const;

export interface Recipient {
  to: string;
  lang: string;
  name: string;
}

/**
 * The account mails. A failed delivery is logged (without the address) and not thrown: the change it accompanies
 * stands, and the user can ask for a new code once the cooldown has passed.
 */
@Injectable()
export class AccountMails {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<IdentityConfig, 'PUBLIC_ORIGIN'>,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async sendCode(kind: keyof typeof LINK_PATHS, recipient: Recipient, code: string, linkToken: string) {
    const link = `${this.config.PUBLIC_ORIGIN.replace(/\/$/, '')}${LINK_PATHS[kind]}?t=${encodeURIComponent(linkToken)}`;
    await this.deliver(recipient.to, codeMail(kind, recipient.lang, { name: recipient.name, code, link }), kind);
  }

  async sendNotice(kind: 'passwordChanged' | 'emailChanged', recipient: Recipient) {
    await this.deliver(recipient.to, noticeMail(kind, recipient.lang, recipient.name), kind);
  }

  private async deliver(to: string, content: { subject: string; text: string; html: string }, kind: string) {
    try {
      await this.mailer.send({ to, ...content });
    } catch (error) {
      this.log.warn({ err: error, mail: kind }, 'account mail not delivered');
    }
  }
}
