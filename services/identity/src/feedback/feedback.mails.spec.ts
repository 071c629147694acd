import { describe, expect, it } from '@jest/globals';
import { feedbackAnswerMail } from './feedback.mails.js';

describe('the feedback answer mail', () => {
  it('is written in the sender’s language, with the answer and, for a user, the log’s link', () => {
    const subjects = new Set<string>();
    for (const lang of ['az', 'en', 'ru']) {
      const mail = feedbackAnswerMail(lang, {
        title: 'Dark theme',
        answer: 'Fixed.',
        logUrl: 'http://x/settings/feedback',
      });
      subjects.add(mail.subject);
      expect(mail.subject).toContain('Dark theme');
      expect(mail.text).toContain('Fixed.');
      expect(mail.text).toContain('http://x/settings/feedback');
      expect(mail.html).toContain(`lang="${lang}"`);
    }
    expect(subjects.size).toBe(3);
    expect(feedbackAnswerMail('az', { title: 't', answer: 'a' }).subject).toBe('Rəyinizə cavab: t');
  });

  it('escapes what users and staff wrote and leaves out the link for a visitor', () => {
    const mail = feedbackAnswerMail('de', { title: '<b>x</b>', answer: 'one\n<script>two</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('one<br>&lt;script&gt;');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.text).not.toContain('http');
    expect(mail.html).toContain('lang="az"');
  });
});
