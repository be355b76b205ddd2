// The reading fuzzer: each run draws several readings of the catalogue at
// once (one per family, from a seeded generator), plays the story against
// the emulator speaking them, and, when an invariant breaks, shrinks the
// draw to the smallest set of readings that still breaks it.
import { READINGS } from '../../src/emulator/index.ts';
import { KNOWN_FAILURES } from './known-failures.ts';
import { random, type Random } from './random.ts';
import { playStory } from './story.ts';

export interface FuzzFailure {
  /** The seed of the run: `npm run fuzz -- --seed S --runs 1` plays it again with… */
  runSeed: number;
  readings: string[];
  /** The smallest subset of `readings` that still broke an invariant. */
  smallest: string[];
  violations: string[];
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** The readings runs draw from; every one but the known failures by default. */
  pool?: readonly string[];
  /** Told after each run. */
  onRun?: (run: number, readings: readonly string[], failure: FuzzFailure | null) => void;
}

/** Every reading but those the client is known to get wrong today. */
export function defaultPool(): string[] {
  const known = new Set(KNOWN_FAILURES.map((entry) => entry.reading));
  return READINGS.map((reading) => reading.name).filter((name) => !known.has(name));
}

/** Two to five readings of different families, in catalogue order. */
function draw(rng: Random, pool: readonly string[]): string[] {
  const family = new Map(READINGS.map((reading) => [reading.name, reading.family]));
  const count = 2 + Math.floor(rng() * 4);
  const chosen: string[] = [];
  const families = new Set<string>();
  for (let tries = 0; chosen.length < count && tries < 50; tries++) {
    const name = pool[Math.floor(rng() * pool.length)]!;
    if (families.has(family.get(name)!)) continue;
    families.add(family.get(name)!);
    chosen.push(name);
  }
  const order = pool.indexOf.bind(pool);
  return chosen.sort((a, b) => order(a) - order(b));
}

/** The seed of run `run` of a fuzz seeded with `seed`. */
function runSeedOf(seed: number, run: number): number {
  return (Math.imul(seed, 100_003) + run) >>> 0;
}

/** Removes readings one at a time while the story still fails without them. */
export async function shrink(runSeed: number, readings: readonly string[]): Promise<string[]> {
  let smallest = [...readings];
  for (const name of readings) {
    if (smallest.length === 1) break;
    const without = smallest.filter((other) => other !== name);
    const { violations } = await playStory(runSeed, without);
    if (violations.length > 0) smallest = without;
  }
  return smallest;
}

export async function fuzz(options: FuzzOptions): Promise<FuzzFailure[]> {
  const pool = options.pool ?? defaultPool();
  const failures: FuzzFailure[] = [];
  for (let run = 0; run < options.runs; run++) {
    const runSeed = runSeedOf(options.seed, run);
    const readings = draw(random(runSeed), pool);
    const { violations } = await playStory(runSeed, readings);
    let failure: FuzzFailure | null = null;
    if (violations.length > 0) {
      failure = { runSeed, readings, smallest: await shrink(runSeed, readings), violations };
      failures.push(failure);
    }
    options.onRun?.(run, readings, failure);
  }
  return failures;
}

/** A failure as the fuzzer prints it, ending with the line a regression test takes. */
export function describeFailure(failure: FuzzFailure): string {
  return [
    `run seed ${failure.runSeed}: readings ${failure.readings.join(', ')}`,
    ...failure.violations.map((violation) => `  - ${violation}`),
    `  smallest subset that still fails: ${failure.smallest.join(', ')}`,
    `  regression line (test/fuzz/regressions.fuzz.test.ts): { seed: ${failure.runSeed}, readings: ${JSON.stringify(failure.smallest)} },`,
  ].join('\n');
}
