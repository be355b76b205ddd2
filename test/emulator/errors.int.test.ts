// Interface, "Errors": the status table, the two 409 cases and the deviating bodies.
import { describe, expect, it } from 'vitest';
import { YOUTUBE, call, createItem, record, sleep, start, waitFor } from './http.ts';

describe('Errors table', () => {
  it('400: validation failed; error names the field', async () => {
    const emu = await start();
    const answer = await call(emu, 'POST', '/v1/contents', { body: { title: 'x', fine_tuning: 'loud' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/fine_tuning/);
    const broken = await call(emu, 'POST', '/v1/contents', {
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(typeof broken.body.error).toBe('string');
  });

  it('401: body {error: string}', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/users/credits', { key: null });
    expect(answer.status).toBe(401);
    expect(Object.keys(answer.body)).toEqual(['error']);
  });

  it('402: not enough credits, {error, balance, required}; nothing is reserved (A30)', async () => {
    const emu = await start({ credits: 4 });
    const item = await createItem(emu);
    const answer = await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, account_ids: [{ id: YOUTUBE }] },
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ error: expect.any(String), balance: 4, required: 5 });
    expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(4);
    expect(record(emu, item.id).status).toBe('NEW');
    const render = await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id },
    });
    expect(render.status).toBe(202);
    expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(0);
  });

  it('403: {error: insufficient_scope, required: [...]}', async () => {
    const emu = await start();
    const key = emu.admin.createKey(emu.admin.defaultUserId, ['read']);
    const answer = await call(emu, 'PUT', '/v1/contents/whatever', { key, body: {} });
    expect(answer).toMatchObject({
      status: 403,
      body: { error: 'insufficient_scope', required: ['generate'] },
    });
  });

  it('404: no such resource for this key’s owner', async () => {
    const emu = await start();
    expect((await call(emu, 'GET', '/v1/gen/task-status/missing')).status).toBe(404);
    expect((await call(emu, 'GET', '/v1/no-such-endpoint')).status).toBe(404);
  });

  it('429: carries Retry-After in whole seconds', async () => {
    const emu = await start({ rateLimit: { requests: 1, windowSeconds: 3600 } });
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: {} });
    const answer = await call(emu, 'POST', '/v1/gen/process-content-async', { body: {} });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answer.body).toMatchObject({ error: 'rate_limited', limit: 'generation' });
  });
});

describe('409 cases', () => {
  it('1. PUT while generating: {error, code: generation_in_progress}; resend with cancel_generation', async () => {
    const emu = await start({ phaseMs: { audio: 60_000 } });
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    const refused = await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { hashtags: '#new' } });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'generation_in_progress', error: expect.any(String) },
    });
    const applied = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { hashtags: '#new', cancel_generation: true },
    });
    expect(applied).toMatchObject({ status: 200, body: { hashtags: '#new', status: 'NEW' } });
  });

  it('2. a second upload while one is in flight, until the first dispatch passes the stall threshold', async () => {
    // A "second" of 50 ms and a threshold of 10 s: the guard clears after 500 ms of a stalled upload.
    const emu = await start({
      secondMs: 50,
      stallThresholdSeconds: 10,
      phaseMs: { audio: 5, video: 5, upload: 60_000 },
    });
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    await waitFor(emu, item.id);
    const body = { account_ids: [{ id: YOUTUBE }] };
    expect((await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body })).status).toBe(200);
    const second = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body });
    expect(second.status).toBe(409);
    let third = second;
    while (third.status === 409) {
      await sleep(25);
      third = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body });
    }
    // Past the threshold the service lets a second dispatch through: two publications started.
    expect(third.status).toBe(200);
    expect(record(emu, item.id).uploadDispatches).toBe(2);
  });
});

describe('Deviating endpoints', () => {
  it('GET /contents/{id}/versions returns {message} on 404', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/contents/missing/versions');
    expect(answer).toEqual(expect.objectContaining({ status: 404, body: { message: expect.any(String) } }));
  });

  it('GET /subscription/current returns {success: false, error} on failure', async () => {
    const emu = await start();
    const key = emu.admin.createKey(emu.admin.defaultUserId, ['write']);
    const answer = await call(emu, 'GET', '/v1/subscription/current', { key });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, error: 'insufficient_scope', required: ['read'] });
  });
});
