// `mode: import` through the committed bundle with a runner's environment:
// on workflow_dispatch it writes the manifests into the workspace and lists
// them in the `imported` output; the pull request of those files then plans
// no change, in the job summary and in the PR comment. On any other event it
// writes nothing.
import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { clientFor } from '../support/engine-harness.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { REPOSITORY, requireDist, runAction, type RunnerEvent } from '../support/runner.ts';
import { seedCatalogue } from '../import/support.ts';
import { tempDir } from '../support/temp-dir.ts';

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  await github?.close();
  emulator = null;
  github = null;
});

const dispatch: RunnerEvent = { name: 'workflow_dispatch', payload: { inputs: {} } };

const pullRequest: RunnerEvent = {
  name: 'pull_request',
  ref: 'refs/pull/7/merge',
  sha: 'e'.repeat(40),
  payload: {
    action: 'opened',
    number: 7,
    pull_request: {
      number: 7,
      state: 'open',
      title: 'Import the existing catalogue as manifests',
      user: { login: 'github-actions[bot]' },
      head: { ref: 'content-import', sha: 'c'.repeat(40), repo: { full_name: REPOSITORY, fork: false } },
      base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: REPOSITORY } },
    },
    repository: {
      full_name: REPOSITORY,
      name: 'videos',
      owner: { login: 'octo-org' },
      default_branch: 'main',
    },
  },
};

async function seeded(count: number): Promise<Emulator> {
  const e = await startEmulator({
    phaseMs: { audio: 5, video: 5, upload: 5 },
    rateLimit: null,
    credits: 100_000,
    dailyVideoCap: 10_000,
    failures: [{ titleIncludes: '[render fails]', phase: 'video', message: 'No footage' }],
  });
  const key = e.admin.createKey(e.admin.defaultUserId, ['read', 'write', 'generate']);
  const client = clientFor(e, key);
  await seedCatalogue(e, client, count);
  await client.close();
  e.admin.clearRequestLog();
  return e;
}

describe('mode: import in the bundled action', () => {
  it('writes the manifests on workflow_dispatch and lists them; their pull request plans no change', async () => {
    emulator = await seeded(42);
    const workspace = await tempDir('cac-import-ws-');
    await mkdir(join(workspace, 'content'));
    const inputs = { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, mode: 'import' };
    const run = await runAction({ workspace, event: dispatch, inputs });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const imported = JSON.parse(run.outputs.imported!) as string[];
    expect(imported).toHaveLength(42);
    expect(imported.every((file) => file.startsWith('content/imported/') && file.endsWith('.yml'))).toBe(
      true,
    );
    expect((await readdir(join(workspace, 'content', 'imported'))).sort()).toEqual(
      imported.map((file) => file.slice('content/imported/'.length)).sort(),
    );
    expect(run.summary).toContain(
      'Imported 42 items into content/imported; skipped 0. A plan of them shows no change.',
    );
    expect(emulator.admin.requestLog.every((entry) => entry.method === 'GET')).toBe(true);
    const written = [run.stdout, run.summary, run.outputFile].join('\n').split('\n');
    expect(written.filter((line) => !line.startsWith('::add-mask::')).join('\n')).not.toContain(
      emulator.apiKey,
    );

    // The pull request the example workflow opens with these files.
    github = await startGitHubFake();
    const plan = await runAction({
      workspace,
      event: pullRequest,
      apiUrl: github.apiUrl,
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, 'github-token': github.token },
    });
    expect(plan.code).toBe(0);
    const comment = github.comments(7)[0]!.body;
    for (const text of [plan.summary, comment]) {
      expect(text).toContain('**Plan** for 42 manifests: 42 unchanged.');
      expect(text).not.toMatch(/\d+ to (create|edit|render)|to publish|drift/i);
    }
    const steps = (JSON.parse(plan.outputs.plan!) as { items: { steps: unknown[]; drift: unknown[] }[] })
      .items;
    expect(steps.every((item) => item.steps.length === 0 && item.drift.length === 0)).toBe(true);
  });

  it('refuses an import folder that is a committed link out of the workspace, and writes nothing', async () => {
    emulator = await seeded(5);
    const root = await tempDir('cac-import-link-');
    const workspace = join(root, 'checkout', 'repo');
    await mkdir(join(workspace, 'content'), { recursive: true });
    await mkdir(join(root, 'checkout', 'outside'));
    await symlink('../../outside', join(workspace, 'content', 'imported'));
    const inputs = { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, mode: 'import' };
    const run = await runAction({ workspace, event: dispatch, inputs });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::the folder to import into, content/imported, leads outside the workspace through a symbolic link',
    );
    expect(await readdir(join(root, 'checkout', 'outside'))).toEqual([]);
    expect(run.outputs.imported).toBe('[]');
  });

  it('skips an item whose manifest would not load, names why, and avoids Windows device names', async () => {
    emulator = await startEmulator({ phaseMs: { audio: 5, video: 5, upload: 5 }, rateLimit: null });
    const client = clientFor(emulator);
    const item = (title: string, fineTuning: Record<string, unknown> | null = null) =>
      client.createContent({
        title,
        description: null,
        full_text: `About ${title}.`,
        textover: null,
        hashtags: null,
        fine_tuning: fineTuning,
        persona_id: null,
      });
    // JSON.parse makes `__proto__` an own key, as the service's JSON answer does.
    await item(
      'Odd one',
      JSON.parse('{"__proto__": {"polluted": true}, "pace": 2}') as Record<string, unknown>,
    );
    await item('Plain constructor', { constructor: { prototype: 1 } });
    for (const title of ['Con', 'NUL', 'com1', 'Ocean facts']) await item(title);
    await client.close();
    const workspace = await tempDir('cac-import-ws-');
    await mkdir(join(workspace, 'content'));
    const inputs = { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl };
    const run = await runAction({ workspace, event: dispatch, inputs: { ...inputs, mode: 'import' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'its manifest would not load (__proto__ is not allowed as a key), and would stop every plan',
    );
    expect(run.summary).toContain('| no manifest that loads back exactly | 1 |');
    expect((JSON.parse(run.outputs.imported!) as string[]).sort()).toEqual([
      'content/imported/com1-2.yml',
      'content/imported/con-2.yml',
      'content/imported/nul-2.yml',
      'content/imported/ocean-facts.yml',
      'content/imported/plain-constructor.yml',
    ]);
    // The catalogue stays plannable: the odd item is unmanaged, not a manifest every plan refuses.
    const plan = await runAction({ workspace, event: dispatch, inputs: { ...inputs, mode: 'plan' } });
    expect(plan.code).toBe(0);
    expect(plan.summary).toContain('**Plan** for 5 manifests: 5 unchanged.');
  });

  it('refuses on any other event and writes nothing', async () => {
    emulator = await seeded(3);
    const workspace = await tempDir('cac-import-ws-');
    await mkdir(join(workspace, 'content'));
    const run = await runAction({
      workspace,
      event: { name: 'push', payload: { ref: 'refs/heads/main' } },
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, mode: 'import' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::mode: import runs on workflow_dispatch only (this run is push)');
    expect(run.outputs.imported).toBe('[]');
    expect(await readdir(join(workspace, 'content'))).toEqual([]);
    expect(emulator.admin.requestLog).toEqual([]);
    await expect(readFile(join(workspace, 'content', 'imported'))).rejects.toThrow();
  });
});
