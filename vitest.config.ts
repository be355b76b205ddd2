import { defineConfig } from 'vitest/config';

// Two speeds of test, told apart by the file name:
// - `*.test.ts`: unit tests. They spawn no process (no bundle, no CLI, no
//   git, no shell) and run in `npm run test:unit`, on every save;
//   test/support/no-spawn.ts fails any of them that starts a child process.
// - `*.spawn.test.ts`: tests that run something as a child process (the
//   committed dist/ as a runner does, the CLI, git, npm, a workflow's shell).
//   They run in `npm test` with the unit tests.
// Both run side by side: most of the time goes to waiting on sockets, timers
// and children, so more workers than cores keep the cores busy.

/** Settings every run of the suite shares (scripts/mutation/vitest.config.ts too). */
export const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks',
} as const;

export const UNIT = 'test/**/*.test.ts';
export const SPAWN = 'test/**/*.spawn.test.ts';
/** The reading fuzzer's fixed seeds: a lane of their own in `npm test` (scripts/test.ts), budget 90 s. */
export const FUZZ = 'test/fuzz/**/*.fuzz.test.ts';

export default defineConfig({
  test: {
    ...shared,
    maxWorkers: 6,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [UNIT],
          exclude: [SPAWN, FUZZ],
          setupFiles: ['test/support/no-spawn.ts'],
          // One module graph per worker, not per file: a unit test leaves no
          // state behind (each starts its own emulator and fakes, and restores
          // what it stubs), and importing src/ afresh for each of ~80 files
          // cost more than the tests themselves.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'spawn', include: [SPAWN] } },
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: [FUZZ],
          setupFiles: ['test/support/no-spawn.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
