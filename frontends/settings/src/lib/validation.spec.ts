import {
  birthdateCheck,
  codeCheck,
  emailCheck,
  linkCheck,
  newPasswordCheck,
  normalizePhone,
  phoneCheck,
  problems,
  secondFactorCheck,
  usernameCheck,
} from './validation.js';

describe('the settings forms check with the shared rules', () => {
  it('refuses an invalid or unchanged e-mail address', () => {
    expect(emailCheck('', 'a@b.az')).toBe('required');
    expect(emailCheck('not-an-address', 'a@b.az')).toBe('email');
    expect(emailCheck(' A@B.az ', 'a@b.az')).toBe('sameEmail');
    expect(emailCheck('new@b.az', 'a@b.az')).toBeUndefined();
  });

  it('refuses a malformed or unchanged username, ignoring case for the latter', () => {
    expect(usernameCheck('9abc', 'leyla')).toBe('usernameChars');
    expect(usernameCheck('ab', 'leyla')).toBe('usernameLength');
    expect(usernameCheck('Leyla', 'leyla')).toBe('sameUsername');
    expect(usernameCheck('leyla_2', 'leyla')).toBeUndefined();
  });

  it('wants a new password by the rules and different from the current one', () => {
    expect(newPasswordCheck('short1', 'old-pass-1')).toBe('passwordLength');
    expect(newPasswordCheck('lettersonly', 'old-pass-1')).toBe('passwordLetterDigit');
    expect(newPasswordCheck('old-pass-1', 'old-pass-1')).toBe('samePassword');
    expect(newPasswordCheck('new-pass-2', 'old-pass-1')).toBeUndefined();
  });

  it('takes a phone number in international form, dropping what people type between digits', () => {
    expect(normalizePhone('+994 (50) 123-45-67')).toBe('+994501234567');
    expect(phoneCheck('+994 50 123 45 67')).toBeUndefined();
    expect(phoneCheck('0501234567')).toBe('phone');
    expect(phoneCheck(' ')).toBe('required');
  });

  it('takes 6-digit codes, and a recovery code where one is accepted', () => {
    expect(codeCheck(' 123456 ')).toBeUndefined();
    expect(codeCheck('12345')).toBe('code');
    expect(secondFactorCheck('123456')).toBeUndefined();
    expect(secondFactorCheck('ab12c-9xk3m')).toBeUndefined();
    expect(secondFactorCheck('ab12c9xk3m')).toBeUndefined();
    expect(secondFactorCheck(' ab12-c9xk-3mpq-rstv ')).toBeUndefined();
    expect(secondFactorCheck('AB12C9XK3MPQRSTV')).toBeUndefined();
    expect(secondFactorCheck('ab12-c9xk-3mpq-rst')).toBe('recoveryCode');
    expect(secondFactorCheck('nope')).toBe('recoveryCode');
  });

  it('checks links by provider and the birth date by the calendar', () => {
    expect(linkCheck('github', 'https://github.com/leyla')).toBeUndefined();
    expect(linkCheck('github', 'https://example.com/leyla')).toBe('linkHost');
    expect(linkCheck('website', 'http://leyla.az')).toBe('linkUrl');
    const today = new Date('2026-11-26T12:00:00Z');
    expect(birthdateCheck('', today)).toBeUndefined();
    expect(birthdateCheck('2001-02-29', today)).toBe('birthdate');
    expect(birthdateCheck('2020-01-01', today)).toBe('birthdateTooYoung');
    expect(birthdateCheck('1990-05-17', today)).toBeUndefined();
  });

  it('keeps only the fields that have a problem', () => {
    expect(problems({ a: undefined, b: 'required', c: 'code' })).toEqual({ b: 'required', c: 'code' });
  });
});
