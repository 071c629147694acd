// The mail of a notification, in the recipient's language (az, en, ru). Every value from users is escaped.
import { DEFAULT_LANG, isLang, type Lang } from '@pencraft/rules';
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
  };
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
    },
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
    },
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
    },
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

/** The sentence of a notification, or undefined for a type that is never mailed. */
export function notificationLine(notification: NotificationView, lang: string): string | undefined {
  const w = WORDS[isLang(lang) ? lang : DEFAULT_LANG];
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
    default:
      return undefined;
  }
}

/** Where the notification leads on the site. */
export function notificationLink(notification: NotificationView, origin: string): string {
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
  const excerpt = notification.type === 1 || notification.type === 51 ? notification.excerpt : null;
  const text = [
    w.greeting,
    '',
    line,
    ...(excerpt ? ['', `“${excerpt}”`] : []),
    ...(note ? ['', w.note, note] : []),
    '',
    w.open,
    link,
    '',
    w.settings,
    settings,
    '',
    w.signature,
  ].join('\n');
  const html =
    `<!doctype html><html lang="${l}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(w.greeting)}</p><p>${escapeHtml(line)}</p>` +
    (excerpt ? `<blockquote>${escapeHtml(excerpt)}</blockquote>` : '') +
    (note ? `<p>${escapeHtml(w.note)}<br>${escapeHtml(note)}</p>` : '') +
    `<p>${escapeHtml(w.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    `<p><small>${escapeHtml(w.settings)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></small></p>` +
    `<p>${escapeHtml(w.signature)}</p></body></html>`;
  return { subject: w.subject(line.length > 120 ? `${line.slice(0, 117)}…` : line), text, html };
}
