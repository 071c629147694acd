import { AppError } from '@pencraft/errors';
import { isUuid, REPORT_EXPORT_MAX, REPORT_MAX_PAGE, resolvePaging } from '@pencraft/rules';

/** The signed-in user the gateway named; anything but a uid is Unauthorized. */
export function actorOf(uid: string): string {
  if (!isUuid(uid)) throw new AppError('Unauthorized');
  return uid;
}

export interface Window {
  limit: number;
  offset: number;
}

/** A page of a report (rules: PAGE_SIZE, PAGE_SIZE_MAX, REPORT_MAX_PAGE: InvalidPage), or every row for an export. */
export function windowOf(request: { page: number; pageSize: number; all?: boolean }): Window {
  if (request.all) return { limit: REPORT_EXPORT_MAX, offset: 0 };
  const paging = resolvePaging(request.page, request.pageSize, REPORT_MAX_PAGE);
  if (!paging) throw new AppError('InvalidPage');
  return { limit: paging.pageSize, offset: paging.offset };
}

/** A page's answer: its rows, the total and whether more follow. */
export function pageOf<T>(rows: T[], total: number, window: Window) {
  return { rows, total, hasMore: window.offset + rows.length < total };
}
