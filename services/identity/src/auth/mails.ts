import { DEFAULT_LANG, isLang, type Lang } from '@pencraft/rules';

/** A mail ready for the Mailer: the subject, a plain-text body and the same in simple HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface CodeMailValues {
  name: string;
  code: string;
  link: string;
}

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  lead: string;
  codeLine: string;
  linkLine: string;
  ignore: string;
}

const SIGNATURE: Record<Lang, string> = { az: 'Pencraft komandası', en: 'The Pencraft team', ru: 'Команда Pencraft' };

const GREETING: Record<Lang, (name: string) => string> = {
  az: (name) => `Salam, ${name}!`,
  en: (name) => `Hello, ${name}!`,
  ru: (name) => `Здравствуйте, ${name}!`,
};

const VALIDITY: Record<Lang, string> = {
  az: 'Kod və keçid 24 saat etibarlıdır.',
  en: 'The code and the link are valid for 24 hours.',
  ru: 'Код и ссылка действительны 24 часа.',
};

const CODE_MAILS: Record<'register' | 'reset' | 'email', Record<Lang, Omit<Texts, 'greeting'>>> = {
  register: {
    az: {
      subject: 'Pencraft hesabınızı təsdiqləyin',
      lead: 'Pencraft-da qeydiyyatdan keçdiyiniz üçün təşəkkür edirik. E-poçt ünvanınızı təsdiqləyin.',
      codeLine: 'Təsdiq kodunuz:',
      linkLine: 'Və ya bu keçidi açın:',
      ignore: 'Əgər qeydiyyatdan keçməmisinizsə, bu məktubu nəzərə almayın.',
    },
    en: {
      subject: 'Confirm your Pencraft account',
      lead: 'Thank you for signing up to Pencraft. Please confirm your e-mail address.',
      codeLine: 'Your confirmation code:',
      linkLine: 'Or open this link:',
      ignore: 'If you did not sign up, ignore this message.',
    },
    ru: {
      subject: 'Подтвердите аккаунт Pencraft',
      lead: 'Спасибо за регистрацию в Pencraft. Подтвердите адрес электронной почты.',
      codeLine: 'Ваш код подтверждения:',
      linkLine: 'Или откройте ссылку:',
      ignore: 'Если вы не регистрировались, не обращайте внимания на это письмо.',
    },
  },
  reset: {
    az: {
      subject: 'Pencraft şifrənizin bərpası',
      lead: 'Hesabınızın şifrəsini bərpa etmək üçün sorğu aldıq.',
      codeLine: 'Bərpa kodunuz:',
      linkLine: 'Və ya yeni şifrə təyin etmək üçün bu keçidi açın:',
      ignore: 'Əgər bunu siz istəməmisinizsə, bu məktubu nəzərə almayın: şifrəniz dəyişməyəcək.',
    },
    en: {
      subject: 'Reset your Pencraft password',
      lead: 'We received a request to reset the password of your account.',
      codeLine: 'Your reset code:',
      linkLine: 'Or open this link to choose a new password:',
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
    },
    ru: {
      subject: 'Восстановление пароля Pencraft',
      lead: 'Мы получили запрос на восстановление пароля вашего аккаунта.',
      codeLine: 'Ваш код восстановления:',
      linkLine: 'Или откройте ссылку, чтобы задать новый пароль:',
      ignore: 'Если вы этого не запрашивали, не обращайте внимания на письмо: пароль не изменится.',
    },
  },
  email: {
    az: {
      subject: 'Yeni e-poçt ünvanınızı təsdiqləyin',
      lead: 'Pencraft hesabınız üçün bu ünvan göstərildi. Onu təsdiqləyin.',
      codeLine: 'Təsdiq kodunuz:',
      linkLine: 'Və ya bu keçidi açın:',
      ignore: 'Əgər bunu siz etməmisinizsə, bu məktubu nəzərə almayın.',
    },
    en: {
      subject: 'Confirm your new e-mail address',
      lead: 'This address was entered for your Pencraft account. Please confirm it.',
      codeLine: 'Your confirmation code:',
      linkLine: 'Or open this link:',
      ignore: 'If this was not you, ignore this message.',
    },
    ru: {
      subject: 'Подтвердите новый адрес электронной почты',
      lead: 'Этот адрес указан для вашего аккаунта Pencraft. Подтвердите его.',
      codeLine: 'Ваш код подтверждения:',
      linkLine: 'Или откройте ссылку:',
      ignore: 'Если это были не вы, не обращайте внимания на письмо.',
    },
  },
};

const NOTICES: Record<'passwordChanged' | 'emailChanged', Record<Lang, { subject: string; body: string }>> = {
  passwordChanged: {
    az: {
      subject: 'Pencraft şifrəniz dəyişdirildi',
      body: 'Hesabınızın şifrəsi indicə dəyişdirildi və digər cihazlardakı seanslar bağlandı. Əgər bunu siz etməmisinizsə, dərhal şifrənizi bərpa edin.',
    },
    en: {
      subject: 'Your Pencraft password was changed',
      body: 'The password of your account was just changed and your sessions on other devices were ended. If this was not you, reset your password at once.',
    },
    ru: {
      subject: 'Пароль Pencraft изменён',
      body: 'Пароль вашего аккаунта только что изменён, сеансы на других устройствах завершены. Если это были не вы, немедленно восстановите пароль.',
    },
  },
  emailChanged: {
    az: {
      subject: 'Pencraft e-poçt ünvanınız dəyişdirildi',
      body: 'Hesabınızın e-poçt ünvanı dəyişdirildi; bu ünvana artıq məktub göndərilməyəcək. Əgər bunu siz etməmisinizsə, bizimlə əlaqə saxlayın.',
    },
    en: {
      subject: 'Your Pencraft e-mail address was changed',
      body: 'The e-mail address of your account was changed; this address will no longer receive our mail. If this was not you, contact us.',
    },
    ru: {
      subject: 'Адрес почты Pencraft изменён',
      body: 'Адрес электронной почты вашего аккаунта изменён; на этот адрес письма больше не придут. Если это были не вы, свяжитесь с нами.',
    },
  },
};

/** Every interpolated value is escaped: names and links come from users. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function langOf(lang: string): Lang {
  return isLang(lang) ? lang : DEFAULT_LANG;
}

function page(lang: Lang, paragraphs: string[]): string {
  return (
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">` +
    paragraphs.join('') +
    '</body></html>'
  );
}

/** A code mail (registration, password reset, new address) in the user's language. */
export function codeMail(kind: 'register' | 'reset' | 'email', lang: string, values: CodeMailValues): MailContent {
  const l = langOf(lang);
  const t = CODE_MAILS[kind][l];
  const text = [
    GREETING[l](values.name),
    '',
    t.lead,
    '',
    `${t.codeLine} ${values.code}`,
    '',
    t.linkLine,
    values.link,
    '',
    VALIDITY[l],
    t.ignore,
    '',
    SIGNATURE[l],
  ].join('\n');
  const html = page(l, [
    `<p>${escapeHtml(GREETING[l](values.name))}</p>`,
    `<p>${escapeHtml(t.lead)}</p>`,
    `<p>${escapeHtml(t.codeLine)} <strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(values.code)}</strong></p>`,
    `<p>${escapeHtml(t.linkLine)} <a href="${escapeHtml(values.link)}">${escapeHtml(values.link)}</a></p>`,
    `<p>${escapeHtml(VALIDITY[l])} ${escapeHtml(t.ignore)}</p>`,
    `<p>${escapeHtml(SIGNATURE[l])}</p>`,
  ]);
  return { subject: t.subject, text, html };
}

/** A notice of a change already made (password changed, address changed). */
export function noticeMail(kind: 'passwordChanged' | 'emailChanged', lang: string, name: string): MailContent {
  const l = langOf(lang);
  const t = NOTICES[kind][l];
  const text = [GREETING[l](name), '', t.body, '', SIGNATURE[l]].join('\n');
  const html = page(l, [
    `<p>${escapeHtml(GREETING[l](name))}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p>${escapeHtml(SIGNATURE[l])}</p>`,
  ]);
  return { subject: t.subject, text, html };
}
