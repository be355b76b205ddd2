// Interface, "Resources and their fields" (and A18, A19, A28).
import { describe, expect, it } from 'vitest';
import { YOUTUBE, call, createItem, start, waitFor } from './http.ts';

const DETAIL_FIELDS = [
  'id',
  'title',
  'description',
  'textover',
  'full_text',
  'status',
  'upload_date',
  'creation_date',
  'updated_at',
  'hashtags',
  'fine_tuning',
  'persona',
  'accounts',
  'video_url',
  'thumbnail_url',
  'stats',
  'metadata',
  'progress',
  'video_settings',
].sort();

describe('ContentDetail (GET /contents/{id})', () => {
  it('carries every field of the table and none of the list-only ones', async () => {
    const emu = await start();
    const item = await createItem(emu, {
      description: 'Three hearts',
      hashtags: '#ocean',
      fine_tuning: { tone: 'calm' },
    });
    const answer = await call(emu, 'GET', `/v1/contents/${item.id}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(DETAIL_FIELDS);
    expect(answer.body).toMatchObject({
      id: item.id,
      description: 'Three hearts',
      hashtags: '#ocean',
      fine_tuning: { tone: 'calm' },
      status: 'NEW',
      video_url: null,
      thumbnail_url: null,
      progress: null,
      upload_date: null,
    });
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(answer.body.creation_date)).not.toBeNaN();
    expect(Date.parse(answer.body.updated_at)).not.toBeNaN();
    for (const listOnly of ['published_url', 'published_platform', 'last_error']) {
      expect(answer.body).not.toHaveProperty(listOnly);
    }
  });

  it('expands persona with has_pace and the audio model fields', async () => {
    const emu = await start();
    const item = await createItem(emu, { persona_id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d01' });
    const { body } = await call(emu, 'GET', `/v1/contents/${item.id}`);
    expect(body.persona).toEqual({
      id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d01',
      name: 'Calm Narrator',
      has_pace: false,
      audio_model_class: null,
      audio_model_name: null,
    });
  });

  it('has video_settings with every render option of the last request, and video_id (A19)', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: {
        creation_id: item.id,
        video_id: 'stock',
        orientation: 'vertical',
        prefer_real_world: true,
        image_overlay_enabled: true,
        image_overlay_position: 'top',
        zoom_effect_enabled: false,
        subtitle_settings: { font: 'bold' },
      },
    });
    const { body } = await call(emu, 'GET', `/v1/contents/${item.id}`);
    expect(body.video_settings).toEqual({
      video_id: 'stock',
      orientation: 'vertical',
      prefer_real_world: true,
      image_overlay_enabled: true,
      image_overlay_position: 'top',
      zoom_effect_enabled: false,
      subtitle_settings: { font: 'bold' },
    });
  });

  it('accounts items are {id, name, platform, platform_acronym} with exact platform casing', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: {
        creation_id: item.id,
        video_id: 'stock',
        orientation: 'vertical',
        account_ids: [{ id: YOUTUBE }],
      },
    });
    await waitFor(emu, item.id);
    const { body } = await call(emu, 'GET', `/v1/contents/${item.id}`);
    expect(body.accounts).toEqual([
      { id: YOUTUBE, name: 'Ocean Facts', platform: 'YouTube', platform_acronym: 'YT' },
    ]);
  });

  it('video_url and thumbnail_url are signed, time-limited URLs served by the emulator once rendered', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } });
    await waitFor(emu, item.id);
    const { body } = await call(emu, 'GET', `/v1/contents/${item.id}`);
    for (const url of [body.video_url, body.thumbnail_url] as string[]) {
      expect(url.startsWith(emu.baseUrl)).toBe(true);
      expect(url).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`))).status).toBe(
        403,
      );
    }
  });
});

describe('List view (GET /contents)', () => {
  it('carries published_url, published_platform, last_error and persona as {id, name}, no textover (A18)', async () => {
    const emu = await start();
    await createItem(emu, { persona_id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d02' });
    const { body } = await call(emu, 'GET', '/v1/contents');
    const [row] = body.data;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'full_text',
        'hashtags',
        'status',
        'persona',
        'published_url',
        'published_platform',
        'last_error',
        'creation_date',
        'updated_at',
        'upload_date',
      ].sort(),
    );
    expect(row.persona).toEqual({ id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d02', name: 'Upbeat Host' });
    expect(row).toMatchObject({ published_url: null, published_platform: null, last_error: null });
  });

  it('published_url and published_platform are those of the last account to finish (A18, A28)', async () => {
    const emu = await start();
    const item = await createItem(emu);
    await call(emu, 'POST', '/v1/gen/process-content-async', {
      body: {
        creation_id: item.id,
        account_ids: [
          { id: YOUTUBE },
          { id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f02' },
          { id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f03' },
        ],
      },
    });
    await waitFor(emu, item.id);
    const { body } = await call(emu, 'GET', '/v1/contents');
    expect(body.data[0].published_platform).toBe('Instagram');
    expect(body.data[0].published_url).toMatch(/^https:\/\/www\.instagram\.com\/reel\/[\w-]{11}\/$/);
    const urls = emu.admin.items()[0]!.publications.map((p) => p.url);
    expect(urls[0]).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    expect(urls[1]).toMatch(/^https:\/\/www\.tiktok\.com\/@oceanfacts\/video\/\d{19}$/);
  });
});
