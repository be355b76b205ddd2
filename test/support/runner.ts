// Runs the bundled action (dist/index.js) as a child process with the
// environment a GitHub runner gives a step: INPUT_* variables (names upper-
// cased, hyphens kept), the event name and payload file, the summary and
// output files, the API and server URLs. Returns every byte it wrote.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { tempDir } from './temp-dir.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const NODE = join(ROOT, 'node_modules/.bin/node');
const DIST = join(ROOT, 'dist/index.js');

/**
 * The tests run the committed bundle, as the runner does. `npm test` checks,
 * beside them, that dist/ matches the sources; after changing src/, run
 * `npm run bundle` first.
 */
export function requireDist(): void {
  if (!existsSync(DIST)) throw new Error(`${DIST} is missing: run \`npm run bundle\` first.`);
}

export interface RunnerEvent {
  name: string;
  payload: Record<string, unknown>;
  ref?: string;
  sha?: string;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  summary: string;
  /** GITHUB_OUTPUT as written. */
  outputFile: string;
  outputs: Record<string, string>;
  /** Annotations parsed from stdout. */
  annotations: Array<{ level: string; properties: Record<string, string>; message: string }>;
}

export interface RunActionOptions {
  /** The repository checkout (GITHUB_WORKSPACE). */
  workspace: string;
  inputs: Record<string, string>;
  event: RunnerEvent;
  apiUrl?: string;
  repository?: string;
  extraEnv?: Record<string, string>;
  /** Called with the child's pid once it runs (to watch its memory, say). */
  onSpawn?: (pid: number) => void;
  /** The Node that runs the bundle; the runner's node24 (the pinned one) unless given. */
  node?: string;
}

export const REPOSITORY = 'octo-org/videos';

/** The `repository` object of the events' payloads. */
const REPOSITORY_PAYLOAD = {
  id: 1,
  name: 'videos',
  full_name: REPOSITORY,
  owner: { login: 'octo-org', type: 'Organization' },
  default_branch: 'main',
  private: false,
};

/**
 * A push event as the runner gives it: to `main` unless told, from `before`
 * (b…b) to `sha` (c…c).
 */
export function pushEvent(options: { sha?: string; before?: string; branch?: string } = {}): RunnerEvent {
  const { sha = 'c'.repeat(40), before = 'b'.repeat(40), branch = 'main' } = options;
  const ref = `refs/heads/${branch}`;
  return {
    name: 'push',
    ref,
    sha,
    payload: {
      ref,
      before,
      after: sha,
      created: false,
      deleted: false,
      forced: false,
      head_commit: { id: sha, message: 'Change videos' },
      repository: REPOSITORY_PAYLOAD,
      pusher: { name: 'author' },
    },
  };
}

/**
 * A pull request's event as the runner gives it: `pull_request` from a
 * branch of the same repository (base `b…b`, head `c…c` unless given), or
 * from a fork, or `pull_request_target`.
 */
export function pullRequestEvent(
  options: { number?: number; head?: string; headRef?: string; fork?: boolean; target?: boolean } = {},
): RunnerEvent {
  const number = options.number ?? 7;
  const headRef = options.headRef ?? 'new-videos';
  const headRepo = options.fork
    ? { full_name: 'mallory/videos', fork: true }
    : { full_name: REPOSITORY, fork: false };
  return {
    name: options.target ? 'pull_request_target' : 'pull_request',
    ref: options.target ? 'refs/heads/main' : `refs/pull/${number}/merge`,
    sha: 'e'.repeat(40),
    payload: {
      action: 'synchronize',
      number,
      pull_request: {
        number,
        state: 'open',
        title: 'New videos',
        user: { login: 'author' },
        head: {
          ref: headRef,
          sha: options.head ?? 'c'.repeat(40),
          repo: headRepo,
          label: `author:${headRef}`,
        },
        base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: REPOSITORY } },
      },
      repository: REPOSITORY_PAYLOAD,
      sender: { login: 'author' },
    },
  };
}

/** The runner's own defaults for inputs the workflow leaves out: action.yml's `default:`, as the runner reads them. */
const ACTION_DEFAULTS: Record<string, string> = Object.fromEntries(
  Object.entries(
    (
      parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
        inputs: Record<string, { default?: string }>;
      }
    ).inputs,
  ).flatMap(([name, input]) =>
    // `${{ github.token }}` is the runner's to fill; a test gives its own token or none.
    input.default === undefined || input.default.includes('${{') ? [] : [[name, String(input.default)]],
  ),
);

export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  // Kept to the test's end: outputs such as results-file name files in RUNNER_TEMP.
  const temp = await tempDir('cac-runner-');
  const eventPath = join(temp, 'event.json');
  const summaryPath = join(temp, 'step_summary.md');
  const outputPath = join(temp, 'output.txt');
  await writeFile(eventPath, JSON.stringify(options.event.payload));
  await writeFile(summaryPath, '');
  await writeFile(outputPath, '');
  const repository = options.repository ?? REPOSITORY;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: temp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REF: options.event.ref ?? 'refs/heads/main',
    GITHUB_SHA: options.event.sha ?? 'f'.repeat(40),
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: repository.split('/')[0]!,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: temp,
    RUNNER_OS: 'Linux',
    // GitHub's waits (retry-after, back-off, the spacing of writes) at a
    // millisecond per second: no test here times them. An apply on a push
    // asks GitHub for the reviewed plan, and GitHub at its default address
    // (port 9, which fetch refuses) is retried for 1 + 4 + 9 seconds.
    CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS: '1',
    ...options.extraEnv,
  };
  for (const [name, value] of Object.entries({ ...ACTION_DEFAULTS, ...options.inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (done) => {
      const child = execFile(
        options.node ?? NODE,
        [DIST],
        { cwd: options.workspace, env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
        (error, out, err) => {
          const status = error && typeof error.code === 'number' ? error.code : error ? null : 0;
          done({ code: status, stdout: out, stderr: err });
        },
      );
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    },
  );
  const outputFile = await readFile(outputPath, 'utf8');
  return {
    code,
    stdout,
    stderr,
    summary: await readFile(summaryPath, 'utf8'),
    outputFile,
    outputs: parseOutputs(outputFile),
    annotations: parseAnnotations(stdout),
  };
}

/** Reads the `name<<delimiter … delimiter` blocks of GITHUB_OUTPUT. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const end = lines.indexOf(match[2]!, i + 1);
    outputs[match[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

function unescape(value: string): string {
  return value
    .replace(/%0A/g, '\n')
    .replace(/%0D/g, '\r')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%');
}

function parseAnnotations(stdout: string): ActionRun['annotations'] {
  const found: ActionRun['annotations'] = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
      const at = pair.indexOf('=');
      properties[pair.slice(0, at)] = unescape(pair.slice(at + 1));
    }
    found.push({ level: match[1]!, properties, message: unescape(match[3]!) });
  }
  return found;
}
