import { csvField, csvHref, toCsv } from './csv.js';

describe('the subscribers CSV', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Məmmədov, Əli')).toBe('"Məmmədov, Əli"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running a value as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@me')).toBe("'@me");
  });

  it('writes rows with CRLF after a byte-order mark, as a data: URL', () => {
    const text = toCsv([
      ['username', 'tier'],
      ['aysel', 'free'],
    ]);
    expect(text).toBe('\uFEFFusername,tier\r\naysel,free\r\n');
    expect(decodeURIComponent(csvHref(text).replace('data:text/csv;charset=utf-8,', ''))).toBe(text);
  });
});
