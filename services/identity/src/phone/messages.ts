import type { Lang } from '@pencraft/rules';

/** The SMS with a phone verification code, in the account's language. */
export function phoneCodeText(lang: Lang, code: string): string {
  switch (lang) {
    case 'en':
      return `Pencraft: your phone verification code is ${code}. It is valid for 24 hours. Do not share it.`;
    case 'ru':
      return `Pencraft: ваш код подтверждения телефона ${code}. Он действует 24 часа. Никому его не сообщайте.`;
    default:
      return `Pencraft: telefonun təsdiq kodu ${code}. Kod 24 saat etibarlıdır. Onu heç kimə deməyin.`;
  }
}
