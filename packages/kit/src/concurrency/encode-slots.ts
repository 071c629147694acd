/** Images decoded and encoded at once in one process: each holds decoded pixels in memory (sharp's threads). */
export const ENCODE_SLOTS = 2;

/**
 * A small semaphore: `run` waits for one of `size` slots, so a burst of uploads queues instead of decoding every
 * picture at once and taking the process past its memory limit.
 */
export class EncodeSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size = ENCODE_SLOTS) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter (busy stays), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }
}
