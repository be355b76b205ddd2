// Set up before every unit test file (vitest.config.ts): a unit test spawns
// no process. Starting one throws, and fails the test that tried even if the
// code under test caught the error. A test that needs a child process (the
// bundle, the CLI, git, a shell) is a `*.spawn.test.ts`, and runs in
// `npm test` only.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { relative } from 'node:path';
import { afterEach, expect } from 'vitest';

const require = createRequire(import.meta.url);
const childProcess = require('node:child_process') as Record<string, unknown>;
const SPAWNING = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

const attempts: string[] = [];
for (const name of SPAWNING) {
  childProcess[name] = (command: unknown) => {
    const path = expect.getState().testPath;
    const file = path === undefined ? 'a unit test' : relative(process.cwd(), path);
    const attempt = `${file} ran child_process.${name}(${JSON.stringify(command)})`;
    attempts.push(attempt);
    throw new Error(
      `${attempt}: unit tests spawn no process. Name the file *.spawn.test.ts; it then runs in npm test, not npm run test:unit.`,
    );
  };
}
syncBuiltinESMExports();

afterEach(() => {
  const found = attempts.splice(0);
  if (found.length > 0)
    throw new Error(`${found.join('\n')}\nunit tests spawn no process: name the file *.spawn.test.ts.`);
});
