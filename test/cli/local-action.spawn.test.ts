import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ROOT } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';
import { until } from '../support/until.ts';

// docs/local-action.md's "Against the emulator", step by step, in a fresh clone of
// the repository (its committed files, no .cache/): `npm ci`, the emulator,
// the copy of the dotenv file, GitHub's @github/local-action running
// src/main.ts. Then every path under .cache/local-action/ that the page
// names must be there. Two steps differ, and only in what
// a test should not do: `npm ci` is a copy of this checkout's node_modules
// made of hard links (the packages the same lockfile pins, in a second
// instead of half a minute; a symbolic link would not do, as local-action
// finds the toolkit packages it replaces by their path inside the action's
// folder), and the emulator runs on a free port with short phases (tests run
// side by side).

const run = promisify(execFile);
const DOC = readFileSync(join(ROOT, 'docs', 'local-action.md'), 'utf8');

/** The shell lines of the page's local-action block, comments and blank lines left out. */
function documentedSteps(): string[] {
  const block = DOC.split('<!-- local-action:')[1]?.split('```')[1] ?? '';
  return block
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Every `.cache/local-action/…` path the page promises. */
function promisedPaths(): string[] {
  const found = [...DOC.matchAll(/`(\.cache\/local-action\/[^`\s]*)`/g)].map(([, path]) => path!);
  return [...new Set(found)];
}

/** Runs a documented step in the clone as a shell would, failing on any failing part of a pipe. */
function shell(clone: string, line: string, timeout = 240_000): Promise<{ stdout: string; stderr: string }> {
  return run('bash', ['-o', 'pipefail', '-c', line], {
    cwd: clone,
    timeout,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
}

/**
 * `npm run cli -- emulator …` in the background, stopped when the test ends;
 * resolves with what it says to export.
 */
async function startEmulator(clone: string, line: string): Promise<{ baseUrl: string; apiKey: string }> {
  const child = spawn('bash', ['-c', line], {
    cwd: clone,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Registered after the clone's removal, so run before it: the emulator runs in the clone.
  onTestFinished(() => endGroup(child));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await until(() => output.includes('Press Ctrl-C') || child.exitCode !== null, 'the emulator to start');
  const baseUrl = /export CONTENT_BASE_URL=(\S+)/.exec(output)?.[1];
  const apiKey = /export CONTENT_API_KEY=(\S+)/.exec(output)?.[1];
  if (baseUrl === undefined || apiKey === undefined)
    throw new Error(`the emulator did not start:\n${output}`);
  return { baseUrl, apiKey };
}

/**
 * Ends a child started in a process group of its own (through `npm run`, the
 * emulator is a grandchild) as Ctrl-C would, and waits until every process
 * of it that held its output has exited.
 */
async function endGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const closed = new Promise((resolve) => child.once('close', resolve));
  process.kill(-child.pid, 'SIGINT');
  await closed;
}

describe('docs/local-action.md, in a fresh clone', () => {
  const steps = documentedSteps();

  it('has the steps the test follows, and the doc repeats them', () => {
    expect(steps).toEqual([
      'npm ci',
      'npm run cli -- emulator --key svc_live_localtrial1',
      'mkdir -p .cache/local-action && cp examples/local-action.env.example .cache/local-action.env',
      'npx local-action run . src/main.ts .cache/local-action.env | tee .cache/local-action/run.log',
    ]);
    for (const step of steps) expect(DOC).toContain(step);
    expect(promisedPaths()).toEqual(
      expect.arrayContaining([
        '.cache/local-action/',
        '.cache/local-action/summary.md',
        '.cache/local-action/content-as-code/content-as-code-plan.json',
        '.cache/local-action/content-as-code/content-as-code-results.json',
        '.cache/local-action/run.log',
      ]),
    );
  });

  it('applies examples/content and leaves every promised file where the docs say', async () => {
    const [install, startTheEmulator, copyTheInputs, runTheAction] = steps as [
      string,
      string,
      string,
      string,
    ];
    const clone = await tempDir('cac-clone-');
    await run('git', ['clone', '--quiet', ROOT, clone]);
    expect(existsSync(join(clone, '.cache'))).toBe(false);
    expect(install).toBe('npm ci');
    await run('cp', ['-al', join(ROOT, 'node_modules'), join(clone, 'node_modules')]);

    const service = await startEmulator(clone, `${startTheEmulator} --port 0 --phase-ms 20`);
    expect(readFileSync(join(clone, 'examples/local-action.env.example'), 'utf8')).toContain(
      `INPUT_API-KEY=${service.apiKey}\n`,
    );
    await shell(clone, copyTheInputs);
    const envFile = join(clone, '.cache', 'local-action.env');
    // The example file holds the key the emulator was given; only the URL differs (another port).
    const inputs = (await readFile(envFile, 'utf8')).replace(
      /^INPUT_BASE-URL=.*$/m,
      `INPUT_BASE-URL=${service.baseUrl}`,
    );
    await writeFile(envFile, inputs);

    const { stdout } = await shell(clone, runTheAction);
    expect(stdout).toContain('apply (auto: workflow_dispatch applies)');

    for (const promised of promisedPaths()) {
      const path = join(clone, promised);
      expect(existsSync(path), `${promised} is missing`).toBe(true);
      if (!promised.endsWith('/')) expect(statSync(path).size, `${promised} is empty`).toBeGreaterThan(0);
    }
    const at = (path: string): string => readFileSync(join(clone, '.cache', 'local-action', path), 'utf8');
    expect(at('summary.md')).toContain('**Applied** 5 manifests');
    const log = at('run.log');
    expect(log).toBe(stdout);
    expect(log).toContain('Action Outputs');
    const planFile = join(clone, '.cache/local-action/content-as-code/content-as-code-plan.json');
    expect(log).toContain(planFile);
    expect(
      (JSON.parse(at('content-as-code/content-as-code-plan.json')) as { items: unknown[] }).items,
    ).toHaveLength(5);
    const results = JSON.parse(at('content-as-code/content-as-code-results.json')) as Array<{
      outcome: string;
    }>;
    expect(results.filter((result) => result.outcome === 'published')).toHaveLength(2);
    // npm ci, GitHub's local-action and the emulator, each a child: minutes on a loaded machine.
  }, 480_000);
});
