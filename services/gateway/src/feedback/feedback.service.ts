import { Inject, Injectable } from '@nestjs/common';
import { Language } from '@pencraft/contracts/common/v1/common';
import { languages } from '@pencraft/contracts/enums';
import { feedbackStatuses, feedbackTypes } from '@pencraft/contracts/enums/identity';
import { FeedbackStatus, FeedbackType } from '@pencraft/contracts/identity/v1/feedback';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { Lang } from '@pencraft/rules';
import type { z } from 'zod';
import type { StaffIdentity } from '../staff/current-staff.js';
import { toFeedbackJson, toStaffFeedbackJson, type FeedbackBody, type StaffFeedbackQuery } from './feedback.dto.js';
import { FEEDBACK, type FeedbackClient } from './feedback.upstream.js';

/** Feedback over identity's FeedbackService: the sender from the session (or none: a visitor), staff from the token. */
@Injectable()
export class FeedbackService {
  constructor(@Inject(FEEDBACK) private readonly feedback: FeedbackClient) {}

  async send(user: UserSummary | undefined, body: z.output<typeof FeedbackBody>, lang: Lang) {
    const { feedback } = await this.feedback.sendFeedback({
      uid: user?.uid ?? '',
      email: user ? '' : (body.email ?? ''),
      title: body.title,
      type: body.type ? feedbackTypes.toProto(body.type) : FeedbackType.FEEDBACK_TYPE_UNSPECIFIED,
      description: body.description,
      lang: user ? Language.LANGUAGE_UNSPECIFIED : languages.toProto(lang),
    });
    return toFeedbackJson(feedback!);
  }

  async log(user: UserSummary, page: number) {
    const answer = await this.feedback.listMyFeedback({ uid: user.uid, page });
    return {
      items: answer.items.map(toFeedbackJson),
      page: answer.page,
      pageSize: answer.pageSize,
      total: answer.total,
    };
  }

  async staffList(query: z.output<typeof StaffFeedbackQuery>) {
    const answer = await this.feedback.listFeedback({
      type: query.type ? feedbackTypes.toProto(query.type) : FeedbackType.FEEDBACK_TYPE_UNSPECIFIED,
      status: query.status ? feedbackStatuses.toProto(query.status) : FeedbackStatus.FEEDBACK_STATUS_UNSPECIFIED,
      page: query.page,
    });
    return {
      items: answer.items.map(toStaffFeedbackJson),
      page: answer.page,
      pageSize: answer.pageSize,
      total: answer.total,
    };
  }

  async staffGet(id: string) {
    return toStaffFeedbackJson((await this.feedback.getFeedback({ id })).feedback!);
  }

  async staffAnswer(staff: StaffIdentity, id: string, answer: string) {
    return toStaffFeedbackJson((await this.feedback.answerFeedback({ id, answer, staff: staff.username })).feedback!);
  }

  async staffClose(staff: StaffIdentity, id: string) {
    return toStaffFeedbackJson((await this.feedback.closeFeedback({ id, staff: staff.username })).feedback!);
  }
}
