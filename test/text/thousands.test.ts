import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/text/thousands.ts';

describe('thousands', () => {
  it('writes counts as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 9975, 10000, 123456, 1234567, 1000000000, -4321])
      expect(thousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
