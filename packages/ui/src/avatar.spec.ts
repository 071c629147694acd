import { initials, safeImageUrl } from './avatar.js';

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('Aysel Məmmədova', 'aysel')).toBe('AM');
    expect(initials('  ilkin  ', 'ilkin')).toBe('I');
    expect(initials('Анна Мария Иванова', 'anna')).toBe('АМ');
    expect(initials('', 'rauf')).toBe('R');
  });
});

describe('safeImageUrl', () => {
  it('shows only https or same-origin pictures', () => {
    expect(safeImageUrl('/media/avatars/1.png')).toBe('/media/avatars/1.png');
    expect(safeImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeImageUrl('http://cdn.example/a.png')).toBeNull();
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
  });
});
