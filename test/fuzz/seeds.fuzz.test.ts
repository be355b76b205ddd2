// The reading fuzzer on fixed seeds, in a lane of its own in `npm test`
// (budget 90 s). `npm run fuzz` draws as many runs as asked from any seed;
// these seeds keep every change honest against a few dozen combinations.
import { describe, expect, it } from 'vitest';
import { describeFailure, fuzz } from './fuzz.ts';

const RUNS_PER_SEED = 6;

describe('the reading fuzzer on fixed seeds', () => {
  for (const seed of [11, 12, 13]) {
    it(`seed ${seed}: ${RUNS_PER_SEED} combinations of readings keep every invariant`, async () => {
      const failures = await fuzz({ runs: RUNS_PER_SEED, seed });
      expect(failures.map(describeFailure)).toEqual([]);
    });
  }
});
