// The staff console's feedback page in English, the reference: az and ru have exactly these keys (checked by the
// types and feedback.locales.spec.ts). The namespace `staffFeedback` is loaded with that page only.
const en = {
  intro:
    'Feedback from users and visitors, newest first. An answer is shown in the user’s feedback log and mailed to the sender in their language.',
  filters: 'Filter feedback',
  type: 'Type',
  status: 'Status',
  allTypes: 'Every type',
  allStatuses: 'Every status',
  types: { enhancement: 'Improvement', question: 'Question', bug: 'Bug' },
  statuses: { new: 'New', answered: 'Answered', closed: 'Closed' },
  items: 'Feedback',
  empty: 'No feedback here.',
  from: 'From {{username}}',
  visitor: 'From a visitor',
  sent: 'Sent {{date}}',
  answerBy: 'Answer by {{staff}}',
  answerLabel: 'Answer',
  answerHint: 'Up to {{max}} characters; mailed to the sender.',
  answerRequired: 'Write the answer first.',
  send: 'Send the answer',
  close: 'Close',
  answered: 'The answer to “{{title}}” was sent.',
  closedDone: '“{{title}}” is closed.',
};

export type StaffFeedbackCatalogue = typeof en;
export default en;
