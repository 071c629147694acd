// The attacker's matrix (issue #19) on real servers: every operation of both OpenAPI documents (tests/security/
// matrix.ts reads them), called as a visitor, as another user, as a banned user, as a member without the staff role
// (and a moderator where an admin or finance is needed), as a partner token without the operation's scope, and as
// the owner, with the path filled from one owner's seeded resources (an article, its comment, a draft, a private
// collection, a publication, a personal access token, a session, the staff queues' entries and more: owner-world.ts)
// and a body valid by the document. Each operation's expectation comes from its declaration (x-pencraft-auth): a
// visitor gets 401 on authenticated routes, a banned user 403 UserBanned on every signed-in route not declared
// whileBanned, a token without the scope 403, a staff route 401 without a bearer and 403 with a token of a lesser
// role; another user never succeeds at an operation on the owner's resources except the few that are acts of their
// own (voting, bookmarking, reporting, following, subscribing), never reads the owner's private text (canaries in the
// draft, the collection and the token names), and leaves the owner's resources as they were (their text read back by
// the owner before and after). Every cookie-authenticated write without the CSRF header is refused 403
// ChallengeFailed. No answer is a 5xx. And a session id set before signing in is not the one after (session fixation).
import { writeFileSync } from 'node:fs';
import type { Schemas } from '@pencraft/api-client';
import { generate } from 'otplib';
import pg from 'pg';
import sharp from 'sharp';
import type { Server } from 'node:http';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { CONFIRMATION_SUBJECT } from '../support/accounts.ts';
import { solveCaptcha } from '../support/captcha.ts';
import { suiteFetch, useClientAddress } from '../support/client-address.ts';
import { ApiClient } from '../support/http-client.ts';
import { staffToken, userTokenWithoutRole } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, smsMailboxOf, waitForMail } from '../support/mailbox.ts';
import { bareCall, removeAfterwards, removePartnerClients } from '../support/partners.ts';
import { publishArticle, signUp, uploadEditorImage, type Person } from '../support/reader-fixtures.ts';
import { closeReviewClient } from '../support/review.ts';
import { signatureHeader, stripeEvent, webhookEndpointAt } from '../support/stripe-webhooks.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { fill, operations, type Operation, type Seeds } from './matrix.ts';
import {
  FEEDBACK,
  firstDelivery,
  freshPhone,
  JOB,
  OTHER_CARD,
  RECEIVER,
  seedDonations,
  seedPartners,
  seedCoAuthorInvitations,
  seedPublication,
  seedPublicationInvitations,
  seedStaffQueues,
  startReceiver,
  type PartnerClients,
} from './owner-world.ts';

const CLIENT_ADDRESS = '127.0.0.143';
const run = Date.now().toString(36).slice(-6);
/** The owner's private text: no other role's answer may hold it. */
const CANARIES = {
  draft: `Qaralama${run}canary`,
  collection: `Gizli${run}canary`,
  token: `Acar${run}canary`,
};

/**
 * Operations another user may succeed at on the owner's resources: acts of their own (their vote, bookmark, report,
 * follow, subscription, checkout, their own reading state) that change nothing of the owner's.
 */
const OWN_ACTS = new Set([
  'upvoteArticle',
  'downvoteArticle',
  'bookmarkArticle',
  'unbookmarkArticle',
  'reportArticle',
  'upvoteComment',
  'downvoteComment',
  'reportComment',
  'followUser',
  'unfollowUser',
  'subscribePublication',
  'unsubscribePublication',
  'startPublicationCheckout',
  'saveCollection',
  'unsaveCollection',
]);

/**
 * Who calls: `lesser-staff` is a Keycloak user without the staff role (or a moderator where admin or finance is
 * needed); `member` is a member of the owner's publication; `scopeless`, `other` and `owner` on the partner surface
 * are personal access tokens, and the `client-…` roles partner clients of Keycloak (client credentials).
 */
type Role =
  | 'visitor'
  | 'other'
  | 'banned'
  | 'lesser-staff'
  | 'member'
  | 'scopeless'
  | 'owner'
  | 'csrf'
  | 'client-scopeless'
  | 'client-other'
  | 'client-owner';

interface Call {
  role: Role;
  operation: Operation;
  status: number;
  code?: string;
  text: string;
  touches: (keyof Seeds)[];
  ms: number;
  /** Sent with a valid body of the matrix's table (the owner's write must then succeed). */
  valid?: boolean;
}

/** The header of a solved captcha, as the document names it. */
const CAPTCHA_HEADER = 'X-Captcha';

/** A request of the matrix that has not answered by then is a failure (no operation is that slow here). */
const REQUEST_TIMEOUT_MS = 5000;

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let owner: Person;
let other: Person;
let banned: Person;
/** A member of the owner's publication (and the patron whose support the owner received). */
let member: Person;
/** A user the admin bans in the owner's sweep (issueModerationBan): nobody else's calls depend on them. */
let bystander: Person;
let seeds: Seeds;
let clients: PartnerClients;
/** The owner's draft the owner's partner client fills and publishes (the canary draft stays as it is). */
let partnerDraft: { id: string; version: number };
/** How long the owner's world took to make (printed with the matrix's size). */
let seedingMs = 0;
let receiver: Server;
const tokens: Record<'owner' | 'other' | 'read' | 'search', string> = { owner: '', other: '', read: '', search: '' };
const staff: Record<'admin' | 'moderator' | 'none', string> = { admin: '', moderator: '', none: '' };
const calls: Call[] = [];
const { operations: all, unclassified } = operations();

async function makeToken(person: Person, name: string, scopes: string[]) {
  const answer = await person.client.post<{ token: { id: string }; secret: string }>('/api/ttin/tokens', {
    name,
    scopes,
    expiresInDays: 7,
  });
  if (answer.status !== 201) throw new Error(`token answered ${answer.status} ${JSON.stringify(answer.body)}`);
  rememberSecret(answer.body.secret);
  return answer.body;
}

async function created<T>(answer: Promise<{ status: number; body: unknown }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status} ${JSON.stringify(body)}`);
  return body as T;
}

/** Signs a person in again (after an operation of the matrix ended their session). */
async function signIn(person: Person) {
  person.client.cookies.delete('pc_su');
  const answer = await person.client.post('/api/id/auth/login', { login: person.email, password: person.password });
  if (answer.status !== 200) throw new Error(`sign-in of ${person.username} answered ${answer.status}`);
}

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('attacker_matrix');
  // Every service that did start is stopped by afterAll, also when another failed to (none is left running).
  const started = await Promise.allSettled(
    ['identity', 'articles', 'comments', 'notifications', 'search', 'publications', 'donations', 'moderation'].map(
      (name) => startService(name, db.name),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  apps.push(
    await startService('gateway', db.name, {
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      EDGE_ROUTES: '',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  const seedingFrom = Date.now();
  // 1,600 x 900: large enough for every picture's size (an avatar's 200 x 200, a cover's 1,200 x 240, the editor's).
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  picture = new Uint8Array(png);
  receiver = await startReceiver();
  rememberSecret(`mx_newcomer_${run}@example.az`, `mx_newcomer_${run}-pass-7`, 'Matrix Newcomer');
  rememberSecret(moves.email, moves.phone, moves.phone.slice(1));
  [owner, other, banned, member, bystander] = await Promise.all([
    signUp(base, `mx_owner_${run}`, 'Matrix Owner'),
    signUp(base, `mx_other_${run}`, 'Matrix Other'),
    signUp(base, `mx_banned_${run}`, 'Matrix Banned'),
    signUp(base, `mx_member_${run}`, 'Matrix Member'),
    signUp(base, `mx_bystander_${run}`, 'Matrix Bystander'),
  ]);
  moves.registeredAs = owner.email;
  // The partner clients subscribe before the owner's article is published: its event is their first delivery.
  clients = await seedPartners(base, run);
  const article = await publishArticle(owner, {
    title: `Matrix article ${run}`,
    language: 'en',
    category: 'tech',
    blocks: [
      {
        type: 'paragraph',
        data: { text: 'A published article of the owner, long enough for the rules: '.repeat(3) },
      },
    ],
  });
  const [comment, draft, collection, publication, ownerToken] = await Promise.all([
    created<{ id: string }>(
      owner.client.post('/api/articles/comment', { articleId: article, content: 'The owner’s own comment' }),
      'comment',
    ),
    created<{ id: string }>(owner.client.post('/api/drafts', { title: CANARIES.draft }), 'draft'),
    created<{ id: string }>(
      owner.client.post('/api/collections', { name: CANARIES.collection, private: true }),
      'collection',
    ),
    created<{ id: string; slug: string }>(
      owner.client.post('/api/core-publications', { name: `Matrix ${run}`, slug: `matrix-${run}` }),
      'publication',
    ),
    makeToken(owner, CANARIES.token, ['read', 'search', 'act']),
  ]);
  partnerDraft = await created(owner.client.post('/api/drafts', { title: 'For the partner app' }), 'second draft');
  const image = (await uploadEditorImage(owner, picture)).key;
  await created(owner.client.post(`/api/articles/${article}/bookmark`), 'bookmark');
  await created(owner.client.request('PUT', `/api/collections/${collection.id}/${article}`), 'collection item');
  [staff.admin, staff.moderator, staff.none] = await Promise.all([
    staffToken('admin'),
    staffToken('moderator'),
    userTokenWithoutRole(),
  ]);
  const [published, donated, delivery, otherDelivery, queues, invitations, publicationInvitations] = await Promise.all([
    seedPublication(owner, member, publication.id),
    seedDonations(base, owner, member),
    firstDelivery(base, clients.owner, clients.webhook),
    firstDelivery(base, clients.other, clients.otherWebhook),
    seedStaffQueues(base, staff.admin, { member, banned }, article, run),
    seedCoAuthorInvitations(owner, member),
    seedPublicationInvitations(owner, { joined: other, declined: bystander }, run),
  ]);
  // A profile link of the owner's; and the owner's newest notification (the support received), unread.
  const link = await created<{ id: string }>(
    owner.client.post('/api/me/settings/profile/links', { provider: 'website', url: 'https://example.az/matrix' }),
    'profile link',
  );
  const notification = await eventually(async () => {
    const answer = await owner.client.get<{ items: { id: string; read: boolean }[] }>('/api/notifications?unread=true');
    return answer.body.items?.[0]?.id;
  });
  const session = await ownerSession();
  seeds = {
    article,
    comment: comment.id,
    draft: draft.id,
    collection: collection.id,
    publication: publication.id,
    publicationSlug: publication.slug,
    uid: owner.uid,
    username: owner.username,
    token: ownerToken.token.id,
    session,
    memberUid: member.uid,
    ...published,
    ...donated,
    webhook: clients.webhook,
    delivery,
    link: link.id,
    notification,
    ...queues,
    staffDelivery: otherDelivery,
    ...invitations,
    ...publicationInvitations,
    image,
  };
  tokens.owner = ownerToken.secret;
  [tokens.other, tokens.read, tokens.search] = await Promise.all([
    makeToken(other, 'Other all', ['read', 'search', 'act']).then((t) => t.secret),
    makeToken(owner, 'Read only', ['read']).then((t) => t.secret),
    makeToken(owner, 'Search only', ['search']).then((t) => t.secret),
  ]);
  // The seeding's phone code counts as older than the minute a new code waits (as if the owner had come back later):
  // the owner's sweep then asks a code for a new number and confirms it.
  await ageOwnerPhoneCode();
  seedingMs = Date.now() - seedingFrom;
});

/** Moves the owner's phone codes a minute and a second into the past (identity's resend cooldown is a minute). */
async function ageOwnerPhoneCode() {
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    const { rowCount } = await sql.query(
      `update identity.verification_codes set created_at = created_at - interval '61 seconds'
        where purpose = 'phone' and user_id = $1`,
      [owner.uid],
    );
    if (!rowCount) throw new Error('the seeding sent the owner no phone code');
  } finally {
    await sql.end();
  }
}

afterAll(async () => {
  await removePartnerClients();
  receiver?.close();
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

/** One request of the matrix: the cookies of `person` (none for a visitor), or a bearer credential. */
async function send(
  role: Role,
  operation: Operation,
  options: {
    person?: Person;
    visitor?: ApiClient;
    bearer?: string;
    /** A writer's personal access token a partner client acts with (Pencraft-Acting-Token). */
    acting?: string;
    withoutCsrf?: boolean;
    emptyBody?: boolean;
    /** The seeds to fill the path from (the member's, where they differ from everyone's). */
    from?: Seeds;
    /** The body to send instead of the document's plainest (the owner's valid writes). */
    body?: unknown;
  },
): Promise<Call> {
  const filled = fill(operation, options.from ?? seeds, `mx${role}`);
  if (options.body !== undefined && !options.emptyBody) filled.body = options.body;
  // A write without a body is valid as it is (its path is the whole request).
  let valid =
    (options.body !== undefined && !options.emptyBody) ||
    (operation.method !== 'GET' && !operation.body && !operation.binaryType);
  const query = QUERIES[operation.id];
  if (query && (role === 'owner' || role === 'other' || role === 'member')) {
    const [path, search = ''] = filled.url.split('?');
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(query())) params.set(name, value);
    filled.url = `${path}?${params}`;
    valid = true;
  }
  // A valid body behind a captcha comes with a solved one (the document's sample of the header is not), and a
  // provider's delivery with its endpoint's signature.
  if (valid && CAPTCHA_HEADER in filled.headers) filled.headers[CAPTCHA_HEADER] = await solveCaptcha(base);
  if (valid && operation.auth.kind === 'signature') {
    const endpoint = webhookEndpointAt(operation.path);
    if (!endpoint) throw new Error(`no signing secret for the deliveries of ${operation.path}`);
    filled.headers['stripe-signature'] = signatureHeader(JSON.stringify(filled.body), endpoint);
  }
  const client = options.person?.client ?? options.visitor;
  const unsafe = operation.method !== 'GET';
  if (client && unsafe && !client.cookies.has('pc_csrf')) await client.get('/api/csrf');
  const headers: Record<string, string> = { 'accept-language': 'en', ...filled.headers };
  if (client && client.cookies.size > 0) {
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  if (client && unsafe && !options.withoutCsrf) headers['x-csrf-token'] = client.cookies.get('pc_csrf') ?? '';
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.acting) headers['pencraft-acting-token'] = options.acting;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (operation.binaryType && !options.emptyBody) {
    // A real picture where a valid body is wanted (the owner's upload succeeds, the others' are refused for who they
    // are); else a PNG signature alone, which no upload accepts.
    const real = options.body === PICTURE;
    headers['content-type'] = real ? 'image/png' : operation.binaryType;
    body = real ? picture : new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  } else if (filled.body !== undefined && !options.emptyBody) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(filled.body);
  }
  const started = Date.now();
  let response: globalThis.Response;
  try {
    response = await suiteFetch(`${base}${filled.url}`, {
      method: operation.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const call = { role, operation, status: 0, text: String(error), touches: filled.touches, ms: Date.now() - started };
    calls.push(call);
    return call;
  }
  // An event stream never ends by itself: its status and headers are the answer.
  const streamed = response.headers.get('content-type')?.startsWith('text/event-stream');
  if (streamed) await response.body?.cancel();
  const text = streamed ? '' : await response.text().catch((error: unknown) => String(error));
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  const call = {
    role,
    operation,
    valid,
    status: response.status,
    code,
    text,
    touches: filled.touches,
    ms: Date.now() - started,
  };
  calls.push(call);
  return call;
}

/** A person's call, signing them in again first when an earlier operation ended their session. */
async function sendAs(
  role: Role,
  person: Person,
  operation: Operation,
  options: { emptyBody?: boolean; from?: Seeds; body?: unknown } = {},
) {
  if (!person.client.cookies.has('pc_su') && role !== 'banned') await signIn(person);
  let call = await send(role, operation, { person, ...options });
  if (
    call.status === 401 &&
    role !== 'banned' &&
    (operation.auth.kind === 'required' || operation.auth.kind === 'confirmed')
  ) {
    calls.pop();
    await signIn(person);
    call = await send(role, operation, { person, ...options });
  }
  return call;
}

const site = all.filter((operation) => operation.document === 'site');
const partner = all.filter((operation) => operation.document === 'partner');
const signedIn = (operation: Operation) => operation.auth.kind === 'required' || operation.auth.kind === 'confirmed';
/**
 * Operations that end a session: last in every role's sweep, signing out the very last. Deletions come after the other
 * writes, and the final writes (below) last of those.
 */
const endsSession = (operation: Operation) =>
  operation.id === 'logout' ? 2 : operation.id === 'endSession' || operation.id === 'endOtherSessions' ? 1 : 0;
const ordered = (list: Operation[]) =>
  [...list].sort(
    (a, b) =>
      endsSession(a) - endsSession(b) ||
      Number(a.method !== 'GET') - Number(b.method !== 'GET') ||
      Number(a.method === 'DELETE') - Number(b.method === 'DELETE') ||
      Number(FINAL_WRITES.has(a.id)) - Number(FINAL_WRITES.has(b.id)) ||
      Number(PARENTS.has(a.id)) - Number(PARENTS.has(b.id)),
  );
/**
 * Writes that end what other writes need, after them: turning two-factor sign-in off (renewing its recovery codes
 * needs it on), revoking the spare partner client (rotating its secret needs it live).
 */
const FINAL_WRITES = new Set(['disableMfa', 'revokePartnerClient']);
/** Deletions of a resource others hang on (a publication's plans, a draft's cover): after the others. */
const PARENTS = new Set(['deletePublication', 'deleteDraft', 'deleteCollection', 'deletePendingArticle']);

/** The owner's resources as their owner reads them: the text of each, compared before and after the attacks. */
async function ownerView(): Promise<Record<string, string[]>> {
  const reads: Record<string, string> = {
    draft: `/api/drafts/${seeds.draft}`,
    article: `/api/articles/${seeds.article}`,
    comment: `/api/articles/comments/${seeds.comment}`,
    collection: `/api/collections/${seeds.collection}`,
    publication: `/api/core-publications/${seeds.publication}`,
    tokens: '/api/ttin/tokens',
    members: `/api/core-publications/${seeds.publication}/studio/members`,
    plans: `/api/core-publications/${seeds.publication}/studio/plans`,
    job: `/api/jobs/${seeds.job}`,
    received: '/api/donations/report/donations',
    cards: '/api/donations/cards',
    payout: '/api/donations/payout',
    links: '/api/me/settings/profile/links',
  };
  if (!owner.client.cookies.has('pc_su')) await signIn(owner);
  const view: Record<string, string[]> = {};
  for (const [name, path] of Object.entries(reads)) {
    const answer = await owner.client.get(path);
    if (answer.status !== 200) throw new Error(`the owner's ${name} answered ${answer.status}`);
    view[name] = texts(answer.body).sort();
  }
  // The seeded notification stays unread (others arrive meanwhile: it is looked for among all unread ones).
  view.notification = [`unread=${await unreadHas(seeds.notification)}`];
  // The support is its supporter's (the member's): only they read it by its id.
  if (!member.client.cookies.has('pc_su')) await signIn(member);
  const support = await member.client.get(`/api/donations/${seeds.support}`);
  if (support.status !== 200) throw new Error(`the member's support answered ${support.status}`);
  view.support = texts(support.body).sort();
  // The owner client's endpoint and its deliveries, as that client reads them.
  for (const path of [`/api/v1/webhooks/${seeds.webhook}`, `/api/v1/webhooks/${seeds.webhook}/deliveries`]) {
    const answer = await bareCall(base, path, { headers: { authorization: `Bearer ${clients.owner}` } });
    if (answer.status !== 200) throw new Error(`the owner client's ${path} answered ${answer.status}`);
    view[path] = texts(answer.body).sort();
  }
  return view;
}

/** Whether the owner's unread notifications hold `id` (every page of them). */
async function unreadHas(id: string): Promise<boolean> {
  for (let page = 1; ; page += 1) {
    const answer = await owner.client.get<{ items: { id: string }[]; hasMore: boolean }>(
      `/api/notifications?unread=true&page=${page}`,
    );
    if (answer.status !== 200) throw new Error(`the owner's notifications answered ${answer.status}`);
    if (answer.body.items.some((item) => item.id === id)) return true;
    if (!answer.body.hasMore) return false;
  }
}

/** The string leaves of an answer, but times (which reading itself may move). */
function texts(value: unknown, key = ''): string[] {
  if (typeof value === 'string')
    return /(at|At|time|Time|date|Date|expires|lastUsed)$/.test(key) ? [] : [`${key}=${value}`];
  if (Array.isArray(value)) return value.flatMap((item) => texts(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => texts(v, k));
  }
  return [];
}

const describeCall = (call: Call) =>
  `${call.role} ${call.operation.method} ${call.operation.path} (${call.operation.id}) → ${call.status}${call.code ? ` ${call.code}` : ''}`;

describe("the attacker's matrix", () => {
  it('classifies every operation of both documents', () => {
    const unfillable = all.flatMap((operation) => {
      try {
        fill(
          operation,
          {
            article: '',
            comment: '',
            draft: '',
            collection: '',
            publication: '',
            publicationSlug: '',
            uid: '',
            username: '',
            token: '',
            session: '',
            memberUid: '',
            plan: '',
            job: '',
            support: '',
            card: '',
            payout: '',
            webhook: '',
            delivery: '',
            link: '',
            notification: '',
            reviewItem: '',
            report: '',
            ban: '',
            feedback: '',
            partnerClient: '',
            staffDelivery: '',
            invitation: '',
            declinedInvitation: '',
            image: '',
            publicationInvitation: '',
            declinedPublicationInvitation: '',
          },
          'mx',
        );
        return [];
      } catch (error) {
        return [`${operation.id}: ${(error as Error).message}`];
      }
    });
    expect([...unclassified, ...unfillable]).toEqual([]);
    expect(site.length).toBeGreaterThan(250);
    expect(partner.length).toBeGreaterThan(15);
  });

  it('refuses every role what its declaration refuses it, and no other user reads or changes the owner’s resources', async () => {
    const sweepFrom = Date.now();
    const before = await ownerView();
    const visitor = new ApiClient(base);
    // The visitor, the other user and the banned user, over every operation of the site; staff routes with each
    // lesser credential; the partner surface with no credential, another writer's token and tokens without the scope.
    for (const operation of ordered(site)) {
      await send('visitor', operation, { visitor });
      if (operation.auth.kind === 'staff') {
        // A Keycloak user without a staff role; and a moderator where an admin or finance is needed.
        const lesser = operation.auth.staffRole === 'moderator' ? [staff.none] : [staff.moderator, staff.none];
        const body = await validBody(operation, undefined);
        for (const bearer of lesser) {
          await send('lesser-staff', operation, { bearer, body, emptyBody: body === undefined });
        }
        continue;
      }
      await sendAs('other', other, operation, { body: await validBody(operation, other) });
      await sendAs('banned', banned, operation);
    }
    for (const operation of ordered(partner)) {
      await send('visitor', operation, {});
      if (operation.auth.kind !== 'partner') continue;
      await send('other', operation, { bearer: tokens.other });
      const scopes = operation.auth.scopes ?? [];
      const lacking = !operation.tokenMayCall
        ? tokens.read
        : !scopes.includes('read') || scopes.length > 1
          ? tokens.read
          : tokens.search;
      if (scopes.length > 0) await send('scopeless', operation, { bearer: lacking });
      // Partner clients: one without the scope (read alone, or search alone for a read), another partner's (acting
      // for the other user where it may act), on the owner's ids.
      const lackingClient = scopes.length === 1 && scopes[0] === 'read' ? clients.search : clients.read;
      await send('client-scopeless', operation, { bearer: lackingClient });
      await send('client-other', operation, {
        bearer: clients.other,
        acting: acts(operation) ? tokens.other : undefined,
        body: await validBody(operation, undefined),
      });
    }
    // The publication's member, on every route of the owner's publication (a member removing someone removes the
    // owner: never allowed).
    const memberSeeds = { ...seeds, memberUid: owner.uid };
    for (const operation of ordered(site.filter((o) => o.path.startsWith('/api/core-publications/{id}')))) {
      await sendAs('member', member, operation, { from: memberSeeds, body: await validBody(operation, member) });
    }
    const after = await ownerView();
    // CSRF: every cookie-authenticated write, as the owner, without the header.
    for (const operation of site.filter((o) => o.csrf))
      await send('csrf', operation, { person: owner, withoutCsrf: true });
    // The owner's token on the partner surface (before the site's sweep revokes it).
    for (const operation of ordered(partner)) {
      if (operation.auth.kind === 'partner') await send('owner', operation, { bearer: tokens.owner, emptyBody: true });
    }
    // The owner's partner client, acting for the owner, with valid bodies: every partner operation succeeds.
    for (const operation of ordered(partner)) {
      if (operation.auth.kind !== 'partner') continue;
      await send('client-owner', operation, {
        bearer: clients.owner,
        acting: acts(operation) ? tokens.owner : undefined,
        body: await validBody(operation, undefined),
        from: { ...seeds, draft: partnerDraft.id },
      });
    }
    // The owner last: a valid body where the matrix has one (the owner may, and it succeeds), and a write without a
    // body as it is; no body elsewhere (so that the write stops at validation, past authorization).
    for (const operation of ordered(site)) {
      const body = await validBody(operation, owner);
      const call =
        operation.auth.kind === 'staff'
          ? await send('owner', operation, { bearer: staff.admin, body, emptyBody: body === undefined })
          : await sendAs('owner', owner, operation, {
              emptyBody: operation.method !== 'GET' && body === undefined,
              body,
            });
      // (A refusal is the judge's to report.)
      if (call.status >= 200 && call.status < 300) await AFTER_OWNER[operation.id]?.();
    }

    const violations = [
      ...calls.flatMap((call) => judge(call).map((why) => `${describeCall(call)}: ${why}`)),
      ...Object.keys(before)
        .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
        .map((name) => `the owner's ${name} changed under the attacks: ${JSON.stringify(after[name])}`),
    ];
    const roles = new Set(calls.map((call) => call.role));
    // The matrix's size, printed for the report.
    process.stdout.write(
      `attacker's matrix: ${all.length} operations (${site.length} site, ${partner.length} partner), ${calls.length} calls, roles ${[...roles].join(', ')}; seeding ${seedingMs} ms, sweeps ${Date.now() - sweepFrom} ms\n`,
    );
    const slowest = [...calls].sort((a, b) => b.ms - a.ms).slice(0, 5);
    process.stdout.write(`slowest: ${slowest.map((call) => `${describeCall(call)} ${call.ms} ms`).join('; ')}\n`);
    // MATRIX_DUMP=<file>: every call's role, operation and answer, one a line (to read what the matrix saw).
    if (process.env.MATRIX_DUMP) {
      writeFileSync(process.env.MATRIX_DUMP, calls.map((call) => `${describeCall(call)}\n`).join(''));
    }
    expect(violations).toEqual([]);
  });

  it('gives a new session id at sign-in, whatever id the browser held before (no session fixation)', async () => {
    const fixed = 'attacker-chosen-session-id-0123456789abcdef';
    const client = new ApiClient(base);
    client.cookies.set('pc_su', fixed);
    await signIn({ ...other, client } as Person);
    expect(client.cookies.get('pc_su')).toBeDefined();
    expect(client.cookies.get('pc_su')).not.toBe(fixed);
    const planted = new ApiClient(base);
    planted.cookies.set('pc_su', fixed);
    expect((await planted.get('/api/users/info')).status).toBe(401);
  });
});

/** What is wrong with one answer, by its role and the operation's declaration. */
function judge(call: Call): string[] {
  const { role, operation, status, code, text } = call;
  const { kind } = operation.auth;
  const wrong: string[] = [];
  if (status >= 500) wrong.push('a server error');
  if (status === 0) wrong.push(`no answer: ${text}`);
  if (role !== 'owner' && role !== 'csrf' && role !== 'client-owner') {
    for (const [what, canary] of Object.entries(CANARIES)) {
      if (text.includes(canary)) wrong.push(`holds the owner's private ${what}`);
    }
    if (text.includes(owner.email)) wrong.push("holds the owner's e-mail address");
  }
  const ok = status >= 200 && status < 400;
  switch (role) {
    case 'visitor':
      if ((signedIn(operation) || kind === 'staff' || kind === 'partner') && status !== 401 && !captchaFirst(call)) {
        wrong.push('not 401');
      }
      break;
    case 'lesser-staff':
      if (status !== 403) wrong.push('not 403 for a lesser staff role');
      break;
    case 'member':
      wrong.push(...judgeMember(call));
      break;
    case 'client-scopeless':
      if (status !== 403) wrong.push('not 403 for a partner client without the scope');
      break;
    case 'client-other':
      if (ok && call.touches.some((seed) => seed === 'draft' || seed === 'webhook' || seed === 'delivery')) {
        wrong.push("another partner's client succeeded on the owner's resource");
      }
      if (text.includes(clients.webhook)) wrong.push("holds the owner client's webhook endpoint");
      break;
    case 'client-owner':
      if (!ok) wrong.push("the owner's client is refused");
      if (text.includes(clients.otherWebhook)) wrong.push("holds another partner's webhook endpoint");
      break;
    case 'scopeless':
      if (status !== 403) wrong.push('not 403 for a token without the scope');
      break;
    case 'banned':
      if (signedIn(operation) && !operation.auth.whileBanned && code !== 'UserBanned' && !captchaFirst(call)) {
        wrong.push('not UserBanned');
      }
      if (operation.auth.whileBanned && (status === 401 || code === 'UserBanned')) wrong.push('refused while banned');
      if (call.touches.length > 0 && ok && !mayTouch(operation)) wrong.push("succeeded on the owner's resource");
      break;
    case 'other':
      if (kind === 'partner' && call.touches.includes('draft') && ok) wrong.push("succeeded on the owner's draft");
      if (kind !== 'partner' && call.touches.length > 0 && ok && !mayTouch(operation)) {
        wrong.push("succeeded on the owner's resource");
      }
      break;
    case 'csrf':
      if (code !== 'ChallengeFailed') wrong.push('not refused ChallengeFailed without the CSRF header');
      break;
    case 'owner':
      if (
        operation.document === 'site' &&
        operation.method !== 'GET' &&
        call.valid &&
        !ok &&
        OWNER_REFUSALS[operation.id] !== code
      ) {
        wrong.push('the owner may, and is refused');
      }
      if (kind === 'partner' && !operation.tokenMayCall) {
        if (status !== 403) wrong.push('a personal token is not refused an operation only a partner client may call');
      } else if (kind !== 'none' && kind !== 'optional' && kind !== 'signature' && refusedCredential(status, code)) {
        wrong.push('the owner is refused');
      }
      if (kind === 'staff' && operation.method === 'GET' && call.touches.length > 0 && status !== 200) {
        wrong.push('the admin cannot read the queue entry');
      }
      // (The support by its id is its supporter's, the member's: the owner received it.)
      if (
        operation.method === 'GET' &&
        signedIn(operation) &&
        call.touches.length > 0 &&
        !call.touches.includes('support') &&
        status !== 200
      ) {
        wrong.push('the owner cannot read their own resource');
      }
      break;
  }
  return wrong;
}

const paragraph = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text: text.repeat(3) } }] });

/** The valid body of an upload: a real PNG (`picture`, made once by the suite's start). */
const PICTURE = Symbol('a real picture');
let picture: Uint8Array<ArrayBuffer>;

/**
 * Valid bodies (the document's plainest sample is not one: it stops at validation): the owner's writes with them
 * must succeed, and the other user's and the member's are then refused for who they are, not for what they sent.
 * Each changes only the sender's own things or the owner's resources, after the owner's view was compared.
 */
const BODIES: Record<string, (sender: Person | undefined) => unknown> = {
  setPublicationCover: () => PICTURE,
  setPublicationLogo: () => PICTURE,
  setProfileBanner: () => PICTURE,
  setProfilePicture: () => PICTURE,
  setMyProfileImage: () => PICTURE,
  uploadEditorImage: () => PICTURE,
  setDraftCover: () => ({ key: seeds.image }),
  createArticle: () => ({
    title: 'A second article of the matrix',
    language: 'en',
    category: 'tech',
    content: paragraph('Written for the matrix, long enough for the rules. '),
  }),
  createComment: () => ({ articleId: seeds.article, content: 'A comment the matrix writes' }),
  editComment: () => ({ commentId: seeds.comment, content: 'The owner’s own comment, edited' }),
  createCollection: () => ({ name: 'A collection of the matrix' }),
  updateDraft: () => ({ version: 1, title: 'The owner’s draft, saved again' }),
  setDraftPublication: () => ({ publicationId: seeds.publication }),
  // (Invitees whose usernames the sweeps leave as they are: the other user changes theirs.)
  invitePublicationMember: () => ({ username: banned.username }),
  createPublicationPlan: () => ({ interval: 'year', price: 5_000 }),
  updatePublicationSettings: () => ({ name: `Matrix ${run} renamed`, description: 'What the owner may change' }),
  updatePublicationSlug: () => ({ slug: `matrix-${run}-renamed` }),
  createStudioJob: () => JOB,
  updateStudioJob: () => ({ ...JOB, title: 'Matrix editor, changed' }),
  addDonationCard: () => ({ number: OTHER_CARD, holder: 'Matrix Person' }),
  setDonationThanks: () => ({ message: 'Thank you for the support!' }),
  updateBio: () => ({ bio: 'A bio the matrix writes' }),
  updateHeadline: () => ({ headline: 'A headline the matrix writes' }),
  updateFullname: () => ({ fullname: 'Matrix Person' }),
  updateCountry: () => ({ country: 'AZ' }),
  updateBirthdate: () => ({ birthdate: '1990-01-01' }),
  updateGender: () => ({ gender: 'female' }),
  setTheme: () => ({ theme: 'dark' }),
  setLanguage: () => ({ language: 'en' }),
  setNotificationSettings: () => ({ ar: true }),
  setNotificationMailSettings: () => ({ ar: true }),
  createAccessToken: () => ({ name: 'Another token of the matrix', scopes: ['read'], expiresInDays: 7 }),
  addProfileLink: () => ({ provider: 'github', url: 'https://github.com/matrix-person' }),
  reportPageView: () => ({ path: '/matrix' }),
  reportRead: () => ({ articleId: seeds.article, seconds: 30 }),
  startPublicationCheckout: () => ({ planId: seeds.plan }),
  initiateSupport: () => ({ username: owner.username, amountQepik: 500 }),
  requestDonationPayout: () => ({ cardId: seeds.card, amountQepik: 1_000 }),
  // Staff: the finance move of the owner's payout (an admin may; a moderator and a user without a role may not).
  updateStaffPayoutState: () => ({ state: 'processing' }),
  createDraft: () => ({ title: 'Another draft of the matrix' }),
  createArticleDraft: () => ({ title: 'A draft started from the article route' }),
  updateCollection: () => ({ name: 'The owner’s collection, renamed' }),
  saveCollection: () => ({ collectionId: seeds.collection }),
  unsaveCollection: () => ({ collectionId: seeds.collection }),
  reportArticle: () => ({ reason: 'spam', note: 'Reported by the matrix' }),
  reportComment: () => ({ reason: 'spam', note: 'Reported by the matrix' }),
  // (Named after its sender: the other user's publication does not take the owner's name.)
  createPublication: (sender) => {
    const name = (sender?.username ?? `mx_${run}`).replaceAll('_', '-');
    return { name: `Second of ${name}`, slug: `second-${name}` };
  },
  createDonationAccount: () => ({ thanksMessage: 'Thank you for reading, truly.' }),
  setDonationAccountState: () => ({ active: true }),
  updateProfileSettings: () => ({ headline: 'A headline the settings page writes' }),
  editMyProfile: () => ({ bio: 'A bio the profile page writes' }),
  // (The path's field is the first of the one-field routes, the full name.)
  editMyProfileField: () => ({ fullname: 'Matrix Person' }),
  // Each signs in with their own credentials (the owner's answer is the owner's; the session is not kept).
  login: (sender) => (sender ? { login: sender.email, password: sender.password } : undefined),
  // Behind a captcha (solved for these): a newcomer the owner registers (others send the sample), feedback, and a
  // password reset mailed to the sender's own address.
  register: (sender) =>
    sender === owner
      ? {
          email: `mx_newcomer_${run}@example.az`,
          username: `mx_newcomer_${run}`,
          fullname: 'Matrix Newcomer',
          password: `mx_newcomer_${run}-pass-7`,
          acceptTerms: true,
          acceptPrivacy: true,
        }
      : undefined,
  sendFeedback: () => FEEDBACK,
  requestPasswordReset: (sender) => {
    if (sender === owner) moves.resetAskedAt = new Date();
    return sender ? { email: sender.email } : undefined;
  },
  // (Within the minute the first code waits: refused Flood.)
  resendPasswordReset: (sender) => (sender ? { email: sender.email } : undefined),
  // The owner completes the reset with the mailed code.
  verifyPasswordReset: async (sender) => {
    if (sender !== owner) return undefined;
    const mail = await waitForMail({
      to: owner.email,
      subject: /Reset your Pencraft password/,
      after: moves.resetAskedAt,
    });
    return { email: owner.email, code: codeIn(mail), newPassword: nextOwnerPassword('-3') };
  },
  // The owner moves the account to a new address with the mailed code and changes the password (the matrix's later
  // sign-ins use both). Anyone else sends the owner's password (refused for their account) and a code nobody was
  // sent.
  changeEmail: (sender) => {
    if (sender === owner) moves.emailAskedAt = new Date();
    return { email: moves.email, password: owner.password };
  },
  verifyEmailChange: async (sender) => {
    if (sender !== owner) return { code: '000000' };
    const mail = await waitForMail({ to: moves.email, after: moves.emailAskedAt });
    owner.email = moves.email;
    return { code: codeIn(mail) };
  },
  changePassword: (sender) => ({
    oldPassword: owner.password,
    newPassword: sender === owner ? nextOwnerPassword('-2') : `${owner.password}-2`,
  }),
  // A new username (the matrix's later calls name the owner by it: AFTER_OWNER); the others send the sample.
  changeUsername: (sender) => (sender === owner ? { username: `${owner.username}_2` } : undefined),
  // The code the owner's registration mailed (the account is confirmed: answered as confirmed). Others send the sample.
  verifyRegistration: async (sender) => {
    if (sender !== owner) return undefined;
    return { code: codeIn(await waitForMail({ to: moves.registeredAs, subject: CONFIRMATION_SUBJECT })) };
  },
  // The owner moves the account to a new phone number with the code sent to it by SMS (the seeding's code is aged past
  // the minute a new one waits). Others send the sample, and a code nobody was sent.
  requestPhoneChange: (sender) => {
    if (sender !== owner) return undefined;
    moves.phoneAskedAt = new Date();
    return { phone: moves.phone };
  },
  verifyPhone: async (sender) => {
    if (sender !== owner) return { code: '000000' };
    const sms = await waitForMail({ to: smsMailboxOf(moves.phone), after: moves.phoneAskedAt });
    return { code: codeIn(sms) };
  },
  // Deletion asked for with the password, and undone by the next operation of the sweep (cancelAccountDeletion).
  requestAccountDeletion: () => ({ password: owner.password }),
  // Two-factor sign-in on and off again: started with the password, confirmed with a TOTP code of the secret it
  // answered, its recovery codes renewed with one of the first set, and turned off with one of the second (last of
  // the writes, so the matrix's later sign-ins need no second factor). Anyone else sends the owner's password.
  startMfa: () => ({ password: owner.password }),
  confirmMfa: async (sender) => ({
    code: sender === owner ? await totpOf(ownerAnswer<Schemas['MfaEnrolment']>('startMfa').secret) : '000000',
  }),
  regenerateRecoveryCodes: (sender) => ({
    password: owner.password,
    code: sender === owner ? ownerAnswer<Schemas['RecoveryCodes']>('confirmMfa').recoveryCodes[0] : '000000',
  }),
  disableMfa: (sender) => ({
    password: owner.password,
    code:
      sender === owner ? ownerAnswer<Schemas['RecoveryCodes']>('regenerateRecoveryCodes').recoveryCodes[0] : '000000',
  }),
  // A signed delivery of an event neither endpoint acts on: accepted, and nothing changes.
  receiveStripeWebhook: () => unactedDelivery(),
  receiveDonationsStripeWebhook: () => unactedDelivery(),
  // Staff: a badge for the owner, and a ban of a user nobody else's calls depend on (the lesser roles are refused).
  grantBadge: () => ({ badge: 'beta-tester' }),
  issueModerationBan: () => ({ username: bystander.username, reason: 'spam', days: 1 }),
  // The staff queues' seeded entries: the member's comment approved, the report of the owner's article dismissed,
  // the banned user's ban lifted (every other role's sweep is over), the member's feedback answered (and then closed,
  // which needs no body), a partner client registered, and the spare one changed (then its secret rotated and it
  // revoked, which need no body).
  decideModerationItem: () => ({ decision: 'approve' }),
  resolveModerationReport: () => ({ action: 'dismiss' }),
  liftModerationBan: () => ({ note: 'Lifted by the matrix' }),
  answerStaffFeedback: () => ({ answer: 'Thank you for the question: answered by the matrix.' }),
  createPartnerClient: () => ({ name: `Matrix registered ${run}`, scopes: ['read'] }),
  updatePartnerClient: () => ({ scopes: ['read', 'search'], rateLimitPerMinute: 120 }),
  v1CreateWebhook: () => ({ url: `${RECEIVER}/owner-again`, eventTypes: ['article.published'] }),
  v1UpdateWebhook: () => ({ url: `${RECEIVER}/owner`, eventTypes: ['article.published'], enabled: true }),
  // The owner's second draft, filled by the owner's partner app and then published (submitted for review) by it.
  v1UpdateDraft: () => ({
    version: partnerDraft.version,
    title: 'A draft the owner’s partner app publishes',
    language: 'en',
    category: 'tech',
    content: {
      blocks: [
        { type: 'paragraph', data: { text: 'Written through the partner API, long enough for the rules. '.repeat(2) } },
      ],
    },
  }),
};

/**
 * The owner's writes that are refused for what they are, not for who asks (the matrix's resources are as they are):
 * the code each must answer. Every other write of the owner with a valid body (a write without a body is valid as it
 * is) must succeed.
 */
const OWNER_REFUSALS: Record<string, string> = {
  upvoteArticle: 'Forbidden', // one's own article
  downvoteArticle: 'Forbidden',
  upvoteComment: 'CommentNotFound', // one's own comment, not yet published
  downvoteComment: 'CommentNotFound',
  publishArticle: 'InvalidCategory', // the canary draft is a title alone
  pinPublicationArticle: 'ArticleNotFound', // the owner's article is not the publication's
  subscribePublication: 'CannotSubscribePublication', // one's own publication
  startPublicationCheckout: 'CannotSubscribePublication',
  unsubscribePublication: 'SubscriptionNotFound',
  followUser: 'CantFollowYourself',
  unfollowUser: 'CantFollowYourself',
  deletePendingArticle: 'ArticleDeletionExpired', // a published article, past the deletion window
  deleteDonationCard: 'HasActivePayout', // the card the payout goes to
  requestDonationPayout: 'HasActivePayout', // one at a time
  initiateSupport: 'Forbidden', // oneself
  reportArticle: 'ForbiddenSelfReaction', // one's own article
  reportComment: 'CommentNotFound', // one's own comment, not yet published
  saveCollection: 'CantSaveOwnCollection',
  unsaveCollection: 'CantRemoveOwnCollection',
  createPublication: 'UserAlreadyOwnsPublication', // one publication an owner
  createDonationAccount: 'AlreadyHasDonationAccount', // opened by the seeding
  resendPasswordReset: 'Flood', // within the minute of the first code
  resendEmailChange: 'Flood', // within the minute of the change's code
  resendRegistrationCode: 'OperationFailed', // confirmed already
};

/** Valid query parameters where the sample is not one (an invitee who exists). */
const QUERIES: Record<string, () => Record<string, string>> = {
  inviteCoAuthor: () => ({ username: member.username }),
};

/** A partner client acts for a writer (Pencraft-Acting-Token) where the operation needs the act scope. */
const acts = (operation: Operation) => operation.auth.scopes?.includes('act') ?? false;

/** A session of the owner's (the first the account's sessions list names). */
async function ownerSession(): Promise<string> {
  const sessions = await owner.client.get('/api/ttin/logs/sns');
  const session = /"id":"([0-9a-f-]{36})"/.exec(JSON.stringify(sessions.body))?.[1];
  if (!session) throw new Error(`no session of the owner in ${JSON.stringify(sessions.body)}`);
  return session;
}

/**
 * What the owner's sweep does after an operation that succeeded: a completed password reset ends every session of the
 * account, so the owner signs in again and the seeded session becomes the new one (ending a session stays the owner's
 * to do); a new username is the one the later calls name; a partner client's secrets are remembered for the log check.
 */
const AFTER_OWNER: Record<string, () => Promise<void>> = {
  verifyPasswordReset: async () => {
    await signIn(owner);
    seeds.session = await ownerSession();
  },
  changeUsername: async () => {
    owner.username = lastOwnerAnswer<Schemas['UsernameChange']>('changeUsername').username;
    seeds.username = owner.username;
  },
  // (A registered partner client is removed from the shared realm afterwards.)
  createPartnerClient: async () => {
    removeAfterwards(ownerAnswer<Schemas['PartnerClientSecret']>('createPartnerClient').client.clientId);
  },
  rotatePartnerClientSecret: async () => {
    ownerAnswer('rotatePartnerClientSecret');
  },
};

/** The owner's last answer to an operation of the sweep. */
function lastOwnerAnswer<T>(operationId: string): T {
  const call = calls.findLast((c) => c.role === 'owner' && c.operation.id === operationId);
  if (!call || call.status < 200 || call.status >= 300) {
    throw new Error(`the owner's ${operationId} did not succeed before it was needed`);
  }
  return JSON.parse(call.text) as T;
}

/** The owner's last answer to an operation of the sweep, its secrets remembered for the log check. */
function ownerAnswer<T>(operationId: string): T {
  const answer = lastOwnerAnswer<T>(operationId);
  // (Its codes and secret; not the QR code's data URL.)
  const texts = Object.values(answer as Record<string, unknown>).flat();
  rememberSecret(...texts.filter((v): v is string => typeof v === 'string' && v.length < 200));
  return answer;
}

/** A TOTP code of the secret now (remembered for the log check). */
async function totpOf(secret: string): Promise<string> {
  const code = await generate({ secret });
  rememberSecret(code);
  return code;
}

/**
 * The owner's next password, the current one with `suffix` (remembered for the log check): the matrix's later
 * sign-ins use it from now on.
 */
function nextOwnerPassword(suffix: string): string {
  owner.password = `${owner.password}${suffix}`;
  rememberSecret(owner.password);
  return owner.password;
}

/** A Stripe event neither webhook endpoint acts on (a new customer). */
const unactedDelivery = () => stripeEvent('customer.created', { id: `cus_mx${run}`, object: 'customer' });

/**
 * The owner's moves: the new e-mail address (and when its code was asked for), when the password reset was asked for,
 * the address the owner registered with, and the new phone number (and when its code was asked for).
 */
const moves = {
  email: `mx_owner_${run}.moved@example.az`,
  emailAskedAt: new Date(),
  resetAskedAt: new Date(),
  registeredAs: '',
  phone: freshPhone('55'),
  phoneAskedAt: new Date(),
};

/**
 * A valid body for the operation where the plainest sample is not one (undefined: the sample), as `sender` sends it
 * (undefined: a bearer credential).
 */
async function validBody(operation: Operation, sender: Person | undefined): Promise<unknown> {
  return BODIES[operation.id]?.(sender);
}

/** What the owner's publication's studio lets a member read (viewStudio); every other studio read is the owner's. */
const MEMBER_READS = new Set([
  'getPublicationAnalytics',
  'listStudioPublicationArticles',
  'listPublicationComments',
  'getPublicationDashboard',
  'listStudioJobs',
  'listPublicationMembers',
]);

/**
 * A member of the owner's publication: never succeeds at an owner's action (settings, members, plans, pins, jobs,
 * deleting), never reads what only the owner reads (subscribers, income), and reads the studio a member sees.
 */
function judgeMember(call: Call): string[] {
  const { operation, status } = call;
  const ok = status >= 200 && status < 400;
  if (operation.method !== 'GET') {
    return ok && !OWN_ACTS.has(operation.id) ? ["a member succeeded at the owner's action"] : [];
  }
  if (!signedIn(operation)) return [];
  if (MEMBER_READS.has(operation.id)) return status === 200 ? [] : ['a member cannot read the studio'];
  return ok ? ['a member read what only the owner reads'] : [];
}

/** Another user's success on the owner's resource is allowed: a public read, or an act of their own. */
function mayTouch(operation: Operation) {
  if (operation.method === 'GET' && !signedIn(operation)) return true;
  return OWN_ACTS.has(operation.id);
}

/** A route behind a captcha checks it first: a wrong answer is refused before who asks is (ChallengeFailed). */
function captchaFirst({ operation, code }: Call) {
  return operation.auth.captcha === 'always' && (code === 'ChallengeFailed' || code === 'CaptchaRequired');
}

/** A refusal of the credential itself (none, banned, unconfirmed, rejected), not of what the request asks. */
function refusedCredential(status: number, code: string | undefined) {
  return (
    status === 401 || (status === 403 && ['UserBanned', 'AccountNotConfirmed', 'TokenRejected'].includes(code ?? ''))
  );
}
