import { languages } from '@pencraft/contracts/enums';
import { feedbackStatuses, feedbackTypes } from '@pencraft/contracts/enums/identity';
import type * as pb from '@pencraft/contracts/identity/v1/feedback';
import {
  EMAIL_MAX,
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_DESCRIPTION_MIN,
  FEEDBACK_PER_WINDOW,
  FEEDBACK_STATUSES,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPES,
  FEEDBACK_WINDOW_MS,
  LANGS,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';

// Feedback over HTTP (SPEC.md sections 3, 5 and 7). The gateway bounds the sizes only: identity checks every field
// with the rules the form uses (checkFeedback) and names each broken one, so browser and server refuse alike.

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number) => (ms > 0 ? iso(ms) : null);

/** Far above the rules' limits: a longer value is refused here with the field's code (too long), unread. */
const TITLE_BOUND = 4 * FEEDBACK_TITLE_MAX;
const DESCRIPTION_BOUND = 4 * FEEDBACK_DESCRIPTION_MAX;

const FeedbackType = z.enum(FEEDBACK_TYPES);
const FeedbackStatus = z.enum(FEEDBACK_STATUSES);

// --- input ---------------------------------------------------------------------------------------------------------

export const FeedbackBody = z
  .object({
    title: text({ max: TITLE_BOUND })
      .optional()
      .default('')
      .meta({
        description: `The subject, required, at most ${FEEDBACK_TITLE_MAX} characters (NullOrEmpty, InvalidTitle)`,
      }),
    type: z
      .union([FeedbackType, z.literal('')])
      .optional()
      .default('')
      .meta({ description: 'enhancement, question or bug; required (NullOrEmpty)' }),
    description: text({ max: DESCRIPTION_BOUND })
      .optional()
      .default('')
      .meta({
        description:
          `Required (NullOrEmpty), ${FEEDBACK_DESCRIPTION_MIN} to ${FEEDBACK_DESCRIPTION_MAX} characters after ` +
          'trimming (InvalidDescription); line breaks are kept',
      }),
    email: text({ max: EMAIL_MAX })
      .optional()
      .meta({
        description:
          "A visitor's address for the answer: required without a session (NullOrEmpty, InvalidEmail); ignored with " +
          "one (a signed-in user is answered at the account's address)",
      }),
    lang: z
      .enum(LANGS)
      .optional()
      .meta({
        description:
          "A visitor's language for the answer mail (the page's); absent: the request's Accept-Language. A " +
          "signed-in user is answered in their account's language",
      }),
  })
  .meta({ id: 'FeedbackBody' });

export const FeedbackLogQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .default(1)
    .meta({ description: '1-based page, 20 entries each (InvalidPage)' }),
});

export const StaffFeedbackQuery = FeedbackLogQuery.extend({
  type: FeedbackType.optional().meta({ description: 'Only feedback of this type; absent: every type' }),
  status: FeedbackStatus.optional().meta({ description: 'Only feedback in this status; absent: every status' }),
});

export const FeedbackIdParams = z.object({
  id: z.string().regex(UUID_PATTERN).meta({ description: "The feedback's id" }),
});

export const FeedbackAnswerBody = z
  .object({
    answer: text({ max: FEEDBACK_ANSWER_MAX })
      .optional()
      .default('')
      .meta({
        description: `The answer, 1 to ${FEEDBACK_ANSWER_MAX} characters (NullOrEmpty, InvalidMessage); mailed to the sender`,
      }),
  })
  .meta({ id: 'FeedbackAnswerBody' });

// --- output --------------------------------------------------------------------------------------------------------

export const FeedbackJson = z
  .object({
    id: z.string(),
    type: FeedbackType,
    title: z.string(),
    description: z.string(),
    status: FeedbackStatus.meta({ description: 'new, answered (staff wrote an answer) or closed' }),
    createdAt: z.iso.datetime(),
    answer: z.string().nullable().meta({ description: "Staff's answer, null until answered" }),
    answeredAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Feedback' });

export const FeedbackLogPage = z
  .object({
    items: z.array(FeedbackJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'FeedbackLogPage' });

export const StaffFeedbackJson = FeedbackJson.extend({
  sender: z
    .object({ uid: z.string(), username: z.string() })
    .nullable()
    .meta({ description: "The sender's account; null for a visitor (whose address staff never see)" }),
  lang: z.enum(LANGS).meta({ description: 'The language the sender is answered in' }),
  answeredBy: z.string().nullable().meta({ description: 'The staff member who answered last' }),
}).meta({ id: 'StaffFeedback' });

export const StaffFeedbackPage = z
  .object({
    items: z.array(StaffFeedbackJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'StaffFeedbackPage' });

export const FEEDBACK_LIMIT_NOTE =
  `At most ${FEEDBACK_PER_WINDOW} in ${FEEDBACK_WINDOW_MS / 60_000} minutes from one account or one visitor's ` +
  'address (Flood with Retry-After)';

export function toFeedbackJson(feedback: pb.Feedback): z.output<typeof FeedbackJson> {
  return {
    id: feedback.id,
    type: feedbackTypes.require(feedback.type, 'type'),
    title: feedback.title,
    description: feedback.description,
    status: feedbackStatuses.require(feedback.status, 'status'),
    createdAt: iso(feedback.createdAtMs),
    answer: feedback.answer || null,
    answeredAt: isoOrNull(feedback.answeredAtMs),
    closedAt: isoOrNull(feedback.closedAtMs),
  };
}

export function toStaffFeedbackJson(feedback: pb.Feedback): z.output<typeof StaffFeedbackJson> {
  return {
    ...toFeedbackJson(feedback),
    sender: feedback.uid ? { uid: feedback.uid, username: feedback.username } : null,
    lang: languages.fromProto(feedback.lang) ?? 'az',
    answeredBy: feedback.answeredBy || null,
  };
}
