// The mail of a notification, in the recipient's language (az, en, ru). Every value from users is escaped.
import {
  DEFAULT_LANG,
  formatManat,
  isLang,
  isNotificationType,
  keyOfType,
  PAYOUT_STATES,
  type Lang,
  type PayoutState,
} from '@pencraft/rules';
import type { NotificationView } from '../notifications/notification.repository.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

type Decision = 'approved' | 'rejected' | 'revisionRequested';

interface Words {
  greeting: string;
  signature: string;
  open: string;
  someone: string;
  untitled: string;
  note: string;
  settings: string;
  /** The invitation's link: where it is accepted or declined. */
  answer: string;
  subject: (what: string) => string;
  lines: {
    0: (actor: string, title: string) => string;
    1: (actor: string, title: string) => string;
    2: Record<Decision, (title: string) => string>;
    3: (actor: string, title: string, language: string) => string;
    4: Record<Decision, (title: string) => string>;
    50: (actor: string) => string;
    51: (actor: string, title: string) => string;
    52: Record<'approved' | 'rejected', (title: string) => string>;
    /** A failed payment: the publication's name when the event gave it, the amount in AZN when known. */
    301: (publication: string | undefined, amount: string | undefined) => string;
    /** How long the access of a subscription whose payment failed lasts. */
    '301_until': (date: string) => string;
    400: (actor: string, publication: string) => string;
    /** A support received: who sent it (undefined when they chose not to be shown) and the amount with ₼. */
    200: (supporter: string | undefined, amount: string) => string;
    /** A payout's new state: the amount with ₼, the card's last four digits and the expected date. */
    201: Record<PayoutState, (amount: string, last4: string, date: string) => string>;
  };
  /** A paid payout's transfer reference; why a payout failed. */
  reference: (reference: string) => string;
  reason: string;
  /** A publication whose name is not known. */
  aPublication: string;
  languages: Record<Lang, string>;
}

const WORDS: Record<Lang, Words> = {
  az: {
    greeting: 'Salam!',
    signature: 'Pencraft komandası',
    open: 'Baxmaq üçün keçidi açın:',
    someone: 'Bir istifadəçi',
    untitled: 'adsız məqalə',
    note: 'Moderatorun qeydi:',
    settings: 'Hansı bildirişlərin e-poçtla gəldiyini tənzimləmələrdə dəyişə bilərsiniz:',
    answer: 'Dəvəti qəbul etmək və ya rədd etmək üçün keçidi açın:',
    subject: (what) => `Pencraft: ${what}`,
    lines: {
      0: (actor, title) => `${actor} “${title}” məqalənizə müsbət səs verdi.`,
      1: (actor, title) => `${actor} “${title}” məqalənizə şərh yazdı.`,
      2: {
        approved: (title) => `“${title}” məqaləniz təsdiqləndi və dərc olundu.`,
        rejected: (title) => `“${title}” məqaləniz rədd edildi.`,
        revisionRequested: (title) => `“${title}” məqaləniz üçün düzəliş istənildi.`,
      },
      3: (actor, title, language) => `${actor} “${title}” məqalənizi ${language} dilinə tərcümə etdi.`,
      4: {
        approved: (title) => `“${title}” tərcüməniz təsdiqləndi və dərc olundu.`,
        rejected: (title) => `“${title}” tərcüməniz rədd edildi.`,
        revisionRequested: (title) => `“${title}” tərcüməniz üçün düzəliş istənildi.`,
      },
      50: (actor) => `${actor} şərhinizə müsbət səs verdi.`,
      51: (actor, title) => `${actor} “${title}” altında şərhinizə cavab yazdı.`,
      52: {
        approved: (title) => `“${title}” altındakı şərhiniz təsdiqləndi və dərc olundu.`,
        rejected: (title) => `“${title}” altındakı şərhiniz rədd edildi.`,
      },
      301: (publication, amount) =>
        `${publication ? `“${publication}” nəşrinə` : 'Nəşrə'} abunəliyinizin ödənişi${amount ? ` (${amount} AZN)` : ''} alınmadı.`,
      '301_until': (date) => `Ödəniş yenidən yoxlanılacaq; girişiniz ${date} tarixinədək qalır.`,
      400: (actor, publication) => `${actor} sizi “${publication}” nəşrinə üzv olmağa dəvət etdi.`,
      200: (supporter, amount) =>
        supporter ? `${supporter} sizə ${amount} dəstək göndərdi.` : `Bir oxucu sizə ${amount} dəstək göndərdi.`,
      201: {
        requested: (amount, last4, date) =>
          `${amount} məbləğində vəsait çıxarma sorğunuz (kart •••• ${last4}) qəbul edildi; gözlənilən tarix: ${date}.`,
        processing: (amount, last4, date) =>
          `${amount} məbləğində vəsait çıxarma sorğunuz (kart •••• ${last4}) icra olunur; gözlənilən tarix: ${date}.`,
        paid: (amount, last4) => `${amount} məbləğində vəsait •••• ${last4} kartınıza ödənildi.`,
        failed: (amount, last4) =>
          `${amount} məbləğində vəsait •••• ${last4} kartınıza ödənilə bilmədi; məbləğ balansınıza qaytarıldı.`,
      },
    },
    reference: (reference) => `Köçürmənin referansı: ${reference}`,
    reason: 'Səbəb:',
    aPublication: 'nəşr',
    languages: { az: 'Azərbaycan', en: 'ingilis', ru: 'rus' },
  },
  en: {
    greeting: 'Hello!',
    signature: 'The Pencraft team',
    open: 'Open this link to see it:',
    someone: 'Someone',
    untitled: 'an untitled article',
    note: "The moderator's note:",
    settings: 'You can choose which notifications come by e-mail in your settings:',
    answer: 'Accept or decline the invitation here:',
    subject: (what) => `Pencraft: ${what}`,
    lines: {
      0: (actor, title) => `${actor} upvoted your article “${title}”.`,
      1: (actor, title) => `${actor} commented on your article “${title}”.`,
      2: {
        approved: (title) => `Your article “${title}” was approved and published.`,
        rejected: (title) => `Your article “${title}” was rejected.`,
        revisionRequested: (title) => `A revision of your article “${title}” was requested.`,
      },
      3: (actor, title, language) => `${actor} translated your article “${title}” into ${language}.`,
      4: {
        approved: (title) => `Your translation “${title}” was approved and published.`,
        rejected: (title) => `Your translation “${title}” was rejected.`,
        revisionRequested: (title) => `A revision of your translation “${title}” was requested.`,
      },
      50: (actor) => `${actor} upvoted your comment.`,
      51: (actor, title) => `${actor} replied to your comment on “${title}”.`,
      52: {
        approved: (title) => `Your comment on “${title}” was approved and published.`,
        rejected: (title) => `Your comment on “${title}” was rejected.`,
      },
      301: (publication, amount) =>
        `The payment${amount ? ` of ${amount} AZN` : ''} for your subscription to ${publication ? `“${publication}”` : 'a publication'} failed.`,
      '301_until': (date) => `The payment will be tried again; your access lasts until ${date}.`,
      400: (actor, publication) => `${actor} invited you to join the publication “${publication}”.`,
      200: (supporter, amount) =>
        supporter ? `${supporter} supported you with ${amount}.` : `A reader supported you with ${amount}.`,
      201: {
        requested: (amount, last4, date) =>
          `Your payout of ${amount} to the card ending ${last4} was requested; expect it by ${date}.`,
        processing: (amount, last4, date) =>
          `Your payout of ${amount} to the card ending ${last4} is being processed; expect it by ${date}.`,
        paid: (amount, last4) => `Your payout of ${amount} to the card ending ${last4} was paid.`,
        failed: (amount, last4) =>
          `Your payout of ${amount} to the card ending ${last4} failed; the money is back in your balance.`,
      },
    },
    reference: (reference) => `The transfer's reference: ${reference}`,
    reason: 'The reason:',
    aPublication: 'a publication',
    languages: { az: 'Azerbaijani', en: 'English', ru: 'Russian' },
  },
  ru: {
    greeting: 'Здравствуйте!',
    signature: 'Команда Pencraft',
    open: 'Откройте ссылку, чтобы посмотреть:',
    someone: 'Пользователь',
    untitled: 'статья без названия',
    note: 'Комментарий модератора:',
    settings: 'Выбрать, какие уведомления приходят на почту, можно в настройках:',
    answer: 'Принять или отклонить приглашение можно по ссылке:',
    subject: (what) => `Pencraft: ${what}`,
    lines: {
      0: (actor, title) => `${actor} проголосовал(а) за вашу статью «${title}».`,
      1: (actor, title) => `${actor} прокомментировал(а) вашу статью «${title}».`,
      2: {
        approved: (title) => `Ваша статья «${title}» одобрена и опубликована.`,
        rejected: (title) => `Ваша статья «${title}» отклонена.`,
        revisionRequested: (title) => `Вашу статью «${title}» просят доработать.`,
      },
      3: (actor, title, language) => `${actor} перевел(а) вашу статью «${title}» на ${language} язык.`,
      4: {
        approved: (title) => `Ваш перевод «${title}» одобрен и опубликован.`,
        rejected: (title) => `Ваш перевод «${title}» отклонён.`,
        revisionRequested: (title) => `Ваш перевод «${title}» просят доработать.`,
      },
      50: (actor) => `${actor} проголосовал(а) за ваш комментарий.`,
      51: (actor, title) => `${actor} ответил(а) на ваш комментарий к «${title}».`,
      52: {
        approved: (title) => `Ваш комментарий к «${title}» одобрен и опубликован.`,
        rejected: (title) => `Ваш комментарий к «${title}» отклонён.`,
      },
      301: (publication, amount) =>
        `Не удалось списать оплату${amount ? ` (${amount} AZN)` : ''} за вашу подписку на ${publication ? `публикацию «${publication}»` : 'публикацию'}.`,
      '301_until': (date) => `Оплата будет повторена; доступ сохраняется до ${date}.`,
      400: (actor, publication) => `${actor} пригласил(а) вас в публикацию «${publication}».`,
      200: (supporter, amount) =>
        supporter ? `${supporter} поддержал(а) вас на ${amount}.` : `Читатель поддержал вас на ${amount}.`,
      201: {
        requested: (amount, last4, date) =>
          `Запрос на выплату ${amount} на карту •••• ${last4} принят; ожидаемая дата: ${date}.`,
        processing: (amount, last4, date) =>
          `Выплата ${amount} на карту •••• ${last4} обрабатывается; ожидаемая дата: ${date}.`,
        paid: (amount, last4) => `Выплата ${amount} на карту •••• ${last4} выполнена.`,
        failed: (amount, last4) =>
          `Выплата ${amount} на карту •••• ${last4} не удалась; сумма возвращена на ваш баланс.`,
      },
    },
    reference: (reference) => `Номер перевода: ${reference}`,
    reason: 'Причина:',
    aPublication: 'публикация',
    languages: { az: 'азербайджанский', en: 'английский', ru: 'русский' },
  },
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const decisionOf = (value: string | undefined): Decision =>
  value === 'rejected' || value === 'revisionRequested' ? value : 'approved';

/** An amount a notification keeps in integer qəpik (data.amountQepik), in the language's format with ₼. */
function amountOf(data: Record<string, string>, lang: Lang): string | undefined {
  const qepik = /^[0-9]{1,15}$/.test(data.amountQepik ?? '') ? Number(data.amountQepik) : NaN;
  return Number.isSafeInteger(qepik) ? formatManat(qepik, lang) : undefined;
}

/** A calendar day (YYYY-MM-DD) in the language's long format. */
function dayOf(day: string | undefined, lang: Lang): string {
  const at = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return Number.isFinite(at) ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(at) : '';
}

const payoutStateOf = (value: string | undefined): PayoutState | undefined =>
  (PAYOUT_STATES as readonly string[]).includes(value ?? '') ? (value as PayoutState) : undefined;

/** The sentence of a notification, or undefined for a type that is never mailed. */
export function notificationLine(notification: NotificationView, lang: string): string | undefined {
  const l = isLang(lang) ? lang : DEFAULT_LANG;
  const w = WORDS[l];
  const actor = notification.actor?.fullname || notification.actor?.username || w.someone;
  const title = notification.title || w.untitled;
  const data = notification.data;
  switch (notification.type) {
    case 0:
      return w.lines[0](actor, title);
    case 1:
      return w.lines[1](actor, title);
    case 2:
      return w.lines[2][decisionOf(data.decision)](title);
    case 3:
      return w.lines[3](
        actor,
        title,
        isLang(data.language ?? '') ? w.languages[data.language as Lang] : (data.language ?? ''),
      );
    case 4:
      return w.lines[4][decisionOf(data.decision)](title);
    case 50:
      return w.lines[50](actor);
    case 51:
      return w.lines[51](actor, title);
    case 52:
      return w.lines[52][data.decision === 'rejected' ? 'rejected' : 'approved'](title);
    case 301:
      return w.lines[301](data.publication || undefined, data.amount || undefined);
    case 400:
      return w.lines[400](actor, data.publication || w.aPublication);
    case 200: {
      const amount = amountOf(data, l);
      const supporter = notification.actor ? actor : undefined;
      return amount ? w.lines[200](supporter, amount) : undefined;
    }
    case 201: {
      const amount = amountOf(data, l);
      const state = payoutStateOf(data.state);
      return amount && state
        ? w.lines[201][state](amount, data.cardLast4 ?? '', dayOf(data.expectedDate, l))
        : undefined;
    }
    default:
      return undefined;
  }
}

/** Where the notification leads on the site. */
export function notificationLink(notification: NotificationView, origin: string): string {
  // The settings page of publications answers invitations and lists one's subscriptions.
  if (notification.type === 400 || notification.type === 301) return `${origin}/settings/publication`;
  // The settings' support pages: the supporters received, and the payouts.
  if (notification.type === 200) return `${origin}/settings/support-supporters`;
  if (notification.type === 201) return `${origin}/settings/support-payouts`;
  if (notification.type === 2 || notification.type === 4) {
    return notification.data.decision === 'approved' && notification.articleId
      ? `${origin}/a/${notification.articleId}`
      : `${origin}/me/review`;
  }
  if (notification.articleId) {
    const anchor = notification.commentId ? `#comment-${notification.commentId}` : '';
    return `${origin}/a/${notification.articleId}${anchor}`;
  }
  return `${origin}/notifications`;
}

/** The sentence saying until when a subscription whose payment failed keeps its access, or undefined. */
function untilLine(periodEnd: string | undefined, lang: Lang): string | undefined {
  const at = periodEnd ? Date.parse(periodEnd) : NaN;
  if (!Number.isFinite(at)) return undefined;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Baku' }).format(at);
  return WORDS[lang].lines['301_until'](date);
}

export function notificationMail(
  notification: NotificationView,
  lang: string,
  origin: string,
): MailContent | undefined {
  const l = isLang(lang) ? lang : DEFAULT_LANG;
  const w = WORDS[l];
  const line = notificationLine(notification, l);
  if (!line) return undefined;
  const link = notificationLink(notification, origin);
  const settings = `${origin}/settings/notifications`;
  const note = notification.data.note;
  const until =
    notification.type === 301
      ? untilLine(notification.data.periodEnd, l)
      : notification.type === 201 && notification.data.reference
        ? w.reference(notification.data.reference)
        : undefined;
  // Why a payout failed, in staff's words.
  const reason = notification.type === 201 ? notification.data.failureNote : undefined;
  const open = notification.type === 400 ? w.answer : w.open;
  // An always-on type mailed whatever the switches say (an invitation, a failed payment) has no setting to point at.
  const switchable = isNotificationType(notification.type) && keyOfType(notification.type) !== undefined;
  const excerpt = notification.type === 1 || notification.type === 51 ? notification.excerpt : null;
  const text = [
    w.greeting,
    '',
    line,
    ...(excerpt ? ['', `“${excerpt}”`] : []),
    ...(until ? [until] : []),
    ...(note ? ['', w.note, note] : []),
    ...(reason ? ['', w.reason, reason] : []),
    '',
    open,
    link,
    ...(switchable ? ['', w.settings, settings] : []),
    '',
    w.signature,
  ].join('\n');
  const html =
    `<!doctype html><html lang="${l}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(w.greeting)}</p><p>${escapeHtml(line)}${until ? `<br>${escapeHtml(until)}` : ''}</p>` +
    (excerpt ? `<blockquote>${escapeHtml(excerpt)}</blockquote>` : '') +
    (note ? `<p>${escapeHtml(w.note)}<br>${escapeHtml(note)}</p>` : '') +
    (reason ? `<p>${escapeHtml(w.reason)}<br>${escapeHtml(reason)}</p>` : '') +
    `<p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    (switchable
      ? `<p><small>${escapeHtml(w.settings)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></small></p>`
      : '') +
    `<p>${escapeHtml(w.signature)}</p></body></html>`;
  return { subject: w.subject(line.length > 120 ? `${line.slice(0, 117)}…` : line), text, html };
}
