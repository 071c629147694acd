import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, Mailer, type Logger } from '@pencraft/kit';
import { DEFAULT_LANG, isLang, type Lang } from '@pencraft/rules';
import { escapeHtml, type MailContent } from '../auth/mails.js';
import type { IdentityConfig } from '../config.js';

/** The settings page where a signed-in sender reads their feedback and its answers. */
export const FEEDBACK_LOG_PATH = '/settings/feedback';

interface AnswerTexts {
  subject: (title: string) => string;
  greeting: string;
  lead: (title: string) => string;
  log: string;
  signature: string;
}

const ANSWER: Record<Lang, AnswerTexts> = {
  az: {
    subject: (title) => `Rəyinizə cavab: ${title}`,
    greeting: 'Salam!',
    lead: (title) => `«${title}» mövzusunda göndərdiyiniz rəyə cavab verdik:`,
    log: 'Bütün rəylərinizi və cavabları burada görə bilərsiniz:',
    signature: 'Pencraft dəstək komandası',
  },
  en: {
    subject: (title) => `An answer to your feedback: ${title}`,
    greeting: 'Hello!',
    lead: (title) => `We have answered the feedback you sent about "${title}":`,
    log: 'All your feedback and its answers are here:',
    signature: 'The Pencraft support team',
  },
  ru: {
    subject: (title) => `Ответ на ваш отзыв: ${title}`,
    greeting: 'Здравствуйте!',
    lead: (title) => `Мы ответили на ваш отзыв «${title}»:`,
    log: 'Все ваши отзывы и ответы на них здесь:',
    signature: 'Команда поддержки Pencraft',
  },
};

/**
 * Staff's answer to feedback, in the sender's language. `logUrl` (the feedback log) only for a signed-in sender: a
 * visitor has no log to open.
 */
export function feedbackAnswerMail(
  lang: string,
  values: { title: string; answer: string; logUrl?: string },
): MailContent {
  const l: Lang = isLang(lang) ? lang : DEFAULT_LANG;
  const t = ANSWER[l];
  const text = [
    t.greeting,
    '',
    t.lead(values.title),
    '',
    values.answer,
    '',
    ...(values.logUrl ? [t.log, values.logUrl, ''] : []),
    t.signature,
  ].join('\n');
  const answerHtml = escapeHtml(values.answer).replace(/\n/g, '<br>');
  const html =
    `<!doctype html><html lang="${l}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(t.greeting)}</p>` +
    `<p>${escapeHtml(t.lead(values.title))}</p>` +
    `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:1em">${answerHtml}</blockquote>` +
    (values.logUrl
      ? `<p>${escapeHtml(t.log)} <a href="${escapeHtml(values.logUrl)}">${escapeHtml(values.logUrl)}</a></p>`
      : '') +
    `<p>${escapeHtml(t.signature)}</p></body></html>`;
  return { subject: t.subject(values.title), text, html };
}

/** Sends staff's answers. A failed delivery is logged (without the address) and not thrown: the answer stands. */
@Injectable()
export class FeedbackMails {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<IdentityConfig, 'PUBLIC_ORIGIN'>,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async sendAnswer(to: string, lang: string, values: { title: string; answer: string; toUser: boolean }) {
    const logUrl = values.toUser ? `${this.config.PUBLIC_ORIGIN.replace(/\/$/, '')}${FEEDBACK_LOG_PATH}` : undefined;
    try {
      await this.mailer.send({
        to,
        ...feedbackAnswerMail(lang, { title: values.title, answer: values.answer, logUrl }),
      });
    } catch (error) {
      this.log.warn({ err: error, mail: 'feedbackAnswer' }, 'feedback answer mail not delivered');
    }
  }
}
