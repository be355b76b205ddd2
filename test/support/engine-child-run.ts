// One apply in a child process that a test can SIGKILL at any instant
// (test/support/engine-child.ts), against a harness's emulator and workspace.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SECOND_MS, type Harness } from './engine-harness.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CHILD = join(ROOT, 'test', 'support', 'engine-child.ts');

export interface ChildReport {
  fatal: string | null;
  items?: { title: string; outcome: string; status: string | null; unknownSince: string | null }[];
}

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface KillPoint {
  /** Writes (non-GET requests) the emulator must have received from this run first. */
  afterWrites: number;
  /** Then this many more milliseconds. */
  delayMs: number;
}

const writes = (h: Harness): number => h.requests().filter((line) => !line.startsWith('GET')).length;

/** Runs one apply; SIGKILLs it at the kill point when given. Resolves with its report, or null when killed. */
export function runChild(
  h: Harness,
  kill: KillPoint | null,
  env: Record<string, string> = {},
): Promise<ChildReport | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CHILD], {
      cwd: ROOT,
      env: {
        ...process.env,
        CAC_BASE_URL: h.emulator.baseUrl,
        CAC_API_KEY: h.emulator.apiKey,
        CAC_DIR: h.dir,
        CAC_SECOND_MS: String(SECOND_MS),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // Start-up takes longer than the work: count from the run's own requests, not from the spawn.
    const start = writes(h);
    const watch =
      kill === null
        ? null
        : setInterval(() => {
            if (writes(h) - start < kill.afterWrites) return;
            if (watch) clearInterval(watch);
            setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
          }, 1);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (watch) clearInterval(watch);
      if (signal === 'SIGKILL') return resolve(null);
      if (code !== 0) return reject(new Error(`apply exited with ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as ChildReport);
    });
  });
}
