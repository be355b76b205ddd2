import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

// What `npm run mutate` mutates, how, and the score each module must keep.

export interface MutatedModule {
  /** Short name for `npm run mutate -- <name>`. */
  name: string;
  file: string;
  /**
   * The test files that run against its mutants: the module's own tests and
   * those of its callers that exercise it closely. Empty: every related test.
   */
  tests: readonly string[];
  /** Lowest mutation score (%) the module may have; the run fails below it. */
  threshold: number;
}

/**
 * The core: modules where a silent bug costs most (a lost write, a doubled
 * publication, a leaked key). Each is held at 80% or more, message text
 * excluded (see message-text.ts). A threshold above 80 is the score the
 * module's tests reached when it was raised, rounded down: it may only go up
 * (docs/testing.md has each score and the run that gave it).
 */
export const CORE_MODULES: readonly MutatedModule[] = [
  {
    name: 'retry',
    file: 'src/service-client/retry.ts',
    tests: ['test/service-client/*.test.ts'],
    threshold: 99,
  },
  {
    name: 'listing',
    file: 'src/service-client/listing.ts',
    tests: ['test/service-client/*.test.ts'],
    threshold: 80,
  },
  {
    name: 'readings',
    file: 'src/service-client/readings.ts',
    tests: ['test/service-client/*.test.ts'],
    threshold: 80,
  },
  {
    name: 'wire',
    file: 'src/service-client/wire.ts',
    tests: ['test/service-client/*.test.ts'],
    threshold: 80,
  },
  {
    name: 'identity',
    file: 'src/plan/identity.ts',
    tests: ['test/plan/*.test.ts', 'test/engine/identity.spawn.test.ts'],
    threshold: 80,
  },
  {
    name: 'plan-diff',
    file: 'src/plan/diff.ts',
    tests: ['test/plan/*.test.ts', 'test/engine/stages.int.test.ts'],
    threshold: 80,
  },
  {
    name: 'secrets',
    file: 'src/secrets.ts',
    tests: [
      'test/service-client/secrets*.test.ts',
      'test/text/secrets.test.ts',
      'test/cli/scrubbing.test.ts',
      'test/report/*.test.ts',
    ],
    threshold: 96,
  },
  { name: 'escape', file: 'src/report/escape.ts', tests: ['test/report/*.test.ts'], threshold: 80 },
  { name: 'outputs', file: 'src/action/outputs.ts', tests: ['test/action/outputs.test.ts'], threshold: 80 },
];

/** Where a run keeps its incremental results and reports; `key` names the set of modules mutated. */
export function paths(key: string): { incremental: string; html: string; json: string } {
  return {
    incremental: `.cache/mutation/${key}.incremental.json`,
    html: `reports/mutation/${key}.html`,
    json: `reports/mutation/${key}.json`,
  };
}

export function strykerOptions(
  modules: readonly MutatedModule[],
  key: string,
  force: boolean,
): PartialStrykerOptions {
  const out = paths(key);
  const tests = modules.some((module) => module.tests.length === 0)
    ? []
    : [...new Set(modules.flatMap((module) => module.tests))];
  return {
    mutate: modules.map((module) => module.file),
    // A module's own tests, not the whole suite: the engine's end-to-end tests
    // cover every module but take seconds each, which a mutant multiplies.
    testFiles: tests,
    // The vitest runner, fixed for vitest 5's test names (see vitest-names.ts).
    testRunner: 'vitest-names',
    // Related tests only: a core module's own list above, or for any other
    // file vitest's `related` mode (the test files whose imports reach it).
    // perTest coverage then runs, for each mutant, only the tests that
    // executed its code.
    vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: tests.length === 0 },
    coverageAnalysis: 'perTest',
    plugins: [
      '@stryker-mutator/vitest-runner',
      './scripts/mutation/vitest-names.ts',
      './scripts/mutation/message-text.ts',
    ],
    // Sentences for people (error messages, hints) are not mutated: rewording
    // them changes no behaviour, and the tests assert the facts they carry,
    // not their wording. The reason is shown on each ignored mutant in the report.
    ignorers: ['message-text'],
    // Static mutants (module-level constants such as a pattern table or a
    // size limit) are not run: under vitest 5 the runner cannot load a module
    // afresh for one mutant, so each would survive whatever the tests check.
    // The report lists them as ignored; the tests that pin those constants
    // (test/service-client/secrets-several.test.ts, test/action/outputs.test.ts) were
    // checked by breaking them by hand.
    ignoreStatic: true,
    // Results of the last run of the same modules are reused for mutants whose
    // code and covering tests did not change.
    incremental: true,
    incrementalFile: out.incremental,
    force,
    // Two workers: the machines this runs on (a laptop, a CI runner) have two cores or more.
    concurrency: 2,
    // Tests of the client wait on real sockets; a busy machine needs slack before a mutant counts as a timeout.
    timeoutMS: 10_000,
    // One sandbox directory per set of modules: a finished run deletes its own only.
    tempDirName: `.cache/stryker-tmp/${key}`,
    // Not copied into the sandbox: other runs' sandboxes, incremental files and reports.
    ignorePatterns: ['/.cache', '/reports'],
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: out.html },
    jsonReporter: { fileName: out.json },
    clearTextReporter: { allowEmojis: false, logTests: false },
  };
}
