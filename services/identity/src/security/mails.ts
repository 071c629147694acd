import type { Lang } from '@pencraft/rules';

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

function escape(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function paragraphs(lines: string[]) {
  return lines.map((line) => `<p>${line}</p>`).join('\n');
}

const CODE_TEXT: Record<Lang, { subject: string; intro: string; outro: string }> = {
  az: {
    subject: 'Hesabın silinməsi üçün təsdiq kodu',
    intro: 'Hesabınızı silmək üçün bu kodu daxil edin:',
    outro: 'Əgər bunu siz tələb etməmisinizsə, bu məktubu nəzərə almayın və şifrənizi dəyişin.',
  },
  en: {
    subject: 'Your account deletion code',
    intro: 'Enter this code to delete your account:',
    outro: 'If you did not ask for this, ignore this mail and change your password.',
  },
  ru: {
    subject: 'Код подтверждения удаления аккаунта',
    intro: 'Введите этот код, чтобы удалить аккаунт:',
    outro: 'Если вы этого не запрашивали, проигнорируйте письмо и смените пароль.',
  },
};

export function deletionCodeMail(lang: Lang, code: string): MailText {
  const t = CODE_TEXT[lang];
  return {
    subject: t.subject,
    text: `${t.intro}\n\n${code}\n\n${t.outro}\n`,
    html: paragraphs([escape(t.intro), `<strong style="font-size:1.5em">${escape(code)}</strong>`, escape(t.outro)]),
  };
}

const SCHEDULED_TEXT: Record<Lang, { subject: string; body: (date: string) => string; cancel: string }> = {
  az: {
    subject: 'Hesabınız silinəcək',
    body: (date) =>
      `Hesabınız ${date} tarixində birdəfəlik silinəcək. O vaxta qədər daxil olub silinməni ləğv edə bilərsiniz.`,
    cancel: 'Silinməni ləğv etmək üçün bu keçidi açın:',
  },
  en: {
    subject: 'Your account will be deleted',
    body: (date) => `Your account will be deleted for good on ${date}. Until then you can sign in and cancel.`,
    cancel: 'To cancel the deletion, open this link:',
  },
  ru: {
    subject: 'Ваш аккаунт будет удалён',
    body: (date) => `Ваш аккаунт будет окончательно удалён ${date}. До этого вы можете войти и отменить удаление.`,
    cancel: 'Чтобы отменить удаление, откройте ссылку:',
  },
};

export function deletionScheduledMail(lang: Lang, scheduledFor: Date, cancelUrl: string): MailText {
  const t = SCHEDULED_TEXT[lang];
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(scheduledFor);
  return {
    subject: t.subject,
    text: `${t.body(date)}\n\n${t.cancel}\n${cancelUrl}\n`,
    html: paragraphs([
      escape(t.body(date)),
      `${escape(t.cancel)} <a href="${escape(cancelUrl)}">${escape(cancelUrl)}</a>`,
    ]),
  };
}
