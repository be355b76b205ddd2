// A retitled manifest through the CLI with no --base: the rename is found in
// git history, and where there is none the unchanged full_text holds it.
// Never a second item, never a second publication.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { git as gitIn } from '../support/git.ts';
import { tempDir } from '../support/temp-dir.ts';
import { memoryIO } from './io.ts';

const fastPoll = { poll: { initialMs: 5, maxMs: 50, factor: 1.5 } };
let emulator: Emulator;
let cwd: string;

function git(...args: string[]): void {
  gitIn(cwd, ...args);
}

const video = (title: string) =>
  `title: ${title}\nfull_text: Mantis shrimp see colours we cannot imagine.\nstage: published\n` +
  'publish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n';

async function cli(args: string[]): Promise<{ code: number; report: RunReport; err: string }> {
  const run = memoryIO({ env: { CONTENT_API_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey }, cwd });
  const code = await main([...args, '--json'], run.io, fastPoll);
  return { code, report: JSON.parse(run.out) as RunReport, err: run.err };
}

beforeEach(async () => {
  emulator = await startEmulator({ phaseMs: { audio: 10, video: 10, upload: 10 }, rateLimit: null });
  cwd = await tempDir('cac-rename-');
  await mkdir(join(cwd, 'content'));
  await writeFile(join(cwd, 'content', 'mantis.yml'), video('Mantis shrimp eyes'));
});
afterEach(async () => {
  await emulator.close();
});

describe('a retitled manifest through the CLI, with no --base', () => {
  it('is found in git history, committed or not: the item is renamed, never created again', async () => {
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'mantis');
    expect((await cli(['apply'])).code).toBe(0);

    await writeFile(join(cwd, 'content', 'mantis.yml'), video('How mantis shrimp see'));
    const uncommitted = await cli(['plan']);
    expect(uncommitted.report.plan!.items[0]).toMatchObject({
      match: 'renamed',
      renamedFrom: 'Mantis shrimp eyes',
    });
    git('commit', '-qam', 'retitle');
    const applied = await cli(['apply']);
    expect(applied.code).toBe(0);
    // The --json shape words each action (schema/cli-output.schema.json).
    expect(applied.report.plan!.items[0]).toMatchObject({
      match: 'renamed',
      actions: ['edit title "Mantis shrimp eyes" → "How mantis shrimp see"'],
    });
    const items = emulator.admin.items();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'How mantis shrimp see', uploadDispatches: 1 });
  });

  it('outside git, the unchanged full_text holds it as a rename of the item', async () => {
    expect((await cli(['apply'])).code).toBe(0);
    const [before] = emulator.admin.items();
    await writeFile(join(cwd, 'content', 'mantis.yml'), video('How mantis shrimp see'));
    const applied = await cli(['apply']);
    expect(applied.report.plan!.items[0]).toMatchObject({
      match: 'new',
      actions: [],
      holds: [
        `held: looks like a rename of item ${before!.id} (title "Mantis shrimp eyes"); pin id: ${before!.id} to adopt it, or change full_text to make a new item`,
      ],
    });
    expect(emulator.admin.items()).toHaveLength(1);
    expect(emulator.admin.items()[0]).toMatchObject({ title: 'Mantis shrimp eyes', uploadDispatches: 1 });

    // Pinning the id adopts it: the title follows the manifest, nothing is published again.
    await writeFile(
      join(cwd, 'content', 'mantis.yml'),
      `id: ${before!.id}\n${video('How mantis shrimp see')}`,
    );
    expect((await cli(['apply'])).code).toBe(0);
    expect(emulator.admin.items()).toMatchObject([{ title: 'How mantis shrimp see', uploadDispatches: 1 }]);
  });
});
