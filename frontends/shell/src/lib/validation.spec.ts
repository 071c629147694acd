import {
  REGISTRATION_ERROR_FIELDS,
  safeNextPath,
  serverFieldErrors,
  validateLogin,
  validatePassword,
  validateRegistration,
  validateUsername,
} from './validation.js';

const valid = {
  email: 'aysel@example.az',
  username: 'aysel_m',
  fullname: 'Aysel Məmmədova',
  password: 'secret123!',
  acceptTerms: true,
  acceptPrivacy: true,
};

describe('registration rules', () => {
  it('accepts a valid form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('requires every field and both agreements', () => {
    expect(
      validateRegistration({
        email: '',
        username: '',
        fullname: ' ',
        password: '',
        acceptTerms: false,
        acceptPrivacy: false,
      }),
    ).toEqual({
      email: 'required',
      username: 'required',
      fullname: 'required',
      password: 'required',
      acceptTerms: 'agreement',
      acceptPrivacy: 'agreement',
    });
  });

  it.each([
    ['ab', 'usernameLength'],
    ['a'.repeat(33), 'usernameLength'],
    ['1abc', 'usernameChars'],
    ['_abc', 'usernameChars'],
    ['abc-d', 'usernameChars'],
    ['ayşə', 'usernameChars'],
    ['abc', undefined],
    ['A_1'.padEnd(32, 'x'), undefined],
  ])('username %s → %s', (username, expected) => {
    expect(validateUsername(username)).toBe(expected);
  });

  it.each([
    ['short1', 'passwordLength'],
    ['a1'.repeat(65), 'passwordLength'],
    ['has space1', 'passwordChars'],
    ['şifrə1234', 'passwordChars'],
    ['onlyletters', 'passwordLetterDigit'],
    ['12345678', 'passwordLetterDigit'],
    ['p@ssw0rd!', undefined],
  ])('password %s → %s', (password, expected) => {
    expect(validatePassword(password)).toBe(expected);
  });

  it('checks email shape and length and full name length', () => {
    expect(validateRegistration({ ...valid, email: 'nope' }).email).toBe('email');
    expect(validateRegistration({ ...valid, email: `${'a'.repeat(250)}@x.az` }).email).toBe('emailLength');
    expect(validateRegistration({ ...valid, fullname: 'A' }).fullname).toBe('fullnameLength');
    expect(validateRegistration({ ...valid, fullname: 'A'.repeat(65) }).fullname).toBe('fullnameLength');
    expect(validateRegistration({ ...valid, fullname: 'Aysel <b>' }).fullname).toBe('fullnameChars');
    expect(validateRegistration({ ...valid, fullname: '😀😀' }).fullname).toBeUndefined();
  });

  it('requires login and password to sign in', () => {
    expect(validateLogin({ login: ' ', password: '' })).toEqual({ login: 'required', password: 'required' });
    expect(validateLogin({ login: 'aysel', password: 'x' })).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  const fields = ['email', 'username', 'fullname', 'password', 'acceptTerms', 'acceptPrivacy'] as const;

  it('uses details per field', () => {
    expect(
      serverFieldErrors(
        {
          code: 'InvalidModel',
          message: 'Invalid',
          details: [
            { field: 'email', message: 'Bad email' },
            { field: 'unknown', message: 'x' },
          ],
        },
        fields,
        REGISTRATION_ERROR_FIELDS,
      ),
    ).toEqual({ fields: { email: 'Bad email' }, form: undefined });
  });

  it('maps a known code to its field and the rest to the form', () => {
    expect(
      serverFieldErrors(
        { code: 'UsernameAlreadyExists', message: 'Taken', details: [] },
        fields,
        REGISTRATION_ERROR_FIELDS,
      ),
    ).toEqual({ fields: { username: 'Taken' }, form: undefined });
    expect(serverFieldErrors({ code: 'TooManyRequests', message: 'Later', details: [] }, fields)).toEqual({
      fields: {},
      form: 'Later',
    });
  });
});

describe('safeNextPath', () => {
  it('keeps same-site paths only', () => {
    expect(safeNextPath('/write')).toBe('/write');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});
