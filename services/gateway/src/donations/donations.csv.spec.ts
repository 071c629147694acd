import { csvAmount, csvDocument, csvField, csvText } from './donations.csv.js';

describe('the CSV exports', () => {
  it('quotes a field only when it holds a separator, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('makes text people typed inert for spreadsheets', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvText(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvText('Çox sağ olun!')).toBe('Çox sağ olun!');
    expect(csvText('')).toBe('');
    expect(csvText(null)).toBe('');
  });

  it('writes amounts as exact manats from integer qəpik', () => {
    expect(csvAmount(1)).toBe('0.01');
    expect(csvAmount(1050)).toBe('10.50');
    expect(csvAmount(10_000)).toBe('100.00');
    expect(() => csvAmount(10.5)).toThrow(RangeError);
  });

  it('is UTF-8 with a byte order mark, a header row and CRLF lines', () => {
    const text = csvDocument(
      ['id', 'note'],
      [
        ['1', csvText('=cmd')],
        ['2', 'Salam, dünya'],
      ],
    );
    expect(text).toBe('\uFEFFid,note\r\n1,\'=cmd\r\n2,"Salam, dünya"\r\n');
  });
});
