import { describe, expect, it } from '@jest/globals';
import {
  checkRegistration,
  emailProblem,
  fullnameProblem,
  isReservedUsername,
  passwordProblem,
  usernameProblem,
} from './index.js';

describe('account rules (SPEC.md section 5)', () => {
  it.each([
    ['leyla', undefined],
    ['L123', undefined],
    ['a_b', undefined],
    ['', 'required'],
    ['_leyla', 'usernameChars'],
    ['1leyla', 'usernameChars'],
    ['ley la', 'usernameChars'],
    ['leylə', 'usernameChars'],
    ['ab', 'usernameLength'],
    ['a'.repeat(32), undefined],
    ['a'.repeat(33), 'usernameLength'],
  ])('username %j: %s', (username, problem) => expect(usernameProblem(username)).toBe(problem));

  it.each([
    ['abcdefg1', undefined],
    ['Pa$$w0rd!', undefined],
    ['', 'required'],
    ['abcdefgh', 'passwordLetterDigit'],
    ['12345678', 'passwordLetterDigit'],
    ['abc 12345', 'passwordChars'],
    ['abc1', 'passwordLength'],
    ['şifrə12345', 'passwordChars'],
    ['a1' + 'x'.repeat(126), undefined],
    ['a1' + 'x'.repeat(127), 'passwordLength'],
  ])('password %j: %s', (password, problem) => expect(passwordProblem(password)).toBe(problem));

  it.each([
    ['a@b.az', undefined],
    ['first.last+tag@mail.example.com', undefined],
    ['', 'required'],
    ['no-at-sign', 'email'],
    ['a@b', 'email'],
    ['a b@c.az', 'email'],
    ['<script>@x.az', 'email'],
    [`${'a'.repeat(250)}@b.az`, 'emailLength'],
  ])('email %j: %s', (email, problem) => expect(emailProblem(email)).toBe(problem));

  it.each([
    ['Əli Həsənov', undefined],
    ['', 'required'],
    ['A', 'fullnameLength'],
    ['ə'.repeat(64), undefined],
    ['ə'.repeat(65), 'fullnameLength'],
    ['Ali <script>', 'fullnameChars'],
    ['Ali\u0000', 'fullnameChars'],
  ])('full name %j: %s', (fullname, problem) => expect(fullnameProblem(fullname)).toBe(problem));

  it('normalizes a valid registration', () => {
    expect(
      checkRegistration({
        email: '  Leyla@Example.AZ ',
        username: ' leyla_m ',
        fullname: ' Leyla   Məmmədova ',
        password: 's3cret-Pass',
        acceptTerms: true,
        acceptPrivacy: true,
      }),
    ).toEqual({
      values: { email: 'leyla@example.az', username: 'leyla_m', fullname: 'Leyla Məmmədova', password: 's3cret-Pass' },
      problems: {},
    });
  });

  it('reports every refused field at once, in form order', () => {
    const { problems } = checkRegistration({
      email: 'x',
      username: '9x',
      fullname: '',
      password: 'short',
      acceptTerms: false,
      acceptPrivacy: false,
    });
    expect(Object.entries(problems)).toEqual([
      ['email', 'email'],
      ['username', 'usernameChars'],
      ['fullname', 'required'],
      ['password', 'passwordLength'],
      ['acceptTerms', 'agreement'],
      ['acceptPrivacy', 'agreement'],
    ]);
  });

  it('knows the reserved names in any case', () => {
    expect(isReservedUsername('Admin')).toBe(true);
    expect(isReservedUsername('leyla')).toBe(false);
    // The static paths of /api/profile/... would shadow these users' public profiles.
    for (const name of ['articles', 'Settings', 'edit', 'img', 'profile']) expect(isReservedUsername(name)).toBe(true);
  });
});
