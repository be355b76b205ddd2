import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitPreviousVersions, hasCommit } from '../../src/git/history.ts';
import { previousTitle } from '../../src/git/earlier-versions.ts';
import { desired } from '../support/fixtures.ts';
import { git as gitIn } from '../support/git.ts';
import { removeDir, tempDir } from '../support/temp-dir.ts';

let repo = '';
let base = '';

function git(...args: string[]): string {
  return gitIn(repo, ...args);
}

beforeAll(async () => {
  repo = await tempDir('cac-git-');
  git('init', '-q');
  await mkdir(join(repo, 'content'));
  await writeFile(join(repo, 'content', 'a.yml'), 'title: Old title\nstage: draft\n');
  git('add', '.');
  git('commit', '-qm', 'base');
  base = git('rev-parse', 'HEAD');
  await writeFile(join(repo, 'content', 'a.yml'), 'title: New title\nstage: draft\n');
  await writeFile(join(repo, 'content', 'b.yml'), 'title: Brand new\n');
  git('add', '.');
  git('commit', '-qm', 'rename');
});

// Made outside any test: the file's to remove.
afterAll(() => removeDir(repo));

describe('gitPreviousVersions', () => {
  it('reads a manifest as it was at the base commit, and null where it did not exist', async () => {
    const previous = gitPreviousVersions(repo, base);
    expect(await previous.read('content/a.yml')).toBe('title: Old title\nstage: draft\n');
    expect(await previous.read('content/b.yml')).toBeNull();
    expect(await gitPreviousVersions(repo, 'f'.repeat(40)).read('content/a.yml')).toBeNull();
    expect(await gitPreviousVersions(repo, '0'.repeat(40)).read('content/a.yml')).toBeNull();
  });

  it('gives the previous title only when it differs', async () => {
    const previous = gitPreviousVersions(repo, base);
    const renamed = desired('content/a.yml', { fields: { title: 'New title' } });
    const same = desired('content/a.yml', { fields: { title: 'Old title' } });
    expect(await previousTitle(previous, renamed)).toBe('Old title');
    expect(await previousTitle(previous, same)).toBeNull();
  });

  it('knows which commits are present', async () => {
    expect(await hasCommit(repo, base)).toBe(true);
    expect(await hasCommit(repo, 'f'.repeat(40))).toBe(false);
  });
});
