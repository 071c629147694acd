import { ApiError } from './api.js';
import { errorMessage, spreadError } from './errors.js';

const FIELDS = ['oldPassword', 'newPassword'] as const;

describe('server errors on a form', () => {
  it('puts the catalogue message of each detail on its field', () => {
    const error = new ApiError({
      status: 400,
      code: 'InvalidModel',
      message: 'The request is invalid.',
      details: [{ field: 'newPassword', code: 'InvalidPassword', message: 'Şifrə qaydalara uyğun deyil.' }],
    });
    expect(spreadError(error, FIELDS, {}, 'failed')).toEqual({
      fields: { newPassword: 'Şifrə qaydalara uyğun deyil.' },
      form: undefined,
    });
  });

  it('places a code without details on the field it belongs to, else above the buttons', () => {
    const wrong = new ApiError({ status: 400, code: 'IncorrectOldPassword', message: 'Köhnə şifrə yanlışdır.' });
    expect(spreadError(wrong, FIELDS, { IncorrectOldPassword: 'oldPassword' }, 'failed')).toEqual({
      fields: { oldPassword: 'Köhnə şifrə yanlışdır.' },
      form: undefined,
    });
    const flood = new ApiError({ status: 429, code: 'Flood', message: 'Sonra yenidən cəhd edin.' });
    expect(spreadError(flood, FIELDS, {}, 'failed')).toEqual({ fields: {}, form: 'Sonra yenidən cəhd edin.' });
  });

  it('gives the fallback for a failure that is not an answer of the API', () => {
    expect(spreadError(new Error('boom'), FIELDS, {}, 'failed')).toEqual({ fields: {}, form: 'failed' });
    expect(errorMessage(new TypeError('x'), 'failed')).toBe('failed');
  });
});
