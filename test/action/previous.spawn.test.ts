import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { previousVersionsFor } from '../../src/action/previous.ts';
import { runBase } from '../../src/action/run-base.ts';
import { createGitHubClient } from '../../src/github/client.ts';
import { startGitHubFake, SUPPORTED_API_VERSION, type GitHubFake } from '../support/github-fake.ts';
import { tempDir } from '../support/temp-dir.ts';

// A PR that adds 300 manifests and edits one, checked out one commit deep as
// actions/checkout does: the base commit is not in the clone.

const ADDED = 300;
/** The pull request's head, as the run's event names it and GitHub answers. */
const HEAD = 'c'.repeat(40);
let fake: GitHubFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  }).trim();
}

async function shallowPullRequest(): Promise<{ clone: string; base: string }> {
  const root = await tempDir('cac-previous-');
  const origin = join(root, 'origin');
  await mkdir(join(origin, 'content'), { recursive: true });
  git(origin, 'init', '-q', '-b', 'main');
  await writeFile(join(origin, 'content/kept.yml'), 'title: Kept\n');
  await writeFile(join(origin, 'content/edited.yml'), 'title: Old title\n');
  git(origin, 'add', '.');
  git(origin, 'commit', '-q', '-m', 'base');
  const base = git(origin, 'rev-parse', 'HEAD');
  await writeFile(join(origin, 'content/edited.yml'), 'title: New title\n');
  for (let i = 0; i < ADDED; i++) await writeFile(join(origin, `content/new-${i}.yml`), `title: New ${i}\n`);
  git(origin, 'add', '.');
  git(origin, 'commit', '-q', '-m', 'head');
  const clone = join(root, 'clone');
  git(root, 'clone', '-q', '--depth=1', `file://${origin}`, clone);
  expect(() => git(clone, 'cat-file', '-e', `${base}^{commit}`)).toThrow();
  return { clone, base };
}

async function setup(clone: string, base: string, changedFiles?: number) {
  fake = await startGitHubFake();
  fake.setPullFiles(9, [
    { filename: 'content/edited.yml', status: 'modified' },
    ...Array.from({ length: ADDED }, (_, i) => ({
      filename: `content/new-${i}.yml`,
      status: 'added' as const,
    })),
  ]);
  fake.setPull(9, { sha: HEAD, ...(changedFiles === undefined ? {} : { changedFiles }) });
  fake.setFile(base, 'content/edited.yml', 'title: Old title\n');
  const github = createGitHubClient({ apiUrl: fake.apiUrl, token: fake.token, waitUnitMs: 1 });
  const log: string[] = [];
  const event = {
    baseSha: base,
    owner: 'octo-org',
    repo: 'videos',
    pullRequest: { number: 9, headSha: HEAD },
  };
  const previous = previousVersionsFor({
    cwd: clone,
    base: runBase(event, clone, () => github)!,
    owner: 'octo-org',
    repo: 'videos',
    github: () => github,
    log: (message) => void log.push(message),
  });
  return { fake, previous, log };
}

async function readAll(previous: ReturnType<typeof previousVersionsFor>) {
  const files = [
    'content/kept.yml',
    'content/edited.yml',
    ...Array.from({ length: ADDED }, (_, i) => `content/new-${i}.yml`),
  ];
  return Promise.all(files.map((file) => previous.read(file)));
}

describe('earlier manifest versions on a shallow clone', () => {
  it('fetches the base commit with git: no GitHub request for 302 manifests', async () => {
    const { clone, base } = await shallowPullRequest();
    const { fake, previous } = await setup(clone, base);
    // Each read is one `git show`; three stand for the 302.
    const texts = await Promise.all(
      ['content/kept.yml', 'content/edited.yml', 'content/new-0.yml'].map((file) => previous.read(file)),
    );
    expect(texts).toEqual(['title: Kept\n', 'title: Old title\n', null]);
    expect(fake.requests).toEqual([]);
  });

  it('without a reachable origin, reads the PR file listing: a handful of requests for 302 manifests', async () => {
    const { clone, base } = await shallowPullRequest();
    git(clone, 'remote', 'set-url', 'origin', join(clone, 'no-such-remote'));
    const { fake, previous, log } = await setup(clone, base);
    const texts = await readAll(previous);
    expect(texts.slice(0, 3)).toEqual(['title: Kept\n', 'title: Old title\n', null]);
    expect(texts.filter((text) => text === null)).toHaveLength(ADDED);
    // 301 listed files: four pages of 100, and the one modified file read at the base, its
    // path's slashes sent as they are (GitHub's description marks it multi-segment).
    // The pull request's head is read before and after the list, to know the list is of that head.
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]!}`)).toEqual([
      'GET /repos/octo-org/videos/pulls/9',
      ...Array<string>(4).fill('GET /repos/octo-org/videos/pulls/9/files'),
      'GET /repos/octo-org/videos/pulls/9',
      'GET /repos/octo-org/videos/contents/content/edited.yml',
    ]);
    // Every request names the API version it was written for.
    expect(fake.requests.map((r) => r.headers['x-github-api-version'])).toEqual(
      Array<string>(7).fill(SUPPORTED_API_VERSION),
    );
    expect(log.join('\n')).toContain("earlier versions come from the PR's file listing");
  });

  it('says whether the base can be read at all: git, the listing, or neither', async () => {
    const fetched = await shallowPullRequest();
    expect(await (await setup(fetched.clone, fetched.base)).previous.readable?.()).toBe(true);
    await fake?.close();
    const { clone, base } = await shallowPullRequest();
    git(clone, 'remote', 'set-url', 'origin', join(clone, 'no-such-remote'));
    expect(await (await setup(clone, base)).previous.readable?.()).toBe(true);
    // No base commit and no token: every read answers null, which is no answer about the base.
    const push = { baseSha: base, owner: 'octo-org', repo: 'videos', pullRequest: null };
    const neither = previousVersionsFor({
      cwd: clone,
      base: runBase(push, clone, () => null)!,
      owner: 'octo-org',
      repo: 'videos',
      github: () => null,
    });
    expect(await neither.read('content/kept.yml')).toBeNull();
    expect(await neither.readable?.()).toBe(false);
  });

  it('reads a file whose name needs encoding, each segment encoded on its own', async () => {
    const { clone, base } = await shallowPullRequest();
    git(clone, 'remote', 'set-url', 'origin', join(clone, 'no-such-remote'));
    const { fake, previous } = await setup(clone, base);
    const odd = 'content/sea life/#1 what? 100%.yml';
    fake.setPullFiles(9, [{ filename: odd, status: 'modified' }]);
    fake.setFile(base, odd, 'title: Odd\n');
    expect(await previous.read(odd)).toBe('title: Odd\n');
    expect(fake.requests.at(-1)?.path).toBe(
      `/repos/octo-org/videos/contents/content/sea%20life/%231%20what%3F%20100%25.yml?ref=${base}`,
    );
  });

  it('says a file past a listing that is not whole cannot be known, rather than take it for untouched', async () => {
    const { clone, base } = await shallowPullRequest();
    git(clone, 'remote', 'set-url', 'origin', join(clone, 'no-such-remote'));
    // The pull request changes more files than GitHub lists.
    const { previous } = await setup(clone, base, ADDED + 50);
    await expect(previous.read('content/kept.yml')).rejects.toThrow(
      "GitHub's list of the pull request's files may not be whole (GitHub lists 301 of its 350 files), and content/kept.yml is not in it",
    );
    expect(await previous.read('content/edited.yml')).toBe('title: Old title\n');
  });

  it('fails on a failing listing rather than let a renamed title become a second item', async () => {
    const { clone, base } = await shallowPullRequest();
    git(clone, 'remote', 'set-url', 'origin', join(clone, 'no-such-remote'));
    const { fake, previous } = await setup(clone, base);
    fake.fault(...Array.from({ length: 4 }, () => ({ kind: 'bad_gateway' as const })));
    await expect(previous.read('content/edited.yml')).rejects.toMatchObject({ status: 502 });
  });
});
