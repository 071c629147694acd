import { AppError } from '@pencraft/errors';
import { validateRegistration } from './user.rules.js';

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

// The rules of each field are @pencraft/rules' (tested there); this is how identity answers them.
describe('registration rules (SPEC.md section 5)', () => {
  it('normalizes a valid registration', () => {
    expect(validateRegistration(valid)).toEqual({
      email: 'leyla@example.az',
      username: 'leyla_m',
      fullname: 'Leyla Məmmədova',
      password: 's3cret-Pass',
    });
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

  it('refuses markup in a full name and names the field', () => {
    expect(codesOf(() => validateRegistration({ ...valid, fullname: 'Ali <script>' }))).toEqual([
      'fullname:InvalidFullname',
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
