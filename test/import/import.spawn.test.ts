import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../src/service-client/client.ts';
import { main } from '../../src/cli/main.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import type { ImportReport } from '../../src/import/import.ts';
import { renderReport } from '../../src/report/markdown.ts';
import { memoryIO } from '../cli/io.ts';
import { clientFor } from '../support/engine-harness.ts';
import { removeDir, tempDir } from '../support/temp-dir.ts';
import { CATALOGUE_OPTIONS, seedCatalogue, type Seeded } from './support.ts';

// Adopting a catalogue: a few hundred items in every stage, imported through
// the CLI over real HTTP, then planned by the same CLI. The promise: the plan
// of every imported item is empty (a wait for a run in flight is not a
// change), in the terminal, the JSON report and the Markdown of the summary
// and the comment; a second import writes nothing.

const COUNT = 280;

let emulator: Emulator;
let seeder: ServiceClient;
let dir: string;
let seeded: Seeded[];
let first: ImportReport;
let firstCode: number;

function env(): Record<string, string> {
  return { CONTENT_BASE_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey };
}

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = memoryIO({ env: env(), cwd: dir });
  const code = await main(args, run.io, { clientOptions: { secondMs: 20 } });
  expect(run.out + run.err).not.toContain(emulator.apiKey);
  return { code, out: run.out, err: run.err };
}

beforeAll(async () => {
  emulator = await startEmulator(CATALOGUE_OPTIONS);
  const key = emulator.admin.createKey(emulator.admin.defaultUserId, ['read', 'write', 'generate']);
  seeder = clientFor(emulator, key);
  dir = await tempDir('cac-import-');
  await mkdir(join(dir, 'content'));
  const catalogue = await seedCatalogue(emulator, seeder, COUNT);
  seeded = catalogue.seeded;
  // One item is managed already, by title, and a defaults file sets values the imports must override.
  const managed = seeded.find((item) => item.kind === 'draft')!;
  await writeFile(join(dir, 'content', 'mine.yml'), `title: ${JSON.stringify(managed.title)}\n`);
  await writeFile(join(dir, 'content', '_defaults.yml'), 'video:\n  orientation: square\n');
  await catalogue.start();
  const run = await cli('import', '--json');
  firstCode = run.code;
  first = JSON.parse(run.out) as ImportReport;
}, 120_000);

afterAll(async () => {
  await seeder?.close();
  await emulator?.close();
  // Made outside any test: the file's to remove.
  await removeDir(dir);
});

describe('content-as-code import', () => {
  it('writes one manifest per unmanaged item, in every stage, and skips the managed one by its file', () => {
    expect(first.refused).toBeNull();
    expect(firstCode).toBe(0);
    expect(first.imported).toHaveLength(COUNT - 1);
    expect(first.skipped).toEqual([expect.objectContaining({ reason: 'managed', file: 'content/mine.yml' })]);
    const statuses = new Set(first.imported.map((item) => item.status));
    for (const status of [
      'NEW',
      'VIDEO_PROCESSED',
      'UPLOADED',
      'FAILED_VIDEO',
      'FAILED_UPLOAD',
      'PROCESSING_AUDIO',
      'UPLOADING',
    ])
      expect(statuses, status).toContain(status);
    const stages = new Set(first.imported.map((item) => item.stage));
    expect([...stages].sort()).toEqual(['draft', 'published', 'rendered']);
    expect(first.check).toEqual({ loaded: COUNT - 1, outsideGlob: [], changes: [] });
  });

  it('loads back every text exactly as the service holds it', async () => {
    const { parse } = await import('yaml');
    const items = new Map(emulator.admin.items().map((item) => [item.id, item]));
    for (const imported of first.imported) {
      const text = await readFile(join(dir, imported.file), 'utf8');
      const manifest = parse(text) as Record<string, unknown>;
      const remote = items.get(imported.id)!;
      expect(manifest['id']).toBe(remote.id);
      expect(manifest['title']).toBe(remote.title);
      expect(manifest['full_text'] ?? null).toBe(remote.full_text);
      expect(manifest['description'] ?? null).toBe(remote.description);
      if ('textover' in manifest) expect(manifest['textover']).toBe(remote.textover);
    }
  });

  it('keeps hand-written scripts and leaves the service its own', async () => {
    const byId = new Map(emulator.admin.items().map((item) => [item.id, item]));
    let kept = 0;
    let left = 0;
    for (const imported of first.imported) {
      const text = await readFile(join(dir, imported.file), 'utf8');
      const handWritten = Number(/^Item (\d+)/.exec(imported.title)?.[1] ?? NaN) % 3 === 0;
      if (/^textover:/m.test(text)) kept++;
      else left++;
      if (handWritten && byId.get(imported.id)!.textover !== byId.get(imported.id)!.full_text) {
        expect(text, imported.file).toMatch(/^textover:/m);
      }
    }
    expect(kept).toBeGreaterThan(50);
    expect(left).toBeGreaterThan(100);
  });

  it('quotes what YAML would misread, and writes block scalars with the right chomping', async () => {
    const files = await readdir(join(dir, 'content', 'imported'));
    expect(files).not.toContain('_defaults.yml');
    const all = (
      await Promise.all(files.map((file) => readFile(join(dir, 'content', 'imported', file), 'utf8')))
    ).join('\n');
    const text = '(?:full_text|description|textover)';
    for (const quoted of [
      '"yes"',
      '"on"',
      '"1e3"',
      '"012"',
      '"1:20"',
      '"key: value"',
      '"  leading spaces"',
      '"#not a comment"',
    ])
      expect(all).toMatch(new RegExp(`^${text}: ${quoted}$`, 'm'));
    expect(all).toMatch(new RegExp(`^${text}: \\|-$`, 'm'));
    expect(all).toMatch(new RegExp(`^${text}: \\|$`, 'm'));
    expect(all).toMatch(new RegExp(`^${text}: \\|\\+$`, 'm'));
    expect(all).toMatch(new RegExp(`^${text}: \\|2$`, 'm'));
    expect(all).toContain('# The service reports FAILED_VIDEO');
    expect(all).toContain('# The service was still working on this item (PROCESSING_AUDIO)');
    expect(all).toMatch(/persona: 2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d0\d # (Calm Narrator|Upbeat Host)/);
    expect(all).toMatch(/- platform: TikTok\n\s+name: oceanfacts/);
    expect(all).toMatch(/- id: [0-9a-f-]{36}/);
  });

  it('then plan shows zero creates, edits, renders and publications, and no drift', async () => {
    let report: RunReport | null = null;
    const run = memoryIO({ env: env(), cwd: dir });
    const code = await main(['plan'], run.io, {
      clientOptions: { secondMs: 20 },
      onReport: (value) => (report = value),
    });
    expect(run.err).toBe('');
    expect(code).toBe(0);
    expect(run.out).toContain(`${COUNT} items, 0 to create, 0 to edit, 0 to render, 0 publications`);
    expect(run.out).not.toMatch(/drift/i);
    const plan = report!.plan!;
    expect(report!.problems).toEqual([]);
    expect(plan.unmanaged).toEqual([]);
    expect(plan.publications).toBe(0);
    for (const item of plan.items) {
      expect(
        item.steps.filter((step) => step.kind !== 'wait'),
        item.file,
      ).toEqual([]);
      expect(item.drift, item.file).toEqual([]);
      expect(item.match, item.file).not.toBe('new');
    }
    for (const target of ['summary', 'comment'] as const) {
      const markdown = renderReport(
        report!,
        {
          event: 'workflow_dispatch',
          because: 'test',
          shard: null,
          fileUrl: () => null,
          runUrl: null,
          notes: [],
          pullRequest: false,
        },
        { target, limit: 1_000_000, unit: 'chars' },
      );
      expect(markdown).toMatch(
        new RegExp(`\\*\\*Plan\\*\\* for ${COUNT} manifests: (\\d+ to wait for, )?\\d+ unchanged\\.`),
      );
      expect(markdown).not.toMatch(/\d+ to (create|edit|render)/);
    }
  });

  it('a second import writes nothing: everything is managed', async () => {
    const before = await readdir(join(dir, 'content', 'imported'));
    const run = await cli('import', '--json');
    expect(run.code).toBe(0);
    const second = JSON.parse(run.out) as ImportReport;
    expect(second.imported).toEqual([]);
    expect(second.check).toBeNull();
    expect(second.skipped).toHaveLength(COUNT);
    expect(second.skipped.every((item) => item.reason === 'managed' && item.file !== null)).toBe(true);
    expect(await readdir(join(dir, 'content', 'imported'))).toEqual(before);
  });
});
