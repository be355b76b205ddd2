// The plainest service, through the committed bundle with a runner's
// environment: GET /contents and GET /accounts answer every row at once and
// ignore every query parameter (the emulator's `unpaged` dialect). Every flow
// works against it: the PR comment, apply with one-shot and stepwise
// publications, a quiet second apply, a rename, import then plan, doctor.
// And a listing that does page, newest first with no hints, while a pull
// request creates 300 drafts: every draft once, one comment.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.ts';
import { clientFor } from '../support/engine-harness.ts';
import { git } from '../support/git.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { seedCatalogue } from '../import/support.ts';
import {
  ROOT,
  pullRequestEvent,
  requireDist,
  runAction,
  type RunnerEvent,
  pushEvent,
} from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const BASE_SHA = 'b'.repeat(40);
const push = pushEvent({ before: BASE_SHA });
const dispatch: RunnerEvent = { name: 'workflow_dispatch', payload: { inputs: {} } };

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  await github?.close();
  emulator = null;
  github = null;
});

async function services(
  options: EmulatorOptions = { dialect: 'unpaged' },
): Promise<{ e: Emulator; g: GitHubFake }> {
  emulator = await startEmulator({
    phaseMs: { audio: 20, video: 20, upload: 20 },
    rateLimit: null,
    ...options,
  });
  github = await startGitHubFake();
  return { e: emulator, g: github };
}

function runner(e: Emulator, g: GitHubFake, workspace: string) {
  return (event: RunnerEvent, inputs: Record<string, string> = {}) =>
    runAction({
      workspace,
      event,
      apiUrl: g.apiUrl,
      inputs: { 'api-key': e.apiKey, 'base-url': e.baseUrl, 'github-token': g.token, ...inputs },
    });
}

/** Commits everything in `dir` (a repository made on first use); the new commit's sha. */
function commitAll(dir: string, message: string): string {
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
  return git(dir, 'rev-parse', 'HEAD');
}

const writes = (e: Emulator) => e.admin.requestLog.filter((entry) => entry.method !== 'GET');
const unpagedAnswers = (e: Emulator) =>
  e.admin.requestLog.filter((entry) => /^\/v1\/(contents|accounts)\?/.test(entry.path));

describe('a service that does not page, through the bundle', () => {
  it('a PR comments, the merge publishes one-shot and stepwise, the next apply sends nothing, a rename renames', async () => {
    const { e, g } = await services();
    const dir = await tempDir('cac-unpaged-');
    await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
    const run = runner(e, g, dir);

    const plan = await run(pullRequestEvent());
    expect(plan.code).toBe(0);
    expect(g.comments(7)).toHaveLength(1);
    expect(g.comments(7)[0]!.body).toContain('Why octopuses have three hearts');
    expect(writes(e)).toEqual([]);
    expect(unpagedAnswers(e).length).toBeGreaterThan(0);

    const apply = await run(push);
    expect(apply.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([]);
    expect(apply.code).toBe(0);
    const results = JSON.parse(apply.outputs.results!) as Array<{ file: string; outcome: string }>;
    const outcome = (file: string) => results.find((item) => item.file === `content/${file}`)?.outcome;
    expect(outcome('octopus-hearts.yml')).toBe('published');
    expect(outcome('whales-sleep.yml')).toBe('published');
    expect(outcome('glowing-reefs.yml')).toBe('rendered');

    e.admin.clearRequestLog();
    const again = await run(push);
    expect(again.code).toBe(0);
    expect(writes(e)).toEqual([]);

    // A rename, pushed as a commit on top of the one applied: the earlier title comes from git.
    const file = 'content/deepest-point.yml';
    const base = commitAll(dir, 'videos');
    const before = await readFile(join(dir, file), 'utf8');
    await writeFile(
      join(dir, file),
      before.replace('The deepest point of the ocean', 'The deepest place on Earth'),
    );
    const head = commitAll(dir, 'retitle');
    const [item] = e.admin.items().filter((entry) => entry.title === 'The deepest point of the ocean');
    const renamed = await run({
      ...push,
      sha: head,
      payload: { ...push.payload, before: base, after: head },
    });
    expect(renamed.code).toBe(0);
    expect(e.admin.items().find((entry) => entry.id === item!.id)?.title).toBe('The deepest place on Earth');
    expect(e.admin.items()).toHaveLength(5);
  });

  it('import writes the catalogue, and a plan of it shows no change', async () => {
    const { e, g } = await services({ dialect: 'unpaged', credits: 100_000, dailyVideoCap: 10_000 });
    const client = clientFor(e, e.admin.createKey(e.admin.defaultUserId, ['read', 'generate']));
    await seedCatalogue(e, client, 12);
    await client.close();
    const dir = await tempDir('cac-unpaged-import-');
    await mkdir(join(dir, 'content'));
    const run = runner(e, g, dir);
    const imported = await run(dispatch, { mode: 'import' });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.outputs.imported!)).toHaveLength(12);
    const plan = await run(pullRequestEvent());
    expect(plan.code).toBe(0);
    expect(plan.summary).toContain('**Plan** for 12 manifests: 12 unchanged.');
  });

  it('doctor names the reading and exits 0', async () => {
    const { e, g } = await services();
    const client = clientFor(e);
    await seedCatalogue(e, client, 3);
    await client.close();
    const dir = await tempDir('cac-unpaged-doctor-');
    const doctor = await runner(e, g, dir)(dispatch, { mode: 'doctor' });
    expect(doctor.code).toBe(0);
    expect(doctor.summary).toContain('| A7 | Paging | `GET /contents` | understood: not paged |');
    expect(doctor.summary).toContain('| A7 | Paging | `GET /accounts` | understood: not paged |');
  });
});

describe('pages that shift while a pull request creates its drafts', () => {
  it('300 manifests with preview-scripts, newest first with no hints: every draft once, one comment', async () => {
    const { e, g } = await services({ dialect: 'bare', listing: { order: 'newest-first' } });
    const dir = await tempDir('cac-shifting-');
    await mkdir(join(dir, 'content'));
    for (let i = 1; i <= 300; i++) {
      const title = `Shifting page ${String(i).padStart(3, '0')}`;
      await writeFile(join(dir, 'content', `s-${i}.yml`), `title: ${title}\nfull_text: About ${title}.\n`);
    }
    const plan = await runner(e, g, dir)(pullRequestEvent(), { 'preview-scripts': 'true' });
    expect(plan.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([]);
    expect(plan.code).toBe(0);
    const titles = e.admin.items().map((item) => item.title);
    expect(titles).toHaveLength(300);
    expect(new Set(titles).size).toBe(300);
    expect(g.comments(7)).toHaveLength(1);
  });
});
