// Confirming a new account through the real flow: the code identity mailed at registration, read from mailpit,
// sent back through the gateway. Suites that publish confirm their users first (unconfirmed accounts cannot).
import { codeIn, waitForMail } from './mailbox.ts';

/** The subjects of the registration mail in az, en and ru. */
export const CONFIRMATION_SUBJECT =
  /Pencraft hesabınızı təsdiqləyin|Confirm your Pencraft account|Подтвердите аккаунт Pencraft/;

interface Poster {
  post(path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/** Reads the confirmation code mailed to `email` (at or after `after`) and confirms the signed-in client's account. */
export async function confirmAccount(client: Poster, email: string, after?: Date): Promise<void> {
  const mail = await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after });
  const response = await client.post('/api/id/register/verify', { code: codeIn(mail) });
  if (response.status !== 200) throw new Error(`confirmation answered ${response.status}`);
}
