// A burst of merges never skips a release. GitHub keeps one run of a
// concurrency group running and at most one pending (with
// cancel-in-progress: false): a run queued behind a pending one cancels it.
// Five merges in quick succession leave run 1 and run 5; runs 2 to 4 never
// start. Each run checks out its own commit and the engine reconciles the
// whole catalogue, so run 5 publishes what merges 2 to 4 brought. The real
// engine against the emulator over HTTP, on several seeds for the timing.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/engine/types.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';
import { tempDir } from '../support/temp-dir.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** A small seeded generator (mulberry32): the same seed, the same timings. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

const titles = (seed: number): string[] =>
  ['moon jelly', 'box jelly', 'comb jelly', "lion's mane", 'sea wasp'].map(
    (animal, k) => `Merged ${seed}-${k + 1}: the ${animal}`,
  );

/** The checkout of merge `k` (1-based): the manifests of merges 1 to k, as that commit holds them. */
async function checkout(seed: number, k: number): Promise<string> {
  const dir = await tempDir('cac-burst-');
  await mkdir(join(dir, 'content'));
  for (const [index, title] of titles(seed).slice(0, k).entries()) {
    const flow = index === 2 ? 'flow: stepwise\n' : '';
    await writeFile(join(dir, 'content', `merged-${index + 1}.yml`), manifest(title, `${flow}${PUBLISHED}`));
  }
  return dir;
}

interface Group {
  started: number[];
  cancelled: number[];
  reports: RunReport[];
}

/**
 * GitHub's concurrency group with cancel-in-progress: false. A run whose
 * group is busy waits; a second one waiting cancels the first waiting.
 */
async function burst(harness: Harness, seed: number, gaps: number[]): Promise<Group> {
  const group: Group = { started: [], cancelled: [], reports: [] };
  let running: Promise<void> | null = null;
  let pending: number | null = null;
  const start = (k: number): Promise<void> => {
    group.started.push(k);
    return (async () => {
      const cwd = await checkout(seed, k);
      group.reports.push(await harness.run({ cwd }));
      running = pending === null ? null : start(pending);
      pending = null;
      await running;
    })();
  };
  for (const [index, gap] of gaps.entries()) {
    await sleep(gap);
    const k = index + 1;
    if (running === null) running = start(k);
    else {
      if (pending !== null) group.cancelled.push(pending);
      pending = k;
    }
  }
  while (running !== null) await running;
  return group;
}

describe('five merges in quick succession', () => {
  it.each([3, 17, 2026])('publish every change of all five once, nothing twice (seed %i)', async (seed) => {
    const rand = random(seed);
    const phase = 60 + Math.floor(rand() * 60);
    h = await startHarness({ phaseMs: { audio: phase, video: phase, upload: phase } });
    // Merge 1 starts run 1; merges 2 to 5 land while it renders, a few milliseconds apart.
    const gaps = [0, ...[1, 2, 3, 4].map(() => 5 + Math.floor(rand() * 25))];
    const group = await burst(h, seed, gaps);
    expect(group.started).toEqual([1, 5]);
    expect(group.cancelled).toEqual([2, 3, 4]);
    expect(group.reports.map((report) => report.fatal)).toEqual([null, null]);
    for (const title of titles(seed)) {
      const items = h.emulator.admin.items().filter((item) => item.title === title);
      expect(items, title).toHaveLength(1);
      expect(items[0], title).toMatchObject({ status: 'UPLOADED', uploadDispatches: 1 });
    }
    // A later run (a schedule) finds nothing left to do and sends nothing.
    const writes = () => h!.requests().filter((line) => !line.startsWith('GET ')).length;
    const before = writes();
    const after = await h.run({ cwd: await checkout(seed, 5) });
    expect(after.plan!.items.every((item) => item.steps.length === 0)).toBe(true);
    expect(writes()).toBe(before);
  });
});
