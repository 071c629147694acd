import { recoveryCodesFile } from './RecoveryCodes.js';

describe('the recovery codes file', () => {
  it('holds a heading and one code a line', () => {
    expect(recoveryCodesFile('Pencraft recovery codes', ['abcde-12345', 'fghij-67890'])).toBe(
      'Pencraft recovery codes\n\nabcde-12345\nfghij-67890\n',
    );
  });
});
