import { describe, expect, it } from 'vitest';
import { mapLimit } from '../src/concurrency.ts';

describe('mapLimit', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return value * 2;
    });
    expect(results).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapLimit([1, 2, 3], 2, async (value) => {
        if (value === 2) throw new Error('two');
        return value;
      }),
    ).rejects.toThrow('two');
  });
});
