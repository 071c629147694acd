import { describe, expect, it } from '@jest/globals';
import { formatPlanPrice } from './price.js';

describe('formatPlanPrice', () => {
  it('writes manat with ₼ the way each language writes numbers', () => {
    expect(formatPlanPrice(123450, 'az')).toBe('1.234,50\u00a0₼');
    expect(formatPlanPrice(123450, 'en')).toBe('₼1,234.50');
    expect(formatPlanPrice(123450, 'ru')).toBe('1\u00a0234,50\u00a0₼');
    expect(formatPlanPrice(500, 'en')).toBe('₼5.00');
  });
});
