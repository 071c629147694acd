// The attacker's matrix's resources beyond the owner's article, draft and collection (issue #19): a member of the
// owner's publication, its plan and job; a support paid to the owner (stripe-mock's checkout and the signed webhook),
// the owner's card and a payout requested to it; three partner clients of Keycloak (client credentials) and the owner
// client's webhook endpoint with a delivery; the staff queues' entries (a comment held for review, a report, a ban,
// feedback, a spare partner client); two co-author invitations and two publications' invitations of the owner's.
// Every seeding answer is checked: a seed that did not happen fails the suite's start instead of letting the matrix
// try an id nobody holds.
import type { Schemas } from '@pencraft/api-client';
import { createServer, type Server } from 'node:http';
import { WEBHOOK_TEST_RECEIVER_PORT } from '../../packages/devstack/src/env.ts';
import { captchaHeader } from '../support/captcha.ts';
import { bearer } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, smsMailboxOf, waitForMail } from '../support/mailbox.ts';
import { bareCall, partnerToken, registerPartnerClient } from '../support/partners.ts';
import type { Person } from '../support/reader-fixtures.ts';
import { eventually } from '../support/stack.ts';
import { deliverSigned, supportPaid } from '../support/stripe-webhooks.ts';

/** The one private webhook target the test profile allows; the matrix's receiver answers every delivery 204. */
export const RECEIVER = `http://127.0.0.1:${WEBHOOK_TEST_RECEIVER_PORT}`;
/** A Visa test number (Luhn-valid): never to appear in an answer or a log line. */
export const CARD = '4000 0566 5566 5556';
/** Another (Mastercard's test number), for the card the matrix's roles add. */
export const OTHER_CARD = '5555 5555 5555 4444';
/** Feedback as the matrix's users send it (a question). */
export const FEEDBACK = {
  title: 'A question from the matrix',
  type: 'question',
  description: 'Written by the attacker matrix, long enough for the rules of feedback.',
  lang: 'en',
};
/** A mobile number of Azerbaijan's that nobody holds (the operator code given: 50, 55...). */
export const freshPhone = (operator: string) =>
  `+994${operator}${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
/** A job as the owner posts it. */
export const JOB = {
  title: 'Matrix editor',
  description: 'Edit the daily news, work with the writers and keep the publication’s voice.',
  location: 'Bakı',
  remote: false,
  employmentType: 'fullTime',
  category: 'editing',
  salaryMinQepik: 150_000,
  salaryMaxQepik: 250_000,
  apply: 'https://example.az/apply',
};

async function ok<T>(answer: Promise<{ status: number; body: unknown }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status} ${JSON.stringify(body)}`);
  return body as T;
}

/** A receiver for the owner client's webhook deliveries (so that a delivery succeeds, and nothing is retried). */
export async function startReceiver(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(WEBHOOK_TEST_RECEIVER_PORT, '127.0.0.1', resolve));
  return server;
}

/** The member joins the owner's publication (invited by username, accepted); the owner adds a plan and posts a job. */
export async function seedPublication(
  owner: Person,
  member: Person,
  publication: string,
): Promise<{ plan: string; job: string }> {
  const studio = `/api/core-publications/${publication}/studio`;
  await ok(owner.client.post(`${studio}/members`, { username: member.username }), 'invitation');
  await ok(member.client.post(`/api/ttin/pbls/invitations/${publication}/accept`), 'acceptance');
  const [plan, job] = await Promise.all([
    ok<{ id: string }>(owner.client.post(`${studio}/plans`, { interval: 'month', price: 500 }), 'plan'),
    ok<{ id: string }>(owner.client.post(`${studio}/jobs`, JOB), 'job'),
  ]);
  return { plan: plan.id, job: job.id };
}

/**
 * The owner's support account (country, the article published before, a phone verified by the code read from the SMS
 * mailbox), a support of 50 AZN from the patron paid through the provider's checkout and its signed webhook, the
 * owner's card and a payout of 20 AZN requested to it.
 */
export async function seedDonations(
  base: string,
  owner: Person,
  patron: Person,
): Promise<{ support: string; card: string; payout: string }> {
  rememberSecret(CARD, CARD.replaceAll(' ', ''), OTHER_CARD, OTHER_CARD.replaceAll(' ', ''));
  await ok(owner.client.request('PUT', '/api/me/settings/profile/country', { country: 'AZ' }), 'country');
  const phone = freshPhone('50');
  rememberSecret(phone, phone.slice(1));
  const before = new Date();
  await ok(owner.client.request('PUT', '/api/ttin/phone', { phone }), 'phone');
  const sms = await waitForMail({ to: smsMailboxOf(phone), after: before });
  await ok(owner.client.post('/api/ttin/phone/verify', { code: codeIn(sms) }), 'phone verification');
  // The published article reaches donations by its event: the account opens once it has.
  await eventually(async () => {
    const answer = await owner.client.post('/api/donations/account', {});
    return answer.status === 201 ? true : undefined;
  });
  const started = await ok<{ supportId: string }>(
    patron.client.post('/api/donations/initiate', { username: owner.username, amountQepik: 5_000, showName: true }),
    'support',
  );
  const delivered = await deliverSigned(base, supportPaid({ supportId: started.supportId, amountQepik: 5_000 }), {
    endpoint: 'donations',
  });
  if (delivered.status !== 200) throw new Error(`the support's webhook answered ${delivered.status}`);
  const card = await ok<{ id: string }>(
    owner.client.post('/api/donations/cards', { number: CARD, holder: 'Matrix Owner' }),
    'card',
  );
  const payout = await eventually(async () => {
    const answer = await owner.client.post<{ id: string }>('/api/donations/payout', {
      cardId: card.id,
      amountQepik: 2_000,
    });
    return answer.status === 201 ? answer.body.id : undefined;
  });
  return { support: started.supportId, card: card.id, payout };
}

export interface PartnerClients {
  /** The owner's client: every scope; its webhook endpoint and a delivery of it. */
  owner: string;
  /** Another partner's client, with every scope and a webhook endpoint of its own. */
  other: string;
  /** Clients holding read alone, and search alone. */
  read: string;
  search: string;
  webhook: string;
  /** The other client's endpoint (never in the owner client's answers, nor the owner's in its). */
  otherWebhook: string;
}

/**
 * Registers the partner clients (one after the other: the first fetches the admin's token, two password grants at
 * once are refused) and their client-credentials tokens, and subscribes each full client's endpoint on the receiver.
 */
export async function seedPartners(base: string, run: string): Promise<PartnerClients> {
  const token = async (name: string, scopes: ('read' | 'search' | 'act' | 'webhooks')[]) =>
    partnerToken(await registerPartnerClient(base, { name: `Matrix ${name} ${run}`, scopes, origins: [] }));
  const owner = await token('owner', ['read', 'search', 'act', 'webhooks']);
  const other = await token('other', ['read', 'search', 'act', 'webhooks']);
  const [read, search] = await Promise.all([token('read', ['read']), token('search', ['search'])]);
  const subscribe = async (client: string, path: string) => {
    const answer = await bareCall(base, '/api/v1/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${client}` },
      body: { url: `${RECEIVER}/${path}`, eventTypes: ['article.published'] },
    });
    if (answer.status !== 201) throw new Error(`webhook answered ${answer.status} ${JSON.stringify(answer.body)}`);
    const created = answer.body as unknown as { endpoint: { id: string }; secret: string };
    rememberSecret(created.secret);
    return created.endpoint.id;
  };
  const [webhook, otherWebhook] = await Promise.all([subscribe(owner, 'owner'), subscribe(other, 'other')]);
  return { owner, other, read, search, webhook, otherWebhook };
}

/** The first delivery of the owner client's endpoint (an article was published after it subscribed). */
export async function firstDelivery(base: string, client: string, webhook: string): Promise<string> {
  return eventually(async () => {
    const answer = await bareCall(base, `/api/v1/webhooks/${webhook}/deliveries`, {
      headers: { authorization: `Bearer ${client}` },
    });
    return (answer.body as { items?: { id: string }[] }).items?.[0]?.id;
  });
}

/** The staff queues' entries the admin's valid writes act on (the matrix's staff routes name them). */
export interface StaffQueues {
  /** The member's comment on the owner's article, held for review (the admin approves it). */
  reviewItem: string;
  /** The member's report of the owner's article (the admin dismisses it). */
  report: string;
  /** The banned user's ban, issued through moderation (the admin lifts it after every other role's sweep). */
  ban: string;
  /** The member's feedback (the admin answers and closes it). */
  feedback: string;
  /** A partner client no role's calls use (the admin changes, rotates and revokes it). */
  partnerClient: string;
}

/**
 * Fills the staff queues through the routes their users take: the member comments on the owner's article and reports
 * it and sends feedback, the admin bans the banned user through moderation, and a spare partner client is registered.
 * The queue item and the report group are looked up once moderation has consumed their events.
 */
export async function seedStaffQueues(
  base: string,
  admin: string,
  people: { member: Person; banned: Person },
  article: string,
  run: string,
): Promise<StaffQueues> {
  const { member, banned } = people;
  const asAdmin = bearer(admin);
  const [comment, , feedback, ban, spare] = await Promise.all([
    ok<{ id: string }>(
      member.client.post('/api/articles/comment', { articleId: article, content: 'A comment the admin approves' }),
      'member comment',
    ),
    ok(member.client.post(`/api/articles/${article}/report`, { reason: 'spam', note: 'For the admin' }), 'report'),
    ok<{ id: string }>(member.client.post('/api/feedback', FEEDBACK, await captchaHeader(base)), 'feedback'),
    ok<{ id: string }>(
      bareCall(base, '/api/moderation/bans', {
        method: 'POST',
        headers: asAdmin,
        body: { username: banned.username, reason: 'spam', days: 2 },
      }),
      'ban',
    ),
    registerPartnerClient(base, { name: `Matrix spare ${run}`, scopes: ['read'], origins: [] }),
  ]);
  const [reviewItem, report] = await Promise.all([
    eventually(async () => {
      const answer = await bareCall(base, '/api/moderation/queue?kind=comment', { headers: asAdmin });
      const { items = [] } = answer.body as Partial<Schemas['ModerationQueuePage']>;
      return items.find((item) => item.subjectId === comment.id)?.id;
    }),
    eventually(async () => {
      const answer = await bareCall(base, '/api/moderation/reports', { headers: asAdmin });
      const { items: groups = [] } = answer.body as Partial<Schemas['ModerationReportsPage']>;
      return groups.find((group) => group.kind === 'article' && group.articleId === article)?.id;
    }),
  ]);
  return { reviewItem, report, ban: ban.id, feedback: feedback.id, partnerClient: spare.id };
}

/** Two co-author invitations of the owner's, from the member's drafts: one the owner accepts, one the owner declines. */
export async function seedCoAuthorInvitations(
  owner: Person,
  member: Person,
): Promise<{ invitation: string; declinedInvitation: string }> {
  const invite = async (title: string) => {
    const draft = await ok<{ id: string }>(member.client.post('/api/drafts', { title }), 'member draft');
    const query = new URLSearchParams({ username: owner.username });
    return ok<{ id: string }>(member.client.post(`/api/drafts/${draft.id}/invite?${query}`), 'co-author invitation');
  };
  const [accepted, declined] = await Promise.all([
    invite('A draft the owner joins'),
    invite('A draft the owner declines'),
  ]);
  return { invitation: accepted.id, declinedInvitation: declined.id };
}

/**
 * Two publications' invitations of the owner's: the other user's publication and the bystander's each invite the owner
 * (an invitation is named by its publication's id); the owner accepts the first and declines the second.
 */
export async function seedPublicationInvitations(
  owner: Person,
  inviters: { joined: Person; declined: Person },
  run: string,
): Promise<{ publicationInvitation: string; declinedPublicationInvitation: string }> {
  const invite = async (inviter: Person, name: string) => {
    const publication = await ok<{ id: string }>(
      inviter.client.post('/api/core-publications', { name: `Matrix ${name} ${run}`, slug: `matrix-${name}-${run}` }),
      `${name}'s publication`,
    );
    await ok(
      inviter.client.post(`/api/core-publications/${publication.id}/studio/members`, { username: owner.username }),
      `${name}'s invitation`,
    );
    return publication.id;
  };
  const [publicationInvitation, declinedPublicationInvitation] = await Promise.all([
    invite(inviters.joined, 'joined'),
    invite(inviters.declined, 'declined'),
  ]);
  return { publicationInvitation, declinedPublicationInvitation };
}
