import { recoveryCodesFile } from './RecoveryCodes.js';

describe('the recovery codes file', () => {
  it('holds a heading and one code a line', () => {
    expect(recoveryCodesFile('Pencraft recovery codes', ['abcd-1234-efgh-5678', 'jkmn-9012-pqrs-3456'])).toBe(
      'Pencraft recovery codes\n\nabcd-1234-efgh-5678\njkmn-9012-pqrs-3456\n',
    );
  });
});
