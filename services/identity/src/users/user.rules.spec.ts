import { AppError } from '@pencraft/errors';
import { isValidEmail, isValidFullname, isValidPassword, isValidUsername, validateRegistration } from './user.rules.js';

const valid = {
  email: '  Leyla@Example.AZ ',
  username: 'leyla_m',
  fullname: ' Leyla   Məmmədova ',
  password: 's3cret-Pass',
  acceptTerms: true,
  acceptPrivacy: true,
};

function codesOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (AppError.is(error)) return error.details?.map((d) => `${d.field}:${d.code}`) ?? [error.code];
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('registration rules (SPEC.md section 5)', () => {
  it('normalizes a valid registration', () => {
    expect(validateRegistration(valid)).toEqual({
      email: 'leyla@example.az',
      username: 'leyla_m',
      fullname: 'Leyla Məmmədova',
      password: 's3cret-Pass',
    });
  });

  it.each([
    ['leyla', true],
    ['L123', true],
    ['a_b', true],
    ['_leyla', false],
    ['1leyla', false],
    ['ley la', false],
    ['leylə', false],
    ['ab', false],
    ['a'.repeat(33), false],
  ])('username %p valid: %p', (username, ok) => expect(isValidUsername(username)).toBe(ok));

  it.each([
    ['abcdefg1', true],
    ['Pa$$w0rd!', true],
    ['abcdefgh', false], // no digit
    ['12345678', false], // no letter
    ['abc 12345', false], // space
    ['abc1', false], // too short
    ['şifrə12345', false], // non-Latin letters
    ['a1' + 'x'.repeat(127), false], // too long
  ])('password %p valid: %p', (password, ok) => expect(isValidPassword(password)).toBe(ok));

  it.each([
    ['a@b.az', true],
    ['first.last+tag@mail.example.com', true],
    ['no-at-sign', false],
    ['a@b', false],
    ['a b@c.az', false],
    ['<script>@x.az', false],
  ])('email %p valid: %p', (email, ok) => expect(isValidEmail(email)).toBe(ok));

  it('rejects markup and control characters in a full name', () => {
    expect(isValidFullname('Ali <script>')).toBe(false);
    expect(isValidFullname('A')).toBe(false);
    expect(isValidFullname('Əli Həsənov')).toBe(true);
  });

  it('reports every bad field at once', () => {
    expect(
      codesOf(() =>
        validateRegistration({
          email: 'x',
          username: '9x',
          fullname: '',
          password: 'short',
          acceptTerms: false,
          acceptPrivacy: true,
        }),
      ),
    ).toEqual([
      'email:InvalidEmail',
      'username:InvalidUsername',
      'fullname:InvalidFullname',
      'password:InvalidPassword',
      'acceptTerms:AgreementsNotAccepted',
    ]);
  });

  it('requires both agreements', () => {
    expect(codesOf(() => validateRegistration({ ...valid, acceptPrivacy: false }))).toEqual([
      'acceptPrivacy:AgreementsNotAccepted',
    ]);
  });

  it('treats reserved names as taken', () => {
    expect(codesOf(() => validateRegistration({ ...valid, username: 'Admin' }))).toEqual([
      'username:UsernameAlreadyExists',
    ]);
  });
});
