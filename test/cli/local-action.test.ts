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
  it('applies examples/content through the action and writes its outputs and summary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cac-local-action-'));
    const example = await readFile(join(root, 'examples', 'local-action.env.example'), 'utf8');
    const outputs = join(dir, 'outputs.txt');
    const summary = join(dir, 'summary.md');
    const env = example
      .replace(/^INPUT_API-KEY=.*$/m, `INPUT_API-KEY=${emulator.apiKey}`)
      .replace(/^INPUT_BASE-URL=.*$/m, `INPUT_BASE-URL=${emulator.baseUrl}`)
      .replace(/^GITHUB_OUTPUT=.*$/m, `GITHUB_OUTPUT=${outputs}`)
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
    const written = await readFile(outputs, 'utf8');
    expect(written).toMatch(/^changed<<[^\n]*\ntrue\n/m);
    expect(written).toContain('"outcome":"published"');
    expect(await readFile(summary, 'utf8')).toContain('**Applied** 5 manifests');
    expect(code).toBe(0);
    const published = emulator.admin.items().filter((item) => item.status === 'UPLOADED');
    expect(published.map((item) => item.title).sort()).toEqual([
      'How whales sleep without drowning',
      'Why octopuses have three hearts',
    ]);
  }, 120_000);
});
