import { banReasons } from '@pencraft/contracts/enums';
import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/moderation/v1/moderation';
import type { Actor } from './audit/audit.repository.js';
import { BanService } from './bans/ban.service.js';
import { Clock } from '@pencraft/kit';
import { banOf, queueItemOf, reportGroupOf } from './moderation.mappers.js';
import { ModerationQuery } from './moderation.query.js';
import { DecisionService } from './queue/decision.service.js';
import { ReportService } from './reports/report.service.js';

/** The staff member the gateway verified; an empty one cannot act (the gateway always names them). */
function staffOf(staff: pb.Staff | undefined): Actor {
  return { sub: staff?.sub ?? '', username: staff?.username ?? '' };
}

/** moderation.v1.ModerationService: thin handlers over the query, decision, report and ban services. */
@Controller()
export class ModerationGrpcController {
  constructor(
    private readonly query: ModerationQuery,
    private readonly decisions: DecisionService,
    private readonly reports: ReportService,
    private readonly bans: BanService,
    private readonly clock: Clock,
  ) {}

  @GrpcMethod('ModerationService', 'listQueue')
  listQueue(request: pb.ListQueueRequest): Promise<pb.ListQueueResponse> {
    return this.query.listQueue(request);
  }

  @GrpcMethod('ModerationService', 'getItem')
  getItem(request: pb.GetItemRequest): Promise<pb.GetItemResponse> {
    return this.query.getItem(request.itemId);
  }

  @GrpcMethod('ModerationService', 'decideItem')
  async decideItem(request: pb.DecideItemRequest): Promise<pb.DecideItemResponse> {
    const item = await this.decisions.decide(request.itemId, request.decision, request.note, staffOf(request.staff));
    return { item: queueItemOf(item) };
  }

  @GrpcMethod('ModerationService', 'listReports')
  listReports(request: pb.ListReportsRequest): Promise<pb.ListReportsResponse> {
    return this.query.listReports(request);
  }

  @GrpcMethod('ModerationService', 'resolveReport')
  async resolveReport(request: pb.ResolveReportRequest): Promise<pb.ResolveReportResponse> {
    const ban = request.ban
      ? { reason: banReasons.fromProto(request.ban.reason) ?? '', days: request.ban.days, note: request.ban.note }
      : undefined;
    const { reports, tokenHashes } = await this.reports.resolve(
      request.reportId,
      request.action,
      ban,
      staffOf(request.staff),
    );
    return { group: reportGroupOf(reports), tokenHashes };
  }

  @GrpcMethod('ModerationService', 'listBans')
  listBans(request: pb.ListBansRequest): Promise<pb.ListBansResponse> {
    return this.query.listBans(request);
  }

  @GrpcMethod('ModerationService', 'issueBan')
  async issueBan(request: pb.IssueBanRequest): Promise<pb.IssueBanResponse> {
    const order = {
      reason: (request.ban && banReasons.fromProto(request.ban.reason)) ?? '',
      days: request.ban?.days ?? 0,
      note: request.ban?.note ?? '',
    };
    const { ban, tokenHashes } = await this.bans.issue(
      { uid: request.uid, username: request.username },
      order,
      staffOf(request.staff),
    );
    return { ban: banOf(ban, this.clock.now()), tokenHashes };
  }

  @GrpcMethod('ModerationService', 'liftBan')
  async liftBan(request: pb.LiftBanRequest): Promise<pb.LiftBanResponse> {
    const { ban, tokenHashes } = await this.bans.lift(request.banId, request.note, staffOf(request.staff));
    return { ban: banOf(ban, this.clock.now()), tokenHashes };
  }

  @GrpcMethod('ModerationService', 'listAudit')
  listAudit(request: pb.ListAuditRequest): Promise<pb.ListAuditResponse> {
    return this.query.listAudit(request);
  }
}
