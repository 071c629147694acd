import { Inject, Injectable } from '@nestjs/common';
import { queueKinds } from '@pencraft/contracts/enums';
import { auditActions, queueStates, reportStates } from '@pencraft/contracts/enums/moderation';
import type * as pb from '@pencraft/contracts/moderation/v1/moderation';
import { AppError } from '@pencraft/errors';
import { resolvePaging } from '@pencraft/rules';
import { AuditRepository } from './audit/audit.repository.js';
import { BanRepository } from './bans/ban.repository.js';
import { Clock } from '@pencraft/kit';
import { auditEntryOf, banOf, queueItemOf, reportGroupOf } from './moderation.mappers.js';
import { QueueRepository } from './queue/queue.repository.js';
import { ReportRepository } from './reports/report.repository.js';
import { TRUST, type TrustClient } from './upstreams/upstreams.js';

const MAX_PAGE = 10_000;

function paging(page: number, pageSize: number) {
  const resolved = resolvePaging(page, pageSize, MAX_PAGE);
  if (!resolved) throw new AppError('InvalidPage');
  return resolved;
}

/** What the staff console reads: the queue, one item with its author's history, reports, bans and the audit log. */
@Injectable()
export class ModerationQuery {
  constructor(
    private readonly queue: QueueRepository,
    private readonly reports: ReportRepository,
    private readonly bans: BanRepository,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    @Inject(TRUST) private readonly trust: TrustClient,
  ) {}

  async listQueue(request: pb.ListQueueRequest): Promise<pb.ListQueueResponse> {
    const kind = request.kind ? queueKinds.require(request.kind, 'kind') : undefined;
    const state = request.state ? queueStates.require(request.state, 'state') : 'underModeration';
    const page = paging(request.page, request.pageSize);
    const rows = await this.queue.list(kind, state, page.offset, page.pageSize);
    return {
      items: rows.slice(0, page.pageSize).map(queueItemOf),
      page: page.page,
      pageSize: page.pageSize,
      hasMore: rows.length > page.pageSize,
    };
  }

  async getItem(itemId: string): Promise<pb.GetItemResponse> {
    const row = await this.queue.find(itemId);
    if (!row) throw new AppError('ModerationItemNotFound');
    const [profile, counts, reportsAgainst, bans, decisions] = await Promise.all([
      this.trust.getModerationProfile({ uid: row.authorUid, username: '' }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'UserNotFound') return undefined;
        throw error;
      }),
      this.queue.countsOf(row.authorUid),
      this.reports.countAgainst(row.authorUid),
      this.bans.countFor(row.authorUid),
      this.audit.forItem(row.id),
    ]);
    const activeBan = profile?.activeBan;
    return {
      item: queueItemOf(row),
      content: { title: row.title, description: row.description, text: row.content },
      live:
        row.kind === 'edit'
          ? { title: row.previousTitle, description: row.previousDescription, text: row.previousContent }
          : undefined,
      author: {
        uid: row.authorUid,
        username: profile?.username ?? row.authorUsername,
        fullname: profile?.fullname ?? '',
        registeredAtMs: profile?.registeredAtMs ?? 0,
        rating: profile?.rating ?? 0,
        confirmed: profile?.confirmed ?? false,
        history: {
          ...counts,
          reportsAgainst,
          bans: Math.max(bans, profile?.bansCount ?? 0),
          activeBan: activeBan
            ? {
                id: activeBan.id,
                uid: activeBan.uid,
                username: profile?.username ?? '',
                reason: activeBan.reason,
                note: activeBan.note,
                days: 0,
                startsAtMs: activeBan.startsAtMs,
                endsAtMs: activeBan.endsAtMs,
                liftedAtMs: activeBan.liftedAtMs,
                active: activeBan.active,
                issuedBy: { sub: '', username: activeBan.moderator },
                liftedBy: undefined,
              }
            : undefined,
        },
      },
      decisions: decisions.map(auditEntryOf),
    };
  }

  async listReports(request: pb.ListReportsRequest): Promise<pb.ListReportsResponse> {
    const state = request.state ? reportStates.require(request.state, 'state') : 'open';
    const page = paging(request.page, request.pageSize);
    const keys = await this.reports.groupKeys(state, page.offset, page.pageSize);
    const shown = keys.slice(0, page.pageSize);
    const rows = await this.reports.ofComments(state, shown);
    return {
      items: shown.map((commentId) => reportGroupOf(rows.filter((row) => row.commentId === commentId))),
      page: page.page,
      pageSize: page.pageSize,
      hasMore: keys.length > page.pageSize,
    };
  }

  async listBans(request: pb.ListBansRequest): Promise<pb.ListBansResponse> {
    const active = request.active === '' ? undefined : request.active === 'true';
    const page = paging(request.page, request.pageSize);
    const now = this.clock.now();
    const rows = await this.bans.list(active, now, page.offset, page.pageSize);
    return {
      items: rows.slice(0, page.pageSize).map((row) => banOf(row, now)),
      page: page.page,
      pageSize: page.pageSize,
      hasMore: rows.length > page.pageSize,
    };
  }

  async listAudit(request: pb.ListAuditRequest): Promise<pb.ListAuditResponse> {
    const action = request.action ? auditActions.require(request.action, 'action') : undefined;
    const page = paging(request.page, request.pageSize);
    const rows = await this.audit.list(action, page.offset, page.pageSize);
    return {
      items: rows.slice(0, page.pageSize).map(auditEntryOf),
      page: page.page,
      pageSize: page.pageSize,
      hasMore: rows.length > page.pageSize,
    };
  }
}
