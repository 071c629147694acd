import { describe, expect, it } from '@jest/globals';
import type { NotificationView } from '../notifications/notification.repository.js';
import { notificationMail } from './notification-mails.js';

const base: NotificationView = {
  id: 1,
  uid: 'u-1',
  type: 2,
  actorUid: null,
  actor: null,
  articleId: 'a-1',
  commentId: null,
  title: 'My <b>article</b>',
  excerpt: null,
  data: { decision: 'rejected', note: 'Too short & vague' },
  readAt: null,
  createdAt: new Date('2026-11-26T10:00:00Z'),
};

describe('notification mails', () => {
  it.each([
    ['az', 'rədd edildi'],
    ['en', 'was rejected'],
    ['ru', 'отклонена'],
  ])('writes a review outcome in %s with the note, escaping user text in HTML', (lang, words) => {
    const mail = notificationMail(base, lang, 'https://pencraft.az')!;
    expect(mail.subject).toContain(words);
    expect(mail.text).toContain('Too short & vague');
    expect(mail.text).toContain('https://pencraft.az/me/review');
    expect(mail.html).toContain('My &lt;b&gt;article&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>article');
  });

  it('links a comment reply to the comment and names the actor', () => {
    const mail = notificationMail(
      {
        ...base,
        type: 51,
        commentId: 'c-1',
        actorUid: 'u-2',
        actor: { username: 'v', fullname: 'Vüsal', imageUrl: null },
        excerpt: 'Nice',
        data: {},
      },
      'en',
      'https://pencraft.az',
    )!;
    expect(mail.text).toContain('Vüsal replied to your comment');
    expect(mail.text).toContain('https://pencraft.az/a/a-1#comment-c-1');
  });

  it('never mails the always-on types', () => {
    expect(notificationMail({ ...base, type: 100 }, 'az', 'https://pencraft.az')).toBeUndefined();
  });
});
