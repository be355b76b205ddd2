import { defineConfig } from 'vitest/config';

// Three kinds of test, told apart by the file name:
// - `*.test.ts`: unit tests, in-process. They start no server and no child
//   process, and run in `npm run test:unit`, on every save;
//   test/support/no-listen.ts fails any of them that listens on a port,
//   test/support/no-spawn.ts any that starts a child process.
// - `*.int.test.ts`: integration tests, in-process too, that talk HTTP to a
//   server on a real port (our emulator, a fake GitHub, a scripted server).
//   No child process either. `npm run test:integration`.
// - `*.spawn.test.ts`: tests that run something as a child process (the
//   committed dist/ as a runner does, the CLI, git, npm, a workflow's shell).
// `npm test` runs all three: most of the time goes to waiting on sockets,
// timers and children, so more workers than cores keep the cores busy.

/** Settings every run of the suite shares (scripts/mutation/vitest.config.ts too). */
export const shared = {
  // A deadline only catches a hang: generous, as a loaded machine is slow.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export const UNIT = 'test/**/*.test.ts';
export const INTEGRATION = 'test/**/*.int.test.ts';
export const SPAWN = 'test/**/*.spawn.test.ts';
/** The reading fuzzer's fixed seeds: a check of their own in `npm test` (scripts/test.ts), budget 90 s. */
export const FUZZ = 'test/fuzz/**/*.fuzz.test.ts';

export default defineConfig({
  test: {
    ...shared,
    // One module graph per worker, not per file: a test leaves no state
    // behind (it closes what it starts and restores what it stubs), and
    // importing src/ afresh for each file cost more than many tests themselves.
    isolate: false,
    maxWorkers: 6,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [UNIT],
          exclude: [INTEGRATION, SPAWN, FUZZ],
          setupFiles: ['test/support/no-spawn.ts', 'test/support/no-listen.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [INTEGRATION],
          setupFiles: ['test/support/no-spawn.ts'],
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
