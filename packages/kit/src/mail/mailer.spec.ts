import { strictMock } from '@pencraft/testing';
import { parseConfig } from '../config/config.js';
import { Mailer, MailNotSent, mailConfigSchema, type MailTransport } from './mailer.js';

const message = { to: 'reader@example.test', subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' };

describe('Mailer', () => {
  it('sends the message from the configured sender', async () => {
    const transport = strictMock<MailTransport>('transport');
    transport.sendMail.mockResolvedValue({});
    await new Mailer(transport, 'Pencraft <no-reply@pencraft.local>').send(message);
    expect(transport.sendMail).toHaveBeenCalledWith({ from: 'Pencraft <no-reply@pencraft.local>', ...message });
  });

  it('reports a failed send by stage and SMTP code, never with the recipient (callers log it)', async () => {
    const transport = strictMock<MailTransport>('transport');
    transport.sendMail.mockRejectedValue(
      Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${message.to}> unknown`), {
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 550,
      }),
    );
    const failure = await new Mailer(transport, 'no-reply@pencraft.local').send(message).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MailNotSent);
    expect(failure).toMatchObject({ stage: 'EENVELOPE RCPT TO', responseCode: 550 });
    expect(JSON.stringify({ message: (failure as Error).message, cause: (failure as Error).cause })).not.toContain(
      message.to,
    );
  });
});

describe('mailConfigSchema', () => {
  it('accepts smtp:// and smtps:// URLs and a sender', () => {
    expect(parseConfig(mailConfigSchema, { SMTP_URL: 'smtp://127.0.0.1:1125', MAIL_FROM: 'Pencraft <a@b.c>' })).toEqual(
      { SMTP_URL: 'smtp://127.0.0.1:1125', MAIL_FROM: 'Pencraft <a@b.c>' },
    );
    expect(() => parseConfig(mailConfigSchema, { SMTP_URL: 'http://mail', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig(mailConfigSchema, { SMTP_URL: 'smtps://mail:465' })).toThrow(/MAIL_FROM is missing/);
  });
});
