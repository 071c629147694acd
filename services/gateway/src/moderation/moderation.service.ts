import { QueueKind } from '@pencraft/contracts/common/v1/common';
import { banReasons, languages, queueKinds, reportReasons } from '@pencraft/contracts/enums';
import {
  auditActions,
  auditSubjectKinds,
  autoDecisions,
  queueStates,
  reportKinds,
  reportStates,
} from '@pencraft/contracts/enums/moderation';
import { Inject, Injectable } from '@nestjs/common';
import { AuditAction } from '@pencraft/contracts/moderation/v1/moderation';
import type * as pb from '@pencraft/contracts/moderation/v1/moderation';
import type { z } from 'zod';
import { SessionService } from '../accounts/session.service.js';
import type { StaffIdentity } from '../staff/current-staff.js';
import type {
  AuditQuery,
  BansQuery,
  IssueBanBody,
  QueueQuery,
  ReportsQuery,
  ResolveReportBody,
} from './moderation.dto.js';
import { MODERATION, type ModerationClient } from './moderation.upstream.js';

const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);
const isoAlways = (ms: number) => new Date(ms).toISOString();
const actor = (staff: pb.Staff | undefined) => (staff?.sub ? { sub: staff.sub, username: staff.username } : null);
const staffOf = (staff: StaffIdentity): pb.Staff => ({ sub: staff.sub, username: staff.username });

function itemJson(item: pb.QueueItem) {
  return {
    id: item.id,
    kind: queueKinds.require(item.kind, 'kind'),
    subjectId: item.subjectId,
    articleId: item.articleId,
    authorUid: item.authorUid,
    authorUsername: item.authorUsername,
    title: item.title,
    excerpt: item.excerpt,
    language: languages.fromProto(item.language) ?? '',
    isEdit: item.isEdit,
    state: queueStates.require(item.state, 'state'),
    score: item.score,
    autoDecision: autoDecisions.require(item.autoDecision, 'autoDecision'),
    signals: item.signals.map((s) => ({ code: s.code, weight: s.weight, ...(s.detail ? { detail: s.detail } : {}) })),
    decidedBy: actor(item.decidedBy),
    note: item.note,
    submittedAt: isoAlways(item.submittedAtMs),
    decidedAt: iso(item.decidedAtMs),
    updatedAt: isoAlways(item.updatedAtMs),
  };
}

function banJson(ban: pb.Ban) {
  return {
    id: ban.id,
    uid: ban.uid,
    username: ban.username,
    reason: banReasons.require(ban.reason, 'reason'),
    note: ban.note,
    days: ban.days || null,
    startsAt: isoAlways(ban.startsAtMs),
    endsAt: iso(ban.endsAtMs),
    liftedAt: iso(ban.liftedAtMs),
    active: ban.active,
    issuedBy: actor(ban.issuedBy) ?? { sub: '', username: ban.issuedBy?.username ?? '' },
    liftedBy: actor(ban.liftedBy),
  };
}

function auditJson(entry: pb.AuditEntry) {
  return {
    id: entry.id,
    actor: { sub: entry.actor?.sub ?? '', username: entry.actor?.username ?? '' },
    action: auditActions.require(entry.action, 'action'),
    subjectKind: auditSubjectKinds.require(entry.subjectKind, 'subjectKind'),
    subjectId: entry.subjectId,
    itemId: entry.itemId || null,
    note: entry.note,
    at: isoAlways(entry.atMs),
  };
}

function groupJson(group: pb.ReportGroup) {
  return {
    id: group.id,
    kind: reportKinds.fromProto(group.kind) === 'article' ? ('article' as const) : ('comment' as const),
    commentId: group.commentId,
    articleId: group.articleId,
    authorUid: group.authorUid,
    excerpt: group.excerpt,
    state: reportStates.require(group.state, 'state'),
    count: group.count,
    reasons: Object.fromEntries(group.reasons.map((r) => [reportReasons.fromProto(r.reason) ?? '', r.count])),
    reports: group.reports.map((r) => ({
      id: r.id,
      reporterUid: r.reporterUid,
      reason: reportReasons.fromProto(r.reason) ?? '',
      note: r.note,
      createdAt: isoAlways(r.createdAtMs),
    })),
    firstReportedAt: isoAlways(group.firstReportedAtMs),
    lastReportedAt: isoAlways(group.lastReportedAtMs),
    resolvedBy: actor(group.resolvedBy),
    resolvedAt: iso(group.resolvedAtMs),
  };
}

const pageJson = <T, J>(page: { items: T[]; page: number; pageSize: number; hasMore: boolean }, map: (t: T) => J) => ({
  items: page.items.map(map),
  page: page.page,
  pageSize: page.pageSize,
  hasMore: page.hasMore,
});

/**
 * The staff console's calls, translated to ModerationService with the verified staff member named in every action.
 * A ban (issued, lifted, or with a report's resolution) drops the user's cached sessions so it is felt at once.
 */
@Injectable()
export class ModerationService {
  constructor(
    @Inject(MODERATION) private readonly moderation: ModerationClient,
    private readonly sessions: SessionService,
  ) {}

  me(staff: StaffIdentity) {
    return { sub: staff.sub, username: staff.username, roles: staff.roles };
  }

  async queue(query: z.output<typeof QueueQuery>) {
    const page = await this.moderation.listQueue({
      kind: query.kind ? queueKinds.toProto(query.kind) : QueueKind.QUEUE_KIND_UNSPECIFIED,
      state: queueStates.toProto(query.state),
      page: query.page,
      pageSize: 0,
    });
    return pageJson(page, itemJson);
  }

  async item(id: string) {
    const detail = await this.moderation.getItem({ itemId: id });
    const author = detail.author!;
    const history = author.history!;
    return {
      item: itemJson(detail.item!),
      content: detail.content ?? { title: '', description: '', text: '' },
      live: detail.live ?? null,
      author: {
        uid: author.uid,
        username: author.username,
        fullname: author.fullname,
        registeredAt: iso(author.registeredAtMs),
        rating: author.rating,
        confirmed: author.confirmed,
        history: {
          articlesSubmitted: history.articlesSubmitted,
          articlesApproved: history.articlesApproved,
          articlesRejected: history.articlesRejected,
          revisionsRequested: history.revisionsRequested,
          commentsSubmitted: history.commentsSubmitted,
          commentsRejected: history.commentsRejected,
          reportsAgainst: history.reportsAgainst,
          bans: history.bans,
          activeBan: history.activeBan ? banJson(history.activeBan) : null,
        },
      },
      decisions: detail.decisions.map(auditJson),
    };
  }

  async decide(staff: StaffIdentity, id: string, decision: string, note: string) {
    const { item } = await this.moderation.decideItem({ itemId: id, decision, note, staff: staffOf(staff) });
    return itemJson(item!);
  }

  async reports(query: z.output<typeof ReportsQuery>) {
    return pageJson(
      await this.moderation.listReports({ state: reportStates.toProto(query.state), page: query.page, pageSize: 0 }),
      groupJson,
    );
  }

  async resolveReport(staff: StaffIdentity, id: string, body: z.output<typeof ResolveReportBody>) {
    const answer = await this.moderation.resolveReport({
      reportId: id,
      action: body.action,
      ban: body.ban
        ? { reason: banReasons.toProto(body.ban.reason), days: body.ban.days ?? 0, note: body.ban.note }
        : undefined,
      staff: staffOf(staff),
    });
    await this.sessions.refresh(answer.tokenHashes);
    return groupJson(answer.group!);
  }

  async bans(query: z.output<typeof BansQuery>) {
    return pageJson(
      await this.moderation.listBans({ active: query.active ?? '', page: query.page, pageSize: 0 }),
      banJson,
    );
  }

  async issueBan(staff: StaffIdentity, body: z.output<typeof IssueBanBody>) {
    const answer = await this.moderation.issueBan({
      uid: body.uid ?? '',
      username: body.uid ? '' : (body.username ?? ''),
      ban: { reason: banReasons.toProto(body.reason), days: body.days ?? 0, note: body.note },
      staff: staffOf(staff),
    });
    await this.sessions.refresh(answer.tokenHashes);
    return banJson(answer.ban!);
  }

  async liftBan(staff: StaffIdentity, id: string, note: string) {
    const answer = await this.moderation.liftBan({ banId: id, note, staff: staffOf(staff) });
    await this.sessions.refresh(answer.tokenHashes);
    return banJson(answer.ban!);
  }

  async audit(query: z.output<typeof AuditQuery>) {
    return pageJson(
      await this.moderation.listAudit({
        action: query.action ? auditActions.toProto(query.action) : AuditAction.AUDIT_ACTION_UNSPECIFIED,
        page: query.page,
        pageSize: 0,
      }),
      auditJson,
    );
  }
}
