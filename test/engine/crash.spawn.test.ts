// A run killed at any instant and started again converges: no duplicate item,
// no second upload. The emulator lives here; each apply runs in a child
// process that is SIGKILLed at seeded random moments.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED, SECOND_MS, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CHILD = join(ROOT, 'test', 'support', 'engine-child.ts');

interface ChildReport {
  fatal: string | null;
  items?: { title: string; outcome: string; status: string | null }[];
}

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface KillPoint {
  /** Writes (non-GET requests) the emulator must have received from this run first. */
  afterWrites: number;
  /** Then this many more milliseconds. */
  delayMs: number;
}

const writes = (h: Harness): number => h.requests().filter((line) => !line.startsWith('GET')).length;

/** Runs one apply; SIGKILLs it at the kill point when given. Resolves with its report, or null when killed. */
function runChild(h: Harness, kill: KillPoint | null): Promise<ChildReport | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CHILD], {
      cwd: ROOT,
      env: {
        ...process.env,
        CAC_BASE_URL: h.emulator.baseUrl,
        CAC_API_KEY: h.emulator.apiKey,
        CAC_DIR: h.dir,
        CAC_SECOND_MS: String(SECOND_MS),
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

const TITLES = [
  'Crash one-shot A',
  'Crash one-shot B',
  'Crash stepwise C',
  'Crash stepwise D',
  'Crash draft E',
];

async function writeManifests(h: Harness): Promise<void> {
  await h.write('a.yml', manifest(TITLES[0]!, PUBLISHED));
  await h.write('b.yml', manifest(TITLES[1]!, PUBLISHED));
  await h.write('c.yml', manifest(TITLES[2]!, `flow: stepwise\n${PUBLISHED}`));
  await h.write('d.yml', manifest(TITLES[3]!, `flow: stepwise\n${PUBLISHED}`));
  await h.write('e.yml', manifest(TITLES[4]!));
}

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('crash and re-run', () => {
  for (const seed of [1, 7, 42, 1234]) {
    it(`converges after SIGKILLs at random points (seed ${seed})`, { timeout: 120_000 }, async () => {
      h = await startHarness({ phaseMs: { audio: 40, video: 60, upload: 30 } });
      await writeManifests(h);
      const random = seeded(seed);
      let kills = 0;
      for (let attempt = 0; attempt < 4; attempt++) {
        const report = await runChild(h, {
          afterWrites: Math.floor(random() * 6),
          delayMs: Math.floor(random() * 40),
        });
        if (report === null) kills += 1;
      }
      let converged: ChildReport | null = null;
      for (let run = 0; run < 4 && converged === null; run++) {
        const report = await runChild(h, null);
        const done = report?.items?.every((item) =>
          item.title === TITLES[4] ? item.status === 'NEW' : item.status === 'UPLOADED',
        );
        if (report?.fatal === null && done) converged = report;
      }
      expect(kills, `seed ${seed}`).toBeGreaterThan(0);
      expect(converged, `seed ${seed}, ${kills} kills`).not.toBeNull();
      const items = h.emulator.admin.items();
      for (const title of TITLES) {
        const same = items.filter((item) => item.title === title);
        expect(same, title).toHaveLength(1);
        expect(same[0]!.uploadDispatches, title).toBeLessThanOrEqual(1);
      }
      expect(items).toHaveLength(TITLES.length);
      for (const item of items.filter((entry) => entry.title !== TITLES[4]))
        expect(item.uploadDispatches).toBe(1);
    });
  }
});
