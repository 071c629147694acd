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

  const invitation: NotificationView = {
    ...base,
    type: 400,
    actorUid: 'u-owner',
    actor: { username: 'leyla', fullname: 'Leyla <Əliyeva>', imageUrl: null },
    articleId: null,
    title: null,
    data: { publicationId: 'p-1', publication: 'Bakı & Qeydlər' },
  };

  it.each([
    ['az', 'sizi “Bakı & Qeydlər” nəşrinə üzv olmağa dəvət etdi', 'qəbul etmək'],
    ['en', 'invited you to join the publication “Bakı & Qeydlər”', 'Accept or decline'],
    ['ru', 'пригласил(а) вас в публикацию «Bakı & Qeydlər»', 'Принять или отклонить'],
  ])(
    'writes a publication invitation in %s, naming the owner and linking where it is answered',
    (lang, line, answer) => {
      const mail = notificationMail(invitation, lang, 'https://pencraft.az')!;
      expect(mail.subject).toContain(line);
      expect(mail.text).toContain(`Leyla <Əliyeva> ${line}`);
      expect(mail.text).toContain(answer);
      expect(mail.text).toContain('https://pencraft.az/settings/publication');
      // No switch governs it, so the mail points at none.
      expect(mail.text).not.toContain('/settings/notifications');
      expect(mail.html).toContain('Leyla &lt;Əliyeva&gt;');
      expect(mail.html).toContain('Bakı &amp; Qeydlər');
      expect(mail.html).not.toContain('<Əliyeva>');
    },
  );

  it('names an unknown inviter and publication generically', () => {
    const mail = notificationMail({ ...invitation, actor: null, data: {} }, 'en', 'https://pencraft.az')!;
    expect(mail.text).toContain('Someone invited you to join the publication “a publication”.');
  });

  it.each([
    ['az', 'ödənişi (5.50 AZN) alınmadı', '26 dekabr 2026'],
    ['en', 'The payment of 5.50 AZN for your subscription to a publication failed.', 'December 26, 2026'],
    ['ru', 'Не удалось списать оплату (5.50 AZN)', '26 декабря 2026'],
  ])('writes a failed payment in %s with the amount and until when the access lasts', (lang, line, date) => {
    const mail = notificationMail(
      {
        ...base,
        type: 301,
        articleId: null,
        title: null,
        data: { publicationId: 'p-1', amount: '5.50', periodEnd: '2026-12-26T12:00:00.000Z' },
      },
      lang,
      'https://pencraft.az',
    )!;
    expect(mail.subject).toContain(line);
    expect(mail.text).toContain(date);
    expect(mail.text).toContain('https://pencraft.az/settings/publication');
  });

  it('names the publication of a failed payment when the event gave it', () => {
    const mail = notificationMail(
      { ...base, type: 301, articleId: null, data: { publicationId: 'p-1', publication: 'Bakı Qeydləri' } },
      'ru',
      'https://pencraft.az',
    )!;
    expect(mail.text).toContain('Не удалось списать оплату за вашу подписку на публикацию «Bakı Qeydləri».');
  });

  it('does not mail a new subscriber (300): the owner sees it in the app', () => {
    expect(notificationMail({ ...base, type: 300, data: {} }, 'en', 'https://pencraft.az')).toBeUndefined();
  });

  const supported: NotificationView = {
    ...base,
    type: 200,
    actorUid: 'u-reader',
    actor: { username: 'rauf', fullname: 'Rauf <Həsənov>', imageUrl: null },
    articleId: 'a-1',
    title: null,
    data: { supportId: 's-1', amountQepik: '1050', amount: '10.50' },
  };

  it.each([
    ['az', 'Rauf <Həsənov> sizə 10,50 ₼ dəstək göndərdi.', 'Bir oxucu sizə 10,50 ₼ dəstək göndərdi.'],
    ['en', 'Rauf <Həsənov> supported you with ₼10.50.', 'A reader supported you with ₼10.50.'],
    ['ru', 'Rauf <Həsənov> поддержал(а) вас на 10,50 ₼.', 'Читатель поддержал вас на 10,50 ₼.'],
  ])(
    'writes a support received in %s with the amount in manats, the supporter only when shown',
    (lang, line, anonymous) => {
      const mail = notificationMail(supported, lang, 'https://pencraft.az')!;
      expect(mail.text.replaceAll('\u00a0', ' ')).toContain(line);
      expect(mail.text).toContain('https://pencraft.az/settings/support-supporters');
      expect(mail.text).not.toContain('/settings/notifications');
      expect(mail.html).toContain('Rauf &lt;Həsənov&gt;');
      const hidden = notificationMail({ ...supported, actorUid: null, actor: null }, lang, 'https://pencraft.az')!;
      expect(hidden.subject.replaceAll('\u00a0', ' ')).toContain(anonymous);
    },
  );

  const payout = (data: Record<string, string>): NotificationView => ({
    ...base,
    type: 201,
    articleId: null,
    title: null,
    data: {
      payoutId: 'p-1',
      amountQepik: '2500',
      amount: '25.00',
      cardLast4: '5556',
      expectedDate: '2026-12-03',
      ...data,
    },
  });

  it.each([
    ['az', 'requested', 'qəbul edildi', '3 dekabr 2026'],
    ['en', 'requested', 'was requested; expect it by December 3, 2026', ''],
    ['ru', 'processing', 'обрабатывается; ожидаемая дата: 3 декабря 2026', ''],
    ['en', 'paid', 'Your payout of ₼25.00 to the card ending 5556 was paid.', ''],
    ['az', 'failed', 'məbləğ balansınıza qaytarıldı', ''],
  ])('writes a payout update in %s (%s) with the amount, the card and the date', (lang, state, line, date) => {
    const mail = notificationMail(payout({ state }), lang, 'https://pencraft.az')!;
    const text = mail.text.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
    expect(text).toContain(line);
    if (date) expect(text).toContain(date);
    expect(text).toContain('https://pencraft.az/settings/support-payouts');
  });

  it("adds a paid payout's reference and a failed one's reason, escaped", () => {
    const paid = notificationMail(payout({ state: 'paid', reference: 'TRX-<1>' }), 'en', 'https://pencraft.az')!;
    expect(paid.text).toContain("The transfer's reference: TRX-<1>");
    expect(paid.html).toContain('TRX-&lt;1&gt;');
    const failed = notificationMail(
      payout({ state: 'failed', failureNote: 'Kart bağlıdır' }),
      'az',
      'https://pencraft.az',
    )!;
    expect(failed.text).toContain('Səbəb:\nKart bağlıdır');
  });

  it('mails no support or payout without a whole amount or a known state', () => {
    expect(
      notificationMail({ ...supported, data: { amountQepik: '10.5' } }, 'en', 'https://pencraft.az'),
    ).toBeUndefined();
    expect(notificationMail(payout({ state: 'lost' }), 'en', 'https://pencraft.az')).toBeUndefined();
  });
});
