// A change's plan reads the manifests the change touches. git and GitHub
// name a change by the path that changed: the target of a link, or the link
// itself when it is retargeted, never the path a link gives a file. A
// manifest, `_defaults.yml` or `_release.yml` reached through a link (its
// own, or a linked folder's) is touched when where it leads changed, or a
// link on the way did; one that leads outside the workspace, or nowhere, is
// always read.
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeScope, type ChangedFiles } from '../../src/git/changes.ts';
import { linkFollower } from '../../src/git/links.ts';
import { tempDir } from '../support/temp-dir.ts';

let cwd: string;
let outside: string;
beforeEach(async () => {
  cwd = await tempDir('cac-change-links-');
  outside = await tempDir('cac-change-links-outside-');
});

/** Files of the workspace (text, or `-> target` for a link), written in order. */
async function workspace(files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(cwd, file);
    await mkdir(path.dirname(full), { recursive: true });
    if (content.startsWith('-> ')) await symlink(content.slice(3), full);
    else await writeFile(full, content);
  }
}

/**
 * A change as git names it: `tracked` are the paths the base has (a link is
 * a path of its own, as git stores it), `changed` those that differ from it.
 */
function change(tracked: readonly string[], changed: readonly string[]): ChangedFiles {
  const atBase = new Set(tracked);
  const named = new Set(changed);
  return { base: 'base', differs: (file) => !atBase.has(file) || named.has(file), changed: named };
}

const manifest = 'title: Teaser\nfull_text: Whales sing.\n';

describe('a change to a link target touches the files that lead to it', () => {
  it('a manifest that is a link: touched when its target changed, or the link was retargeted', async () => {
    await workspace({
      'data/teaser.yml': manifest,
      'data/other.yml': manifest,
      'content/teaser.yml': '-> ../data/teaser.yml',
      'content/visible.yml': manifest,
    });
    const tracked = ['data/teaser.yml', 'data/other.yml', 'content/teaser.yml', 'content/visible.yml'];
    expect(changeScope(cwd, change(tracked, ['data/teaser.yml'])).touches('content/teaser.yml')).toBe(true);
    expect(changeScope(cwd, change(tracked, ['content/teaser.yml'])).touches('content/teaser.yml')).toBe(
      true,
    );
    const elsewhere = changeScope(cwd, change(tracked, ['data/other.yml']));
    expect(elsewhere.touches('content/teaser.yml')).toBe(false);
    expect(elsewhere.touches('content/visible.yml')).toBe(false);
  });

  it('a link to a link: touched when the link in the middle is retargeted', async () => {
    await workspace({
      'data/teaser.yml': manifest,
      'data/middle.yml': '-> teaser.yml',
      'content/teaser.yml': '-> ../data/middle.yml',
    });
    const tracked = ['data/teaser.yml', 'data/middle.yml', 'content/teaser.yml'];
    expect(changeScope(cwd, change(tracked, ['data/middle.yml'])).touches('content/teaser.yml')).toBe(true);
    expect(changeScope(cwd, change(tracked, [])).touches('content/teaser.yml')).toBe(false);
  });

  it('a linked `_defaults.yml`: a change to its target touches every manifest of its folder and below', async () => {
    await workspace({
      'shared/defaults.yml': 'description: Hello.\n',
      'content/_defaults.yml': '-> ../shared/defaults.yml',
      'content/deep/video.yml': manifest,
    });
    const tracked = ['shared/defaults.yml', 'content/_defaults.yml', 'content/deep/video.yml'];
    const scope = changeScope(cwd, change(tracked, ['shared/defaults.yml']));
    expect(scope.touches('content/deep/video.yml')).toBe(true);
    expect(changeScope(cwd, change(tracked, [])).touches('content/deep/video.yml')).toBe(false);
  });

  it('a linked `_release.yml`: a change to its target touches the catalogue', async () => {
    await workspace({
      'release/rules.yml': 'freeze: []\n',
      'content/_release.yml': '-> ../release/rules.yml',
      'content/video.yml': manifest,
    });
    const tracked = ['release/rules.yml', 'content/_release.yml', 'content/video.yml'];
    expect(changeScope(cwd, change(tracked, ['release/rules.yml'])).touches('content/video.yml')).toBe(true);
  });

  it('a linked folder: a manifest below it is touched when its target changed, and only then', async () => {
    await workspace({
      'data/series/one.yml': manifest,
      'data/series/two.yml': manifest,
      'content/series': '-> ../data/series',
    });
    const tracked = ['data/series/one.yml', 'data/series/two.yml', 'content/series'];
    const scope = changeScope(cwd, change(tracked, ['data/series/one.yml']));
    expect(scope.touches('content/series/one.yml')).toBe(true);
    expect(scope.touches('content/series/two.yml')).toBe(false);
    // The folder link retargeted: everything below it.
    expect(changeScope(cwd, change(tracked, ['content/series'])).touches('content/series/two.yml')).toBe(
      true,
    );
  });

  it('a linked folder: its `_defaults.yml` changed, added or deleted where it really is touches its manifests', async () => {
    await workspace({
      'data/series/_defaults.yml': 'description: Hello.\n',
      'data/series/one.yml': manifest,
      'content/series': '-> ../data/series',
    });
    const tracked = ['data/series/_defaults.yml', 'data/series/one.yml', 'content/series'];
    const edited = changeScope(cwd, change(tracked, ['data/series/_defaults.yml']));
    expect(edited.touches('content/series/one.yml')).toBe(true);
    const added = changeScope(cwd, change(['data/series/one.yml', 'content/series'], []));
    expect(added.touches('content/series/one.yml')).toBe(true);
    await rm(path.join(cwd, 'data/series/_defaults.yml'));
    const deleted = changeScope(cwd, change(tracked, ['data/series/_defaults.yml']));
    expect(deleted.touches('content/series/one.yml')).toBe(true);
  });

  it('a link that leads outside the workspace, or nowhere, is always read', async () => {
    await writeFile(path.join(outside, 'teaser.yml'), manifest);
    await workspace({
      'content/outside.yml': `-> ${path.join(outside, 'teaser.yml')}`,
      'content/up.yml': '-> ../../teaser.yml',
      'content/dangling.yml': '-> ../data/gone.yml',
      'content/_defaults.yml': `-> ${path.join(outside, 'teaser.yml')}`,
      'content/video.yml': manifest,
    });
    const tracked = [
      'content/outside.yml',
      'content/up.yml',
      'content/dangling.yml',
      'content/_defaults.yml',
    ];
    const scope = changeScope(cwd, change([...tracked, 'content/video.yml'], []));
    for (const file of ['content/outside.yml', 'content/up.yml', 'content/dangling.yml', 'content/video.yml'])
      expect(scope.touches(file), file).toBe(true);
  });

  it('an absolute link inside the workspace counts as the path it leads to', async () => {
    await workspace({ 'data/teaser.yml': manifest });
    await workspace({ 'content/teaser.yml': `-> ${path.join(cwd, 'data/teaser.yml')}` });
    expect(linkFollower(cwd)('content/teaser.yml')).toEqual({
      target: 'data/teaser.yml',
      links: ['content/teaser.yml'],
    });
    const tracked = ['data/teaser.yml', 'content/teaser.yml'];
    expect(changeScope(cwd, change(tracked, [])).touches('content/teaser.yml')).toBe(false);
    expect(changeScope(cwd, change(tracked, ['data/teaser.yml'])).touches('content/teaser.yml')).toBe(true);
  });

  it('a loop of links is always read', async () => {
    await workspace({ 'content/a.yml': '-> b.yml', 'content/b.yml': '-> a.yml' });
    expect(linkFollower(cwd)('content/a.yml')).toBeNull();
    const scope = changeScope(cwd, change(['content/a.yml', 'content/b.yml'], []));
    expect(scope.touches('content/a.yml')).toBe(true);
  });
});
