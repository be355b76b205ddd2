// A change to a link's target, in a real git repository: git's diff and
// GitHub's list of a pull request's files both name the target (or the link,
// when it is retargeted), never the manifest, `_defaults.yml` or
// `_release.yml` that leads to it. Both ways of measuring the change count
// it as a change to the file that resolves through the link.
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { changesSince, listedChanges, type ChangeScope } from '../../src/git/changes.ts';
import { gitPreviousVersions } from '../../src/git/history.ts';
import { git, newRepository } from '../support/git-repository.ts';

let cwd: string;
let base: string;
const manifest = (text: string): string => `title: ${text}\nfull_text: ${text}.\n`;

async function write(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
  if (content.startsWith('-> ')) await symlink(content.slice(3), path.join(cwd, file));
  else await writeFile(path.join(cwd, file), content);
}

beforeEach(async () => {
  cwd = newRepository('cac-change-links-git-');
  await write('data/teaser.yml', manifest('Teaser'));
  await write('content/teaser.yml', '-> ../data/teaser.yml');
  await write('content/visible.yml', manifest('Visible'));
  await write('shared/defaults.yml', 'description: Hello.\n');
  await write('content/defaults/_defaults.yml', '-> ../../shared/defaults.yml');
  await write('content/defaults/video.yml', manifest('Defaulted'));
  await write('release/rules.yml', 'freeze: []\n');
  await write('content/_release.yml', '-> ../release/rules.yml');
  await write('data/series/one.yml', manifest('One'));
  await write('content/series', '-> ../data/series');
  git(cwd, 'add', '.');
  git(cwd, 'commit', '--quiet', '-m', 'base');
  base = git(cwd, 'rev-parse', 'HEAD');
});

/** The change since the base, by git's diff and by GitHub's list of the files the commit changed. */
async function scopes(): Promise<Array<[string, ChangeScope]>> {
  git(cwd, 'add', '--all', '.');
  git(cwd, 'commit', '--quiet', '-m', 'change');
  const files = git(cwd, 'diff', '--name-status', '--no-renames', base, 'HEAD')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status, filename] = line.split('\t') as [string, string];
      return { filename, status: status === 'D' ? 'removed' : 'modified', previousFilename: null };
    });
  const byGit = await changesSince(cwd, base);
  const byList = await listedChanges(cwd, files, "the pull request's files");
  return [
    ['git diff', byGit!],
    ['GitHub list', byList!],
  ];
}

describe('a change to a link target, in git and in GitHub list of files', () => {
  it('touches the manifest that links to it, and nothing else', async () => {
    await write('data/teaser.yml', manifest('Teaser published'));
    for (const [how, scope] of await scopes()) {
      expect(scope.touches('content/teaser.yml'), how).toBe(true);
      expect(scope.touches('content/visible.yml'), how).toBe(false);
      expect(scope.touches('content/series/one.yml'), how).toBe(false);
    }
  });

  it('touches the manifests under a linked `_defaults.yml`', async () => {
    await write('shared/defaults.yml', 'description: Changed.\n');
    for (const [how, scope] of await scopes()) {
      expect(scope.touches('content/defaults/video.yml'), how).toBe(true);
      expect(scope.touches('content/visible.yml'), how).toBe(false);
    }
  });

  it('touches the catalogue under a linked `_release.yml`', async () => {
    await write('release/rules.yml', 'freeze: [{from: 2026-12-24, until: 2026-12-27}]\n');
    for (const [how, scope] of await scopes()) expect(scope.touches('content/visible.yml'), how).toBe(true);
  });

  it('touches a manifest of a linked folder when it changed where it really is, or the link was retargeted', async () => {
    await write('data/series/one.yml', manifest('One changed'));
    for (const [how, scope] of await scopes()) {
      expect(scope.touches('content/series/one.yml'), how).toBe(true);
      expect(scope.touches('content/teaser.yml'), how).toBe(false);
    }
    await write('data/other/one.yml', manifest('One elsewhere'));
    await rm(path.join(cwd, 'content/series'));
    await write('content/series', '-> ../data/other');
    for (const [how, scope] of await scopes())
      expect(scope.touches('content/series/one.yml'), how).toBe(true);
  });
});

describe("a linked manifest's version at the base, by git", () => {
  it('is what its links led to at the base, through a linked file or a linked folder', async () => {
    await write('data/teaser.yml', manifest('Teaser renamed'));
    await write('data/series/one.yml', manifest('One renamed'));
    git(cwd, 'add', '--all', '.');
    git(cwd, 'commit', '--quiet', '-m', 'change');
    const previous = gitPreviousVersions(cwd, base);
    expect(await previous.read('content/teaser.yml')).toBe(manifest('Teaser'));
    expect(await previous.read('content/series/one.yml')).toBe(manifest('One'));
    expect(await previous.read('content/visible.yml')).toBe(manifest('Visible'));
    expect(await previous.read('content/missing.yml')).toBeNull();
    // Its history too: the titles it had, as its links led.
    expect(await previous.earlier!('content/visible.yml')).toEqual([manifest('Visible')]);
  });

  it('is nothing for a link that led outside the repository', async () => {
    await rm(path.join(cwd, 'content/teaser.yml'));
    await write('content/teaser.yml', '-> /etc/hostname');
    git(cwd, 'add', '--all', '.');
    git(cwd, 'commit', '--quiet', '-m', 'outside');
    expect(await gitPreviousVersions(cwd, 'HEAD').read('content/teaser.yml')).toBeNull();
  });
});
