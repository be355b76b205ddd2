// A publication whose answer was lost, across runs killed and started again
// at seeded random points: published exactly once, shown as unknown while the
// service has not shown it published, never sent again blindly.
import { afterEach, describe, expect, it } from 'vitest';
import { runChild, seeded, type ChildReport } from '../support/engine-child-run.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const TITLE = 'Lost answer: the sea butterfly';
const GENERATION = '/v1/gen/process-content-async';
const publishingRequests = (harness: Harness): number =>
  harness.emulator.admin.requestLog.filter((entry) => entry.method === 'POST' && entry.path === GENERATION)
    .length;

describe('a one-shot publication whose answer was lost after the service accepted it', () => {
  for (const seed of [3, 19, 43]) {
    it(`three runs, killed at random points: published once, never re-sent (seed ${seed})`, async () => {
      h = await startHarness({ phaseMs: { audio: 60, video: 60, upload: 60 } });
      await h.write('lost.yml', manifest(TITLE, PUBLISHED));
      h.emulator.admin.injectFault({ method: 'POST', path: GENERATION, fault: { kind: 'lose-response' } });
      const random = seeded(seed);
      // The first run loses the answer, then is killed; the second is killed too; the third runs to its end.
      await runChild(h, { afterWrites: 2, delayMs: Math.floor(random() * 150) });
      await runChild(h, { afterWrites: 0, delayMs: Math.floor(random() * 150) });
      const last = await runChild(h, null);
      const [item] = h.emulator.admin.items();
      expect(item).toMatchObject({ status: 'UPLOADED', generationDispatches: 1, uploadDispatches: 1 });
      expect(publishingRequests(h)).toBe(1);
      expect(last?.items?.[0]?.status).toBe('UPLOADED');
    });
  }

  it('a run that does not wait says the publication is unknown, with when it was sent', async () => {
    h = await startHarness({ phaseMs: { audio: 150, video: 150, upload: 150 } });
    await h.write('lost.yml', manifest(TITLE, PUBLISHED));
    h.emulator.admin.injectFault({ method: 'POST', path: GENERATION, fault: { kind: 'lose-response' } });
    const report = (await runChild(h, null, { CAC_WAIT: 'false' })) as ChildReport;
    expect(report.items?.[0]?.outcome).toBe('unknown');
    expect(report.items?.[0]?.unknownSince).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(publishingRequests(h)).toBe(1);
  });
});

describe('a publication whose request was lost before the service saw it', () => {
  it('re-sent once, only after the stall threshold, and published once', async () => {
    h = await startHarness();
    await h.write('lost.yml', manifest(TITLE, PUBLISHED));
    h.emulator.admin.injectFault({ method: 'POST', path: GENERATION, fault: { kind: 'drop' } });
    const started = Date.now();
    const report = await runChild(h, null, { CAC_STALL_MS: '500' });
    expect(report?.items?.[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(publishingRequests(h)).toBe(2);
    expect(h.emulator.admin.items()[0]).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });
});
