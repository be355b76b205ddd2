import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';

// The documented way to try the action locally: GitHub's @github/local-action
// runs src/main.ts with the inputs of examples/local-action.env.example,
// against the emulator.

const root = join(import.meta.dirname, '..', '..');
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ phaseMs: { audio: 20, video: 20, upload: 20 } });
});
afterAll(async () => {
  await emulator.close();
});

describe('npx local-action run . src/main.ts <env>', () => {
  it('applies examples/content through the action and shows its outputs and summary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cac-local-action-'));
    const example = await readFile(join(root, 'examples', 'local-action.env.example'), 'utf8');
    // As in a fresh clone: the folder exists (the documented mkdir -p), the summary file does not.
    const summary = join(dir, 'local-action-summary.md');
    expect(example).toMatch(/^GITHUB_STEP_SUMMARY=\.cache\/local-action-summary\.md$/m);
    expect(example).not.toMatch(/^GITHUB_OUTPUT=/m);
    const env = example
      .replace(/^INPUT_API-KEY=.*$/m, `INPUT_API-KEY=${emulator.apiKey}`)
      .replace(/^INPUT_BASE-URL=.*$/m, `INPUT_BASE-URL=${emulator.baseUrl}`)
      .replace(/^GITHUB_STEP_SUMMARY=.*$/m, `GITHUB_STEP_SUMMARY=${summary}`);
    const envFile = join(dir, '.env');
    await writeFile(envFile, env);

    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        'npx',
        ['local-action', 'run', '.', 'src/main.ts', envFile],
        { cwd: root, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
          resolve({ code: status, output: `${stdout}${stderr}` });
        },
      );
    });

    expect(output).toContain('apply (auto: workflow_dispatch applies)');
    // local-action's own table of the outputs the action set through @actions/core.
    expect(output).toContain('Action Outputs');
    expect(output).not.toContain('No outputs were set');
    expect(output).toMatch(/published-urls/);
    expect(output).toContain('"outcome":"published"');
    expect(await readFile(summary, 'utf8')).toContain('**Applied** 5 manifests');
    expect(code).toBe(0);
    const published = emulator.admin.items().filter((item) => item.status === 'UPLOADED');
    expect(published.map((item) => item.title).sort()).toEqual([
      'How whales sleep without drowning',
      'Why octopuses have three hearts',
    ]);
  }, 120_000);
});
