// The moderation pipeline on real servers (identity, articles, comments, moderation, gateway; PostgreSQL, Redis,
// NATS, mailpit, Keycloak): articles submitted through the gateway reach the queue by their event and pass the
// automatic review, spam is rejected by it with a reason; a moderator with a real Keycloak token approves, rejects
// with a reason and requests a revision (the author resubmits, and it comes back to the queue); a comment is
// approved; a report is resolved by removing the comment and banning its author; a ban issued by username refuses
// the user's signed-in writes with its reason and end at once and lifting it restores them; the audit log holds
// every action. Only staff tokens with the moderator role get in: no token, a user's session, a token without the
// role or a forged one are refused.
import { bearer, forgedToken, staffToken, userTokenWithoutRole } from '../support/keycloak.ts';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { operations, Schemas } from '@pencraft/api-client';

interface Person {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
}
type QueueQuery = NonNullable<operations['listModerationQueue']['parameters']['query']>;

const TEXT =
  'Bakının köhnə məhəllələrində gəzərkən insan hər addımda tarixlə qarşılaşır. Daş küçələr, dar döngələr və ' +
  'balkonlardan sallanan üzüm tənəkləri şəhərin keçmişindən danışır. Bu yazıda İçərişəhərin az tanınan guşələrini, ' +
  'orada yaşayan sənətkarları və onların gündəlik həyatını təsvir edirəm.';
const SPAM =
  'FREE MONEY! Click here https://spam.example/1 https://spam.example/2 https://spam.example/3 casino bonus, ' +
  'buy now https://spam.example/4 https://spam.example/5 free money free money';

const apps: AppHandle[] = [];
let db: TestDatabase;
let base: string;
let staff: Record<string, string>;
let n = 0;
const run = Date.now().toString(36);

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  response.error?.error.code,
];
/** The same of a raw answer: a call the document refuses (a ban reason outside its list). */
const rawCodeOf = (response: { status: number; body: unknown }) => [
  response.status,
  response.status >= 400 ? (response.body as Schemas['Error']).error?.code : undefined,
];
const visitor = () => typedApi(new ApiClient(base));
const byId = (id: string) => ({ params: { path: { id } } });

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const email = `moderation${n}_${run}@example.az`;
  const password = 'moderation-pass-7';
  rememberSecret(email, password);
  const registeredAt = new Date();
  const username = `mod_${run}_${n}`;
  const response = await api.POST('/api/id/register', {
    body: { email, username, password, fullname: `Moderation User ${n}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  return { client, api, uid: response.data!.uid, username };
}

const draftBody = (title: string, text = TEXT) =>
  ({
    title,
    description: 'Köhnə şəhər haqqında',
    language: 'az',
    category: 'travel',
    subCategories: ['culture'],
    content: { blocks: [{ type: 'paragraph', data: { text } }] },
  }) satisfies BodyOf<'createDraft'>;

/** Writes and submits an article through the gateway, as the editor does; answers the article's id. */
async function submitted(author: Person, title: string, text = TEXT): Promise<string> {
  const draft = await author.api.POST('/api/drafts', { body: draftBody(title, text) });
  expect(draft.status).toBe(201);
  const article = await author.api.POST('/api/articles/publishing/{id}', byId(draft.data!.id));
  expect(article.status).toBe(200);
  return article.data!.id;
}

/** The moderation API as a staff member with these headers (a Keycloak bearer token, or none). */
const staffApi = () => typedApi(new ApiClient(base));
const decide = (itemId: string, body: Schemas['ModerationDecision'], headers = staff) =>
  staffApi().POST('/api/moderation/items/{id}/decision', { ...byId(itemId), body, headers });
const issueBan = (body: Schemas['ModerationIssueBan'], headers = staff) =>
  staffApi().POST('/api/moderation/bans', { body, headers });
const liftBan = (banId: string) =>
  staffApi().POST('/api/moderation/bans/{id}/lift', { ...byId(banId), body: {}, headers: staff });
const queue = (query: QueueQuery, headers = staff) =>
  staffApi().GET('/api/moderation/queue', { params: { query }, headers });

/** The queue item of a subject once it is in the given state (the automatic review runs on the event). */
function queued(
  subjectId: string,
  kind: QueueQuery['kind'],
  state: QueueQuery['state'],
): Promise<Schemas['ModerationQueueItem']> {
  return eventually(
    async () => {
      const page = await queue({ kind, state });
      expect(page.status).toBe(200);
      return page.data!.items.find((item) => item.subjectId === subjectId);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

async function reviewStatus(author: Person, articleId: string) {
  const mine = await author.api.GET('/api/articles/review');
  return mine.data!.items.find((item) => item.id === articleId)!;
}

let author: Person;
let reader: Person;
let commenter: Person;
let troll: Person;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('moderation');
  apps.push(
    ...(await Promise.all(
      ['identity', 'articles', 'comments', 'moderation'].map((name) => startService(name, db.name)),
    )),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  staff = bearer(await staffToken());
  [author, reader, commenter, troll] = await Promise.all([signedUp(), signedUp(), signedUp(), signedUp()]);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('who may moderate', () => {
  it('refuses no token, a reader session, a token without the role and a forged token', async () => {
    expect(codeOf(await visitor().GET('/api/moderation/queue'))).toEqual([401, 'Unauthorized']);
    // The cookie session of a signed-in user is no staff credential.
    expect(codeOf(await reader.api.GET('/api/moderation/queue'))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await queue({}, bearer(await userTokenWithoutRole())))).toEqual([403, 'Forbidden']);
    expect(codeOf(await queue({}, bearer(await forgedToken())))).toEqual([401, 'TokenRejected']);
    expect(codeOf(await issueBan({ username: troll.username, reason: 'spam', days: 1 }, {}))).toEqual([
      401,
      'Unauthorized',
    ]);
  });

  it('names the moderator the token belongs to', async () => {
    const me = await staffApi().GET('/api/moderation/me', { headers: staff });
    expect(me.status).toBe(200);
    expect(me.data).toMatchObject({ username: 'moderator', roles: ['moderator'] });
  });
});

describe('articles through the pipeline', () => {
  it('passes a clean article on to a human with its signals, and the approval publishes it', async () => {
    const id = await submitted(author, 'Köhnə şəhərin səsi');
    const item = await queued(id, 'article', 'underModeration');
    expect(item).toMatchObject({ kind: 'article', autoDecision: 'pass', isEdit: false, decidedBy: null });
    expect(item.signals.map((s) => s.code)).toContain('newAccount');
    expect((await reviewStatus(author, id)).status).toBe('underModeration');

    const detail = await staffApi().GET('/api/moderation/items/{id}', { ...byId(item.id), headers: staff });
    expect(detail.status).toBe(200);
    expect(detail.data!.content.text).toContain('Bakının köhnə məhəllələrində');
    expect(detail.data!.author).toMatchObject({ username: author.username });
    expect(detail.data!.author.history.articlesSubmitted).toBeGreaterThanOrEqual(1);
    expect(detail.data!.decisions.map((d) => d.action)).toEqual(['item.autoPass']);

    const approved = await decide(item.id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.data).toMatchObject({ state: 'approved', decidedBy: { username: 'moderator' } });
    expect((await visitor().GET('/api/articles/{id}', byId(id))).data!.status).toBe('published');

    // A retry is harmless; another decision is refused.
    expect((await decide(item.id, { decision: 'approve' })).status).toBe(200);
    expect(codeOf(await decide(item.id, { decision: 'reject', note: 'Late' }))).toEqual([409, 'AlreadyDecided']);
  });

  it('rejects with the reason the author reads, and needs that reason', async () => {
    const id = await submitted(author, 'Yarımçıq yazı');
    const item = await queued(id, 'article', 'underModeration');
    expect(codeOf(await decide(item.id, { decision: 'reject', note: '  ' }))).toEqual([400, 'ModerationNoteRequired']);
    const rejected = await decide(item.id, { decision: 'reject', note: 'Mənbələr göstərilməyib.' });
    expect(rejected.data).toMatchObject({ state: 'rejected', note: 'Mənbələr göstərilməyib.' });
    expect(await reviewStatus(author, id)).toMatchObject({ status: 'rejected', reviewNote: 'Mənbələr göstərilməyib.' });
  });

  it('requests a revision; the resubmitted article comes back to the queue as an edit', async () => {
    const id = await submitted(author, 'Düzəliş istənən yazı');
    const item = await queued(id, 'article', 'underModeration');
    await decide(item.id, { decision: 'requestRevision', note: 'Şəkillərin müəllifini yazın.' });
    expect(await reviewStatus(author, id)).toMatchObject({
      status: 'revisionRequested',
      reviewNote: 'Şəkillərin müəllifini yazın.',
    });
    const edit = await author.api.POST('/api/articles/publishing/{id}/edit', byId(id));
    await author.api.PUT('/api/drafts/{id}', {
      ...byId(edit.data!.id),
      body: { ...draftBody('Düzəliş istənən yazı', `${TEXT} Şəkillər müəllifindir.`), version: 1 },
    });
    await author.api.POST('/api/articles/publishing/{id}', byId(edit.data!.id));
    const again = await eventually(async () => {
      const page = await queue({ kind: 'article', state: 'underModeration' });
      return page.data!.items.find((i) => i.subjectId === id && i.id !== item.id);
    });
    expect(again.isEdit).toBe(true);
    const approved = await decide(again.id, { decision: 'approve' });
    expect(approved.data!.state).toBe('approved');
    expect((await reviewStatus(author, id)).status).toBe('published');
  });

  it("rejects spam automatically with a reason in the author's language", async () => {
    const id = await submitted(troll, 'FREE MONEY CASINO', SPAM);
    const item = await queued(id, 'article', 'rejected');
    expect(item).toMatchObject({ autoDecision: 'reject', decidedBy: { sub: 'system', username: 'auto-review' } });
    expect(item.score).toBeGreaterThanOrEqual(60);
    // In the author's language (their account's), naming the reasons.
    expect(item.note).toMatch(
      /^(Avtomatik yoxlama: məzmun spam kimi görünür|Automatic review: the content looks like spam|Автоматическая проверка)/,
    );
    expect(await reviewStatus(troll, id)).toMatchObject({ status: 'rejected', reviewNote: item.note });
  });

  it('answers ModerationItemNotFound for an unknown item and InvalidIdentifier for a bad id', async () => {
    const itemOf = (id: string) => staffApi().GET('/api/moderation/items/{id}', { ...byId(id), headers: staff });
    expect(codeOf(await itemOf('00000000-0000-4000-8000-000000000000'))).toEqual([404, 'ModerationItemNotFound']);
    expect(codeOf(await itemOf('not-an-id'))[0]).toBe(400);
  });
});

describe('comments and reports', () => {
  let articleId: string;
  let commentId: string;

  beforeAll(async () => {
    articleId = await submitted(author, 'Şərhlər üçün yazı');
    const item = await queued(articleId, 'article', 'underModeration');
    await decide(item.id, { decision: 'approve' });
  });

  it('holds a comment for a human; the approval publishes it', async () => {
    const created = await commenter.api.POST('/api/articles/comment', {
      body: { articleId, content: 'Çox maraqlı yazıdır, təşəkkürlər!' },
    });
    expect(created.status).toBe(201);
    commentId = created.data!.id;
    const item = await queued(commentId, 'comment', 'underModeration');
    expect(item.autoDecision).toBe('hold');
    expect(codeOf(await decide(item.id, { decision: 'requestRevision', note: 'Fix' }))).toEqual([
      400,
      'InvalidModerationDecision',
    ]);
    await decide(item.id, { decision: 'approve' });
    const shown = await visitor().GET('/api/articles/comments/{cid}', { params: { path: { cid: commentId } } });
    expect(shown.data!.state).toBe('published');
  });

  it('removes a reported comment and bans its author; the ban refuses their writes with reason and end', async () => {
    const report = await reader.api.POST('/api/articles/comments/{cid}/report', {
      params: { path: { cid: commentId } },
      body: { reason: 'harassment' },
    });
    expect(report.status).toBe(201);
    const group = await eventually(async () => {
      const page = await staffApi().GET('/api/moderation/reports', { headers: staff });
      return page.data!.items.find((g) => g.commentId === commentId);
    });
    expect(group).toMatchObject({ count: 1, reasons: { harassment: 1 } });

    const resolve = (body: Schemas['ModerationResolveReport']) =>
      staffApi().POST('/api/moderation/reports/{id}/resolve', { ...byId(group.id), body, headers: staff });
    const resolved = await resolve({ action: 'removeComment', ban: { reason: 'commentRulesViolation', days: 2 } });
    expect(resolved.status).toBe(200);
    expect(resolved.data).toMatchObject({ state: 'actioned', resolvedBy: { username: 'moderator' } });
    const gone = await visitor().GET('/api/articles/comments/{cid}', { params: { path: { cid: commentId } } });
    expect(codeOf(gone)[0]).toBe(404);
    expect(codeOf(await resolve({ action: 'dismiss' }))).toEqual([409, 'AlreadyDecided']);

    const refused = await commenter.api.POST('/api/articles/comment', { body: { articleId, content: 'Yenə mən' } });
    expect(codeOf(refused)).toEqual([403, 'UserBanned']);
    expect(refused.error!.error.params).toMatchObject({ reason: 'commentRulesViolation' });
    expect(refused.error!.error.params?.until).toBeDefined();
  });
});

describe('bans', () => {
  it('bans by username at once with reason and end, lists it, and lifting restores the user', async () => {
    expect(codeOf(await issueBan({ username: troll.username, reason: 'spam', days: 0 }))[0]).toBe(400);
    // Raw on purpose: a reason outside the document's list.
    const rude = await new ApiClient(base).request(
      'POST',
      '/api/moderation/bans',
      { username: troll.username, reason: 'rude', days: 1 },
      staff,
    );
    expect(rawCodeOf(rude)[0]).toBe(400);
    expect(codeOf(await issueBan({ username: troll.username, reason: 'spam', days: 9999 }))[0]).toBe(400);
    expect(codeOf(await issueBan({ username: 'nobody_here_at_all', reason: 'spam', days: 1 }))).toEqual([
      404,
      'UserNotFound',
    ]);

    const issued = await issueBan({ username: troll.username, reason: 'spam', days: 5, note: 'Spam links' });
    expect(issued.status).toBe(201);
    const ban = issued.data!;
    expect(ban).toMatchObject({ uid: troll.uid, reason: 'spam', days: 5, active: true });
    expect(ban.issuedBy.username).toBe('moderator');

    const refused = await troll.api.POST('/api/drafts', { body: draftBody('Banned') });
    expect(codeOf(refused)).toEqual([403, 'UserBanned']);
    expect(refused.error!.error.params).toMatchObject({ reason: 'spam', until: ban.endsAt });

    const listed = await staffApi().GET('/api/moderation/bans', {
      params: { query: { active: 'true' } },
      headers: staff,
    });
    expect(listed.data!.items.map((b) => b.id)).toContain(ban.id);

    const lifted = await liftBan(ban.id);
    expect(lifted.data).toMatchObject({ active: false, liftedBy: { username: 'moderator' } });
    expect((await troll.api.POST('/api/drafts', { body: draftBody('Back again') })).status).toBe(201);
    // Lifting twice answers the ban as it is.
    expect((await liftBan(ban.id)).status).toBe(200);
    expect(codeOf(await liftBan('00000000-0000-4000-8000-000000000000'))).toEqual([404, 'BanNotFound']);
  });
});

describe('the audit log', () => {
  it('lists every action, the automatic review and the moderator alike', async () => {
    const page = await staffApi().GET('/api/moderation/audit', { headers: staff });
    expect(page.status).toBe(200);
    const actions = new Set(page.data!.items.map((entry) => entry.action));
    for (const action of [
      'item.autoPass',
      'item.autoReject',
      'item.approve',
      'item.reject',
      'item.requestRevision',
      'report.removeComment',
      'ban.issue',
      'ban.lift',
    ]) {
      expect(actions).toContain(action);
    }
    const rejects = await staffApi().GET('/api/moderation/audit', {
      params: { query: { action: 'item.autoReject' } },
      headers: staff,
    });
    expect(rejects.data!.items.every((entry) => entry.actor.username === 'auto-review')).toBe(true);
  });
});
