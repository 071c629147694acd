import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { Clock, TransactionManager } from '@pencraft/kit';
import { AuditRepository, type Actor } from '../audit/audit.repository.js';
import { BanService, checkBanOrder, type BanRequest } from '../bans/ban.service.js';
import { COMMENTS, TRUST, type CommentsClient, type TrustClient } from '../upstreams/upstreams.js';
import { ReportRepository } from './report.repository.js';
import type { ReportRow } from './report.table.js';

export type ReportAction = 'dismiss' | 'removeComment';

export interface Resolution {
  /** The resolved group: every report of the comment that was open. */
  reports: ReportRow[];
  tokenHashes: Buffer[];
}

const REMOVAL_NOTE: Record<string, string> = {
  az: 'Şərh şikayətlərdən sonra moderator tərəfindən silindi.',
  en: 'The comment was removed by a moderator after reports.',
  ru: 'Комментарий удалён модератором после жалоб.',
};

/**
 * Triage of reports, per comment (or article): dismissing or removing the comment resolves every open report of it at
 * once (the report id names the group); an article's reports can only be dismissed. Removing calls comments DecideComment reject; a ban of the author may go with it, in
 * the same transaction as the audit entries.
 */
@Injectable()
export class ReportService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly reports: ReportRepository,
    private readonly audit: AuditRepository,
    private readonly bans: BanService,
    private readonly clock: Clock,
    @Inject(COMMENTS) private readonly comments: CommentsClient,
    @Inject(TRUST) private readonly trust: TrustClient,
  ) {}

  async resolve(reportId: string, action: string, ban: BanRequest | undefined, staff: Actor): Promise<Resolution> {
    if (action !== 'dismiss' && action !== 'removeComment') throw new AppError('InvalidModerationDecision');
    if (ban && action !== 'removeComment') throw new AppError('InvalidModerationDecision');
    const order = ban ? checkBanOrder(ban) : undefined;
    const state = action === 'dismiss' ? 'dismissed' : 'actioned';
    return this.transactions.run(async (tx) => {
      const report = await this.reports.find(reportId, tx);
      if (!report) throw new AppError('CommentReportNotFound');
      // An article's reports can be dismissed; acting on the article is a decision of its own (a ban, for one).
      if (report.kind === 'article' && action !== 'dismiss') throw new AppError('InvalidModerationDecision');
      const open = await this.reports.group(tx, report.commentId, 'open', true);
      if (open.length === 0) {
        // Already resolved: the same resolution again is answered as done, another one is refused.
        if (report.state === state)
          return { reports: await this.reports.group(tx, report.commentId, state), tokenHashes: [] };
        throw new AppError('AlreadyDecided');
      }
      const now = this.clock.now();
      // The author reads the note in their language (their name also goes on a ban's record).
      const author =
        action === 'removeComment'
          ? await this.trust.getModerationProfile({ uid: report.authorUid, username: '' }).catch(() => undefined)
          : undefined;
      if (action === 'removeComment') {
        const note = REMOVAL_NOTE[author?.lang ?? 'az'] ?? REMOVAL_NOTE.az!;
        await this.comments
          .decideComment({ commentId: report.commentId, decision: 'reject', note, moderator: staff.username })
          .catch((error: unknown) => {
            // A comment its author deleted meanwhile is removed already.
            if (!(error instanceof AppError && error.code === 'CommentNotFound')) throw error;
          });
      }
      await this.reports.resolve(
        tx,
        open.map((row) => row.id),
        state,
        staff,
        now,
      );
      await this.audit.record(tx, {
        actor: staff,
        action: action === 'dismiss' ? 'report.dismiss' : 'report.removeComment',
        subjectKind: 'report',
        subjectId: report.id,
        note: `${report.kind} ${report.commentId} · ${open.length} report(s)`,
        at: now,
      });
      let tokenHashes: Buffer[] = [];
      if (order) {
        const outcome = await this.bans.issueIn(
          tx,
          { uid: report.authorUid, username: author?.username ?? '' },
          order,
          staff,
          `report:${report.id}`,
        );
        tokenHashes = outcome.tokenHashes;
      }
      return { reports: await this.reports.group(tx, report.commentId, state), tokenHashes };
    });
  }
}
