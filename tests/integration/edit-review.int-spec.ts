// Edits of published articles and readers' reports of articles on real servers (identity, articles, moderation,
// gateway; PostgreSQL, Redis, NATS, Keycloak): an edit of a published article waits in the moderation queue as an edit
// with both versions while readers keep reading the published one; the automatic review runs on it first; a
// moderator's approval makes the new text live, a rejection leaves the old one and the author's timeline shows it. A
// reader's report of an article lands in the reports triage; a second report of the same article and a report of
// one's own are refused. Deleting an account takes its pending edits and its reports with it.
import { EVENTS } from '@pencraft/contracts/events';
import { UserDeleted } from '@pencraft/contracts/events/v1/identity';
import { connect, headers } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { bearer, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { captchaParam, errorCode, typedApi, type BodyOf } from '../support/typed-api.ts';
import type { operations, Schemas } from '@pencraft/api-client';

type QueueQuery = NonNullable<operations['listModerationQueue']['parameters']['query']>;
interface Person {
  client: ApiClient;
  uid: string;
  username: string;
}

const TEXT =
  'Bakının köhnə məhəllələrində gəzərkən insan hər addımda tarixlə qarşılaşır. Daş küçələr, dar döngələr və ' +
  'balkonlardan sallanan üzüm tənəkləri şəhərin keçmişindən danışır. Bu yazıda İçərişəhərin az tanınan guşələrini, ' +
  'orada yaşayan sənətkarları və onların gündəlik həyatını təsvir edirəm.';
const EDITED = `${TEXT} Sonra dənizkənarı bulvara da baş çəkdim və axşamı orada keçirdim.`;
const SPAM =
  'FREE MONEY! Click here https://spam.example/1 https://spam.example/2 https://spam.example/3 casino bonus, ' +
  'buy now https://spam.example/4 https://spam.example/5 free money free money';

const apps: AppHandle[] = [];
let db: TestDatabase;
let base: string;
let staff: Record<string, string>;
let n = 0;
const run = Date.now().toString(36);

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [response.status, errorCode(response)];

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const email = `editreview${n}_${run}@example.az`;
  const password = 'edit-review-pass-7';
  rememberSecret(email, password);
  const registeredAt = new Date();
  const username = `edr_${run}_${n}`;
  const response = await typedApi(client).POST('/api/id/register', {
    body: { email, username, password, fullname: `Edit Review ${n}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  return { client, uid: response.data!.uid, username };
}

const draftBody = (title: string, text: string): Schemas['DraftBody'] => ({
  title,
  description: 'Köhnə şəhər haqqında',
  language: 'az',
  category: 'travel',
  subCategories: ['culture'],
  content: { blocks: [{ type: 'paragraph', data: { text } }] },
});

/** The API as the staff console calls it: a new visitor each time, with the moderator's bearer token. */
const staffApi = () => typedApi(new ApiClient(base));
const decide = (id: string, body: BodyOf<'decideModerationItem'>) =>
  staffApi().POST('/api/moderation/items/{id}/decision', { params: { path: { id } }, body, headers: staff });
const resolve = (id: string, body: BodyOf<'resolveModerationReport'>) =>
  staffApi().POST('/api/moderation/reports/{id}/resolve', { params: { path: { id } }, body, headers: staff });

type QueueItem = Schemas['ModerationQueueItem'];

/** The first queue item of a kind in a state that `match` accepts (the automatic review runs on the event). */
function queued(
  kind: QueueQuery['kind'],
  state: QueueQuery['state'],
  match: (item: QueueItem) => boolean,
): Promise<QueueItem> {
  return eventually(
    async () => {
      const page = await staffApi().GET('/api/moderation/queue', {
        params: { query: { kind, state } },
        headers: staff,
      });
      expect(page.status).toBe(200);
      return page.data!.items.find(match);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

/** Writes, submits and (through the queue) approves an article; answers its id. */
async function published(author: Person, title: string): Promise<string> {
  const api = typedApi(author.client);
  const draft = await api.POST('/api/drafts', { body: draftBody(title, TEXT) });
  expect(draft.status).toBe(201);
  const article = await api.POST('/api/articles/publishing/{id}', { params: { path: { id: draft.data!.id } } });
  expect(article.status).toBe(200);
  const id = article.data!.id;
  const item = await queued('article', 'underModeration', (i) => i.subjectId === id);
  expect((await decide(item.id, { decision: 'approve' })).status).toBe(200);
  return id;
}

/** Opens an edit of the published article, writes `title` and `text` into it and submits it. */
async function submitEdit(author: Person, articleId: string, title: string, text: string) {
  const api = typedApi(author.client);
  const edit = await api.POST('/api/articles/publishing/{id}/edit', { params: { path: { id: articleId } } });
  expect(edit.status).toBe(200);
  const { id, version } = edit.data!;
  const saved = await api.PUT('/api/drafts/{id}', {
    params: { path: { id } },
    body: { ...draftBody(title, text), version },
  });
  expect(saved.status).toBe(200);
  return api.POST('/api/articles/publishing/{id}', { params: { path: { id } } });
}

const publicArticle = async (id: string) =>
  (await typedApi(new ApiClient(base)).GET('/api/articles/{id}', { params: { path: { id } } })).data;

const reportArticle = (client: ApiClient, id: string, body: BodyOf<'reportArticle'>) =>
  typedApi(client).POST('/api/articles/{id}/report', { params: { path: { id } }, body });

let author: Person;
let reader: Person;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('edit_review');
  apps.push(...(await Promise.all(['identity', 'articles', 'moderation'].map((name) => startService(name, db.name)))));
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
  [author, reader] = await Promise.all([signedUp(), signedUp()]);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('edits of published articles', () => {
  it('keep the published version live until a moderator approves the edit, shown with both versions', async () => {
    const id = await published(author, 'Köhnə şəhər');
    const submitted = await submitEdit(author, id, 'Köhnə şəhər və bulvar', EDITED);
    expect(submitted.status).toBe(200);
    expect(submitted.data).toMatchObject({ id, status: 'published', title: 'Köhnə şəhər', editCount: 0 });
    expect(await publicArticle(id)).toMatchObject({ title: 'Köhnə şəhər', status: 'published' });

    // The automatic review passes it on; it waits as an edit, with the proposed and the live version.
    const item = await queued('edit', 'underModeration', (i) => i.articleId === id);
    expect(item).toMatchObject({ kind: 'edit', isEdit: true, autoDecision: 'pass', title: 'Köhnə şəhər və bulvar' });
    expect(item.subjectId).not.toBe(id);
    const detail = await staffApi().GET('/api/moderation/items/{id}', {
      params: { path: { id: item.id } },
      headers: staff,
    });
    expect(detail.status).toBe(200);
    expect(detail.data!.content).toMatchObject({ title: 'Köhnə şəhər və bulvar', text: EDITED });
    expect(detail.data!.live).toMatchObject({ title: 'Köhnə şəhər', text: TEXT });
    // Readers still read the published version while it waits; a second edit waits for this one.
    expect((await publicArticle(id))!.title).toBe('Köhnə şəhər');
    expect(codeOf(await submitEdit(author, id, 'Yenə', EDITED))).toEqual([409, 'ArticleEditPending']);

    const approved = await decide(item.id, { decision: 'approve' });
    expect(approved.data).toMatchObject({ state: 'approved' });
    expect(await publicArticle(id)).toMatchObject({
      title: 'Köhnə şəhər və bulvar',
      status: 'published',
      editCount: 1,
    });
  });

  it('leave the published version untouched when rejected, and the author reads why on the timeline', async () => {
    const id = await published(author, 'Dəniz sahili');
    await submitEdit(author, id, 'Dəniz sahili, yeni', EDITED);
    const item = await queued('edit', 'underModeration', (i) => i.articleId === id);
    const rejected = await decide(item.id, { decision: 'reject', note: 'Mənbə göstərilməyib.' });
    expect(rejected.data).toMatchObject({ state: 'rejected', note: 'Mənbə göstərilməyib.' });
    expect(await publicArticle(id)).toMatchObject({ title: 'Dəniz sahili', status: 'published', editCount: 0 });
    const timeline = await typedApi(author.client).GET('/api/articles/{id}/review', { params: { path: { id } } });
    expect(timeline.data!.status).toBe('published');
    expect(timeline.data!.events.at(-1)).toEqual(
      expect.objectContaining({ status: 'rejected', note: 'Mənbə göstərilməyib.' }),
    );
    // A new edit may follow the decided one.
    expect((await submitEdit(author, id, 'Dəniz sahili, düzəldilmiş', EDITED)).status).toBe(200);
  });

  it('are reviewed automatically first: spam written into a published article never goes live', async () => {
    const id = await published(author, 'Bağlar');
    await submitEdit(author, id, 'FREE MONEY CASINO', SPAM);
    const item = await queued('edit', 'rejected', (i) => i.articleId === id);
    expect(item).toMatchObject({ autoDecision: 'reject' });
    expect(await publicArticle(id)).toMatchObject({ title: 'Bağlar', status: 'published' });
  });
});

describe('reports of articles', () => {
  it("land in the reports triage; a second report and one of one's own are refused", async () => {
    const id = await published(author, 'Şikayət ediləcək yazı');
    const report = await reportArticle(reader.client, id, { reason: 'scam', note: 'Fırıldaq keçidi var.' });
    expect(report.status).toBe(201);
    expect(report.data).toMatchObject({ articleId: id, reason: 'scam' });
    expect(codeOf(await reportArticle(reader.client, id, { reason: 'spam' }))).toEqual([409, 'AlreadyReportedArticle']);
    expect(codeOf(await reportArticle(author.client, id, { reason: 'spam' }))).toEqual([403, 'ForbiddenSelfReaction']);
    // Raw on purpose: a reason that is not in the document's list.
    expect((await reader.client.post(`/api/articles/${id}/report`, { reason: 'boring' })).status).toBe(400);
    expect(codeOf(await reportArticle(new ApiClient(base), id, { reason: 'spam' }))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await reportArticle(reader.client, randomUUID(), { reason: 'spam' }))).toEqual([
      404,
      'ArticleNotFound',
    ]);

    const group = await eventually(
      async () => {
        const page = await staffApi().GET('/api/moderation/reports', { headers: staff });
        return page.data!.items.find((g) => g.kind === 'article' && g.articleId === id);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(group).toMatchObject({ commentId: id, count: 1, reasons: { scam: 1 }, excerpt: 'Şikayət ediləcək yazı' });
    // An article's reports are dismissed; removing is for comments.
    expect(codeOf(await resolve(group.id, { action: 'removeComment' }))).toEqual([400, 'InvalidModerationDecision']);
    const dismissed = await resolve(group.id, { action: 'dismiss' });
    expect(dismissed.status).toBe(200);
  });
});

describe('account deletion', () => {
  it('takes the account’s pending edits and its reports of articles with it', async () => {
    const leaver = await signedUp();
    const theirs = await published(leaver, 'Gedənin yazısı');
    await submitEdit(leaver, theirs, 'Gedənin yazısı, yeni', EDITED);
    const other = await published(author, 'Qalan yazı');
    expect((await reportArticle(leaver.client, other, { reason: 'spam' })).status).toBe(201);
    expect((await reportArticle(reader.client, theirs, { reason: 'spam' })).status).toBe(201);

    const nc = await connect(natsAdmin(stack));
    try {
      const h = headers();
      h.set('pc-event-type', EVENTS.userDeleted.type);
      await nc
        .jetstream()
        .publish(
          EVENTS.userDeleted.subject,
          UserDeleted.encode({ uid: leaver.uid, deletedAtMs: Date.now() }).finish(),
          {
            msgID: randomUUID(),
            headers: h,
          },
        );
    } finally {
      await nc.close();
    }
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const left = await eventually(async () => {
        const { rows } = await sql.query<{ n: number }>(
          `select (select count(*)::int from articles.article_edits where author_id = $1) +
                  (select count(*)::int from articles.article_reports where reporter_uid = $1 or article_id = $2) as n`,
          [leaver.uid, theirs],
        );
        return rows[0]!.n === 0 ? rows[0] : undefined;
      });
      expect(left.n).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
