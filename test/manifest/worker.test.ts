import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManifests, type NamedManifest } from '../../src/manifest/load.ts';
import { loadManifestsInWorker } from '../../src/manifest/worker.ts';

const WORKER = fileURLToPath(new URL('../support/manifest-worker.ts', import.meta.url));
// Scripts that start but never answer, and one that cannot start.
const SILENT = fileURLToPath(new URL('../../src/manifest/worker-role.ts', import.meta.url));
const MISSING = fileURLToPath(new URL('../support/no-such-worker.ts', import.meta.url));

let cwd = '';
beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'manifest-worker-'));
  const files: Record<string, string> = {
    'content/_defaults.yml': 'description: From the folder defaults.\n',
    'content/a.yml': 'title: Alpha\nfull_text: Text of alpha.\n',
    'content/b.yml': 'title: Beta\nid: item-b\nfull_text: Text of beta.\n',
    'content/c.yml': 'title: Gamma\nfull_text: Text of gamma.\nstage: sideways\n',
    'content/d.yml': 'title: Alpha\nfull_text: A second alpha.\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(cwd, name)), { recursive: true });
    await writeFile(path.join(cwd, name), text);
  }
});
afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

function options(named: NamedManifest[] = [], fallbacks: string[] = []) {
  return {
    cwd,
    pattern: 'content/**/*.yml',
    onNamed: (item: NamedManifest) => named.push(item),
    onFallback: (reason: string) => fallbacks.push(reason),
    minFiles: 1,
  };
}

describe('parsing manifests on a worker thread', () => {
  it('gives what loading on this thread gives, problems and all, and names each valid item as it is parsed', async () => {
    const here = await loadManifests(options());
    const named: NamedManifest[] = [];
    const fallbacks: string[] = [];
    const aside = await loadManifestsInWorker(WORKER, options(named, fallbacks));
    expect(fallbacks).toEqual([]);
    expect(aside).toEqual(here);
    expect(here.problems.map((problem) => `${problem.file}:${problem.code}`).sort()).toEqual([
      'content/a.yml:duplicate_title',
      'content/c.yml:invalid_value',
      'content/d.yml:duplicate_title',
    ]);
    // Named before the checks across files: both Alphas, which the engine may read and then not plan.
    expect(named.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'content/a.yml', title: 'Alpha', id: null },
      { file: 'content/b.yml', title: 'Beta', id: 'item-b' },
      { file: 'content/d.yml', title: 'Alpha', id: null },
    ]);
  });

  it('loads here when the worker cannot start, or ends without an answer', async () => {
    const here = await loadManifests(options());
    for (const [script, reason] of [
      [MISSING, /Cannot find module/],
      [SILENT, /ended \(exit code 0\) without a result/],
    ] as const) {
      const named: NamedManifest[] = [];
      const fallbacks: string[] = [];
      expect(await loadManifestsInWorker(script, options(named, fallbacks))).toEqual(here);
      expect(fallbacks).toEqual([expect.stringMatching(reason)]);
      expect(named.map((item) => item.file).sort()).toEqual([
        'content/a.yml',
        'content/b.yml',
        'content/d.yml',
      ]);
    }
  });
});
