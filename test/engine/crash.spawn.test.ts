// A run killed at any instant and started again converges: no duplicate item,
// no second upload. The emulator lives here; each apply runs in a child
// process that is SIGKILLed at seeded random moments.
import { afterEach, describe, expect, it } from 'vitest';
import { runChild, seeded, type ChildReport } from '../support/engine-child-run.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

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
