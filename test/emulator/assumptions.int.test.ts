// docs/service-assumptions.md: the emulator serves the first listed variant
// by default and the others on request; the behavioural rules it follows.
import { describe, expect, it } from 'vitest';
import { writeScript } from '../../src/emulator/index.ts';
import { YOUTUBE, call, createItem, record, start, waitFor } from './http.ts';

describe('A5-A7 listings', () => {
  it('default: {data, page, limit, total, has_more}, limit then page_size, default 50, at most 100', async () => {
    const emu = await start();
    for (let i = 0; i < 3; i++) await createItem(emu);
    const answer = await call(emu, 'GET', '/v1/contents');
    expect(Object.keys(answer.body).sort()).toEqual(['data', 'has_more', 'limit', 'page', 'total']);
    expect(answer.body.limit).toBe(50);
    expect((await call(emu, 'GET', '/v1/contents?limit=500')).body.limit).toBe(100);
    expect((await call(emu, 'GET', '/v1/contents?limit=2&page_size=1')).body.limit).toBe(2);
  });

  for (const envelope of ['items', 'contents', 'accounts', 'results'] as const) {
    it(`envelope ${envelope}`, async () => {
      const emu = await start({ listing: { envelope } });
      const answer = await call(emu, 'GET', '/v1/accounts');
      expect(answer.body[envelope]).toHaveLength(3);
    });
  }

  it('bare: one array per page, with no hint beside it', async () => {
    const emu = await start({ listing: { envelope: 'bare', maxPageSize: 2 } });
    for (let i = 0; i < 3; i++) await createItem(emu);
    const first = await call(emu, 'GET', '/v1/contents');
    expect(first.body).toHaveLength(2);
    const second = await call(emu, 'GET', '/v1/contents?page=2&limit=2');
    expect(second.body).toHaveLength(1);
    expect((await call(emu, 'GET', '/v1/contents?page=3&limit=2')).body).toEqual([]);
  });

  it('hint next: a path whose query holds the next page, null on the last', async () => {
    const emu = await start({ listing: { hint: 'next', maxPageSize: 2 } });
    for (let i = 0; i < 3; i++) await createItem(emu);
    const first = await call(emu, 'GET', '/v1/contents');
    expect(first.body).not.toHaveProperty('has_more');
    expect(first.body).not.toHaveProperty('total');
    expect(first.body.next).toBe('/v1/contents?page=2&limit=2');
    const second = await call(emu, 'GET', first.body.next);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next).toBeNull();
  });

  it('hint total / has_more serve only that hint; none serves pages with no hint', async () => {
    const total = await start({ listing: { hint: 'total', maxPageSize: 2 } });
    for (let i = 0; i < 3; i++) await createItem(total);
    const t = await call(total, 'GET', '/v1/contents');
    expect(t.body).toMatchObject({ total: 3 });
    expect(t.body).not.toHaveProperty('has_more');
    const more = await start({ listing: { hint: 'has_more', maxPageSize: 2 } });
    for (let i = 0; i < 3; i++) await createItem(more);
    const m = await call(more, 'GET', '/v1/contents');
    expect(m.body).toMatchObject({ has_more: true });
    expect(m.body).not.toHaveProperty('total');
    const none = await start({ listing: { hint: 'none', maxPageSize: 2 } });
    for (let i = 0; i < 3; i++) await createItem(none);
    expect((await call(none, 'GET', '/v1/contents')).body).toEqual({ data: expect.any(Array) });
    expect((await call(none, 'GET', '/v1/contents')).body.data).toHaveLength(2);
    expect((await call(none, 'GET', '/v1/contents?page=2')).body.data).toHaveLength(1);
  });
});

describe('A9-A11, A24 object shapes', () => {
  it('object under data or content', async () => {
    for (const where of ['data', 'content'] as const) {
      const emu = await start({ shapes: { object: where } });
      const created = await call(emu, 'POST', '/v1/contents', { body: { title: 'x' } });
      expect(created.body[where].title).toBe('x');
      const id = created.body[where].id;
      expect((await call(emu, 'GET', `/v1/contents/${id}`)).body[where].id).toBe(id);
      expect((await call(emu, 'GET', `/v1/gen/task-status/${id}`)).body[where].status).toBe('NEW');
    }
  });

  it('credits under balance / available, at the top or under data', async () => {
    const a = await start({ credits: 7, shapes: { credits: 'balance' } });
    expect((await call(a, 'GET', '/v1/users/credits')).body).toEqual({ balance: 7 });
    const b = await start({ credits: 7, shapes: { credits: 'available', creditsUnderData: true } });
    expect((await call(b, 'GET', '/v1/users/credits')).body).toEqual({ data: { available: 7 } });
  });

  it('subscription at the top level', async () => {
    const emu = await start({ shapes: { subscription: 'top' } });
    const { body } = await call(emu, 'GET', '/v1/subscription/current');
    expect(body).toMatchObject({ success: true, plan: expect.any(String), limits: expect.any(Object) });
  });

  it('task status with state and error', async () => {
    const emu = await start({ shapes: { taskStatus: 'state' } });
    const item = await createItem(emu);
    expect((await call(emu, 'GET', `/v1/gen/task-status/${item.id}`)).body).toEqual({
      id: item.id,
      state: 'NEW',
      progress: null,
      error: null,
    });
  });
});

describe('A15-A17 content items', () => {
  it('A15: the script is written from full_text at creation, deterministically; a given textover is kept', async () => {
    const emu = await start();
    const text = 'Octopuses have three hearts.  Two pump blood to the gills! One pumps it to the body?';
    const a = await createItem(emu, { full_text: text });
    const b = await createItem(emu, { full_text: text });
    expect(a.textover).toBe(
      'Octopuses have three hearts.\nTwo pump blood to the gills!\nOne pumps it to the body?',
    );
    expect(b.textover).toBe(a.textover);
    expect(writeScript(text)).toBe(a.textover);
    const kept = await createItem(emu, { full_text: text, textover: 'My own script' });
    expect(kept.textover).toBe('My own script');
  });

  it('A15: a PUT of full_text without textover rewrites the script; with textover keeps it', async () => {
    const emu = await start();
    const item = await createItem(emu, { full_text: 'First.' });
    const edited = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { full_text: 'Second. Third.' },
    });
    expect(edited.body.textover).toBe('Second.\nThird.');
    const own = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { full_text: 'Fourth.', textover: 'Mine' },
    });
    expect(own.body.textover).toBe('Mine');
  });

  it('A16: a script edit of a rendered item returns it to NEW and clears the video; title edits do not', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    await waitFor(emu, item.id);
    const renamed = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { title: 'Renamed', hashtags: '#x' },
    });
    expect(renamed.body).toMatchObject({ status: 'VIDEO_PROCESSED', video_url: expect.any(String) });
    const rewritten = await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { textover: 'New script' } });
    expect(rewritten.body).toMatchObject({ status: 'NEW', video_url: null, thumbnail_url: null });
  });

  it('A16: an UPLOADED item keeps its status after a script edit', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, account_ids: [{ id: YOUTUBE }] },
    });
    await waitFor(emu, item.id);
    const edited = await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { full_text: 'Changed.' } });
    expect(edited.body.status).toBe('UPLOADED');
  });

  it('A17: cancel_generation refunds the phases that had not finished and sets NEW', async () => {
    const emu = await start({ phaseMs: { audio: 5, video: 60_000, upload: 5 } });
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, account_ids: [{ id: YOUTUBE }] },
    });
    await waitFor(emu, item.id, ['PROCESSING_VIDEO']);
    const answer = await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { cancel_generation: true } });
    expect(answer.body.status).toBe('NEW');
    // Voiceover (1) was spent; render (3) and upload (1) came back.
    expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(999);
  });
});

describe('A20-A23 generation', () => {
  it('A20: last_error is cleared when a new generation starts', async () => {
    const emu = await start({
      failures: [{ titleIncludes: 'flaky', phase: 'video', message: 'GPU lost', times: 1 }],
    });
    const item = await createItem(emu, { title: 'flaky one' });
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    expect((await waitFor(emu, item.id)).last.body.last_error).toBe('GPU lost');
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    expect((await call(emu, 'GET', `/v1/gen/task-status/${item.id}`)).body.last_error).toBeNull();
    expect((await waitFor(emu, item.id)).last.body).toMatchObject({
      status: 'VIDEO_PROCESSED',
      last_error: null,
    });
  });

  it('A22: 409 generation_in_progress while generating, already_published once UPLOADED', async () => {
    const slow = await start({ phaseMs: { audio: 60_000 } });
    const running = await createItem(slow);
    const first = { creation_id: running.id, account_ids: [{ id: YOUTUBE }] };
    await call(slow, 'POST', '/v1/gen/process-content-async', { body: first });
    const again = await call(slow, 'POST', '/v1/gen/process-content-async', { body: first });
    expect(again).toMatchObject({ status: 409, body: { code: 'generation_in_progress' } });
    const emu = await start();
    const item = await createItem(emu);
    const body = { creation_id: item.id, account_ids: [{ id: YOUTUBE }] };
    await call(emu, 'POST', '/v1/gen/process-content-async', { body });
    await waitFor(emu, item.id);
    const published = await call(emu, 'POST', '/v1/gen/process-content-async', { body });
    expect(published).toMatchObject({ status: 409, body: { code: 'already_published' } });
    expect(record(emu, item.id).uploadDispatches).toBe(1);
  });

  it('A23: the voiceover reads the current script; an item with nothing to voice fails in audio', async () => {
    const emu = await start();
    const reviewed = await createItem(emu, { full_text: 'Source.', textover: 'Reviewed script' });
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: reviewed.id } });
    await waitFor(emu, reviewed.id);
    expect(record(emu, reviewed.id).textover).toBe('Reviewed script');
    const empty = await call(emu, 'POST', '/v1/contents', { body: { title: 'Empty' } });
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: empty.body.id } });
    expect((await waitFor(emu, empty.body.id)).last.body.status).toBe('FAILED_AUDIO');
  });
});
