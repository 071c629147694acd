import { defineRoute } from '../http/route.js';
import {
  AuditPage,
  AuditQuery,
  BanJson,
  BansPage,
  BansQuery,
  DecisionBody,
  IdParams,
  IssueBanBody,
  LiftBanBody,
  QueueItemDetail,
  QueueItemJson,
  QueuePage,
  QueueQuery,
  ReportGroupJson,
  ReportsPage,
  ReportsQuery,
  ResolveReportBody,
  StaffMeJson,
} from './moderation.dto.js';

const TAG = 'moderation';
const ids = { id: 'InvalidIdentifier' } as const;

export const moderationMeRoute = defineRoute({
  operationId: 'moderationMe',
  method: 'GET',
  path: '/api/moderation/me',
  tag: TAG,
  summary: 'The staff member the bearer token names, with their roles (as GET /api/staff/me)',
  auth: 'staff',
  response: StaffMeJson,
});

export const listQueueRoute = defineRoute({
  operationId: 'listModerationQueue',
  method: 'GET',
  path: '/api/moderation/queue',
  tag: TAG,
  summary:
    'The review queue of articles, translations, edits of published articles and comments by kind and state ' +
    '(underModeration unless said): open ' +
    'states oldest first, decided ones most recently decided first',
  query: QueueQuery,
  response: QueuePage,
  auth: 'staff',
  errors: ['InvalidPage'],
});

export const getItemRoute = defineRoute({
  operationId: 'getModerationItem',
  method: 'GET',
  path: '/api/moderation/items/:id',
  tag: TAG,
  summary: "One queue item with its text, the automatic review's signals, its author's history and its decisions",
  params: IdParams,
  response: QueueItemDetail,
  auth: 'staff',
  fieldCodes: ids,
  errors: ['ModerationItemNotFound'],
});

export const decideItemRoute = defineRoute({
  operationId: 'decideModerationItem',
  method: 'POST',
  path: '/api/moderation/items/:id/decision',
  tag: TAG,
  summary:
    'Approve, reject (with the reason) or request a revision (with notes; articles and translations only). The same ' +
    'decision again answers the item as it is; another decision on a decided item is AlreadyDecided',
  params: IdParams,
  body: DecisionBody,
  response: QueueItemJson,
  auth: 'staff',
  fieldCodes: ids,
  errors: ['ModerationItemNotFound', 'AlreadyDecided', 'ModerationNoteRequired', 'InvalidModerationDecision'],
});

export const listReportsRoute = defineRoute({
  operationId: 'listModerationReports',
  method: 'GET',
  path: '/api/moderation/reports',
  tag: TAG,
  summary:
    'Reports of comments and articles grouped by the reported comment or article (open unless said), most recently ' +
    'reported first',
  query: ReportsQuery,
  response: ReportsPage,
  auth: 'staff',
  errors: ['InvalidPage'],
});

export const resolveReportRoute = defineRoute({
  operationId: 'resolveModerationReport',
  method: 'POST',
  path: '/api/moderation/reports/:id/resolve',
  tag: TAG,
  summary:
    "Dismiss the comment's (or article's) open reports, or remove the comment (optionally banning its author; an " +
    "article's reports can only be dismissed); any report id of the group names it",
  params: IdParams,
  body: ResolveReportBody,
  response: ReportGroupJson,
  auth: 'staff',
  fieldCodes: ids,
  errors: ['CommentReportNotFound', 'AlreadyDecided', 'InvalidModerationDecision', 'InvalidBanDuration'],
});

export const listBansRoute = defineRoute({
  operationId: 'listModerationBans',
  method: 'GET',
  path: '/api/moderation/bans',
  tag: TAG,
  summary: 'Bans issued through moderation, newest first (active=true: in force now; false: ended or lifted)',
  query: BansQuery,
  response: BansPage,
  auth: 'staff',
  errors: ['InvalidPage'],
});

export const issueBanRoute = defineRoute({
  operationId: 'issueModerationBan',
  method: 'POST',
  path: '/api/moderation/bans',
  tag: TAG,
  summary:
    'Ban a user (by uid or username) with one of the seven reasons, for 1 to 3650 days or permanently (days null); ' +
    'it takes effect at once on every signed-in request of theirs',
  body: IssueBanBody,
  response: BanJson,
  status: 201,
  auth: 'staff',
  errors: ['UserNotFound', 'InvalidBanDuration'],
});

export const liftBanRoute = defineRoute({
  operationId: 'liftModerationBan',
  method: 'POST',
  path: '/api/moderation/bans/:id/lift',
  tag: TAG,
  summary: 'Lift a ban early (a lifted ban is answered as it is)',
  params: IdParams,
  body: LiftBanBody,
  response: BanJson,
  auth: 'staff',
  fieldCodes: ids,
  errors: ['BanNotFound'],
});

export const listAuditRoute = defineRoute({
  operationId: 'listModerationAudit',
  method: 'GET',
  path: '/api/moderation/audit',
  tag: TAG,
  summary: 'Every moderation action (staff and the automatic review), newest first',
  query: AuditQuery,
  response: AuditPage,
  auth: 'staff',
  errors: ['InvalidPage'],
});
