// `npm run fuzz -- --runs N --seed S [--all] [--readings a,b]`: the reading
// fuzzer (test/fuzz/fuzz.ts). Each run draws readings of the emulator's
// catalogue, plays a story with the real engine and checks the invariants;
// a failure prints its seed, its readings, the smallest subset that still
// fails and the line that makes it a regression test.
import { parseArgs } from 'node:util';
import { READINGS } from '../src/emulator/index.ts';
import { defaultPool, describeFailure, fuzz, shrink } from '../test/fuzz/fuzz.ts';
import { playStory } from '../test/fuzz/story.ts';

const USAGE = 'usage: npm run fuzz -- [--runs N] [--seed S] [--all] [--readings a,b]';

function options(): {
  runs: string;
  seed: string;
  all: boolean;
  help: boolean;
  readings?: string | undefined;
} {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '60' },
        seed: { type: 'string', default: '1' },
        all: { type: 'boolean', default: false },
        readings: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
}

const values = options();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const started = performance.now();

if (values.readings !== undefined) {
  const readings = values.readings.split(',').filter((name) => name !== '');
  const seed = Number(values.seed);
  const { violations } = await playStory(seed, readings);
  if (violations.length > 0) {
    const smallest = await shrink(seed, readings);
    process.stdout.write(`${describeFailure({ runSeed: seed, readings, smallest, violations })}\n`);
    process.exit(1);
  }
  process.stdout.write(`seed ${seed}, readings ${readings.join(', ')}: clean\n`);
  process.exit(0);
}

const runs = Number(values.runs);
const seed = Number(values.seed);
const pool = values.all ? READINGS.map((reading) => reading.name) : defaultPool();
const failures = await fuzz({
  runs,
  seed,
  pool,
  onRun: (run, readings, failure) => {
    process.stdout.write(`${failure ? 'FAIL' : 'ok  '} run ${run + 1}/${runs}: ${readings.join(', ')}\n`);
    if (failure) process.stdout.write(`${describeFailure(failure)}\n`);
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `\nfuzz seed ${seed}: ${runs - failures.length} of ${runs} combinations ran clean (${pool.length} readings drawn from) in ${seconds} s\n`,
);
if (failures.length > 0) process.exit(1);
