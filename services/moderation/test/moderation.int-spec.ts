// The moderation service on real servers (identity, articles, comments, moderation; PostgreSQL, Redis, NATS): the
// queue is fed by the owners' events exactly once, the automatic review passes clean articles on and rejects spam
// with a reason, staff decisions reach articles and comments over gRPC, reports are grouped per comment and resolved,
// bans go through identity, and every action is in the audit log. Through the gateway with Keycloak tokens:
// tests/integration/moderation.int-spec.ts.
import { BanReason, QueueKind, ReportReason } from '@pencraft/contracts/common/v1/common';
import { queueKinds } from '@pencraft/contracts/enums';
import { auditActions, queueStates } from '@pencraft/contracts/enums/moderation';
import type { QueueKind as QueueKindName, QueueState as QueueStateName } from '@pencraft/rules';
import {
  ArticleStatus,
  ArticlesServiceClient,
  ArticlesServiceService,
  type Article,
} from '@pencraft/contracts/articles/v1/articles';
import { DraftsServiceClient, DraftsServiceService } from '@pencraft/contracts/articles/v1/drafts';
import { CommentStatus, CommentsServiceClient, CommentsServiceService } from '@pencraft/contracts/comments/v1/comments';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import {
  AuditAction,
  AutoDecision,
  ModerationServiceClient,
  ModerationServiceService,
  QueueState,
  ReportState,
  type QueueItem,
} from '@pencraft/contracts/moderation/v1/moderation';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import pg from 'pg';
import type { AppHandle } from '../../../packages/devstack/src/index.ts';
import { rememberSecret } from '../../../tests/support/log-hygiene.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../../../tests/support/stack.ts';
import { Language } from '@pencraft/contracts/common/v1/common';

const TEXT =
  'Bakının köhnə məhəllələrində gəzərkən insan hər addımda tarixlə qarşılaşır. Daş küçələr, dar döngələr və ' +
  'balkonlardan sallanan üzüm tənəkləri şəhərin keçmişindən danışır. Bu yazıda İçərişəhərin az tanınan guşələrini ' +
  'təsvir edirəm.';
const SPAM =
  'FREE MONEY! Click here https://spam.example/1 https://spam.example/2 https://spam.example/3 casino bonus, ' +
  'buy now https://spam.example/4 https://spam.example/5 free money';
const STAFF = { sub: '5b0a3c1e-0000-4000-8000-000000000001', username: 'moderator' };

const apps: AppHandle[] = [];
let db: TestDatabase;
let sql: pg.Pool;
let identity: PromiseClient<IdentityServiceClient>;
let articles: PromiseClient<ArticlesServiceClient>;
let drafts: PromiseClient<DraftsServiceClient>;
let comments: PromiseClient<CommentsServiceClient>;
let moderation: PromiseClient<ModerationServiceClient>;
const run = Date.now().toString(36);
let n = 0;

interface Person {
  uid: string;
  username: string;
}

async function person(): Promise<Person> {
  n += 1;
  const email = `modsvc${n}_${run}@example.az`;
  const password = 'moderation-pass-7';
  rememberSecret(email, password);
  const { user, sessionToken } = await identity.register({
    email,
    username: `modsvc_${run}_${n}`,
    fullname: `Moderation Service ${n}`,
    password,
    acceptTerms: true,
    acceptPrivacy: true,
    client: undefined,
  });
  rememberSecret(sessionToken);
  return { uid: user!.uid, username: user!.username };
}

async function submitted(author: Person, title: string, text = TEXT): Promise<string> {
  const { article } = await articles.createArticle({
    author: { uid: author.uid, username: author.username, fullname: 'Author', imageUrl: '' },
    title,
    description: '',
    language: Language.LANGUAGE_EN,
    category: 'travel',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  await articles.publishArticle({ articleId: article!.id, actorUid: author.uid });
  return article!.id;
}

function queued(subjectId: string, kind: QueueKindName, state: QueueStateName): Promise<QueueItem> {
  return eventually(
    async () => {
      const page = await moderation.listQueue({
        kind: queueKinds.toProto(kind),
        state: queueStates.toProto(state),
        page: 1,
        pageSize: 50,
      });
      return page.items.find((item) => item.subjectId === subjectId);
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}

async function statusOf(articleId: string, viewer: Person): Promise<Article> {
  const { article } = await articles.getArticle({ articleId, viewerUid: viewer.uid });
  return article!;
}

let author: Person;
let troll: Person;
let commenter: Person;
let reader: Person;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('moderation_service');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all(
      ['identity', 'articles', 'comments', 'moderation'].map((name) => startService(name, db.name)),
    )),
  );
  identity = createGrpcClient(IdentityServiceClient, IdentityServiceService, grpcAddress('identity'));
  articles = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  drafts = createGrpcClient(DraftsServiceClient, DraftsServiceService, grpcAddress('articles'));
  comments = createGrpcClient(CommentsServiceClient, CommentsServiceService, grpcAddress('comments'));
  moderation = createGrpcClient(ModerationServiceClient, ModerationServiceService, grpcAddress('moderation'), {
    defaultTimeoutMs: 15_000,
  });
  [author, troll, commenter, reader] = await Promise.all([person(), person(), person(), person()]);
  // The author of the spam has a history: the review weighs it.
  await sql.query('update identity.users set rating = -3 where id = $1', [troll.uid]);
});

afterAll(async () => {
  for (const client of [identity, articles, drafts, comments, moderation]) client?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

describe('moderation service', () => {
  it('enqueues a submitted article once, passes it on, and the approval publishes it', async () => {
    const id = await submitted(author, 'The sound of the old city');
    const item = await queued(id, 'article', 'underModeration');
    expect(item).toMatchObject({
      kind: QueueKind.QUEUE_KIND_ARTICLE,
      autoDecision: AutoDecision.AUTO_DECISION_PASS,
      authorUsername: author.username,
    });
    const { rows } = await sql.query('select count(*)::int as n from moderation.queue_items where subject_id = $1', [
      id,
    ]);
    expect(rows[0].n).toBe(1);

    const { item: decided } = await moderation.decideItem({
      itemId: item.id,
      decision: 'approve',
      note: '',
      staff: STAFF,
    });
    expect(decided).toMatchObject({ state: QueueState.QUEUE_STATE_APPROVED, decidedBy: STAFF });
    expect((await statusOf(id, author)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    // The same decision again changes nothing; another is refused.
    await expect(
      moderation.decideItem({ itemId: item.id, decision: 'approve', note: '', staff: STAFF }),
    ).resolves.toMatchObject({ item: { state: QueueState.QUEUE_STATE_APPROVED } });
    await expect(
      moderation.decideItem({ itemId: item.id, decision: 'reject', note: 'No', staff: STAFF }),
    ).rejects.toMatchObject({ code: 'AlreadyDecided' });

    const { rows: events } = await sql.query(
      "select count(*)::int as n from moderation.outbox where subject = 'moderation.review.decided'",
    );
    expect(events[0].n).toBeGreaterThanOrEqual(1);
  });

  it('rejects spam automatically with its reasons, and the author reads them', async () => {
    const id = await submitted(troll, 'FREE MONEY CASINO', SPAM);
    const item = await queued(id, 'article', 'rejected');
    expect(item.autoDecision).toBe(AutoDecision.AUTO_DECISION_REJECT);
    expect(item.signals.map((s) => s.code)).toEqual(expect.arrayContaining(['blocklist', 'linkDensity', 'lowRating']));
    const article = await statusOf(id, troll);
    expect(article.status).toBe(ArticleStatus.ARTICLE_STATUS_REJECTED);
    expect(article.reviewNote).toBe(item.note);
  });

  it('requests a revision with notes and rejects with a reason; both need the note', async () => {
    const revise = await queued(await submitted(author, 'Needs sources'), 'article', 'underModeration');
    await expect(
      moderation.decideItem({ itemId: revise.id, decision: 'requestRevision', note: ' ', staff: STAFF }),
    ).rejects.toMatchObject({ code: 'ModerationNoteRequired' });
    await moderation.decideItem({ itemId: revise.id, decision: 'requestRevision', note: 'Add sources.', staff: STAFF });
    expect(await statusOf(revise.subjectId, author)).toMatchObject({
      status: ArticleStatus.ARTICLE_STATUS_REVISION_REQUESTED,
      reviewNote: 'Add sources.',
    });
    const reject = await queued(await submitted(author, 'Off topic'), 'article', 'underModeration');
    await moderation.decideItem({ itemId: reject.id, decision: 'reject', note: 'Off topic.', staff: STAFF });
    expect(await statusOf(reject.subjectId, author)).toMatchObject({
      status: ArticleStatus.ARTICLE_STATUS_REJECTED,
      reviewNote: 'Off topic.',
    });

    const detail = await moderation.getItem({ itemId: reject.id });
    expect(detail.author!.history).toMatchObject({ articlesApproved: 1, articlesRejected: 1, revisionsRequested: 1 });
    expect(detail.decisions.map((d) => auditActions.fromProto(d.action))).toEqual(['item.autoPass', 'item.reject']);
  });

  it('holds a comment, publishes it on approval, and resolves its reports with a removal and a ban', async () => {
    const articleId = await submitted(author, 'For comments');
    const articleItem = await queued(articleId, 'article', 'underModeration');
    await moderation.decideItem({ itemId: articleItem.id, decision: 'approve', note: '', staff: STAFF });
    const actor = (p: Person) => ({ uid: p.uid, username: p.username, fullname: 'X', imageUrl: '', rating: 0 });
    const { comment } = await comments.createComment({
      actor: actor(commenter),
      articleId,
      parentId: '',
      content: 'Very interesting, thank you!',
    });
    const item = await queued(comment!.id, 'comment', 'underModeration');
    expect(item.autoDecision).toBe(AutoDecision.AUTO_DECISION_HOLD);
    await moderation.decideItem({ itemId: item.id, decision: 'approve', note: '', staff: STAFF });

    await comments.reportComment({
      actor: actor(reader),
      commentId: comment!.id,
      reason: ReportReason.REPORT_REASON_HARASSMENT,
      note: 'rude',
    });
    await comments.reportComment({
      actor: actor(author),
      commentId: comment!.id,
      reason: ReportReason.REPORT_REASON_SPAM,
      note: '',
    });
    const group = await eventually(async () => {
      const page = await moderation.listReports({ state: ReportState.REPORT_STATE_OPEN, page: 1, pageSize: 20 });
      const found = page.items.find((g) => g.commentId === comment!.id);
      return found?.count === 2 ? found : undefined;
    });
    expect(group.reasons).toEqual(
      expect.arrayContaining([
        { reason: ReportReason.REPORT_REASON_HARASSMENT, count: 1 },
        { reason: ReportReason.REPORT_REASON_SPAM, count: 1 },
      ]),
    );
    const resolved = await moderation.resolveReport({
      reportId: group.reports[0]!.id,
      action: 'removeComment',
      ban: { reason: BanReason.BAN_REASON_COMMENT_RULES_VIOLATION, days: 2, note: '' },
      staff: STAFF,
    });
    expect(resolved.group).toMatchObject({ state: ReportState.REPORT_STATE_ACTIONED, count: 2, resolvedBy: STAFF });
    const { comment: removed } = await comments.getComment({ commentId: comment!.id, viewerUid: '', anyState: true });
    expect(removed!.status).toBe(CommentStatus.COMMENT_STATUS_REJECTED);
    const bans = await moderation.listBans({ active: 'true', page: 1, pageSize: 20 });
    expect(bans.items.find((ban) => ban.uid === commenter.uid)).toMatchObject({
      reason: BanReason.BAN_REASON_COMMENT_RULES_VIOLATION,
      days: 2,
      active: true,
    });
  });

  it('takes a submission away from the queue when its author deletes it before a decision', async () => {
    const openItems = async (subjectId: string) =>
      (
        await sql.query(
          "select count(*)::int as n from moderation.queue_items where subject_id = $1 and state in ('initialReview', 'underModeration')",
          [subjectId],
        )
      ).rows[0].n as number;
    const articleId = await submitted(author, 'Changed my mind');
    await queued(articleId, 'article', 'underModeration');
    await drafts.deletePendingArticle({ articleId, actorUid: author.uid });
    await eventually(async () => ((await openItems(articleId)) === 0 ? true : undefined), { timeoutMs: 30_000 });

    const discussed = await submitted(author, 'A discussion');
    const articleItem = await queued(discussed, 'article', 'underModeration');
    await moderation.decideItem({ itemId: articleItem.id, decision: 'approve', note: '', staff: STAFF });
    const { comment } = await comments.createComment({
      actor: { uid: commenter.uid, username: commenter.username, fullname: 'X', imageUrl: '', rating: 0 },
      articleId: discussed,
      parentId: '',
      content: 'On second thought, never mind.',
    });
    await queued(comment!.id, 'comment', 'underModeration');
    await comments.deleteComment({ uid: commenter.uid, commentId: comment!.id });
    await eventually(async () => ((await openItems(comment!.id)) === 0 ? true : undefined), { timeoutMs: 30_000 });
    // The approved article's decided item stays, with its decision.
    expect((await moderation.getItem({ itemId: articleItem.id })).item).toMatchObject({
      state: QueueState.QUEUE_STATE_APPROVED,
    });
  });

  it('issues and lifts a ban through identity, mirrored here', async () => {
    await expect(
      moderation.issueBan({
        uid: '',
        username: troll.username,
        ban: { reason: BanReason.BAN_REASON_SPAM, days: 4000, note: '' },
        staff: STAFF,
      }),
    ).rejects.toMatchObject({ code: 'InvalidBanDuration' });
    const { ban, tokenHashes } = await moderation.issueBan({
      uid: '',
      username: troll.username,
      ban: { reason: BanReason.BAN_REASON_SPAM, days: 0, note: 'Spam links' },
      staff: STAFF,
    });
    expect(ban).toMatchObject({ uid: troll.uid, username: troll.username, days: 0, endsAtMs: 0, active: true });
    expect(tokenHashes.length).toBeGreaterThanOrEqual(1);
    const { rows } = await sql.query('select reason, ends_at from identity.bans where id = $1', [ban!.id]);
    expect(rows[0]).toEqual({ reason: 'spam', ends_at: null });
    const lifted = await moderation.liftBan({ banId: ban!.id, note: '', staff: STAFF });
    expect(lifted.ban).toMatchObject({ active: false, liftedBy: STAFF });
    await expect(
      moderation.liftBan({ banId: '00000000-0000-4000-8000-000000000000', note: '', staff: STAFF }),
    ).rejects.toMatchObject({
      code: 'BanNotFound',
    });
  });

  it('keeps every action in the audit log, newest first', async () => {
    const audit = await moderation.listAudit({ action: AuditAction.AUDIT_ACTION_UNSPECIFIED, page: 1, pageSize: 50 });
    const actions = audit.items.map((entry) => auditActions.fromProto(entry.action));
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
    const times = audit.items.map((entry) => entry.atMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
