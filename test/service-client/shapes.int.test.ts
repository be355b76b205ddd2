import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError, ResponseShapeError } from '../../src/service-client/index.ts';
import { ClearedFieldsError, ReadBackError } from '../../src/service-client/errors.ts';
import { walkListing } from '../../src/service-client/listing.ts';
import { detail, setup } from './fixtures.ts';

// Every envelope variant of docs/service-assumptions.md, served over HTTP
// and read through the client's public methods.

const t = setup();

const blankFields = (title: string) => ({
  title,
  description: null,
  full_text: null,
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
});

describe('A14 write answers: every write is read back', () => {
  const answers: Array<[string, number, unknown]> = [
    ['only {id}', 201, { id: 'c-2' }],
    ['{content_id}', 201, { content_id: 'c-2' }],
    ['{success, data: {id}}', 200, { success: true, data: { id: 'c-2' } }],
  ];
  for (const [name, status, body] of answers) {
    it(`a create answered with ${name} reads the item`, async () => {
      const { client } = t.make();
      t.server.on('POST', '/contents', { status, body });
      t.server.on('GET', '/contents/c-2', { body: detail({ id: 'c-2', title: 'x' }) });
      await expect(client.createContent(blankFields('x'))).resolves.toMatchObject({ id: 'c-2', title: 'x' });
    });
  }

  it('a create answered with nothing is an unknown outcome, resolved by title and never resent here', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', { status: 204 });
    await expect(client.createContent(blankFields('x'))).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(t.server.requests('POST')).toHaveLength(1);
  });

  for (const [name, answer] of [
    ['204', { status: 204 }],
    ['{success: true}', { body: { success: true } }],
  ] as const) {
    it(`a PUT answered ${name} reads the item back`, async () => {
      const { client } = t.make();
      t.server.on('PUT', '/contents/c-1', answer);
      t.server.on('GET', '/contents/c-1', { body: detail({ title: 'Edited' }) });
      await expect(client.editContent('c-1', { title: 'Edited' })).resolves.toMatchObject({
        title: 'Edited',
      });
    });
  }

  it('a PUT whose read-back shows a field it set empty, twice: accepted, and said, naming the field', async () => {
    const { client } = t.make();
    t.server.on('PUT', '/contents/c-1', { status: 204 });
    t.server.always('GET', '/contents/c-1', { body: detail({ description: null }) });
    const edit = client.editContent('c-1', { title: 'Glowing reefs', description: 'Kept?' });
    await expect(edit).rejects.toBeInstanceOf(ClearedFieldsError);
    await expect(edit).rejects.toThrow(
      /PUT \/contents\/c-1 was accepted, but the item read back has description empty/,
    );
    expect(t.server.requests('GET')).toHaveLength(2);
    expect(t.server.requests('PUT')).toHaveLength(1);
  });

  it('a read right after a write that does not see it yet is looked at again, not taken for a failure', async () => {
    const { client } = t.make();
    t.server.on('PUT', '/contents/c-1', { status: 204 });
    t.server.on('GET', '/contents/c-1', { body: detail({ description: null }), status: 200 });
    t.server.always('GET', '/contents/c-1', { body: detail({ description: 'Kept' }) });
    await expect(
      client.editContent('c-1', { title: 'Glowing reefs', description: 'Kept' }),
    ).resolves.toMatchObject({
      description: 'Kept',
    });
    t.server.on('POST', '/contents', { status: 201, body: { id: 'c-2' } });
    t.server.on(
      'GET',
      '/contents/c-2',
      { status: 404, body: { error: 'not found' } },
      { status: 404, body: {} },
    );
    t.server.always('GET', '/contents/c-2', { body: detail({ id: 'c-2', title: 'x' }) });
    await expect(client.createContent(blankFields('x'))).resolves.toMatchObject({ id: 'c-2' });
    expect(t.server.requests('POST')).toHaveLength(1);
  });

  it('a write accepted whose item cannot be read back is a ReadBackError naming the item, never a resend', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', { status: 201, body: { id: 'c-2' } });
    t.server.always('GET', '/contents/c-2', { status: 404, body: { error: 'not found' } });
    const created = client.createContent(blankFields('x'));
    await expect(created).rejects.toBeInstanceOf(ReadBackError);
    await expect(created).rejects.toMatchObject({ id: 'c-2' });
    // The first look and three more, a little later each time.
    expect(t.server.requests('GET')).toHaveLength(4);
    expect(t.server.requests('POST')).toHaveLength(1);
  });
});

describe('an item the listing showed and its detail does not, yet', () => {
  it('is looked again, a little later each time, before its 404 is believed', async () => {
    // A replica behind a create lists the item before it serves it: one 404 is not "gone".
    const { client } = t.make();
    t.server.on('GET', '/contents/c-2', { status: 404, body: { error: 'not found' } });
    t.server.always('GET', '/contents/c-2', { body: detail({ id: 'c-2', title: 'x' }) });
    await expect(client.getContent('c-2', { listed: true })).resolves.toMatchObject({ id: 'c-2' });
  });

  it('still answers 404 after the looks: the 404 stands; a plain read believes the first', async () => {
    const { client } = t.make();
    t.server.always('GET', '/contents/c-2', { status: 404, body: { error: 'not found' } });
    await expect(client.getContent('c-2', { listed: true })).rejects.toMatchObject({ status: 404 });
    expect(t.server.requests('GET')).toHaveLength(4);
    await expect(client.getContent('c-2')).rejects.toMatchObject({ status: 404 });
    expect(t.server.requests('GET')).toHaveLength(5);
  });
});

describe('A9 object envelope', () => {
  const variants: Array<[string, (obj: Record<string, unknown>) => unknown]> = [
    ['the object itself', (obj) => obj],
    ['under data', (obj) => ({ data: obj })],
    ['under content', (obj) => ({ content: obj })],
  ];

  for (const [name, wrap] of variants) {
    it(`GET, POST and PUT of an item: ${name}`, async () => {
      const { client } = t.make();
      t.server.on('GET', '/contents/c-1', { body: wrap(detail()) });
      t.server.on('POST', '/contents', { status: 201, body: wrap(detail({ id: 'c-2' })) });
      t.server.on('GET', '/contents/c-2', { body: wrap(detail({ id: 'c-2' })) });
      t.server.on('PUT', '/contents/c-1', { body: wrap(detail({ title: 'Edited' })) });
      t.server.on('GET', '/contents/c-1', { body: wrap(detail({ title: 'Edited' })) });
      await expect(client.getContent('c-1')).resolves.toMatchObject({ id: 'c-1', status: 'NEW' });
      await expect(client.createContent(blankFields('x'))).resolves.toMatchObject({ id: 'c-2' });
      await expect(client.editContent('c-1', { title: 'Edited' })).resolves.toMatchObject({
        title: 'Edited',
      });
    });

    it(`task status: ${name}`, async () => {
      const { client } = t.make();
      t.server.on('GET', '/gen/task-status/c-1', {
        body: wrap({
          id: 'c-1',
          status: 'PROCESSING_VIDEO',
          progress: { percentage: 40, step: 'render', message: 'Rendering' },
          last_error: null,
        }),
      });
      await expect(client.taskStatus('c-1')).resolves.toEqual({
        id: 'c-1',
        status: 'PROCESSING_VIDEO',
        progress: { percentage: 40, step: 'render', message: 'Rendering' },
        last_error: null,
      });
    });
  }
});

describe('content detail', () => {
  it('keeps no signed URL, only whether a render exists; last_error from metadata; video_id unknown when absent', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', {
      body: detail({
        status: 'FAILED_UPLOAD',
        video_url: 'https://cdn.example/v.mp4?expires=1&signature=abc',
        thumbnail_url: 'https://cdn.example/t.jpg?expires=1&signature=abc',
        metadata: { last_error: 'token expired' },
        accounts: [{ id: 'a-1', name: 'Main', platform: 'YouTube', platform_acronym: 'YT' }],
      }),
    });
    const item = await client.getContent('c-1');
    expect(item.has_video).toBe(true);
    expect(JSON.stringify(item)).not.toContain('signature');
    expect(item.last_error).toBe('token expired');
    expect(item.accounts).toEqual([{ id: 'a-1', name: 'Main', platform: 'YouTube', platform_acronym: 'YT' }]);
    expect(item.persona).toEqual({ id: 'p-1', name: 'Narrator' });
    expect(item.video_settings).toEqual({
      video_id: null,
      orientation: 'vertical',
      prefer_real_world: null,
      image_overlay_enabled: null,
      image_overlay_position: null,
      zoom_effect_enabled: null,
      subtitle_settings: null,
    });
  });

  it('a body without an id is a shape error naming the endpoint', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', { body: { data: { title: 'no id' } } });
    const error = await client.getContent('c-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toContain('GET /contents/c-1: unexpected response from the service');
  });
});

describe('A24 task status', () => {
  it('accepts state for status and error for last_error; the id falls back to the one asked for', async () => {
    const { client } = t.make();
    t.server.on('GET', '/gen/task-status/c-7', {
      body: { state: 'FAILED_VIDEO', error: 'render crashed', progress: null },
    });
    await expect(client.taskStatus('c-7')).resolves.toEqual({
      id: 'c-7',
      status: 'FAILED_VIDEO',
      progress: null,
      last_error: 'render crashed',
    });
  });
});

describe('A10 credits', () => {
  const bodies: unknown[] = [
    { credits: 12 },
    { balance: 12 },
    { available: 12 },
    { data: { credits: 12 } },
    { data: { balance: 12 } },
    { data: { available: '12' } },
  ];
  for (const body of bodies) {
    it(JSON.stringify(body), async () => {
      const { client } = t.make();
      t.server.on('GET', '/users/credits', { body });
      await expect(client.credits()).resolves.toBe(12);
    });
  }

  it('no number anywhere is a shape error', async () => {
    const { client } = t.make();
    t.server.on('GET', '/users/credits', { body: { data: { amount: 'lots' } } });
    await expect(client.credits()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe('A11 subscription', () => {
  const fields = { plan: 'Studio', limits: { videos_per_day: 20 }, usage_summary: { videos_today: 3 } };
  it('fields at the top level', async () => {
    const { client } = t.make();
    t.server.on('GET', '/subscription/current', { body: { success: true, ...fields } });
    await expect(client.subscription()).resolves.toEqual(fields);
  });

  it('fields under data', async () => {
    const { client } = t.make();
    t.server.on('GET', '/subscription/current', { body: { success: true, data: fields } });
    await expect(client.subscription()).resolves.toEqual(fields);
  });

  it('a plan given as an object is read by its name', async () => {
    const { client } = t.make();
    t.server.on('GET', '/subscription/current', {
      body: { success: true, data: { ...fields, plan: { name: 'Studio', id: 3 } } },
    });
    await expect(client.subscription()).resolves.toMatchObject({ plan: 'Studio' });
  });
});

describe('introspection', () => {
  it('reads {active, subject, scopes}', async () => {
    const { client } = t.make();
    t.server.on('GET', '/api-keys/introspect', {
      body: { active: true, subject: 'u-1', scopes: ['read', 'generate'] },
    });
    await expect(client.introspect()).resolves.toEqual({
      active: true,
      subject: 'u-1',
      scopes: ['read', 'generate'],
    });
  });
});

describe('generation answers', () => {
  it('the bodies of POST /gen/* and the upload are not relied on (empty, text or JSON)', async () => {
    const { client } = t.make();
    const render = { video_id: 'stock', orientation: 'vertical' };
    t.server.on('POST', '/gen/process-content-async', { status: 202 });
    t.server.on('POST', '/gen/video', { status: 200, body: 'queued' });
    t.server.on('POST', '/contents/upload/c-1', { body: { id: 'c-1', status: 'UPLOADING' } });
    await expect(client.processContent({ content_id: 'c-1', render })).resolves.toBeUndefined();
    await expect(client.generateVideo('c-1', render)).resolves.toBeUndefined();
    await expect(
      client.upload('c-1', {
        account_ids: ['a-1'],
        made_for_kids: false,
        age_restricted: false,
        notify_subscribers: true,
        ai_disclosure: true,
      }),
    ).resolves.toBeUndefined();
  });
});

describe('A7 page cap', () => {
  it('stops after its page budget whatever the hints say, and leaves the listing unproven', async () => {
    let n = 0;
    const outcome = await walkListing('/contents', {
      base: { origin: 'http://svc.invalid', prefix: '/v1', href: 'http://svc.invalid/v1' },
      pageSize: 1,
      maxPages: 5,
      get: () => Promise.resolve({ body: { data: [{ id: `c-${n++}` }], has_more: true }, bytes: 40 }),
    });
    expect(outcome.rows).toHaveLength(5);
    expect(outcome.complete).toBe(false);
    expect(outcome.gap).toMatch(/still going after 5 pages/);
  });
});
