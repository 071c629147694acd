import { Injectable } from '@nestjs/common';
import { languages } from '@pencraft/contracts/enums';
import { feedbackStatuses, feedbackTypes } from '@pencraft/contracts/enums/identity';
import type {
  Feedback,
  ListFeedbackRequest,
  ListMyFeedbackResponse,
  SendFeedbackRequest,
} from '@pencraft/contracts/identity/v1/feedback';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { Clock, TransactionManager } from '@pencraft/kit';
import {
  checkFeedback,
  DEFAULT_LANG,
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_PER_WINDOW,
  FEEDBACK_RULE_CODES,
  FEEDBACK_WINDOW_MS,
  codePointLength,
  isUuid,
  normalizeEmail,
  normalizeFeedbackText,
  normalizeFeedbackTitle,
  resolvePaging,
  type FeedbackField,
  type FeedbackType,
} from '@pencraft/rules';
import { ProfileRepository } from '../profile/profile.repository.js';
import { FeedbackMails } from './feedback.mails.js';
import { FeedbackRepository, type FeedbackWithSender } from './feedback.repository.js';

export const FEEDBACK_PAGE_SIZE = 20;
/** The deepest page of a list (a deeper one is InvalidPage). */
const MAX_PAGE = 1_000;
const STAFF_NAME_MAX = 200;
/** The order the form lists its fields in: the first broken one gives the answer's code. */
const FIELDS: readonly FeedbackField[] = ['title', 'type', 'description', 'email'];

/**
 * Feedback (SPEC.md sections 3 and 5): sent by users and visitors (a visitor names an address for the answer), each
 * sender limited to FEEDBACK_PER_WINDOW in FEEDBACK_WINDOW_MS; read back by its user; read, answered (mailed in the
 * sender's language) and closed by staff.
 */
@Injectable()
export class FeedbackService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly feedback: FeedbackRepository,
    private readonly profiles: ProfileRepository,
    private readonly mails: FeedbackMails,
    private readonly clock: Clock,
  ) {}

  async send(request: SendFeedbackRequest): Promise<Feedback> {
    const uid = request.uid ?? '';
    const user = uid ? await this.profiles.findById(uid) : undefined;
    if (uid && !user) throw new AppError('UserNotFound');
    const email = user ? null : normalizeEmail(request.email ?? '');
    const values = {
      title: normalizeFeedbackTitle(request.title ?? ''),
      type: feedbackTypes.fromProto(request.type) ?? '',
      description: normalizeFeedbackText(request.description ?? ''),
      email: email ?? undefined,
    };
    const problems = checkFeedback(values, { emailRequired: !user });
    const details: ErrorDetail[] = FIELDS.flatMap((field) => {
      const rule = problems[field];
      return rule ? [{ field, code: FEEDBACK_RULE_CODES[rule] }] : [];
    });
    if (details.length) throw new AppError(details[0]!.code, { details });
    const senderKey = user ? `u:${user.id}` : `e:${email}`;
    const now = this.clock.now();
    const row = await this.transactions.run(async (tx) => {
      await this.feedback.lockSender(senderKey, tx);
      const sent = await this.feedback.sentSince(senderKey, new Date(now.getTime() - FEEDBACK_WINDOW_MS), tx);
      if (sent.length >= FEEDBACK_PER_WINDOW) {
        // The oldest send that still counts leaves the window first.
        const frees = sent[sent.length - FEEDBACK_PER_WINDOW]!.getTime() + FEEDBACK_WINDOW_MS;
        throw new AppError('Flood', { params: { retryAfter: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) } });
      }
      return this.feedback.insert(
        {
          userId: user?.id ?? null,
          email,
          senderKey,
          lang: user?.lang ?? languages.fromProto(request.lang) ?? DEFAULT_LANG,
          type: values.type as FeedbackType,
          title: values.title,
          description: values.description,
          createdAt: now,
        },
        tx,
      );
    });
    return toFeedback({ ...row, username: user?.username ?? null }, { staff: false });
  }

  async listMine(uid: string, page: number): Promise<ListMyFeedbackResponse> {
    const paging = resolvePaging(page, FEEDBACK_PAGE_SIZE, MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    if (!isUuid(uid ?? '')) throw new AppError('UserNotFound');
    const { rows, total } = await this.feedback.pageOfUser(uid, paging.offset, paging.pageSize);
    return {
      items: rows.map((row) => toFeedback(row, { staff: false })),
      total,
      page: paging.page,
      pageSize: paging.pageSize,
    };
  }

  async list(request: ListFeedbackRequest) {
    const paging = resolvePaging(request.page, FEEDBACK_PAGE_SIZE, MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const filter = {
      type: feedbackTypes.fromProto(request.type),
      status: feedbackStatuses.fromProto(request.status),
    };
    const { rows, total } = await this.feedback.pageOfAll(filter, paging.offset, paging.pageSize);
    return {
      items: rows.map((row) => toFeedback(row, { staff: true })),
      total,
      page: paging.page,
      pageSize: paging.pageSize,
    };
  }

  async get(id: string): Promise<Feedback> {
    const row = isUuid(id ?? '') ? await this.feedback.findById(id) : undefined;
    if (!row) throw new AppError('NotFound');
    return toFeedback(row, { staff: true });
  }

  /** Writes staff's answer (a second one replaces the first) and mails it to the sender once it is committed. */
  async answer(id: string, answer: string, staff: string): Promise<Feedback> {
    if (!isUuid(id ?? '')) throw new AppError('NotFound');
    const text = normalizeFeedbackText(answer ?? '');
    if (!text || codePointLength(text) > FEEDBACK_ANSWER_MAX) {
      const code = text ? 'InvalidMessage' : 'NullOrEmpty';
      throw new AppError(code, { details: [{ field: 'answer', code }] });
    }
    const by = (staff ?? '').trim().slice(0, STAFF_NAME_MAX);
    const now = this.clock.now();
    const row = await this.transactions.run(async (tx) => {
      const found = await this.feedback.lockById(id, tx);
      if (!found) throw new AppError('NotFound');
      if (found.status === 'closed') throw new AppError('OperationFailed');
      await this.feedback.answer(id, text, by, now, tx);
      return (await this.feedback.findById(id, tx))!;
    });
    const recipient = row.userId ? await this.profiles.findById(row.userId) : undefined;
    const to = recipient?.email ?? row.email;
    if (to) {
      await this.mails.sendAnswer(to, recipient?.lang ?? row.lang, {
        title: row.title,
        answer: text,
        toUser: !!recipient,
      });
    }
    return toFeedback(row, { staff: true });
  }

  /** Closes feedback; closing a closed one answers it as it is. */
  async close(id: string, staff: string): Promise<Feedback> {
    if (!isUuid(id ?? '')) throw new AppError('NotFound');
    const by = (staff ?? '').trim().slice(0, STAFF_NAME_MAX);
    const now = this.clock.now();
    const row = await this.transactions.run(async (tx) => {
      const found = await this.feedback.lockById(id, tx);
      if (!found) throw new AppError('NotFound');
      if (found.status !== 'closed') await this.feedback.close(id, by, now, tx);
      return (await this.feedback.findById(id, tx))!;
    });
    return toFeedback(row, { staff: true });
  }
}

/** The proto shape; a user's own view leaves out who on staff answered. The sender's address is never in it. */
export function toFeedback(row: FeedbackWithSender, { staff }: { staff: boolean }): Feedback {
  return {
    id: row.id,
    type: feedbackTypes.toProto(row.type),
    title: row.title,
    description: row.description,
    status: feedbackStatuses.toProto(row.status),
    createdAtMs: row.createdAt.getTime(),
    answer: row.answer ?? '',
    answeredAtMs: row.answeredAt?.getTime() ?? 0,
    closedAtMs: row.closedAt?.getTime() ?? 0,
    uid: row.userId ?? '',
    username: row.username ?? '',
    lang: languages.toProto(row.lang),
    answeredBy: staff ? (row.answeredBy ?? '') : '',
  };
}
