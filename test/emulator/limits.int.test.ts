// Interface, "Limits" 1-8 (and A30, A31).
import { describe, expect, it } from 'vitest';
import { call, createItem, sleep, start } from './http.ts';

const GENERATE = ['POST', '/v1/gen/process-content-async'] as const;

describe('Limits', () => {
  it('1. generation endpoints are rate limited; reads, task status and content writes are not', async () => {
    const emu = await start({ rateLimit: { requests: 2, windowSeconds: 3600 } });
    const item = await createItem(emu);
    expect((await call(emu, ...GENERATE, { body: {} })).status).toBe(400);
    expect((await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body: {} })).status).toBe(400);
    expect((await call(emu, 'POST', '/v1/gen/video', { body: {} })).status).toBe(429);
    expect((await call(emu, ...GENERATE, { body: {} })).status).toBe(429);
    for (let i = 0; i < 20; i++) {
      expect((await call(emu, 'GET', '/v1/contents')).status).toBe(200);
      expect((await call(emu, 'GET', `/v1/gen/task-status/${item.id}`)).status).toBe(200);
      expect(
        (await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { hashtags: `#${i}` } })).status,
      ).toBe(200);
    }
    expect((await call(emu, 'POST', '/v1/contents', { body: { title: 'still fine' } })).status).toBe(201);
  });

  it('2. counted per user: every key of one user draws on the same allowance, other users have their own', async () => {
    const emu = await start({ rateLimit: { requests: 2, windowSeconds: 3600 } });
    const second = emu.admin.createKey(emu.admin.defaultUserId, ['generate']);
    const other = emu.admin.createKey(emu.admin.createUser(), ['generate']);
    expect((await call(emu, ...GENERATE, { body: {} })).status).toBe(400);
    expect((await call(emu, ...GENERATE, { key: second, body: {} })).status).toBe(400);
    expect((await call(emu, ...GENERATE, { body: {} })).status).toBe(429);
    expect((await call(emu, ...GENERATE, { key: second, body: {} })).status).toBe(429);
    expect((await call(emu, ...GENERATE, { key: other, body: {} })).status).toBe(400);
  });

  it('3. exceeding a limit returns 429 with Retry-After in whole seconds; after that wait it passes', async () => {
    const emu = await start({ secondMs: 10, rateLimit: { requests: 1, windowSeconds: 60 } });
    expect((await call(emu, ...GENERATE, { body: {} })).status).toBe(400);
    const limited = await call(emu, ...GENERATE, { body: {} });
    expect(limited.status).toBe(429);
    const seconds = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    await sleep(seconds * 10 + 5);
    expect((await call(emu, ...GENERATE, { body: {} })).status).toBe(400);
  });

  it('4. POST /gen/video has a daily video cap: 429 limit daily_video_cap, Retry-After up to UTC midnight', async () => {
    const emu = await start({ dailyVideoCap: 2, rateLimit: null });
    for (let i = 0; i < 2; i++) {
      const item = await createItem(emu);
      expect((await call(emu, 'POST', '/v1/gen/video', { body: { creation_id: item.id } })).status).toBe(202);
    }
    const item = await createItem(emu);
    const capped = await call(emu, 'POST', '/v1/gen/video', { body: { creation_id: item.id } });
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({ error: 'rate_limited', limit: 'daily_video_cap' });
    const seconds = Number(capped.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(86_400);
    // The one-shot endpoint is not subject to the cap.
    expect((await call(emu, ...GENERATE, { body: { creation_id: item.id } })).status).toBe(202);
  });

  it('5. the account’s limits and consumption are in GET /subscription/current', async () => {
    const emu = await start({ rateLimit: { requests: 7, windowSeconds: 60 }, dailyVideoCap: 3 });
    await call(emu, ...GENERATE, { body: {} });
    const { body } = await call(emu, 'GET', '/v1/subscription/current');
    expect(body.data.limits).toMatchObject({
      generation_requests_per_window: 7,
      generation_window_seconds: 60,
      daily_video_cap: 3,
      upload_stall_threshold_seconds: 30,
    });
    expect(body.data.usage_summary).toMatchObject({ generation_requests_in_window: 1, videos_today: 0 });
  });

  it('6. a plan limit exceeded on other operations yields 400', async () => {
    const emu = await start({ maxItems: 1 });
    await createItem(emu);
    const answer = await call(emu, 'POST', '/v1/contents', { body: { title: 'one too many' } });
    expect(answer).toMatchObject({ status: 400, body: { limit: 'content_items' } });
  });

  it('7. credits are reserved per phase (1 + 3 + 1) and 402 when the balance is too low', async () => {
    const emu = await start({ credits: 9 });
    const a = await createItem(emu);
    const b = await createItem(emu);
    const accounts = [{ id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f01' }];
    expect(
      (await call(emu, ...GENERATE, { body: { creation_id: a.id, account_ids: accounts } })).status,
    ).toBe(202);
    expect((await call(emu, 'GET', '/v1/users/credits')).body.credits).toBe(4);
    expect(
      (await call(emu, ...GENERATE, { body: { creation_id: b.id, account_ids: accounts } })).status,
    ).toBe(402);
    expect((await call(emu, ...GENERATE, { body: { creation_id: b.id } })).status).toBe(202);
    expect((await call(emu, 'GET', '/v1/users/credits')).body.credits).toBe(0);
  });
});
