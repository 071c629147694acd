// The feedback log's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// feedback.locales.spec.ts). The namespace `settingsFeedback` is loaded with that page only.
const en = {
  title: 'My feedback',
  text: 'The feedback you sent while signed in, newest first, with its status and our answer.',
  send: 'Send feedback',
  empty: 'You have not sent any feedback yet.',
  sent: 'Sent',
  type: 'Type',
  status: 'Status',
  types: { enhancement: 'Improvement', question: 'Question', bug: 'Bug' },
  statuses: { new: 'New', answered: 'Answered', closed: 'Closed' },
  answer: 'Our answer',
  answeredAt: 'Answered {{date}}',
  pages: 'Pages of your feedback',
  newer: 'Newer',
  older: 'Older',
  page: 'Page {{page}}',
};

export type SettingsFeedbackCatalogue = typeof en;
export default en;
