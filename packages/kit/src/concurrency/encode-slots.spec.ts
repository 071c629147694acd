import { describe, expect, it } from '@jest/globals';
import { EncodeSlots } from './encode-slots.js';

describe('EncodeSlots', () => {
  it('runs at most its size at once, the rest in order as slots free, and frees a slot on failure', async () => {
    const slots = new EncodeSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number, fail = false) =>
      slots.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(n);
        if (fail) throw new Error(`job ${n}`);
        return n;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await slots.run(async () => 'free again')).toBe('free again');
  });
});
