// `mode: import` through the committed bundle with a runner's environment:
// on workflow_dispatch it writes the manifests into the workspace and lists
// them in the `imported` output; the pull request of those files then plans
// no change, in the job summary and in the PR comment. On any other event it
// writes nothing.
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { clientFor } from '../support/engine-harness.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { REPOSITORY, requireDist, runAction, type RunnerEvent } from '../support/runner.ts';
import { seedCatalogue } from '../import/support.ts';

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
    const workspace = await mkdtemp(join(tmpdir(), 'cac-import-ws-'));
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

  it('refuses on any other event and writes nothing', async () => {
    emulator = await seeded(3);
    const workspace = await mkdtemp(join(tmpdir(), 'cac-import-ws-'));
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
