import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

// What `npm run mutate` mutates, how, and the score each module must keep.

export interface MutatedModule {
  /** Short name for `npm run mutate -- <name>`. */
  name: string;
  file: string;
  /** Lowest mutation score (%) the module may have; the run fails below it. */
  threshold: number;
}

/**
 * The core: modules where a silent bug costs most (a lost write, a doubled
 * publication, a leaked key). Each is held at 80% or more, message text
 * excluded (see message-text.ts).
 */
export const CORE_MODULES: readonly MutatedModule[] = [
  { name: 'retry', file: 'src/api/retry.ts', threshold: 80 },
  { name: 'listing', file: 'src/api/listing.ts', threshold: 80 },
  { name: 'readings', file: 'src/api/readings.ts', threshold: 80 },
  { name: 'wire', file: 'src/api/wire.ts', threshold: 80 },
  { name: 'identity', file: 'src/plan/identity.ts', threshold: 80 },
  { name: 'plan-diff', file: 'src/plan/diff.ts', threshold: 80 },
  { name: 'secrets', file: 'src/secrets.ts', threshold: 80 },
  { name: 'escape', file: 'src/report/escape.ts', threshold: 80 },
  { name: 'outputs', file: 'src/action/outputs.ts', threshold: 80 },
];

/** Where a run keeps its incremental results and reports; `key` names the set of modules mutated. */
export function paths(key: string): { incremental: string; html: string; json: string } {
  return {
    incremental: `.cache/mutation/${key}.incremental.json`,
    html: `reports/mutation/${key}.html`,
    json: `reports/mutation/${key}.json`,
  };
}

export function strykerOptions(files: readonly string[], key: string, force: boolean): PartialStrykerOptions {
  const out = paths(key);
  return {
    mutate: [...files],
    testRunner: 'vitest',
    // The runner puts the first run through vitest's `related` mode (only the
    // test files whose imports reach a mutated file), and perTest coverage then
    // runs, for each mutant, only the tests that executed its code.
    vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: true },
    coverageAnalysis: 'perTest',
    plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/message-text.ts'],
    // Sentences for people (error messages, hints) are not mutated: rewording
    // them changes no behaviour, and the tests assert the facts they carry,
    // not their wording. The reason is shown on each ignored mutant in the report.
    ignorers: ['message-text'],
    // Results of the last run of the same modules are reused for mutants whose
    // code and covering tests did not change.
    incremental: true,
    incrementalFile: out.incremental,
    force,
    // Two workers: the machines this runs on (a laptop, a CI runner) have two cores or more.
    concurrency: 2,
    // Tests of the client wait on real sockets; a busy machine needs slack before a mutant counts as a timeout.
    timeoutMS: 10_000,
    tempDirName: '.cache/stryker-tmp',
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: out.html },
    jsonReporter: { fileName: out.json },
    clearTextReporter: { allowEmojis: false, logTests: false },
  };
}
