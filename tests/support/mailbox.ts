// The test stack's mailbox: what the services sent through SMTP, read back from mailpit's HTTP API
// (GET /api/v1/search?query=to:<address>, GET /api/v1/message/<ID>). SMS in development arrive here too, as mails to
// <digits-of-phone>@sms.pencraft.test. Codes and link tokens read from a mail are remembered as log secrets.
import { mailApiUrl } from '../../packages/devstack/src/index.ts';

export { smsMailboxOf } from '../../packages/devstack/src/index.ts';
import { rememberSecret } from './log-hygiene.ts';
import { stack } from './stack.ts';

export interface Mail {
  /** mailpit's message ID. */
  id: string;
  /** The recipient asked for (as mailpit received it). */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** When mailpit received it. */
  date: Date;
}

export interface MailQuery {
  to: string;
  subject?: RegExp;
  /** Only mails received at or after this moment (e.g. taken just before the request that sends the mail). */
  after?: Date;
  timeoutMs?: number;
}

interface Address {
  Name: string;
  Address: string;
}

interface Summary {
  ID: string;
  To: Address[] | null;
  Subject: string;
  Created: string;
}

interface Message extends Summary {
  From: Address;
  Text: string;
  HTML: string;
  Date: string;
}

export const mailApi = mailApiUrl(stack);

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${mailApi}${path}`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`mailpit ${path.split('?')[0]} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The mails to exactly `to` (mailpit's to: search also finds longer addresses containing it), newest first. */
async function summaries(query: Omit<MailQuery, 'timeoutMs'>): Promise<Summary[]> {
  const to = query.to.toLowerCase();
  const found = await getJson<{ messages: Summary[] }>(
    `/api/v1/search?limit=50&query=${encodeURIComponent(`to:"${query.to}"`)}`,
  );
  // mailpit stamps a mail when it receives it, to the millisecond, on the same clock as the tests.
  const after = query.after?.getTime() ?? -Infinity;
  return found.messages.filter(
    (m) =>
      (m.To ?? []).some((a) => a.Address.toLowerCase() === to) &&
      Date.parse(m.Created) >= after &&
      (query.subject === undefined || query.subject.test(m.Subject)),
  );
}

async function read(summary: Summary, to: string): Promise<Mail> {
  const message = await getJson<Message>(`/api/v1/message/${encodeURIComponent(summary.ID)}`);
  return {
    id: message.ID,
    to,
    from: message.From.Address,
    subject: message.Subject,
    text: message.Text,
    html: message.HTML,
    date: new Date(summary.Created),
  };
}

/** The newest mail to `to` matching the query, waiting for it to arrive (polls mailpit until timeoutMs). */
export async function waitForMail(query: MailQuery): Promise<Mail> {
  const timeoutMs = query.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await summaries(query);
    if (newest) return read(newest, query.to);
    if (Date.now() >= deadline) {
      // No address in the message: test output ends up in CI logs.
      throw new Error(
        `no mail${query.subject ? ` with a subject matching ${String(query.subject)}` : ''} arrived within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mails to `to` matching the query so far, newest first, without waiting (e.g. to prove nothing was sent). */
export async function mailsTo(query: Omit<MailQuery, 'timeoutMs'>): Promise<Mail[]> {
  return Promise.all((await summaries(query)).map((summary) => read(summary, query.to)));
}

/**
 * The 6-digit code in the mail's text: six digits standing alone (no letter, digit, `_` or `-` touching them), followed
 * by a line's end, a space or a full stop. A greeting's name may hold six digits ("Hello, Zero Trust mx270000!").
 */
export function codeIn(mail: Pick<Mail, 'text'>): string {
  const code = /(?<![\w-])(\d{6})(?=\.?(?:\s|$))/m.exec(mail.text)?.[1];
  if (!code) throw new Error('the mail holds no 6-digit code');
  rememberSecret(code);
  return code;
}

/** The first absolute link in the mail's text whose path starts with `path` (e.g. "/api/atrium/wrap"). */
export function linkIn(mail: Pick<Mail, 'text'>, path: string): string {
  for (const candidate of mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(path)) {
      for (const value of url.searchParams.values()) rememberSecret(value);
      for (const segment of url.pathname.slice(path.length).split('/')) rememberSecret(segment);
      return candidate;
    }
  }
  throw new Error(`the mail holds no link to ${path}`);
}
