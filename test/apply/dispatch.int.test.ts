// A publication is the one write that cannot be taken back: a generation or
// an upload whose answer was lost is never sent again blindly. The service is
// watched for a sign it received it until the stall threshold has passed;
// only then is it sent once more, and a second lost answer without a sign is
// left unknown, never sent a third time.
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const STALL_MS = 400;
const GENERATION = '/v1/gen/process-content-async';
const UPLOAD = /^\/v1\/contents\/upload\//;
const sent = (harness: Harness, path: string | RegExp): number =>
  harness.emulator.admin.requestLog.filter(
    (entry) =>
      entry.method === 'POST' &&
      (typeof path === 'string' ? entry.path.split('?')[0] === path : path.test(entry.path)),
  ).length;

describe('a publication whose answer was lost', () => {
  it('after the service accepted it: the service shows it received, it is waited for, never sent again', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Accepted, answer lost', PUBLISHED));
    h.emulator.admin.injectFault({ method: 'POST', path: GENERATION, fault: { kind: 'lose-response' } });
    const report = await h.run({ stallMs: STALL_MS });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(sent(h, GENERATION)).toBe(1);
    expect(h.emulator.admin.items()[0]).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });

  it('before the service saw it: no sign until the stall threshold, then sent once more, and published once', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Never arrived', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'drop' } });
    const started = Date.now();
    const report = await h.run({ stallMs: STALL_MS });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_MS);
    expect(sent(h, UPLOAD)).toBe(2);
    expect(h.emulator.admin.items()[0]).toMatchObject({ uploadDispatches: 1 });
    expect(h.logger.lines.some((line) => /shows no sign of it past the stall threshold/.test(line))).toBe(
      true,
    );
  });

  it('lost twice without a sign: held as unknown, with the time it was sent, never sent a third time', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Lost twice', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, times: 2, fault: { kind: 'drop' } });
    const report = await h.run({ stallMs: STALL_MS });
    const [item] = report.result!.items;
    expect(item).toMatchObject({ outcome: 'unknown', status: 'VIDEO_PROCESSED' });
    expect(item?.holds?.map((hold) => hold.kind)).toEqual(['outcome_unknown']);
    expect(JSON.stringify(item?.holds)).toMatch(/"sentAt":"\d{4}-\d\d-\d\dT/);
    expect(sent(h, UPLOAD)).toBe(2);
    expect(h.emulator.admin.items()[0]).toMatchObject({ uploadDispatches: 0 });
  });

  it('a run that does not wait, and ends before the service shows the outcome, says it is unknown', async () => {
    h = await startHarness({ phaseMs: { audio: 200, video: 200, upload: 200 } });
    await h.write('a.yml', manifest('Unknown when the run ends', PUBLISHED));
    h.emulator.admin.injectFault({ method: 'POST', path: GENERATION, fault: { kind: 'lose-response' } });
    const report = await h.run({ stallMs: STALL_MS, wait: false });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'unknown' });
    expect(sent(h, GENERATION)).toBe(1);
  });

  it("the run's deadline before the stall threshold: not sent again, held as unknown, and the run ends in time", async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Lost near the end', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'drop' } });
    const report = await h.run({ stallMs: 600_000, timeoutMs: 1_000 });
    const [item] = report.result!.items;
    expect(item).toMatchObject({ outcome: 'unknown' });
    expect(item?.holds?.map((hold) => hold.kind)).toEqual(['outcome_unknown']);
    expect(sent(h, UPLOAD)).toBe(1);
    expect(h.logger.lines.some((line) => /showed no sign of it before this run's deadline/.test(line))).toBe(
      true,
    );
  }, 20_000);
});
