import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { tempDir } from '../support/temp-dir.ts';
import { until } from '../support/until.ts';

// The CLI as users run it: the committed bundle behind bin/content-as-code.js
// in a child process, with an environment of its own (nothing of the test
// runner's CONTENT_* leaks in), against the emulator started by that same
// binary in another child process.

export const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin', 'content-as-code.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  stdin?: string;
  /**
   * stdout and stderr into one file, as a terminal shows them: what came
   * first is then exact (two pipes would not keep the order). `stdout` holds
   * both, and `stderr` is empty.
   */
  merged?: boolean;
  /** Runs `then` once `output` appears in what the CLI printed (checked every 25 ms): send a signal, kill the service. */
  when?: { output: RegExp; then: (child: ChildProcess) => unknown };
  bin?: string;
  timeoutMs?: number;
}

function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: `${resolve(process.execPath, '..')}:${process.env['PATH'] ?? ''}`,
    HOME: process.env['HOME'] ?? tmpdir(),
    NO_COLOR: '1',
    ...extra,
  };
}

/** Runs the CLI to its end, its output written to files as a redirect in a shell would. */
export async function runCli(args: string[], options: RunOptions): Promise<CliRun> {
  const dir = await mkdtemp(join(tmpdir(), 'cac-run-'));
  const outFile = join(dir, 'out');
  const errFile = join(dir, 'err');
  const out = openSync(outFile, 'a');
  const err = options.merged ? out : openSync(errFile, 'a');
  const child = spawn(process.execPath, [options.bin ?? BIN, ...args], {
    cwd: options.cwd,
    env: baseEnv(options.env),
    stdio: ['pipe', out, err],
  });
  child.stdin?.end(options.stdin ?? '');
  const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  let timer: NodeJS.Timeout | undefined;
  if (options.when) {
    const { output, then } = options.when;
    timer = setInterval(() => {
      if (output.test(read(outFile) + read(errFile))) {
        clearInterval(timer);
        void then(child);
      }
    }, 25);
  }
  try {
    const code = await new Promise<number | null>((resolveDone, reject) => {
      const guard = setTimeout(() => {
        child.kill('SIGKILL');
        reject(
          new Error(`content-as-code ${args.join(' ')} did not finish:\n${read(outFile)}${read(errFile)}`),
        );
      }, options.timeoutMs ?? 110_000);
      child.on('close', (exitCode) => {
        clearTimeout(guard);
        resolveDone(exitCode);
      });
    });
    return { code, stdout: read(outFile), stderr: options.merged ? '' : read(errFile) };
  } finally {
    clearInterval(timer);
    closeSync(out);
    if (err !== out) closeSync(err);
    await rm(dir, { recursive: true, force: true });
  }
}

export interface EmulatorProcess {
  baseUrl: string;
  apiKey: string;
  output: () => string;
  env: Record<string, string>;
  /** Stops it as a user would (Ctrl-C) and waits for it to exit. */
  stop: () => Promise<number | null>;
  /** Kills it outright, as a crashed service. */
  kill: () => Promise<void>;
  child: ChildProcess;
}

/**
 * `content-as-code emulator …` in a child process, ready once it prints the
 * lines to export. On a free port unless `args` name one, never the default
 * 8787: the tests run side by side, and a user's emulator may be running there.
 */
export async function startEmulatorProcess(args: string[], cwd = ROOT, bin = BIN): Promise<EmulatorProcess> {
  const freePort = args.some((arg) => arg.startsWith('--port')) ? [] : ['--port', '0'];
  const child = spawn(process.execPath, [bin, 'emulator', ...freePort, ...args], {
    cwd,
    env: baseEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolveExit) => child.on('close', (code) => resolveExit(code)));
  await until(() => output.includes('Press Ctrl-C') || child.exitCode !== null, 'the emulator to start');
  const baseUrl = /export CONTENT_BASE_URL=(\S+)/.exec(output)?.[1];
  const apiKey = /export CONTENT_API_KEY=(\S+)/.exec(output)?.[1];
  if (baseUrl === undefined || apiKey === undefined) {
    child.kill('SIGKILL');
    throw new Error(`the emulator did not start:\n${output}`);
  }
  return {
    baseUrl,
    apiKey,
    output: () => output,
    env: { CONTENT_BASE_URL: baseUrl, CONTENT_API_KEY: apiKey },
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A GET on the emulator with its key, as a script would check what is there. */
export async function serviceGet(emulator: EmulatorProcess, path: string): Promise<unknown> {
  const response = await fetch(`${emulator.baseUrl}/v1${path}`, {
    headers: { authorization: `Bearer ${emulator.apiKey}` },
  });
  return response.json();
}

/** The items a listing holds, whether the service answers a bare list or an envelope. */
export async function serviceList<T = { id: string; title: string; status: string }>(
  emulator: EmulatorProcess,
  path: string,
): Promise<T[]> {
  const body = (await serviceGet(emulator, path)) as T[] | { data?: T[]; items?: T[] };
  return Array.isArray(body) ? body : (body.data ?? body.items ?? []);
}

/**
 * A fresh workspace outside the repository holding `files` (paths relative
 * to it), removed after the test (or, made in a beforeAll, by the file).
 */
export async function workspace(files: Record<string, string> = {}, withExamples = false): Promise<string> {
  const dir = await tempDir('cac-ws-');
  if (withExamples) await cp(join(ROOT, 'examples', 'content'), join(dir, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}
