// A freeze holds every send, not only the plan: the service publishes when
// the job ends, so a one-shot request whose render may end inside a window
// renders without the publication, which an upload sends once nothing holds
// it; and every generation and upload is checked as it leaves, the resend
// after a lost answer and the second send after a parked render included.
// The run's clock is set by the test; the emulator works at its own pace.
import { afterEach, describe, expect, it } from 'vitest';
import { holdText } from '../../src/report/words.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const BEFORE = Date.parse('2026-11-27T15:00:00Z');
const MINUTE = 60_000;
const GENERATION = '/v1/gen/process-content-async';
const UPLOAD = /^\/v1\/contents\/upload\//;

/** A release file with one window, from `fromMin` to `untilMin` minutes after BEFORE. */
const freeze = (fromMin: number, untilMin: number): string =>
  `freeze:\n  - from: '${new Date(BEFORE + fromMin * MINUTE).toISOString()}'\n` +
  `    until: '${new Date(BEFORE + untilMin * MINUTE).toISOString()}'\n    reason: Launch embargo\n`;

const posts = (harness: Harness, path: string | RegExp): number =>
  harness.emulator.admin.requestLog.filter(
    (entry) =>
      entry.method === 'POST' &&
      (typeof path === 'string' ? entry.path.split('?')[0] === path : path.test(entry.path)),
  ).length;

const resultHolds = (report: RunReport): string[] => (report.result?.items[0]?.holds ?? []).map(holdText);

describe('a one-shot publication near a freeze', () => {
  it('is not carried by a render that may end inside the window: rendered without it, and held', async () => {
    h = await startHarness();
    await h.write('_release.yml', freeze(2, 120));
    await h.write('a.yml', manifest('Embargoed', PUBLISHED));
    const report = await h.run({ now: () => new Date(BEFORE) });
    const [item] = h.emulator.admin.items();
    expect(item).toMatchObject({ status: 'VIDEO_PROCESSED', uploadDispatches: 0 });
    expect(item?.publications).toEqual([]);
    expect(posts(h, GENERATION)).toBe(1);
    expect(posts(h, UPLOAD)).toBe(0);
    expect(resultHolds(report).join('\n')).toMatch(/^frozen until .*Launch embargo/);
  });

  it('is carried when no window opens within the margin', async () => {
    h = await startHarness();
    await h.write('_release.yml', freeze(45, 120));
    await h.write('a.yml', manifest('Well before', PUBLISHED));
    const report = await h.run({ now: () => new Date(BEFORE) });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(posts(h, UPLOAD)).toBe(0);
  });

  it("is carried when this run's own renders show it ends well before the window", async () => {
    h = await startHarness();
    await h.write('_release.yml', freeze(2, 120));
    await h.write('a.yml', manifest('Rendered first', 'flow: stepwise\nstage: rendered\n'));
    await h.write('b.yml', manifest('One-shot after it', PUBLISHED));
    const report = await h.run({ now: () => new Date(BEFORE), concurrency: 1 });
    expect(report.result?.items.map((item) => item.outcome)).toEqual(['rendered', 'published']);
    expect(posts(h, UPLOAD)).toBe(0);
  });

  it('is published with an upload after the render when the window it feared is over by then', async () => {
    h = await startHarness();
    await h.write('_release.yml', freeze(2, 3));
    await h.write('a.yml', manifest('After the window', PUBLISHED));
    // The render is sent before the window; by the time it ends, the run's clock is past it.
    const now = (): Date => new Date(posts(h!, GENERATION) === 0 ? BEFORE : BEFORE + 4 * MINUTE);
    const report = await h.run({ now });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(posts(h, UPLOAD)).toBe(1);
    expect(h.emulator.admin.items()[0]?.publications).toHaveLength(1);
  });
});

describe('every send is checked', () => {
  it('the resend after a lost answer: a freeze begun meanwhile holds it', async () => {
    h = await startHarness();
    await h.write('_release.yml', freeze(60, 180));
    await h.write('a.yml', manifest('Lost then frozen', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'drop' } });
    const now = (): Date => new Date(posts(h!, UPLOAD) === 0 ? BEFORE : BEFORE + 61 * MINUTE);
    const report = await h.run({ now, stallMs: 300 });
    expect(posts(h, UPLOAD)).toBe(1);
    expect(report.result?.items[0]).toMatchObject({ outcome: 'unknown', status: 'VIDEO_PROCESSED' });
    expect(resultHolds(report).join('\n')).toMatch(/^frozen until .*Launch embargo/m);
  });

  it('the second send after a render parked after the voiceover: it goes without the publication', async () => {
    h = await startHarness({ behaviours: { parkInAudioProcessed: true } });
    await h.write('_release.yml', freeze(60, 180));
    await h.write('a.yml', manifest('Parked then frozen', PUBLISHED));
    const now = (): Date => new Date(posts(h!, GENERATION) === 0 ? BEFORE : BEFORE + 61 * MINUTE);
    const report = await h.run({ now });
    expect(posts(h, GENERATION)).toBe(2);
    const [item] = h.emulator.admin.items();
    expect(item).toMatchObject({ status: 'VIDEO_PROCESSED', uploadDispatches: 0 });
    expect(item?.publications).toEqual([]);
    expect(resultHolds(report).join('\n')).toMatch(/^frozen until .*Launch embargo/m);
  });
});
