// Running the committed bundle as a runner starts it, for the benchmarks that
// measure the whole action: the environment a runner sets, GNU time around
// the process for its peak memory and CPU, and its outputs read back.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
export const DIST = join(ROOT, 'dist/index.js');

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The whole process, Node's own start-up included. */
  wallMs: number;
  /** CPU of the action's process (user + system): what a busy machine does not inflate as it does the wall time. */
  cpuMs: number;
  peakMiB: number;
}

/** A pull request's event: its number and the commits it goes from and to. */
export interface PullRequestEvent {
  number: number;
  base: string;
  head: string;
}

/** The environment of a push to `ref` (or of a pull request) on a runner, with the action's inputs. */
export async function runnerEnv(
  workspace: string,
  inputs: Record<string, string>,
  ref = 'refs/heads/main',
  pullRequest: PullRequestEvent | null = null,
): Promise<NodeJS.ProcessEnv> {
  await writeFile(join(workspace, 'summary.md'), '');
  await writeFile(join(workspace, 'output.txt'), '');
  const repository = { name: 'videos', full_name: 'octo-org/videos', owner: { login: 'octo-org' } };
  const payload = pullRequest
    ? {
        number: pullRequest.number,
        repository: { ...repository, default_branch: 'main' },
        pull_request: {
          number: pullRequest.number,
          base: { ref: 'main', sha: pullRequest.base, repo: repository },
          head: { ref: 'change', sha: pullRequest.head, repo: repository },
        },
      }
    : { ref };
  await writeFile(join(workspace, 'event.json'), JSON.stringify(payload));
  return {
    PATH: process.env.PATH,
    // NODE_OPTIONS=--cpu-prof profiles the action's process.
    ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
    HOME: workspace,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: pullRequest ? 'pull_request' : 'push',
    GITHUB_EVENT_PATH: join(workspace, 'event.json'),
    GITHUB_REF: pullRequest ? `refs/pull/${pullRequest.number}/merge` : ref,
    ...(pullRequest ? { GITHUB_SHA: pullRequest.head } : {}),
    GITHUB_REPOSITORY: 'octo-org/videos',
    GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
    GITHUB_OUTPUT: join(workspace, 'output.txt'),
    RUNNER_TEMP: workspace,
    ...Object.fromEntries(
      Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
    ),
  };
}

/** `node dist/index.js` under GNU time, which reports the action's own peak, not this process's. */
export function runAction(env: NodeJS.ProcessEnv, cwd: string): Promise<ActionRun> {
  if (!existsSync(DIST)) throw new Error(`${DIST} is missing: run \`npm run bundle\` first.`);
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'maxrss-kib=%M cpu-s=%U+%S', NODE, DIST], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const cpu = /cpu-s=([\d.]+)\+([\d.]+)/.exec(stderr);
      done({
        code,
        stdout,
        stderr,
        wallMs: Math.round(performance.now() - started),
        cpuMs: Math.round((Number(cpu?.[1]) + Number(cpu?.[2])) * 1000),
        peakMiB: Math.round((Number(/maxrss-kib=(\d+)/.exec(stderr)?.[1]) / 1024) * 10) / 10,
      });
    });
  });
}

/** One output from GITHUB_OUTPUT's `name<<delimiter` blocks; null when it was not set. */
export function outputNamed(outputFile: string, name: string): string | null {
  const match = new RegExp(`^${name}<<(.+)$`, 'm').exec(outputFile);
  if (!match) return null;
  const start = outputFile.indexOf('\n', match.index) + 1;
  return outputFile.slice(start, outputFile.indexOf(`\n${match[1]}`, start));
}
