// Re-running converges: against a service that stores values in its own terms,
// keeps stale progress, parks runs and queues them, the first apply does the
// work and every later one sends nothing and spends nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PERSONAS } from '../../src/emulator/index.ts';
import type { BehaviourOptions } from '../../src/emulator/index.ts';
import type { PreviousVersions } from '../../src/git/earlier-versions.ts';
import { PUBLISHED, startHarness, type Harness } from '../support/engine-harness.ts';

const ALL_BEHAVIOURS: BehaviourOptions = {
  normaliseText: true,
  fillDefaults: true,
  ignorePersonaId: true,
  staleProgress: true,
  parkInAudioProcessed: true,
  queueMs: 30,
};

/** A stale snapshot is told from a run between phases after this long standing still. */
const POLL = { initialMs: 2, maxMs: 10, factor: 1.5, staleMs: 120 };

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** A manifest that exercises every normal form: trailing spaces, CRLF, partial objects, a persona. */
function manifest(title: string, extra: string): string {
  return [
    `title: ${JSON.stringify(title)}`,
    `full_text: "Octopuses have three hearts.  \\r\\nTwo pump blood through the gills.\\t\\n\\n"`,
    'fine_tuning: { pace: slow }',
    `persona: ${DEFAULT_PERSONAS[1]!.id}`,
    'video:',
    '  subtitles: { color: white }',
    extra,
  ].join('\n');
}

const writes = (h: Harness): string[] => h.requests().filter((line) => !line.startsWith('GET '));

/** The base commit of a push that changed nothing in these manifests: each file as it stands. */
function unchangedSince(h: Harness): PreviousVersions {
  return { read: (file) => readFile(join(h.dir, file), 'utf8').catch(() => null) };
}

describe('convergence against service normal forms, stale progress, parking and queueing', () => {
  it('the first apply publishes every item; the second and third send no write and spend no credit', async () => {
    h = await startHarness({ behaviours: ALL_BEHAVIOURS });
    await h.write('oneshot.yml', manifest('Converge oneshot', PUBLISHED));
    await h.write('stepwise.yml', manifest('Converge stepwise', `flow: stepwise\n${PUBLISHED}`));
    await h.write('rendered.yml', manifest('Converge rendered', 'stage: rendered\nflow: stepwise\n'));
    await h.write('draft.yml', manifest('Converge draft', ''));

    const first = await h.run({ poll: POLL });
    expect(first.fatal).toBeNull();
    const outcomes = Object.fromEntries(first.result!.items.map((item) => [item.file, item.outcome]));
    expect(outcomes).toEqual({
      'content/draft.yml': 'created',
      'content/oneshot.yml': 'published',
      'content/rendered.yml': 'rendered',
      'content/stepwise.yml': 'published',
    });
    // Each normal form is said once, on the write that met it.
    const stepwise = first.result!.items.find((item) => item.file === 'content/stepwise.yml')!;
    expect(stepwise.notes).toEqual([
      { field: 'full_text', how: 'normalised_text' },
      { field: 'fine_tuning', how: 'filled_defaults' },
      { field: 'persona', how: 'ignored' },
      { field: 'video.subtitles', how: 'filled_defaults' },
    ]);
    // The parked voiceover was rendered in the same run, the stepwise item published with an upload.
    const records = h.emulator.admin.items();
    const record = (title: string) => records.find((item) => item.title === title)!;
    expect(record('Converge stepwise')).toMatchObject({ status: 'UPLOADED', uploadDispatches: 1 });
    expect(record('Converge stepwise').statusHistory).toContain('AUDIO_PROCESSED');
    expect(record('Converge stepwise').generationDispatches).toBe(2);
    expect(record('Converge oneshot')).toMatchObject({ status: 'UPLOADED', uploadDispatches: 1 });
    expect(record('Converge rendered')).toMatchObject({ status: 'VIDEO_PROCESSED', uploadDispatches: 0 });
    // The stale snapshot is still there: the service never cleared it.
    expect(record('Converge rendered').progress).not.toBeNull();

    for (const run of ['second', 'third']) {
      h.emulator.admin.clearRequestLog();
      const again = await h.run({ poll: POLL, previous: unchangedSince(h) });
      expect(again.fatal, run).toBeNull();
      expect(writes(h), run).toEqual([]);
      expect(again.result?.creditsAfter, run).toBe(again.result?.creditsBefore);
      expect(again.result?.changed, run).toBe(false);
      for (const item of again.plan!.items) {
        expect(
          item.steps.filter((step) => step.kind !== 'wait'),
          `${run}: ${item.file}`,
        ).toEqual([]);
        expect(item.drift, `${run}: ${item.file}`).toEqual([]);
      }
      expect(again.result!.items.every((item) => (item.notes ?? []).length === 0)).toBe(true);
      // The persona the service keeps is said once for the run, not sent again.
      expect(
        again.notes.filter((note) => /persona/.test(note)),
        run,
      ).toHaveLength(1);
    }
    expect(h.emulator.admin.items().map((item) => item.generationDispatches)).toEqual(
      records.map((item) => item.generationDispatches),
    );
  });

  it('an item edited back to NEW under the snapshot of its last run is rendered by the next apply, not waited on', async () => {
    // The service keeps the render's snapshot through the edit: NEW with progress, and nothing in flight.
    h = await startHarness({ behaviours: { staleProgress: true } });
    await h.write('a.yml', manifest('Stale after edit', 'stage: rendered\nflow: stepwise\n'));
    expect((await h.run({ poll: POLL })).result!.items[0]!.outcome).toBe('rendered');
    await h.write(
      'a.yml',
      manifest('Stale after edit', 'stage: rendered\nflow: stepwise\n').replace('three', 'eight'),
    );
    const editOnly = await h.run({ poll: POLL, permissions: { write: true, render: false, publish: false } });
    expect(editOnly.result!.items[0]!.outcome).toBe('updated');
    const [record] = h.emulator.admin.items();
    expect(record).toMatchObject({ status: 'NEW' });
    expect(record!.progress).not.toBeNull();

    const next = await h.run({ poll: POLL });
    expect(next.result!.items[0]!.outcome).toBe('rendered');
    expect(h.emulator.admin.items()[0]).toMatchObject({ status: 'VIDEO_PROCESSED' });
  });

  it('a persona the change set is sent once; the service keeping its own is then said, not sent again', async () => {
    h = await startHarness({ behaviours: { ignorePersonaId: true } });
    await h.write('a.yml', manifest('Persona draft', ''));
    await h.run({ poll: POLL });
    const before = DEFAULT_PERSONAS[0]!.id;
    const base: PreviousVersions = {
      read: async (file) =>
        (await readFile(join(h.dir, file), 'utf8')).replace(DEFAULT_PERSONAS[1]!.id, before),
    };
    h.emulator.admin.clearRequestLog();
    const changed = await h.run({ poll: POLL, previous: base });
    expect(writes(h)).toEqual([`PUT /v1/contents/${changed.result!.items[0]!.id}`]);
    expect(changed.result!.items[0]!.notes).toEqual([{ field: 'persona', how: 'ignored' }]);
    h.emulator.admin.clearRequestLog();
    const next = await h.run({ poll: POLL, previous: unchangedSince(h) });
    expect(writes(h)).toEqual([]);
    expect(next.plan!.items[0]!.steps).toEqual([]);
  });

  it('a persona set on a service that takes it: changed since the base, sent; unchanged, left as the service has it', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Persona honoured', ''));
    const first = await h.run({ poll: POLL });
    const id = first.result!.items[0]!.id!;
    await h.client.editContent(id, { persona_id: DEFAULT_PERSONAS[0]!.id });
    const unchanged = await h.run({ poll: POLL, previous: unchangedSince(h) });
    expect(unchanged.plan!.items[0]!.steps).toEqual([]);
    expect(unchanged.notes.join(' ')).toMatch(/1 item\(s\) show a persona other than their manifest's/);
    const noHistory = await h.run({ poll: POLL });
    expect(noHistory.plan!.items[0]!.steps.map((step) => step.kind)).toEqual(['edit']);
    expect((await h.client.getContent(id)).persona?.id).toBe(DEFAULT_PERSONAS[1]!.id);
  });

  it('a generation still queued in NEW after the 202 is waited for, not taken as done', async () => {
    h = await startHarness({ behaviours: { queueMs: 150 } });
    await h.write('a.yml', manifest('Queued stepwise', `flow: stepwise\n${PUBLISHED}`));
    const report = await h.run({ poll: POLL });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(h.requests()).toContain(`POST /v1/contents/upload/${report.result!.items[0]!.id}`);
  });

  it('a job that never leaves its queue is reported as not started, and the next run finishes it', async () => {
    h = await startHarness({ behaviours: { queueMs: 400 } });
    await h.write('a.yml', manifest('Slow queue', `flow: stepwise\n${PUBLISHED}`));
    const report = await h.run({ poll: POLL, startWaitMs: 100 });
    expect(report.result?.items[0]).toMatchObject({ outcome: 'running', status: 'NEW' });
    expect(report.result?.items[0]?.holds).toEqual([{ kind: 'not_started', status: 'NEW' }]);
    const next = await h.run({ poll: POLL });
    expect(next.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    const [item] = h.emulator.admin.items();
    expect(item).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });
});
