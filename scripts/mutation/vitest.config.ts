import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

// The suite as mutation testing runs it: every test that runs the mutated
// source in-process. Left out:
// - tests of the committed bundle or of child processes (the action's
//   dist/index.js, the CLI, the demo, a crashing engine): they run code
//   Stryker never mutates, so they can kill no mutant and only slow the first run;
// - the 429-storm test of the engine, which counts on requests arriving
//   within one 20 ms rate-limit window: instrumented code is too slow for
//   that, so it fails before any mutant is applied.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        'test/action/dialects.test.ts',
        'test/action/doctor.test.ts',
        'test/action/e2e.test.ts',
        'test/action/startup.test.ts',
        'test/cli/demo.test.ts',
        'test/cli/local-action.test.ts',
        'test/engine/crash.test.ts',
        'test/engine/resilience.test.ts',
      ],
    },
  }),
);
