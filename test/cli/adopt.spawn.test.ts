// Edits made in the service through the CLI, in a real git repository: a
// scheduled-like plan keeps and names them, `adopt` writes them into the
// manifest, and the plan after it has nothing to do.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { clientFor } from '../support/engine-harness.ts';
import { git as gitIn } from '../support/git.ts';
import { schemaValidator } from '../support/json-schema.ts';
import { tempDir } from '../support/temp-dir.ts';
import { memoryIO } from './io.ts';

let emulator: Emulator;
let cwd: string;

const MANIFEST =
  '# Sunfish, kept as code.\ntitle: Sunfish facts\nfull_text: Sunfish bask at the surface.\n' +
  'description: From the repository. # the first wording\nstage: rendered\n';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = memoryIO({
    env: { CONTENT_BASE_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey },
    cwd,
  });
  const code = await main(args, run.io, { poll: { initialMs: 5, maxMs: 50, factor: 1.5 } });
  return { code, out: run.out, err: run.err };
}

beforeEach(async () => {
  emulator = await startEmulator({ phaseMs: { audio: 10, video: 10, upload: 10 }, rateLimit: null });
  cwd = await tempDir('cac-adopt-');
  await mkdir(join(cwd, 'content'));
  await writeFile(join(cwd, 'content', 'sunfish.yml'), MANIFEST);
  gitIn(cwd, 'init', '-q');
  gitIn(cwd, 'add', '.');
  gitIn(cwd, 'commit', '-qm', 'sunfish');
});
afterEach(async () => {
  await emulator.close();
});

describe('content-as-code adopt', () => {
  it('keeps an edit made in the service, writes it into the manifest, and leaves no difference', async () => {
    expect((await cli('apply')).code).toBe(0);
    const client = clientFor(emulator);
    const [item] = emulator.admin.items();
    const detail = await client.getContent(item!.id);
    const { title, full_text, textover, hashtags, fine_tuning } = detail;
    const edit = { title, full_text, textover, hashtags, fine_tuning, description: 'Fixed in the web app.' };
    await client.editContent(item!.id, edit);
    await client.close();

    const kept = await cli('apply');
    expect(kept.code).toBe(0);
    expect(kept.out).toContain('description edited in the service');
    const planned = await cli('plan', '--json');
    const shown = JSON.parse(planned.out) as { plan: { items: { serviceEdits?: unknown[] }[] } };
    expect(schemaValidator('cli-output.schema.json')(shown)).toEqual([]);
    expect(shown.plan.items[0]?.serviceEdits).toEqual([
      expect.objectContaining({
        field: 'description',
        outcome: 'kept',
        service: 'Fixed in the web app.',
        manifest: 'From the repository.',
      }),
    ]);
    expect(emulator.admin.items()[0]?.description).toBe('Fixed in the web app.');

    const adopted = await cli('adopt');
    expect(adopted.code).toBe(0);
    expect(adopted.out).toContain('content/sunfish.yml: description');
    const text = await readFile(join(cwd, 'content', 'sunfish.yml'), 'utf8');
    expect(text).toBe(MANIFEST.replace('From the repository.', 'Fixed in the web app.'));

    const after = await cli('plan', '--json');
    const plan = JSON.parse(after.out) as { plan: { items: { actions: string[]; holds: string[] }[] } };
    expect(plan.plan.items[0]).toMatchObject({ actions: [], holds: [] });
  });
});
