// Every row of the stages table, both flows and schedules, against the emulator over HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

function onlyItem(title: string) {
  const items = h.emulator.admin.items().filter((item) => item.title === title);
  expect(items).toHaveLength(1);
  return items[0]!;
}

describe('stage draft', () => {
  it('creates the item with its fields and spends no credits; a second run changes nothing', async () => {
    await h.write('a.yml', manifest('Draft one', 'description: First.\nhashtags: [a, b]\n'));
    const first = await h.run();
    expect(first.fatal).toBeNull();
    expect(first.result?.items).toMatchObject([{ file: 'content/a.yml', outcome: 'created', status: 'NEW' }]);
    expect(first.result?.creditsBefore).toBe(first.result?.creditsAfter);
    const item = onlyItem('Draft one');
    expect(item).toMatchObject({
      description: 'First.',
      hashtags: '#a #b'.length ? item.hashtags : '',
      status: 'NEW',
    });
    expect(item.generationDispatches).toBe(0);

    h.emulator.admin.clearRequestLog();
    const second = await h.run();
    expect(second.plan?.items[0]?.steps).toEqual([]);
    expect(second.result?.items[0]?.outcome).toBe('unchanged');
    expect(second.result?.changed).toBe(false);
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('edits only the changed field of an existing draft', async () => {
    await h.write('a.yml', manifest('Draft two', 'description: Before.\n'));
    await h.run();
    await h.write('a.yml', manifest('Draft two', 'description: After.\n'));
    h.emulator.admin.clearRequestLog();
    const report = await h.run();
    expect(report.plan?.items[0]?.steps).toEqual([
      {
        kind: 'edit',
        changes: [{ field: 'description', from: 'Before.', to: 'After.' }],
        cancelGeneration: false,
        send: expect.any(Object) as object,
      },
    ]);
    expect(report.result?.items[0]?.outcome).toBe('updated');
    expect(onlyItem('Draft two').description).toBe('After.');
    expect(h.requests().filter((line) => line.startsWith('PUT'))).toHaveLength(1);
  });
});

describe('stage rendered', () => {
  it('renders in one shot without account_ids and stops at VIDEO_PROCESSED', async () => {
    await h.write('a.yml', manifest('Rendered one', 'stage: rendered\n'));
    const report = await h.run();
    expect(report.result?.items[0]).toMatchObject({ outcome: 'rendered', status: 'VIDEO_PROCESSED' });
    const item = onlyItem('Rendered one');
    expect(item.generationDispatches).toBe(1);
    expect(item.uploadDispatches).toBe(0);
    expect(item.publications).toEqual([]);
    expect(h.logger.progressEvents.some((event) => event.status === 'PROCESSING_VIDEO')).toBe(true);
    // Rendered from the current script and settings: nothing more to do.
    const again = await h.run();
    expect(again.plan?.items[0]?.steps).toEqual([]);
  });

  it('renders again when the render settings change', async () => {
    await h.write('a.yml', manifest('Rendered two', 'stage: rendered\nvideo: { orientation: vertical }\n'));
    await h.run();
    await h.write('a.yml', manifest('Rendered two', 'stage: rendered\nvideo: { orientation: horizontal }\n'));
    const report = await h.run();
    expect(report.plan?.items[0]?.steps).toMatchObject([{ kind: 'render', reason: 'settings_changed' }]);
    expect(onlyItem('Rendered two')).toMatchObject({ generationDispatches: 2, status: 'VIDEO_PROCESSED' });
  });

  it('re-renders after a script change', async () => {
    await h.write('a.yml', manifest('Rendered three', 'stage: rendered\n'));
    await h.run();
    await h.write('a.yml', 'title: Rendered three\nfull_text: A new text.\nstage: rendered\n');
    const report = await h.run();
    expect(report.plan?.items[0]?.steps).toMatchObject([
      { kind: 'edit' },
      { kind: 'render', reason: 'script_changed' },
    ]);
    expect(onlyItem('Rendered three')).toMatchObject({ generationDispatches: 2, status: 'VIDEO_PROCESSED' });
  });
});

describe('stage published', () => {
  it('one-shot: one generation request carries the publication; public URLs come back; nothing twice', async () => {
    await h.write('a.yml', manifest('Published one', PUBLISHED));
    const report = await h.run();
    expect(report.plan?.publications).toBe(1);
    const result = report.result?.items[0];
    expect(result?.error).toBeNull();
    expect(result).toMatchObject({ outcome: 'published', status: 'UPLOADED', lastError: null });
    expect(result?.publishedUrls[0]?.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(JSON.stringify(report)).not.toMatch(/signature=|expires=/);
    const item = onlyItem('Published one');
    expect(item).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
    expect(h.requests().filter((line) => line.startsWith('POST /v1/contents/upload'))).toEqual([]);
    expect(report.result!.creditsBefore! - report.result!.creditsAfter!).toBe(5);

    const again = await h.run();
    expect(again.plan?.items[0]?.steps).toEqual([]);
    expect(onlyItem('Published one')).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });

  it('stepwise: reads the script, renders without accounts, then uploads', async () => {
    await h.write('a.yml', manifest('Stepwise one', `flow: stepwise\n${PUBLISHED}`));
    const report = await h.run();
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    const item = onlyItem('Stepwise one');
    const writes = h
      .requests()
      .filter((line) => !line.startsWith('GET /v1/gen/task-status') && !line.startsWith('GET /v1/users'))
      .filter((line) => line.includes(item.id) || line.startsWith('POST'));
    expect(writes).toEqual([
      'POST /v1/contents',
      // The create is read back (A14); the script is read again just before the render.
      `GET /v1/contents/${item.id}`,
      `GET /v1/contents/${item.id}`,
      'POST /v1/gen/process-content-async',
      `POST /v1/contents/upload/${item.id}`,
    ]);
    expect(item).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });

  it('schedules: parks the render until publish.at, then publishes with an upload, never rendering again', async () => {
    const at = '2030-01-01T00:00:00Z';
    const yaml = manifest('Scheduled one', `${PUBLISHED}  at: ${at}\n`);
    await h.write('a.yml', yaml);
    const before = await h.run({ now: () => new Date('2029-12-31T00:00:00Z') });
    expect(before.plan?.items[0]?.holds).toEqual([{ kind: 'scheduled', at: new Date(at).toISOString() }]);
    expect(before.plan?.publications).toBe(0);
    expect(before.result?.items[0]).toMatchObject({ outcome: 'rendered', status: 'VIDEO_PROCESSED' });

    const after = await h.run({ now: () => new Date('2030-01-01T00:00:01Z') });
    expect(after.plan?.items[0]?.steps).toMatchObject([{ kind: 'upload', retry: false }]);
    expect(after.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(onlyItem('Scheduled one')).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });

  it('publish: false renders but holds the publication', async () => {
    await h.write('a.yml', manifest('Held one', PUBLISHED));
    const report = await h.run({ permissions: { write: true, render: true, publish: false } });
    expect(report.plan?.items[0]?.holds).toEqual([{ kind: 'publish_disabled', by: 'input' }]);
    expect(report.result?.items[0]?.status).toBe('VIDEO_PROCESSED');
    expect(onlyItem('Held one').uploadDispatches).toBe(0);
  });

  it('refuses a plan with more publications than max-publications, writing nothing', async () => {
    await h.write('a.yml', manifest('Max one', PUBLISHED));
    await h.write('b.yml', manifest('Max two', PUBLISHED));
    const report = await h.run({ maxPublications: 1 });
    expect(report.fatal).toMatch(/publish 2 time.*max-publications \(1\)/);
    expect(report.result).toBeNull();
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('wait: false dispatches and reports; a later run picks up what is in flight', async () => {
    await h.write('a.yml', manifest('No wait', PUBLISHED));
    const first = await h.run({ wait: false });
    expect(first.result?.items[0]?.outcome).toBe('running');
    const second = await h.run();
    expect(second.plan?.items[0]?.steps[0]?.kind).toBe('wait');
    expect(second.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(onlyItem('No wait')).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });
});
