// A publication whose answer was lost, end to end: every POST carries an
// Idempotency-Key, the same one when the same write is sent again; the report
// never says a resent request was not sent; at-most-once holds it as unknown
// and never sends it again; and a service that honours the key publishes once
// even when it queued the first request past the stall threshold.
import { afterEach, describe, expect, it } from 'vitest';
import { PHASE_PRICES } from '../../src/emulator/config.ts';
import { DEFAULT_USER_ID } from '../../src/emulator/store.ts';
import { resultNote } from '../../src/report/words.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const STALL_MS = 300;
const UPLOAD = /^\/v1\/contents\/upload\//;
const STEPWISE = `flow: stepwise\n${PUBLISHED}`;

const postsTo = (harness: Harness, path: RegExp) =>
  harness.emulator.admin.requestLog.filter((entry) => entry.method === 'POST' && path.test(entry.path));

const noteOf = (report: RunReport): string => {
  const item = report.result!.items[0]!;
  return (
    resultNote(
      item,
      report.plan?.items.find((planned) => planned.file === item.file),
    ) ?? ''
  );
};

describe('the Idempotency-Key', () => {
  it('is sent on every POST, the same when the same write is sent again, another for another write', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Keyed', STEPWISE));
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'drop' } });
    await h.run({ stallMs: STALL_MS });
    const posts = h.emulator.admin.requestLog.filter((entry) => entry.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(4); // the create, the render, the upload twice
    for (const post of posts) expect(post.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const uploads = postsTo(h, UPLOAD);
    expect(uploads).toHaveLength(2);
    expect(uploads[1]!.idempotencyKey).toBe(uploads[0]!.idempotencyKey);
    expect(new Set(posts.map((post) => post.idempotencyKey)).size).toBe(posts.length - 1);
  });

  it('lets a service that honours it publish once, though it queued the first upload past the stall threshold', async () => {
    h = await startHarness({ behaviours: { honourIdempotencyKey: true, queueMs: 3000 } });
    const item = h.emulator.admin.addLegacyItem({ title: 'Queued upload', full_text: 'Whales sing.' });
    await h.write('a.yml', `title: Queued upload\nfull_text: Whales sing.\n${STEPWISE}`);
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'lose-response' } });
    const before = h.emulator.admin.credits(DEFAULT_USER_ID);
    await h.run({ stallMs: STALL_MS });
    expect(postsTo(h, UPLOAD)).toHaveLength(2);
    // One upload job, not two: a second would reserve its credits when it is accepted.
    expect(before - h.emulator.admin.credits(DEFAULT_USER_ID)).toBe(PHASE_PRICES.upload);
    expect(h.emulator.admin.items().find((x) => x.id === item.id)).toMatchObject({ uploadDispatches: 1 });
  });
});

describe('a lost publication sent again', () => {
  it('is never reported as not sent', async () => {
    h = await startHarness({ behaviours: { queueMs: 3000 } });
    h.emulator.admin.addLegacyItem({ title: 'Queued upload', full_text: 'Whales sing.' });
    await h.write('a.yml', `title: Queued upload\nfull_text: Whales sing.\n${STEPWISE}`);
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'lose-response' } });
    const report = await h.run({ stallMs: STALL_MS, wait: false });
    expect(postsTo(h, UPLOAD)).toHaveLength(2);
    const note = noteOf(report);
    expect(note).not.toMatch(/not sent/);
    expect(note).toMatch(/sent again/);
    expect(note).toMatch(/published twice/);
  });
});

describe('at-most-once', () => {
  it('holds a publication whose answer was lost as unknown, never sends it again, and says how to decide', async () => {
    h = await startHarness({ behaviours: { queueMs: 3000 } });
    const item = h.emulator.admin.addLegacyItem({ title: 'Queued upload', full_text: 'Whales sing.' });
    await h.write('a.yml', `title: Queued upload\nfull_text: Whales sing.\n${STEPWISE}`);
    h.emulator.admin.injectFault({ method: 'POST', path: UPLOAD, fault: { kind: 'lose-response' } });
    const report = await h.run({ stallMs: STALL_MS, atMostOnce: true });
    expect(postsTo(h, UPLOAD)).toHaveLength(1);
    expect(report.result?.items[0]).toMatchObject({ outcome: 'unknown' });
    const note = noteOf(report);
    expect(note).toMatch(/^publication unknown/);
    expect(note).toMatch(/at-most-once, never sent again/);
    expect(note).toMatch(/check the channel/);
    expect(h.emulator.admin.items().find((x) => x.id === item.id)).not.toMatchObject({ uploadDispatches: 2 });
  });

  it('still sends a generation without a publication again, as the default does', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Draft render', 'flow: stepwise\nstage: rendered\n'));
    h.emulator.admin.injectFault({
      method: 'POST',
      path: '/v1/gen/process-content-async',
      fault: { kind: 'drop' },
    });
    const report = await h.run({ stallMs: STALL_MS, atMostOnce: true });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'rendered' });
  });
});
