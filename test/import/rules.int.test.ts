import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentFields } from '../../src/service-client/types.ts';
import { main } from '../../src/cli/main.ts';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.ts';
import { runImport, type ImportReport } from '../../src/import/import.ts';
import { importHeadline } from '../../src/import/render.ts';
import { memoryIO } from '../cli/io.ts';
import { withCpuTime } from '../support/cpu-time.ts';
import { clientFor } from '../support/engine-harness.ts';
import { tempDir } from '../support/temp-dir.ts';

// The rules around the import, one at a time, against the emulator over
// HTTP: what makes it refuse (and write nothing), what it skips and why,
// the filters, file names that never overwrite, and the check that reports
// a manifest whose plan would not be empty.

let emulator: Emulator | null = null;
let dir = '';
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

const fields = (title: string, extra: Partial<ContentFields> = {}): ContentFields => ({
  title,
  description: null,
  full_text: `About ${title}.`,
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
  ...extra,
});

async function catalogue(items: ContentFields[], options: EmulatorOptions = {}): Promise<Emulator> {
  emulator = await startEmulator({ rateLimit: null, phaseMs: { audio: 5, video: 5, upload: 5 }, ...options });
  const client = clientFor(
    emulator,
    emulator.admin.createKey(emulator.admin.defaultUserId, ['read', 'write', 'generate']),
  );
  for (const item of items) await client.createContent(item);
  await client.close();
  dir = await tempDir('cac-import-rules-');
  await mkdir(join(dir, 'content'));
  return emulator;
}

async function importing(
  ...args: string[]
): Promise<{ code: number; report: ImportReport | null; out: string; err: string }> {
  const run = memoryIO({
    env: { CONTENT_BASE_URL: emulator!.baseUrl, CONTENT_API_KEY: emulator!.apiKey },
    cwd: dir,
  });
  const code = await main(['import', ...args], run.io);
  const json = args.includes('--json') && run.out.trim().startsWith('{');
  return { code, report: json ? (JSON.parse(run.out) as ImportReport) : null, out: run.out, err: run.err };
}

const files = async (folder = 'content/imported'): Promise<string[]> =>
  (await readdir(join(dir, folder)).catch(() => [] as string[])).sort();

describe('import refuses, and writes nothing,', () => {
  it('when the listing cannot be proven complete', async () => {
    const e = await catalogue(
      Array.from({ length: 25 }, (_, i) => fields(`Item ${i}`)),
      { listing: { maxPageSize: 10 } },
    );
    // A client that may read one page of a listing: the rest is a gap.
    const client = clientFor(e, e.apiKey, { maxListingPages: 1, readOnly: true });
    const report = await runImport({ client, cwd: dir, manifests: 'content/**/*.{yml,yaml}' });
    await client.close();
    expect(report.refused).toMatch(
      /^GET \/contents could not be proven complete \(the listing was still going/,
    );
    expect(report.imported).toEqual([]);
    expect(importHeadline(report)).toMatch(/^Nothing imported: /);
    expect(await files()).toEqual([]);
  });

  it('when a manifest already there does not load', async () => {
    await catalogue([fields('Whales')]);
    await writeFile(join(dir, 'content', 'broken.yml'), 'title: Whales\nstage: publishd\n');
    const run = await importing();
    expect(run.code).toBe(1);
    expect(run.out).toContain('content/broken.yml:2:');
    expect(run.out).toContain('Nothing imported: 1 manifest error');
    expect(await files()).toEqual([]);
  });

  it('when --out leaves the workspace, or --status names no status', async () => {
    await catalogue([fields('Whales')]);
    expect((await importing('--out', '../elsewhere')).code).toBe(2);
    const bad = await importing('--status', 'UPLOADED;rm');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--status expects service statuses');
    expect(await files()).toEqual([]);
  });
});

describe('import skips and filters', () => {
  it('names the manifest that manages an item, by pinned id or by title', async () => {
    const e = await catalogue([fields('Pinned'), fields('By title'), fields('Free')]);
    const pinned = e.admin.items().find((item) => item.title === 'Pinned')!;
    await writeFile(join(dir, 'content', 'a.yml'), `title: Renamed here\nid: ${pinned.id}\n`);
    await writeFile(join(dir, 'content', 'b.yml'), 'title: By title\n');
    const { report } = await importing('--json');
    expect(report!.imported.map((item) => item.title)).toEqual(['Free']);
    expect(report!.skipped.map((item) => [item.title, item.reason, item.file])).toEqual([
      ['By title', 'managed', 'content/b.yml'],
      ['Pinned', 'managed', 'content/a.yml'],
    ]);
  });

  it('skips two items of one title, and a title a manifest of another item has', async () => {
    const e = await catalogue([
      fields('Twice'),
      fields('Twice'),
      fields('Taken'),
      fields('Pinned elsewhere'),
    ]);
    const other = e.admin.items().find((item) => item.title === 'Pinned elsewhere')!;
    await writeFile(join(dir, 'content', 'taken.yml'), `title: Taken\nid: ${other.id}\n`);
    const { report, code } = await importing('--json');
    expect(code).toBe(0);
    expect(report!.imported).toEqual([]);
    expect(report!.skipped.map((item) => [item.title, item.reason])).toEqual([
      ['Pinned elsewhere', 'managed'],
      ['Taken', 'title_taken'],
      ['Twice', 'duplicate_title'],
      ['Twice', 'duplicate_title'],
    ]);
  });

  it('--only, --status and --out choose what is written where', async () => {
    await catalogue([fields('Ocean one'), fields('Ocean two'), fields('Desert')]);
    const only = await importing(
      '--json',
      '--only',
      'Ocean*',
      '--status',
      'NEW,UPLOADED',
      '--out',
      'videos/new',
    );
    expect(only.report!.imported.map((item) => item.file)).toEqual([
      'videos/new/ocean-one.yml',
      'videos/new/ocean-two.yml',
    ]);
    expect(only.report!.skipped).toEqual([expect.objectContaining({ title: 'Desert', reason: 'filtered' })]);
    // Outside the manifests' glob: written, and said to be unread by plan.
    expect(only.report!.check!.outsideGlob).toEqual(['videos/new/ocean-one.yml', 'videos/new/ocean-two.yml']);
    const none = await importing('--json', '--status', 'published');
    expect(none.report!.imported).toEqual([]);
  });

  it('--only runs in linear time: a pattern that makes a backtracking matcher take minutes', async () => {
    const long = 'a'.repeat(64);
    await catalogue([fields(long), fields(`${long}b`)]);
    const { value: run, cpuMs } = await withCpuTime(() =>
      importing('--json', '--only', '*a*a*a*a*a*a*a*a*b'),
    );
    expect(cpuMs).toBeLessThan(5_000);
    expect(run.report!.imported.map((item) => item.title)).toEqual([`${long}b`]);
    expect(run.report!.skipped).toEqual([expect.objectContaining({ title: long, reason: 'filtered' })]);
  });
});

describe('import writes', () => {
  it('never a text holding the API key: that item is skipped, naming the field, and no file holds the key', async () => {
    const key = 'svc_live_importedKey0123456789';
    const leaky = fields('Leaky', { description: `Posted with ${key}`, full_text: `Key: ${key}.` });
    const e = await catalogue([fields('Clean'), leaky], { apiKey: key });
    const { report, code, out } = await importing('--json');
    expect(code).toBe(0);
    expect(report!.imported.map((item) => item.title)).toEqual(['Clean']);
    expect(report!.skipped.map((item) => [item.title, item.reason])).toEqual([['Leaky', 'secret']]);
    expect(report!.skipped[0]!.message).toMatch(/description, full_text hold the API key/);
    expect(out).not.toContain(e.apiKey);
    const files = await readdir(join(dir, 'content', 'imported'));
    for (const file of files)
      expect(await readFile(join(dir, 'content', 'imported', file), 'utf8')).not.toContain(e.apiKey);
  });

  it('file names from titles, never over an existing file', async () => {
    await catalogue([fields('Ocean Facts!'), fields('ocean facts'), fields('日本語')]);
    await mkdir(join(dir, 'content', 'imported'));
    await writeFile(join(dir, 'content', 'imported', 'ocean-facts.yml'), 'title: Mine\n# kept as it is\n');
    await writeFile(join(dir, 'content', 'imported', '_defaults.yml'), 'flow: oneshot\n');
    const { report } = await importing('--json');
    const names = report!.imported.map((item) => item.file.replace('content/imported/', ''));
    expect(names.slice(0, 2).sort()).toEqual(['ocean-facts-2.yml', 'ocean-facts-3.yml']);
    expect(names[2]).toMatch(/^item-[0-9a-f]{8}\.yml$/);
    expect(await readFile(join(dir, 'content', 'imported', 'ocean-facts.yml'), 'utf8')).toBe(
      'title: Mine\n# kept as it is\n',
    );
    expect(await readFile(join(dir, 'content', 'imported', '_defaults.yml'), 'utf8')).toBe('flow: oneshot\n');
  });

  it('never through a link out of the workspace, even one folder up from --out, nor a link to nowhere', async () => {
    await catalogue([fields('Ocean one')]);
    const outside = await tempDir('cac-import-outside-');
    await symlink(outside, join(dir, 'content', 'elsewhere'));
    const through = await importing('--out', 'content/elsewhere/new');
    expect(through.code).toBe(2);
    expect(through.err).toContain(
      'error: the folder to import into, content/elsewhere/new, leads outside the workspace through a symbolic link',
    );
    await symlink(join(dir, 'no-such-folder'), join(dir, 'content', 'imported'));
    const dangling = await importing();
    expect(dangling.code).toBe(2);
    expect(dangling.err).toContain('goes through a link to a place that does not exist');
    expect(await readdir(outside)).toEqual([]);
  });

  it('reports, and exits 1, when a defaults file makes an imported manifest plan a change', async () => {
    await catalogue([fields('No description'), fields('Described', { description: 'Own words.' })]);
    await writeFile(join(dir, 'content', '_defaults.yml'), 'description: Set for every video.\n');
    const run = await importing();
    expect(run.code).toBe(1);
    expect(run.out).toContain('! content/imported/no-description.yml: edit');
    expect(run.out).toContain('1 imported file would still change on the next plan');
  });
});
