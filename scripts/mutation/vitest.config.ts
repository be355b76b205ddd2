import { configDefaults, defineConfig } from 'vitest/config';
import { shared } from '../../vitest.config.ts';

// The suite as mutation testing runs it: every test that runs the mutated
// source in-process, unit or not (a test that spawns git still runs the
// engine in-process). Left out:
// - tests of the committed bundle or of child processes (the action's
//   dist/index.js, the CLI, the demo, a crashing engine): they run code
//   Stryker never mutates, so they can kill no mutant and only slow the first run;
// - the 429-storm test of the engine, which counts on requests arriving
//   within one 20 ms rate-limit window: instrumented code is too slow for
//   that, so it fails before any mutant is applied.
export default defineConfig({
  test: {
    ...shared,
    include: ['test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      'test/action/dialects.spawn.test.ts',
      'test/action/doctor.spawn.test.ts',
      'test/action/e2e.spawn.test.ts',
      'test/action/startup.spawn.test.ts',
      'test/cli/demo.spawn.test.ts',
      'test/cli/local-action.spawn.test.ts',
      'test/engine/crash.spawn.test.ts',
      'test/engine/resilience.int.test.ts',
    ],
  },
});
