// The action with a manifests input that matches nothing: a typo fails the
// run, naming the glob, unless the workflow says an empty catalogue is meant.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { requireDist, runAction, pushEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const push = pushEvent();

let emulator: Emulator;
beforeAll(async () => {
  requireDist();
  emulator = await startEmulator({ phaseMs: { audio: 5, video: 5, upload: 5 } });
});
afterAll(async () => {
  await emulator.close();
});

async function checkout(): Promise<string> {
  const dir = await tempDir('cac-empty-');
  await mkdir(join(dir, 'content'));
  await writeFile(join(dir, 'content', 'a.yml'), 'title: A\n');
  return dir;
}

describe('the manifests input', () => {
  it('fails the run, naming the glob, when it matches no manifest', async () => {
    const run = await runAction({
      workspace: await checkout(),
      event: push,
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, manifests: 'contnet/**/*.yml' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::.*No manifest matches contnet\/\*\*\/\*\.yml/);
    expect(emulator.admin.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
  });

  it('accepts an empty catalogue with allow-empty: true', async () => {
    const run = await runAction({
      workspace: await checkout(),
      event: push,
      inputs: {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        manifests: 'videos/**/*.yml',
        'allow-empty': 'true',
        mode: 'plan',
      },
    });
    expect(run.stdout).not.toContain('::error::');
    expect(run.code).toBe(0);
  });
});
