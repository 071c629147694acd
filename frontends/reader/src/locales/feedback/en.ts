// The feedback form's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// feedback.locales.spec.ts). The rules' messages come from @pencraft/rules, which the server's codes map back to.
import { FEEDBACK_MESSAGES } from '@pencraft/rules';

const en = {
  title: 'Send feedback',
  intro: 'Suggest an improvement, ask a question or report a bug. We read every message and answer on working days.',
  answerToUser: 'We will answer in your feedback log and by e-mail.',
  answerToVisitor: 'We will answer at the e-mail address you give.',
  log: 'My feedback',
  subject: 'Subject',
  type: 'Type',
  typePlaceholder: 'Choose the type',
  types: { enhancement: 'Improvement', question: 'Question', bug: 'Bug' },
  description: 'Description',
  descriptionHint: 'From {{min}} to {{max}} characters.',
  counter: '{{length}} of {{max}} characters',
  email: 'Your e-mail address',
  submit: 'Send',
  captcha: 'Complete the security check first.',
  sent: 'Thank you! Your feedback has been sent.',
  sentToUser: 'Its answer will appear in your feedback log.',
  sentToVisitor: 'We will answer at your e-mail address.',
  another: 'Send more feedback',
  errors: FEEDBACK_MESSAGES.en,
};

export type FeedbackCatalogue = typeof en;
export default en;
