// Earlier versions of a manifest reached through links, from the PR's file
// listing (the base commit cannot be fetched): GitHub lists the link's
// target when it changed, or the link when it was retargeted, never the
// manifest's own path. Such a manifest is not "untouched, as the workspace
// has it": its base version is read where its links led at the base.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previousVersionsFor } from '../../src/action/previous.ts';
import type { BaseSource } from '../../src/action/run-base.ts';
import { createGitHubClient } from '../../src/github/client.ts';
import { listPullFiles } from '../../src/github/pull-files.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { tempDir } from '../support/temp-dir.ts';

const HEAD = 'c'.repeat(40);
const BASE = 'b'.repeat(40);
let fake: GitHubFake;
let cwd: string;

beforeEach(async () => {
  fake = await startGitHubFake();
  cwd = await tempDir('cac-previous-links-');
  const files: Record<string, string> = {
    'data/teaser.yml': 'title: Teaser renamed\n',
    'data/other.yml': 'title: Other\n',
    'content/teaser.yml': '-> ../data/teaser.yml',
    'data/series/one.yml': 'title: One renamed\n',
    'content/series': '-> ../data/series',
    'content/kept.yml': '-> ../data/other.yml',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(dirname(join(cwd, file)), { recursive: true });
    if (content.startsWith('-> ')) await symlink(content.slice(3), join(cwd, file));
    else await writeFile(join(cwd, file), content);
  }
});
afterEach(async () => {
  await fake.close();
});

function previous(listed: Array<{ filename: string; status: 'modified' | 'added' }>) {
  fake.setPullFiles(9, listed);
  fake.setPull(9, { sha: HEAD });
  const github = createGitHubClient({ apiUrl: fake.apiUrl, token: fake.token, waitUnitMs: 1 });
  // A base git cannot read: the earlier versions come from the pull request's files.
  const fromListing = async (): Promise<BaseSource> => ({
    kind: 'listed',
    listing: await listPullFiles(github, { owner: 'octo-org', repo: 'videos', pullNumber: 9, headSha: HEAD }),
  });
  return previousVersionsFor({
    cwd,
    base: { sha: BASE, source: fromListing },
    owner: 'octo-org',
    repo: 'videos',
    github: () => github,
  });
}

const contentReads = (): string[] =>
  fake.requests.map((r) => r.path.split('?')[0]!).filter((p) => p.includes('/contents/'));

describe("a linked manifest's earlier version, from the PR's file listing", () => {
  it("reads the link's target at the base when the PR changed the target", async () => {
    fake.setFile(BASE, 'data/teaser.yml', 'title: Teaser\n');
    fake.setFile(BASE, 'data/series/one.yml', 'title: One\n');
    const versions = previous([
      { filename: 'data/teaser.yml', status: 'modified' },
      { filename: 'data/series/one.yml', status: 'modified' },
    ]);
    expect(await versions.read('content/teaser.yml')).toBe('title: Teaser\n');
    expect(await versions.read('content/series/one.yml')).toBe('title: One\n');
    // A link whose target the PR did not touch is read from the workspace.
    expect(await versions.read('content/kept.yml')).toBe('title: Other\n');
    expect(contentReads()).toEqual([
      '/repos/octo-org/videos/contents/data/teaser.yml',
      '/repos/octo-org/videos/contents/data/series/one.yml',
    ]);
  });

  it('reads the manifest by its own name when the PR retargeted the link (GitHub follows it at the base)', async () => {
    fake.setFile(BASE, 'content/kept.yml', 'title: Kept before\n');
    const versions = previous([{ filename: 'content/kept.yml', status: 'modified' }]);
    expect(await versions.read('content/kept.yml')).toBe('title: Kept before\n');
  });

  it('has no base version for a target the PR added', async () => {
    const versions = previous([{ filename: 'data/teaser.yml', status: 'added' }]);
    expect(await versions.read('content/teaser.yml')).toBeNull();
    expect(contentReads()).toEqual([]);
  });
});
