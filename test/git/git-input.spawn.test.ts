// Files as a commit had them are read in batches, one `git cat-file --batch`
// for the reads asked in the same turn: each answer must be the file's own
// bytes (sizes are counted in bytes, not characters), absent files null, and
// a git that exits before reading its input (outside a repository) must
// report nothing found rather than crash the run with a broken pipe.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { gitPreviousVersions } from '../../src/git/history.ts';
import { git, newRepository } from '../support/git-repository.ts';
import { tempDir } from '../support/temp-dir.ts';

let outside: string;
beforeEach(async () => {
  outside = await tempDir('cac-no-repo-');
});

it('answers each read of one batch with its own file, by bytes, and null for what is absent', async () => {
  const files = {
    'content/a.yml': 'title: Café crème ☕\n',
    'content/empty.yml': '',
    'content/b.yml': 'title: B\nfull_text: |\n  two\n  lines\n',
  };
  const repo = newRepository('cac-batch-');
  await mkdir(path.join(repo, 'content'));
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(repo, file), text);
  git(repo, 'add', '--all');
  git(repo, 'commit', '--quiet', '-m', 'Manifests');
  const base = git(repo, 'rev-parse', 'HEAD');
  const previous = gitPreviousVersions(repo, base);
  const asked = [
    'content/a.yml',
    'content/missing.yml',
    'content/empty.yml',
    'content/b.yml',
    'content/a.yml',
  ];
  const answers = await Promise.all(asked.map((file) => previous.read(file)));
  expect(answers).toEqual([files['content/a.yml'], null, '', files['content/b.yml'], files['content/a.yml']]);
});

it('reports nothing found, without an unhandled broken pipe, when git exits before reading its input', async () => {
  const previous = gitPreviousVersions(outside, 'a'.repeat(40));
  // Reads asked in one turn go to one git: together larger than any pipe buffer.
  const names = Array.from({ length: 5000 }, (_, i) => `content/${'x'.repeat(60)}-${i}.yml`);
  const answers = await Promise.all(names.map((name) => previous.read(name)));
  expect(answers.every((answer) => answer === null)).toBe(true);
});
