import { formatSize, hrefOfUse } from './format.js';

describe('the uploads log helpers', () => {
  it('writes bytes below 1 KB, then KB and MB with one decimal below 100', () => {
    expect(formatSize(0, 'en')).toEqual({ value: '0', unit: 'b' });
    expect(formatSize(1023, 'en')).toEqual({ value: '1023', unit: 'b' });
    expect(formatSize(1024, 'en')).toEqual({ value: '1.0', unit: 'kb' });
    expect(formatSize(15_679, 'en')).toEqual({ value: '15.3', unit: 'kb' });
    expect(formatSize(512_000, 'en')).toEqual({ value: '500', unit: 'kb' });
    expect(formatSize(2 * 1024 * 1024, 'en')).toEqual({ value: '2.0', unit: 'mb' });
  });

  it('puts a comma before the decimal in az and ru', () => {
    expect(formatSize(15_679, 'az')).toEqual({ value: '15,3', unit: 'kb' });
    expect(formatSize(1_572_864, 'ru')).toEqual({ value: '1,5', unit: 'mb' });
  });

  it('opens a draft in the editor and an article on its page', () => {
    expect(hrefOfUse({ kind: 'draft', id: 'd-1' })).toBe('/write/d-1');
    expect(hrefOfUse({ kind: 'article', id: 'a-1' })).toBe('/a/a-1');
  });
});
