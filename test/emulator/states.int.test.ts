// Interface, "States and transitions": one test per row of the table, then
// the rules under it. Pollers may miss a short state, so the order seen over
// HTTP is checked as a subsequence and the worker's own history in full.
import { describe, expect, it } from 'vitest';
import { INSTAGRAM, YOUTUBE, call, createItem, record, start, waitFor } from './http.ts';

const ONE_SHOT = [
  'PROCESSING_AUDIO',
  'AUDIO_PROCESSED',
  'PROCESSING_VIDEO',
  'VIDEO_PROCESSED',
  'UPLOADING',
  'UPLOADED',
];

function inOrder(seen: string[], order: string[]): boolean {
  let at = 0;
  for (const status of seen) {
    const index = order.indexOf(status, at);
    if (index < 0) return false;
    at = index;
  }
  return true;
}

async function oneShot(
  emu: Awaited<ReturnType<typeof start>>,
  id: string,
  extra: Record<string, unknown> = {},
) {
  const answer = await call(emu, 'POST', '/v1/gen/process-content-async', {
    body: { creation_id: id, video_id: 'stock', orientation: 'vertical', ...extra },
  });
  expect(answer.status).toBe(202);
  return answer;
}

describe('States and transitions', () => {
  it('the one-shot run walks PROCESSING_AUDIO … UPLOADED in this order', async () => {
    const emu = await start({ phaseMs: { audio: 30, video: 30, upload: 30 } });
    const item = await createItem(emu);
    await oneShot(emu, item.id, { account_ids: [{ id: YOUTUBE }] });
    const { seen } = await waitFor(emu, item.id);
    expect(inOrder(seen, ONE_SHOT)).toBe(true);
    expect(seen.at(-1)).toBe('UPLOADED');
    expect(record(emu, item.id).statusHistory).toEqual(['NEW', ...ONE_SHOT]);
  });

  it('PROCESSING_VIDEO → VIDEO_PROCESSED: video_url becomes non-null', async () => {
    const slow = await start({ phaseMs: { audio: 5, video: 60_000, upload: 5 } });
    const rendering = await createItem(slow);
    await oneShot(slow, rendering.id);
    await waitFor(slow, rendering.id, ['PROCESSING_VIDEO']);
    expect((await call(slow, 'GET', `/v1/contents/${rendering.id}`)).body.video_url).toBeNull();
    const emu = await start();
    const item = await createItem(emu);
    await oneShot(emu, item.id);
    await waitFor(emu, item.id);
    expect((await call(emu, 'GET', `/v1/contents/${item.id}`)).body.video_url).toMatch(/^http/);
  });

  it('VIDEO_PROCESSED without account_ids: the run stops there, nothing is published', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await oneShot(emu, item.id);
    const { last } = await waitFor(emu, item.id);
    expect(last.body).toMatchObject({ status: 'VIDEO_PROCESSED', progress: null });
    const stored = record(emu, item.id);
    expect(stored.statusHistory.at(-1)).toBe('VIDEO_PROCESSED');
    expect(stored.uploadDispatches).toBe(0);
    expect(stored.publications).toEqual([]);
  });

  it('VIDEO_PROCESSED → UPLOADING → UPLOADED when POST /contents/upload dispatches', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await oneShot(emu, item.id);
    await waitFor(emu, item.id);
    const upload = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, {
      body: { account_ids: [{ id: INSTAGRAM }], madeForKids: 'no', ageRestricted: 'no' },
    });
    expect(upload).toMatchObject({ status: 200, body: { id: item.id, status: 'UPLOADING' } });
    const { seen } = await waitFor(emu, item.id);
    expect(seen.at(-1)).toBe('UPLOADED');
    expect(record(emu, item.id).statusHistory.slice(-2)).toEqual(['UPLOADING', 'UPLOADED']);
    expect((await call(emu, 'GET', `/v1/contents/${item.id}`)).body.upload_date).not.toBeNull();
  });

  for (const [phase, failed, refunded] of [
    ['audio', 'FAILED_AUDIO', 5],
    ['video', 'FAILED_VIDEO', 4],
    ['upload', 'FAILED_UPLOAD', 1],
  ] as const) {
    it(`a failure in the ${phase} phase → ${failed}, last_error set, that phase (and later ones) refunded`, async () => {
      const emu = await start({ failures: [{ titleIncludes: 'doomed', phase, message: `${phase} broke` }] });
      const item = await createItem(emu, { title: 'A doomed item' });
      const before = emu.admin.credits(emu.admin.defaultUserId);
      await oneShot(emu, item.id, { account_ids: [{ id: YOUTUBE }] });
      expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(before - 5);
      const { last } = await waitFor(emu, item.id);
      expect(last.body).toMatchObject({ status: failed, last_error: `${phase} broke`, progress: null });
      expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(before - 5 + refunded);
      const detail = await call(emu, 'GET', `/v1/contents/${item.id}`);
      expect(detail.body.metadata).toEqual({ last_error: `${phase} broke` });
      const list = await call(emu, 'GET', '/v1/contents');
      expect(list.body.data[0].last_error).toBe(`${phase} broke`);
      expect(record(emu, item.id).publications).toEqual([]);
    });
  }

  it('a render that fails before publishing is not charged for the upload', async () => {
    const emu = await start({ failures: [{ titleIncludes: 'x', phase: 'video', message: 'render failed' }] });
    const item = await createItem(emu, { title: 'x' });
    const before = emu.admin.credits(emu.admin.defaultUserId);
    await oneShot(emu, item.id, { account_ids: [{ id: YOUTUBE }] });
    await waitFor(emu, item.id);
    expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(before - 1);
  });

  it('terminal states end the run; every other state has a progress snapshot while running', async () => {
    const slow = await start({ phaseMs: { audio: 60_000 } });
    const generating = await createItem(slow);
    await oneShot(slow, generating.id, { account_ids: [{ id: YOUTUBE }] });
    const running = await call(slow, 'GET', `/v1/gen/task-status/${generating.id}`);
    expect(running.body.progress).toMatchObject({ step: 'audio', message: expect.any(String) });
    expect(typeof running.body.progress.percentage).toBe('number');
    const emu = await start();
    const item = await createItem(emu);
    await oneShot(emu, item.id, { account_ids: [{ id: YOUTUBE }] });
    const { last } = await waitFor(emu, item.id);
    expect(last.body.progress).toBeNull();
    // Several snapshots per phase: at least five for each of the three phases.
    expect(record(emu, item.id).progressUpdates).toBeGreaterThanOrEqual(15);
  });

  it('READY_FOR_UPLOAD (deprecated) rows written before the split are readable and can be uploaded', async () => {
    const emu = await start();
    const legacy = emu.admin.addLegacyItem({ title: 'Old row', full_text: 'Written long ago.' });
    const detail = await call(emu, 'GET', `/v1/contents/${legacy.id}`);
    expect(detail.body).toMatchObject({
      status: 'READY_FOR_UPLOAD',
      video_url: expect.stringMatching(/^http/),
    });
    const list = await call(emu, 'GET', '/v1/contents');
    expect(list.body.data[0].status).toBe('READY_FOR_UPLOAD');
    expect((await call(emu, 'GET', `/v1/gen/task-status/${legacy.id}`)).body.status).toBe('READY_FOR_UPLOAD');
    await call(emu, 'POST', `/v1/contents/upload/${legacy.id}`, { body: { account_ids: [{ id: YOUTUBE }] } });
    expect((await waitFor(emu, legacy.id)).last.body.status).toBe('UPLOADED');
  });

  it('a generating item cannot be edited without cancel_generation; with it the job stops and the edit applies', async () => {
    const emu = await start({ phaseMs: { audio: 5_000, video: 5_000, upload: 5_000 } });
    const item = await createItem(emu);
    await oneShot(emu, item.id);
    const refused = await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { title: 'New' } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('generation_in_progress');
    const before = emu.admin.credits(emu.admin.defaultUserId);
    const edited = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { title: 'New', cancel_generation: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'New', status: 'NEW', progress: null });
    expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(before + 4);
  });
});
