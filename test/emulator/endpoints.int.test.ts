// Interface, "Endpoints": one describe per endpoint, in the document's order.
import { describe, expect, it } from 'vitest';
import { INSTAGRAM, TIKTOK, YOUTUBE, call, createItem, record, start, waitFor } from './http.ts';

async function rendered(emu: Awaited<ReturnType<typeof start>>, fields: Record<string, unknown> = {}) {
  const item = await createItem(emu, fields);
  await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
  await waitFor(emu, item.id);
  return item;
}

describe('POST /gen/process-content-async', () => {
  it('needs an existing content item: 404 otherwise; 202 {id, status} (A21)', async () => {
    const emu = await start();
    const missing = await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    const item = await createItem(emu);
    const answer = await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, video_id: 'stock', orientation: 'vertical' },
    });
    expect(answer).toMatchObject({ status: 202, body: { id: item.id, status: 'PROCESSING_AUDIO' } });
    expect(record(emu, item.id).generationDispatches).toBe(1);
  });

  it('creation_id is required', async () => {
    const emu = await start();
    const answer = await call(emu, 'POST', '/v1/gen/process-content-async', { body: { video_id: 'stock' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/creation_id/);
  });

  it('rule 1: publishing fields without account_ids do not publish', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, privacy: 'public', notifySubscribers: false, tiktok_post_mode: 'direct' },
    });
    expect((await waitFor(emu, item.id)).last.body.status).toBe('VIDEO_PROCESSED');
    expect(record(emu, item.id).uploadDispatches).toBe(0);
  });

  it('rule 2: notifySubscribers / aiDisclosure in another casing are silently ignored (defaults true)', async () => {
    const emu = await start();
    const item = await createItem(emu);
    const answer = await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: {
        creation_id: item.id,
        account_ids: [{ id: YOUTUBE }],
        notify_subscribers: false,
        AIDisclosure: false,
      },
    });
    expect(answer.status).toBe(202);
    await waitFor(emu, item.id);
    expect(record(emu, item.id).publishSettings).toMatchObject({
      notifySubscribers: true,
      aiDisclosure: true,
    });

    const exact = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: {
        creation_id: exact.id,
        account_ids: [{ id: YOUTUBE }],
        notifySubscribers: false,
        aiDisclosure: false,
      },
    });
    await waitFor(emu, exact.id);
    expect(record(emu, exact.id).publishSettings).toMatchObject({
      notifySubscribers: false,
      aiDisclosure: false,
    });
  });

  it('defaults: privacy public, category "22", made_for_kids and age_restricted "no"', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, account_ids: [{ id: TIKTOK }] },
    });
    await waitFor(emu, item.id);
    expect(record(emu, item.id).publishSettings).toEqual({
      privacy: 'public',
      category: '22',
      madeForKids: 'no',
      ageRestricted: 'no',
      notifySubscribers: true,
      aiDisclosure: true,
      tiktok_post_mode: null,
      tiktok_privacy: null,
    });
  });

  it('yes/no flags are strings: a boolean is a 400 naming the field', async () => {
    const emu = await start();
    const item = await createItem(emu);
    const answer = await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: { creation_id: item.id, account_ids: [{ id: YOUTUBE }], made_for_kids: false },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/made_for_kids/);
  });
});

describe('POST /contents', () => {
  it('creates an item: 201 with its ContentDetail, status NEW (A13, A14)', async () => {
    const emu = await start();
    const answer = await call(emu, 'POST', '/v1/contents', {
      body: {
        title: 'Why octopuses have three hearts',
        full_text: 'Octopuses have three hearts.',
        hashtags: '#a #b',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      title: 'Why octopuses have three hearts',
      status: 'NEW',
      hashtags: '#a #b',
    });
  });

  it('a title is required', async () => {
    const emu = await start();
    const answer = await call(emu, 'POST', '/v1/contents', { body: { full_text: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/title/);
  });
});

describe('GET /accounts', () => {
  it('lists the connected accounts whose ids go into account_ids', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/accounts');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { id: YOUTUBE, name: 'Ocean Facts', platform: 'YouTube', platform_acronym: 'YT' },
      { id: TIKTOK, name: 'oceanfacts', platform: 'TikTok', platform_acronym: 'TT' },
      { id: INSTAGRAM, name: 'ocean.facts', platform: 'Instagram', platform_acronym: 'IG' },
    ]);
  });
});

describe('POST /contents/upload/{content_id}', () => {
  it('200: upload queued; poll task-status', async () => {
    const emu = await start();
    const item = await rendered(emu);
    const answer = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, {
      body: { account_ids: [{ id: YOUTUBE }] },
    });
    expect(answer).toMatchObject({ status: 200, body: { id: item.id, status: 'UPLOADING' } });
    await waitFor(emu, item.id);
    expect(record(emu, item.id).publications).toHaveLength(1);
  });

  it('account_ids as plain strings resolve to no accounts: accepted, status moves, nothing published', async () => {
    const emu = await start();
    const item = await rendered(emu);
    const answer = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, {
      body: { account_ids: [YOUTUBE, TIKTOK] },
    });
    expect(answer.status).toBe(200);
    const { last } = await waitFor(emu, item.id);
    expect(last.body.status).toBe('UPLOADED');
    const stored = record(emu, item.id);
    expect(stored.uploadDispatches).toBe(1);
    expect(stored.publications).toEqual([]);
    expect((await call(emu, 'GET', '/v1/contents')).body.data[0].published_url).toBeNull();
  });

  it('400 when no accounts are selected', async () => {
    const emu = await start();
    const item = await rendered(emu);
    for (const body of [{}, { account_ids: [] }]) {
      const answer = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/account_ids/);
    }
  });

  it('400 when madeForKids and ageRestricted are both yes', async () => {
    const emu = await start();
    const item = await rendered(emu);
    const answer = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, {
      body: { account_ids: [{ id: YOUTUBE }], madeForKids: 'yes', ageRestricted: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/madeForKids/);
    expect(record(emu, item.id).status).toBe('VIDEO_PROCESSED');
  });

  it('400 naming the status when there is no rendered video (A27)', async () => {
    const emu = await start();
    const item = await createItem(emu);
    const answer = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, {
      body: { account_ids: [{ id: YOUTUBE }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/NEW/);
  });

  it('404 for another user’s content, 402 without credits, 409 while an upload is in flight', async () => {
    const emu = await start({ phaseMs: { audio: 5, video: 5, upload: 60_000 } });
    const item = await rendered(emu);
    const stranger = emu.admin.createKey(emu.admin.createUser(), ['generate']);
    const body = { account_ids: [{ id: YOUTUBE }] };
    expect((await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { key: stranger, body })).status).toBe(
      404,
    );
    emu.admin.setCredits(emu.admin.defaultUserId, 0);
    const poor = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body });
    expect(poor).toMatchObject({ status: 402, body: { balance: 0, required: 1 } });
    emu.admin.setCredits(emu.admin.defaultUserId, 10);
    expect((await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body })).status).toBe(200);
    const second = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { body });
    expect(second.status).toBe(409);
    expect(record(emu, item.id).uploadDispatches).toBe(1);
  });
});

describe('GET /gen/task-status/{content_id}', () => {
  it('answers {id, status, progress, last_error} (A24) and is never rate limited', async () => {
    const emu = await start({ rateLimit: { requests: 1, windowSeconds: 3600 } });
    const item = await createItem(emu);
    for (let i = 0; i < 30; i++) {
      const answer = await call(emu, 'GET', `/v1/gen/task-status/${item.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id: item.id, status: 'NEW', progress: null, last_error: null });
    }
  });
});

describe('GET /contents', () => {
  it('lists the caller’s items in creation order, paged', async () => {
    const emu = await start();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createItem(emu, { title: `Item ${i}` })).id);
    const page1 = await call(emu, 'GET', '/v1/contents?page=1&limit=2');
    const page3 = await call(emu, 'GET', '/v1/contents?page=3&page_size=2');
    expect(page1.body).toMatchObject({ page: 1, limit: 2, total: 5, has_more: true });
    expect(page1.body.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect(page3.body).toMatchObject({ page: 3, limit: 2, total: 5, has_more: false });
    expect(page3.body.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(4));
  });
});

describe('GET /contents/{id}', () => {
  it('404 when missing', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/contents/nope');
    expect(answer.status).toBe(404);
    expect(typeof answer.body.error).toBe('string');
  });
});

describe('PUT /contents/{id}', () => {
  it('edits an item; partial; null clears (A13)', async () => {
    const emu = await start();
    const item = await createItem(emu, { description: 'old', hashtags: '#x' });
    const answer = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { description: null, title: 'Renamed' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ title: 'Renamed', description: null, hashtags: '#x' });
  });

  it('409 generation_in_progress without cancel_generation', async () => {
    const emu = await start({ phaseMs: { audio: 60_000 } });
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    const answer = await call(emu, 'PUT', `/v1/contents/${item.id}`, {
      body: { description: 'x', cancel_generation: false },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'generation_in_progress', error: expect.any(String) });
  });
});

describe('GET /contents/{id}/versions', () => {
  it('returns the versions newest first (A12); 404 body is {message}', async () => {
    const emu = await start();
    const item = await createItem(emu, { title: 'v1' });
    await call(emu, 'PUT', `/v1/contents/${item.id}`, { body: { title: 'v2' } });
    const answer = await call(emu, 'GET', `/v1/contents/${item.id}/versions`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((v: { title: string }) => v.title)).toEqual(['v2', 'v1']);
    expect(Object.keys(answer.body.data[0]).sort()).toEqual([
      'created_at',
      'full_text',
      'textover',
      'title',
      'version',
    ]);
    const missing = await call(emu, 'GET', '/v1/contents/nope/versions');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: expect.any(String) });
  });
});

describe('GET /subscription/current', () => {
  it('wraps the plan, limits and usage_summary in a success field (A11)', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/subscription/current');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { plan: expect.any(String) } });
    expect(answer.body.data.limits).toMatchObject({ daily_video_cap: 50 });
    expect(answer.body.data.usage_summary).toMatchObject({ credits_remaining: 1000 });
  });

  it('on failure the body is {success: false, error}', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/subscription/current', { key: 'svc_live_nope' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, error: expect.any(String) });
  });
});

describe('GET /users/credits', () => {
  it('returns the balance as {credits} (A10)', async () => {
    const emu = await start({ credits: 42 });
    expect((await call(emu, 'GET', '/v1/users/credits')).body).toEqual({ credits: 42 });
  });
});

describe('POST /gen/video', () => {
  it('runs a render without publication and counts towards the daily cap (A25)', async () => {
    const emu = await start();
    const item = await createItem(emu);
    const answer = await call(emu, 'POST', '/v1/gen/video', {
      body: {
        creation_id: item.id,
        video_id: 'stock',
        orientation: 'vertical',
        account_ids: [{ id: YOUTUBE }],
      },
    });
    expect(answer.status).toBe(202);
    expect((await waitFor(emu, item.id)).last.body.status).toBe('VIDEO_PROCESSED');
    expect(record(emu, item.id).uploadDispatches).toBe(0);
    const usage = await call(emu, 'GET', '/v1/subscription/current');
    expect(usage.body.data.usage_summary.videos_today).toBe(1);
  });
});

describe('GET /api-keys/introspect', () => {
  it('answers {active, subject, scopes}; a revoked key gets 401', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/api-keys/introspect');
    expect(answer.body).toEqual({
      active: true,
      subject: emu.admin.defaultUserId,
      scopes: ['read', 'generate'],
    });
    emu.admin.revokeKey(emu.apiKey);
    expect((await call(emu, 'GET', '/v1/api-keys/introspect')).status).toBe(401);
  });
});
