// A pull request's plan reads what its change touches: the bundle on a
// runner, in a git checkout whose base commit matches the service, against
// the emulator. Each case is planned twice, as the pull request's plan and
// with `full-read: true`: the rows of what the change touches are the same,
// and only those items are read in detail.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { git, newRepository } from '../support/git-repository.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { pullRequestEvent, requireDist, runAction, type ActionRun } from '../support/runner.ts';

const COUNT = 6;
const file = (index: number): string => `content/video-${index}.yml`;
const manifest = (title: string, description = 'Remote description.'): string =>
  `title: ${title}\ndescription: ${description}\nfull_text: Source text of ${title}.\n`;

let emulator: Emulator;
let github: GitHubFake | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await Promise.all([emulator?.close(), github?.close()]);
  github = null;
});

/** A repository whose base commit holds COUNT manifests, each matching an item of the service. */
async function catalogue(): Promise<{ dir: string; base: string }> {
  emulator = await startEmulator({ rateLimit: null });
  const dir = newRepository('cac-pr-scope-');
  await writeFile(join(dir, '.gitignore'), '');
  git(dir, 'add', '.gitignore');
  await mkdir(join(dir, 'content'));
  for (let index = 0; index < COUNT; index++) {
    const title = `Video ${index}`;
    emulator.admin.addLegacyItem({
      title,
      description: 'Remote description.',
      full_text: `Source text of ${title}.`,
    });
    await writeFile(join(dir, file(index)), manifest(title));
  }
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'base');
  return { dir, base: git(dir, 'rev-parse', 'HEAD') };
}

function commit(dir: string): void {
  git(dir, 'add', '--all', '.');
  git(dir, 'commit', '--quiet', '-m', 'change');
}

/** The pull request's plan run, from `base` to the checkout's HEAD; with `github`, GitHub lists its files. */
async function plan(
  dir: string,
  base: string,
  inputs: Record<string, string> = {},
  github: GitHubFake | null = null,
): Promise<ActionRun> {
  const event = pullRequestEvent({ head: git(dir, 'rev-parse', 'HEAD') });
  const pull = event.payload.pull_request as { base: { sha: string } };
  pull.base.sha = base;
  emulator.admin.clearRequestLog();
  return runAction({
    workspace: dir,
    event,
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      comment: 'false',
      ...(github ? { 'github-token': github.token } : {}),
      ...inputs,
    },
    ...(github ? { apiUrl: github.apiUrl } : {}),
  });
}

interface PlanOutput {
  items: Array<{ file: string; match: string; renamedFrom: string | null; steps: unknown[] }>;
  unmanaged: Array<{ title: string }>;
}
const planOf = (run: ActionRun): PlanOutput => JSON.parse(run.outputs.plan!) as PlanOutput;
const detailReads = (): number =>
  emulator.admin.requestLog.filter((entry) => /^\/v1\/contents\/[^/?]+$/.test(entry.path.split('?')[0]!))
    .length;

describe("a pull request's plan", () => {
  it('plans a rename, an edit and a deletion as a full plan does, reading only those items', async () => {
    const { dir, base } = await catalogue();
    await writeFile(join(dir, file(1)), manifest('Video 1, retitled'));
    await writeFile(join(dir, file(2)), manifest('Video 2', 'A new description.'));
    await rm(join(dir, file(3)));
    commit(dir);
    const scoped = await plan(dir, base);
    expect(scoped.code).toBe(0);
    expect(detailReads()).toBe(2);
    const full = await plan(dir, base, { 'full-read': 'true' });
    expect(full.code).toBe(0);
    expect(detailReads()).toBe(COUNT - 1);
    const rows = planOf(scoped);
    expect(rows.items.map((item) => item.file)).toEqual([file(1), file(2)]);
    expect(rows.items[0]).toMatchObject({ match: 'renamed', renamedFrom: 'Video 1' });
    const touched = planOf(full).items.filter((item) => item.file === file(1) || item.file === file(2));
    expect(rows.items).toEqual(touched);
    // The deleted manifest's item is unmanaged in both.
    expect(rows.unmanaged).toEqual(planOf(full).unmanaged);
    expect(rows.unmanaged.map((ref) => ref.title)).toEqual(['Video 3']);
    expect(scoped.summary).toContain(
      `The plan covers the change since \`${base.slice(0, 12)}\`: 2 changed manifests planned; 3 unchanged not read.`,
    );
    expect(full.summary).not.toContain('The plan covers the change');
  });

  it("refuses a title equal to an unchanged manifest's, as a full plan does", async () => {
    const { dir, base } = await catalogue();
    await writeFile(join(dir, 'content/video-copy.yml'), manifest('Video 4'));
    commit(dir);
    const scoped = await plan(dir, base);
    const full = await plan(dir, base, { 'full-read': 'true' });
    expect(scoped.code).not.toBe(0);
    const errors = (run: ActionRun) =>
      run.annotations.filter((a) => a.level === 'error').map((a) => `${a.properties.file}: ${a.message}`);
    expect(errors(scoped).some((line) => line.includes('Video 4'))).toBe(true);
    expect(errors(scoped)).toEqual(errors(full));
  });

  it('reads every item, with a note, when the base commit cannot be read', async () => {
    const { dir } = await catalogue();
    await writeFile(join(dir, file(2)), manifest('Video 2', 'A new description.'));
    commit(dir);
    const missing = 'b'.repeat(40);
    const run = await plan(dir, missing);
    expect(run.code).toBe(0);
    expect(planOf(run).items).toHaveLength(COUNT);
    expect(detailReads()).toBe(COUNT);
    expect(run.summary).toContain(`base commit ${missing.slice(0, 12)} could not be read`);
    expect(run.summary).not.toContain('The plan covers the change');
  });

  it("plans from GitHub's list of the pull request's files when the base commit cannot be read", async () => {
    const { dir } = await catalogue();
    await writeFile(join(dir, file(2)), manifest('Video 2', 'A new description.'));
    await rm(join(dir, file(3)));
    commit(dir);
    // Manifests a step of the workflow wrote: in no list of GitHub's, but in the checkout, one git ignores.
    await writeFile(join(dir, 'content/generated.yml'), manifest('Generated'));
    await writeFile(join(dir, '.gitignore'), 'content/made/\n');
    await mkdir(join(dir, 'content/made'));
    await writeFile(join(dir, 'content/made/extra.yml'), manifest('Made'));
    github = await startGitHubFake();
    github.setPullFiles(7, [
      { filename: file(2), status: 'modified' },
      { filename: file(3), status: 'removed' },
    ]);
    github.setPull(7, { sha: git(dir, 'rev-parse', 'HEAD') });
    const missing = 'b'.repeat(40);
    const scoped = await plan(dir, missing, {}, github);
    expect(scoped.code, scoped.stdout).toBe(0);
    expect(detailReads()).toBe(1);
    const full = await plan(dir, missing, { 'full-read': 'true' });
    const rows = planOf(scoped);
    expect(rows.items.map((item) => item.file)).toEqual([
      'content/generated.yml',
      'content/made/extra.yml',
      file(2),
    ]);
    expect(rows.items).toEqual(
      planOf(full).items.filter((item) => rows.items.some((row) => row.file === item.file)),
    );
    expect(rows.unmanaged).toEqual(planOf(full).unmanaged);
    expect(scoped.summary).toContain(
      `base commit ${missing.slice(0, 12)} could not be read (a clone that cannot fetch it, or a branch deleted since): this plan reads the files GitHub lists for the pull request.`,
    );
    expect(scoped.summary).toContain(
      "The plan covers the change since `the pull request's files on GitHub`: 3 changed manifests planned; 4 unchanged not read.",
    );
  });

  it("reads every item, with a note, when GitHub's list of the files may not be whole", async () => {
    const { dir } = await catalogue();
    await writeFile(join(dir, file(2)), manifest('Video 2', 'A new description.'));
    await writeFile(join(dir, file(4)), manifest('Video 4', 'Another description.'));
    commit(dir);
    github = await startGitHubFake();
    github.setPullFiles(7, [{ filename: file(2), status: 'modified' }]);
    // GitHub says the pull request changes two files, and lists one.
    github.setPull(7, { sha: git(dir, 'rev-parse', 'HEAD'), changedFiles: 2 });
    const short = await plan(dir, 'b'.repeat(40), {}, github);
    expect(short.code).toBe(0);
    expect(detailReads()).toBe(COUNT);
    expect(short.stdout).toContain(
      "and GitHub's list of its files may not be whole (GitHub lists 1 of its 2 files): this plan reads every item",
    );
    expect(short.summary).not.toContain('The plan covers the change');
    // A push since the run's event: the list is of another head.
    github.setPull(7, { sha: 'f'.repeat(40) });
    const moved = await plan(dir, 'b'.repeat(40), {}, github);
    expect(detailReads()).toBe(COUNT);
    expect(moved.stdout).toContain("(the pull request's head has moved since this run's event)");
  });
});
