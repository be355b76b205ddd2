// Publishing is never wider or earlier than asked, and a change to a published
// video's publication shows as drift: against the emulator over HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviousVersions } from '../../src/git/earlier-versions.ts';
import { plan } from '../../src/plan/plan.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';
import { context, observed, published, remote, summaryOf } from '../support/fixtures.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const NOW = new Date('2026-06-01T12:00:00Z');
const uploads = (harness: Harness): string[] =>
  harness.requests().filter((line) => line.startsWith('POST /v1/contents/upload'));

describe('a publication the upload endpoint may not carry', () => {
  const PRIVATE = `flow: stepwise\n${PUBLISHED}  privacy: private\n`;

  it('a private stepwise video goes out in the one-shot request after its script is read, never by upload', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Private stepwise', PRIVATE));
    const report = await h.run();
    const item = report.plan!.items[0]!;
    expect(item.publishVia).toBe('oneshot');
    expect(item.steps).toMatchObject([{ kind: 'create' }, { kind: 'render', publish: { accounts: [{}] } }]);
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    const [record] = h.emulator.admin.items();
    expect(record?.publishSettings?.privacy).toBe('private');
    expect(uploads(h)).toEqual([]);
    // Stepwise still reads the script before credits are spent on it.
    const sequence = h
      .requests()
      .filter((line) => !line.includes('task-status') && !line.includes('/users/'));
    expect(sequence.indexOf(`GET /v1/contents/${record!.id}`)).toBeLessThan(
      sequence.indexOf('POST /v1/gen/process-content-async'),
    );
  });

  it('a private video already rendered is rendered again in the request that publishes it, never uploaded', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Private parked', 'stage: rendered\nflow: stepwise\n'));
    await h.run();
    await h.write('a.yml', manifest('Private parked', PRIVATE));
    const report = await h.run();
    expect(report.plan!.items[0]!.steps).toMatchObject([
      { kind: 'render', reason: 'publish_in_one_request', publish: { accounts: [{}] } },
    ]);
    expect(report.plan!.items[0]!.publishVia).toBe('oneshot');
    expect(uploads(h)).toEqual([]);
    expect(h.emulator.admin.items()[0]).toMatchObject({
      status: 'UPLOADED',
      generationDispatches: 2,
      uploadDispatches: 1,
      publishSettings: { privacy: 'private' },
    });
  });

  it('a render in flight whose upload cannot carry the settings is held with a message', () => {
    const item = published('a.yml', { flow: 'stepwise' });
    item.publish!.options.privacy = 'private';
    const detail = remote(item, {
      status: 'PROCESSING_VIDEO',
      progress: { percentage: 50, step: 'video', message: null },
    });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]!.steps).toEqual([{ kind: 'wait', status: 'PROCESSING_VIDEO' }]);
    expect(result.items[0]!.holds).toEqual([{ kind: 'upload_cannot_carry', fields: ['publish.privacy'] }]);
  });

  it('a scheduled private stepwise video is rendered at publish.at, in the request that publishes it', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Private later', `${PRIVATE}  at: 2026-06-02T00:00:00Z\n`));
    const before = await h.run({ now: () => NOW });
    expect(before.plan!.items[0]!.steps.map((step) => step.kind)).toEqual(['create']);
    expect(before.plan!.items[0]!.publishVia).toBe('oneshot');
    expect(before.plan!.items[0]!.holds).toMatchObject([{ kind: 'scheduled' }]);
    const after = await h.run({ now: () => new Date('2026-06-02T00:00:01Z') });
    expect(after.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(h.emulator.admin.items()[0]).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
    expect(uploads(h)).toEqual([]);
  });

  it('a stepwise video with default settings is published with an upload, and the plan says so', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Public stepwise', `flow: stepwise\n${PUBLISHED}`));
    const report = await h.run();
    expect(report.plan!.items[0]!.publishVia).toBe('upload');
    expect(uploads(h)).toHaveLength(1);
  });

  it('a TikTok publication without explicit settings is warned about in the plan', async () => {
    h = await startHarness();
    await h.write(
      'a.yml',
      manifest(
        'TikTok plain',
        'stage: published\npublish:\n  accounts:\n    - { platform: TikTok, name: oceanfacts }\n',
      ),
    );
    const report = await h.run({
      mode: 'plan',
      permissions: { write: false, render: false, publish: false },
    });
    expect(report.problems).toMatchObject([
      {
        severity: 'warning',
        code: 'tiktok_defaults',
        file: 'content/a.yml',
        line: 5,
        field: 'publish.tiktok',
      },
    ]);
  });
});

describe('a publish.at long past', () => {
  const at = (iso: string) => `${PUBLISHED}  at: ${iso}\n`;

  it('a year in the past is held in plan and apply, with the message; an hour ago is published', async () => {
    h = await startHarness();
    await h.write('old.yml', manifest('Year typo', at('2025-06-01T12:00:00Z')));
    await h.write('recent.yml', manifest('An hour ago', at('2026-06-01T11:00:00Z')));
    const planned = await h.run({
      mode: 'plan',
      now: () => NOW,
      permissions: { write: false, render: false, publish: false },
    });
    const old = planned.plan!.items.find((item) => item.file === 'content/old.yml')!;
    expect(old.holds).toEqual([{ kind: 'late', at: '2025-06-01T12:00:00.000Z', days: 365 }]);
    expect(planned.plan!.publications).toBe(1);

    const applied = await h.run({ now: () => NOW });
    const results = Object.fromEntries(applied.result!.items.map((item) => [item.file, item]));
    expect(results['content/old.yml']).toMatchObject({ outcome: 'rendered', status: 'VIDEO_PROCESSED' });
    expect(results['content/recent.yml']).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(applied.plan!.items.find((item) => item.file === 'content/old.yml')!.holds).toMatchObject([
      { kind: 'late', days: 365 },
    ]);
    const { holdText } = await import('../../src/report/words.ts');
    expect(holdText(old.holds[0]!)).toMatch(/^publish\.at passed 365 days ago/);

    // A narrower window holds the recent one too; `publish.late: publish` publishes the old one anyway.
    await h.write('old.yml', manifest('Year typo', `${at('2025-06-01T12:00:00Z')}  late: publish\n`));
    const anyway = await h.run({ now: () => NOW, lateWindowMs: 30 * 60_000 });
    expect(anyway.result!.items.find((item) => item.file === 'content/old.yml')).toMatchObject({
      outcome: 'published',
    });
  });

  it('validate warns on a publish.at in the past', async () => {
    h = await startHarness();
    await h.write('old.yml', manifest('Year typo', at('2025-06-01T12:00:00Z')));
    const report = await h.run({ mode: 'validate', now: () => NOW, client: undefined });
    expect(report.problems).toMatchObject([
      { severity: 'warning', code: 'publish_at_past', field: 'publish.at', line: 7 },
    ]);
    expect(report.problems[0]!.message).toMatch(/in the past \(365 days ago\)/);
  });
});

describe('changes to a published video', () => {
  it('changed accounts and privacy are drift: reported, never published again', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Published drift', PUBLISHED));
    await h.run();
    const previous: PreviousVersions = { read: async () => manifest('Published drift', PUBLISHED) };
    await h.write(
      'a.yml',
      manifest(
        'Published drift',
        'stage: published\npublish:\n  accounts:\n    - { platform: Instagram, name: ocean.facts }\n  privacy: unlisted\n',
      ),
    );
    h.emulator.admin.clearRequestLog();
    const report = await h.run({ previous });
    expect(report.plan!.items[0]!.drift).toEqual([
      { field: 'accounts', remote: ['YouTube Ocean Facts'], desired: ['Instagram ocean.facts'] },
      { field: 'publish', remote: { privacy: 'public' }, desired: { privacy: 'unlisted' } },
    ]);
    expect(report.plan!.items[0]!.steps).toEqual([]);
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
    expect(h.emulator.admin.items()[0]).toMatchObject({ uploadDispatches: 1 });
  });
});

describe('a failed upload', () => {
  it('is retried when nothing was published, and held when some account got it', () => {
    const item = published('a.yml');
    const failed = remote(item, { status: 'FAILED_UPLOAD', has_video: true });
    const fresh = plan([item], observed([failed]), context());
    expect(fresh.items[0]!.steps).toMatchObject([{ kind: 'upload', retry: true }]);

    const partly = observed([failed]);
    partly.contents = [
      { ...summaryOf(failed), published_url: 'https://youtu.be/x', published_platform: 'YouTube' },
    ];
    const held = plan([item], partly, context());
    expect(held.items[0]!.steps).toEqual([]);
    expect(held.items[0]!.holds).toEqual([{ kind: 'partly_published', platform: 'YouTube' }]);
  });
});
