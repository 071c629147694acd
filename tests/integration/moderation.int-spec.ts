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
import { captchaHeader } from '../support/captcha.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

interface ErrorBody {
  error: { code: string; params?: Record<string, string>; details?: { field: string; code: string }[] };
}
interface QueueItem {
  id: string;
  kind: string;
  subjectId: string;
  state: string;
  score: number;
  autoDecision: string;
  signals: { code: string }[];
  note: string;
  decidedBy: { sub: string; username: string } | null;
  isEdit: boolean;
}
interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}
interface Article {
  id: string;
  status: string;
  reviewNote: string;
}
interface Ban {
  id: string;
  uid: string;
  reason: string;
  days: number | null;
  endsAt: string | null;
  active: boolean;
  issuedBy: { username: string };
}
interface Person {
  client: ApiClient;
  uid: string;
  username: string;
}

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

const codeOf = (response: { status: number; body: unknown }) => [
  response.status,
  (response.body as ErrorBody).error?.code,
];

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const email = `moderation${n}_${run}@example.az`;
  const password = 'moderation-pass-7';
  rememberSecret(email, password);
  const registeredAt = new Date();
  const username = `mod_${run}_${n}`;
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { email, username, password, fullname: `Moderation User ${n}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  return { client, uid: response.body.uid, username };
}

const draftBody = (title: string, text = TEXT) => ({
  title,
  description: 'Köhnə şəhər haqqında',
  language: 'az',
  category: 'travel',
  subCategories: ['culture'],
  content: { blocks: [{ type: 'paragraph', data: { text } }] },
});

/** Writes and submits an article through the gateway, as the editor does; answers the article's id. */
async function submitted(author: Person, title: string, text = TEXT): Promise<string> {
  const draft = await author.client.post<{ id: string }>('/api/drafts', draftBody(title, text));
  expect(draft.status).toBe(201);
  const article = await author.client.post<Article>(`/api/articles/publishing/${draft.body.id}`);
  expect(article.status).toBe(200);
  return article.body.id;
}

const staffGet = <T>(path: string, headers = staff) =>
  new ApiClient(base).request<T & ErrorBody>('GET', path, undefined, headers);
const staffPost = <T>(path: string, body?: unknown, headers = staff) =>
  new ApiClient(base).request<T & ErrorBody>('POST', path, body, headers);

/** The queue item of a subject once it is in the given state (the automatic review runs on the event). */
function queued(subjectId: string, kind: string, state: string): Promise<QueueItem> {
  return eventually(
    async () => {
      const page = await staffGet<Page<QueueItem>>(`/api/moderation/queue?kind=${kind}&state=${state}`);
      expect(page.status).toBe(200);
      return page.body.items.find((item) => item.subjectId === subjectId);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

async function reviewStatus(author: Person, articleId: string): Promise<Article> {
  const mine = await author.client.get<{ items: Article[] }>('/api/articles/review');
  return mine.body.items.find((item) => item.id === articleId)!;
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
    expect(codeOf(await new ApiClient(base).get('/api/moderation/queue'))).toEqual([401, 'Unauthorized']);
    // The cookie session of a signed-in user is no staff credential.
    expect(codeOf(await reader.client.get('/api/moderation/queue'))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await staffGet('/api/moderation/queue', bearer(await userTokenWithoutRole())))).toEqual([
      403,
      'Forbidden',
    ]);
    expect(codeOf(await staffGet('/api/moderation/queue', bearer(await forgedToken())))).toEqual([
      401,
      'TokenRejected',
    ]);
    expect(
      codeOf(await staffPost('/api/moderation/bans', { username: troll.username, reason: 'spam', days: 1 }, {})),
    ).toEqual([401, 'Unauthorized']);
  });

  it('names the moderator the token belongs to', async () => {
    const me = await staffGet<{ username: string; roles: string[] }>('/api/moderation/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'moderator', roles: ['moderator'] });
  });
});

describe('articles through the pipeline', () => {
  it('passes a clean article on to a human with its signals, and the approval publishes it', async () => {
    const id = await submitted(author, 'Köhnə şəhərin səsi');
    const item = await queued(id, 'article', 'underModeration');
    expect(item).toMatchObject({ kind: 'article', autoDecision: 'pass', isEdit: false, decidedBy: null });
    expect(item.signals.map((s) => s.code)).toContain('newAccount');
    expect((await reviewStatus(author, id)).status).toBe('underModeration');

    const detail = await staffGet<{
      content: { text: string };
      author: { username: string; history: { articlesSubmitted: number } };
      decisions: { action: string }[];
    }>(`/api/moderation/items/${item.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.content.text).toContain('Bakının köhnə məhəllələrində');
    expect(detail.body.author).toMatchObject({ username: author.username });
    expect(detail.body.author.history.articlesSubmitted).toBeGreaterThanOrEqual(1);
    expect(detail.body.decisions.map((d) => d.action)).toEqual(['item.autoPass']);

    const approved = await staffPost<QueueItem>(`/api/moderation/items/${item.id}/decision`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', decidedBy: { username: 'moderator' } });
    expect((await new ApiClient(base).get<Article>(`/api/articles/${id}`)).body.status).toBe('published');

    // A retry is harmless; another decision is refused.
    expect((await staffPost(`/api/moderation/items/${item.id}/decision`, { decision: 'approve' })).status).toBe(200);
    expect(
      codeOf(await staffPost(`/api/moderation/items/${item.id}/decision`, { decision: 'reject', note: 'Late' })),
    ).toEqual([409, 'AlreadyDecided']);
  });

  it('rejects with the reason the author reads, and needs that reason', async () => {
    const id = await submitted(author, 'Yarımçıq yazı');
    const item = await queued(id, 'article', 'underModeration');
    expect(
      codeOf(await staffPost(`/api/moderation/items/${item.id}/decision`, { decision: 'reject', note: '  ' })),
    ).toEqual([400, 'ModerationNoteRequired']);
    const rejected = await staffPost<QueueItem>(`/api/moderation/items/${item.id}/decision`, {
      decision: 'reject',
      note: 'Mənbələr göstərilməyib.',
    });
    expect(rejected.body).toMatchObject({ state: 'rejected', note: 'Mənbələr göstərilməyib.' });
    expect(await reviewStatus(author, id)).toMatchObject({ status: 'rejected', reviewNote: 'Mənbələr göstərilməyib.' });
  });

  it('requests a revision; the resubmitted article comes back to the queue as an edit', async () => {
    const id = await submitted(author, 'Düzəliş istənən yazı');
    const item = await queued(id, 'article', 'underModeration');
    await staffPost(`/api/moderation/items/${item.id}/decision`, {
      decision: 'requestRevision',
      note: 'Şəkillərin müəllifini yazın.',
    });
    expect(await reviewStatus(author, id)).toMatchObject({
      status: 'revisionRequested',
      reviewNote: 'Şəkillərin müəllifini yazın.',
    });
    const edit = await author.client.post<{ id: string }>(`/api/articles/publishing/${id}/edit`);
    await author.client.request('PUT', `/api/drafts/${edit.body.id}`, {
      ...draftBody('Düzəliş istənən yazı', `${TEXT} Şəkillər müəllifindir.`),
      version: 1,
    });
    await author.client.post(`/api/articles/publishing/${edit.body.id}`);
    const again = await eventually(async () => {
      const page = await staffGet<Page<QueueItem>>('/api/moderation/queue?kind=article&state=underModeration');
      return page.body.items.find((i) => i.subjectId === id && i.id !== item.id);
    });
    expect(again.isEdit).toBe(true);
    const approved = await staffPost<QueueItem>(`/api/moderation/items/${again.id}/decision`, { decision: 'approve' });
    expect(approved.body.state).toBe('approved');
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
    expect(codeOf(await staffGet('/api/moderation/items/00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      'ModerationItemNotFound',
    ]);
    expect(codeOf(await staffGet('/api/moderation/items/not-an-id'))[0]).toBe(400);
  });
});

describe('comments and reports', () => {
  let articleId: string;
  let commentId: string;

  beforeAll(async () => {
    articleId = await submitted(author, 'Şərhlər üçün yazı');
    const item = await queued(articleId, 'article', 'underModeration');
    await staffPost(`/api/moderation/items/${item.id}/decision`, { decision: 'approve' });
  });

  it('holds a comment for a human; the approval publishes it', async () => {
    const created = await commenter.client.post<{ id: string; state: string }>('/api/articles/comment', {
      articleId,
      content: 'Çox maraqlı yazıdır, təşəkkürlər!',
    });
    expect(created.status).toBe(201);
    commentId = created.body.id;
    const item = await queued(commentId, 'comment', 'underModeration');
    expect(item.autoDecision).toBe('hold');
    expect(
      codeOf(
        await staffPost(`/api/moderation/items/${item.id}/decision`, { decision: 'requestRevision', note: 'Fix' }),
      ),
    ).toEqual([400, 'InvalidModerationDecision']);
    await staffPost(`/api/moderation/items/${item.id}/decision`, { decision: 'approve' });
    const shown = await new ApiClient(base).get<{ state: string }>(`/api/articles/comments/${commentId}`);
    expect(shown.body.state).toBe('published');
  });

  it('removes a reported comment and bans its author; the ban refuses their writes with reason and end', async () => {
    const report = await reader.client.post(`/api/articles/comments/${commentId}/report`, { reason: 'harassment' });
    expect(report.status).toBe(201);
    const group = await eventually(async () => {
      const page =
        await staffGet<Page<{ id: string; commentId: string; count: number; reasons: object }>>(
          '/api/moderation/reports',
        );
      return page.body.items.find((g) => g.commentId === commentId);
    });
    expect(group).toMatchObject({ count: 1, reasons: { harassment: 1 } });

    const resolved = await staffPost<{ state: string; resolvedBy: { username: string } }>(
      `/api/moderation/reports/${group.id}/resolve`,
      { action: 'removeComment', ban: { reason: 'commentRulesViolation', days: 2 } },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'actioned', resolvedBy: { username: 'moderator' } });
    expect(codeOf(await new ApiClient(base).get(`/api/articles/comments/${commentId}`))[0]).toBe(404);
    expect(codeOf(await staffPost(`/api/moderation/reports/${group.id}/resolve`, { action: 'dismiss' }))).toEqual([
      409,
      'AlreadyDecided',
    ]);

    const refused = await commenter.client.post<ErrorBody>('/api/articles/comment', { articleId, content: 'Yenə mən' });
    expect(codeOf(refused)).toEqual([403, 'UserBanned']);
    expect(refused.body.error.params).toMatchObject({ reason: 'commentRulesViolation' });
    expect(refused.body.error.params?.until).toBeDefined();
  });
});

describe('bans', () => {
  it('bans by username at once with reason and end, lists it, and lifting restores the user', async () => {
    expect(
      codeOf(await staffPost('/api/moderation/bans', { username: troll.username, reason: 'spam', days: 0 }))[0],
    ).toBe(400);
    expect(
      codeOf(await staffPost('/api/moderation/bans', { username: troll.username, reason: 'rude', days: 1 }))[0],
    ).toBe(400);
    expect(
      codeOf(await staffPost('/api/moderation/bans', { username: troll.username, reason: 'spam', days: 9999 }))[0],
    ).toBe(400);
    expect(
      codeOf(await staffPost('/api/moderation/bans', { username: 'nobody_here_at_all', reason: 'spam', days: 1 })),
    ).toEqual([404, 'UserNotFound']);

    const issued = await staffPost<Ban>('/api/moderation/bans', {
      username: troll.username,
      reason: 'spam',
      days: 5,
      note: 'Spam links',
    });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ uid: troll.uid, reason: 'spam', days: 5, active: true });
    expect(issued.body.issuedBy.username).toBe('moderator');

    const refused = await troll.client.post<ErrorBody>('/api/drafts', draftBody('Banned'));
    expect(codeOf(refused)).toEqual([403, 'UserBanned']);
    expect(refused.body.error.params).toMatchObject({ reason: 'spam', until: issued.body.endsAt });

    const listed = await staffGet<Page<Ban>>('/api/moderation/bans?active=true');
    expect(listed.body.items.map((ban) => ban.id)).toContain(issued.body.id);

    const lifted = await staffPost<Ban>(`/api/moderation/bans/${issued.body.id}/lift`, {});
    expect(lifted.body).toMatchObject({ active: false, liftedBy: { username: 'moderator' } });
    expect((await troll.client.post('/api/drafts', draftBody('Back again'))).status).toBe(201);
    // Lifting twice answers the ban as it is.
    expect((await staffPost(`/api/moderation/bans/${issued.body.id}/lift`, {})).status).toBe(200);
    expect(codeOf(await staffPost('/api/moderation/bans/00000000-0000-4000-8000-000000000000/lift', {}))).toEqual([
      404,
      'BanNotFound',
    ]);
  });
});

describe('the audit log', () => {
  it('lists every action, the automatic review and the moderator alike', async () => {
    const page = await staffGet<Page<{ action: string; actor: { username: string } }>>('/api/moderation/audit');
    expect(page.status).toBe(200);
    const actions = new Set(page.body.items.map((entry) => entry.action));
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
    const rejects = await staffGet<Page<{ action: string; actor: { username: string } }>>(
      '/api/moderation/audit?action=item.autoReject',
    );
    expect(rejects.body.items.every((entry) => entry.actor.username === 'auto-review')).toBe(true);
  });
});
