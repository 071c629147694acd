import { defineRoute } from '../http/route.js';
import {
  FEEDBACK_LIMIT_NOTE,
  FeedbackAnswerBody,
  FeedbackBody,
  FeedbackIdParams,
  FeedbackJson,
  FeedbackLogPage,
  FeedbackLogQuery,
  StaffFeedbackJson,
  StaffFeedbackPage,
  StaffFeedbackQuery,
} from './feedback.dto.js';

const TAG = 'feedback';

export const sendFeedbackRoute = defineRoute({
  operationId: 'sendFeedback',
  method: 'POST',
  path: '/api/feedback',
  tag: TAG,
  summary:
    'Send feedback (SPEC.md section 3: subject, type, description) with a solved captcha. A signed-in user sends it ' +
    'from their account (it shows in GET /api/ttin/logs/fdb); a visitor gives an address for the answer. Every bad ' +
    'field is named in details with its code: NullOrEmpty (missing), InvalidTitle (subject too long), ' +
    'InvalidDescription (description shorter than 20 or longer than 1000 characters), InvalidEmail. ' +
    `${FEEDBACK_LIMIT_NOTE}.`,
  body: FeedbackBody,
  response: FeedbackJson,
  status: 201,
  auth: 'optional',
  captcha: 'always',
  fieldCodes: { title: 'InvalidTitle', description: 'InvalidDescription', email: 'InvalidEmail', type: 'InvalidModel' },
  errors: ['NullOrEmpty', 'InvalidTitle', 'InvalidDescription', 'InvalidEmail', 'Flood'],
});

export const feedbackLogRoute = defineRoute({
  operationId: 'listMyFeedback',
  method: 'GET',
  path: '/api/ttin/logs/fdb',
  tag: TAG,
  summary: "The signed-in user's feedback log: their own feedback, newest first, with its status and staff's answer",
  query: FeedbackLogQuery,
  response: FeedbackLogPage,
  auth: 'required',
  whileBanned: true,
  fieldCodes: { page: 'InvalidPage' },
  errors: ['InvalidPage'],
});

// --- staff: the feedback console (Keycloak role moderator, or admin) -------------------------------------------------

export const staffFeedbackListRoute = defineRoute({
  operationId: 'listStaffFeedback',
  method: 'GET',
  path: '/api/staff/feedback',
  tag: TAG,
  summary: 'All feedback, newest first, optionally of one type and one status, 20 a page (staff: moderator)',
  query: StaffFeedbackQuery,
  response: StaffFeedbackPage,
  auth: 'staff',
  staffRole: 'moderator',
  fieldCodes: { page: 'InvalidPage' },
  errors: ['InvalidPage'],
});

export const staffFeedbackRoute = defineRoute({
  operationId: 'getStaffFeedback',
  method: 'GET',
  path: '/api/staff/feedback/:id',
  tag: TAG,
  summary: 'One feedback with its sender (null for a visitor) and its answer (staff: moderator)',
  params: FeedbackIdParams,
  response: StaffFeedbackJson,
  auth: 'staff',
  staffRole: 'moderator',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const staffFeedbackAnswerRoute = defineRoute({
  operationId: 'answerStaffFeedback',
  method: 'POST',
  path: '/api/staff/feedback/:id/answer',
  tag: TAG,
  summary:
    "Answer feedback (status answered; another answer replaces it): shown in the sender's feedback log and mailed " +
    'to them in their language. Closed feedback is OperationFailed (staff: moderator)',
  params: FeedbackIdParams,
  body: FeedbackAnswerBody,
  response: StaffFeedbackJson,
  auth: 'staff',
  staffRole: 'moderator',
  fieldCodes: { id: 'NotFound', answer: 'InvalidMessage' },
  errors: ['NotFound', 'NullOrEmpty', 'InvalidMessage', 'OperationFailed'],
});

export const staffFeedbackCloseRoute = defineRoute({
  operationId: 'closeStaffFeedback',
  method: 'POST',
  path: '/api/staff/feedback/:id/close',
  tag: TAG,
  summary: 'Close feedback (idempotent): nothing more will happen to it (staff: moderator)',
  params: FeedbackIdParams,
  response: StaffFeedbackJson,
  auth: 'staff',
  staffRole: 'moderator',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});
