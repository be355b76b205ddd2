// The git runner gives some commands their input on standard input. A git
// that exits before reading it (run outside a repository, a bad ref) breaks
// the pipe: the command must report failure, not crash the run with EPIPE.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { git } from '../../src/git/history.ts';

let outside: string;
beforeEach(async () => {
  outside = await mkdtemp(path.join(os.tmpdir(), 'cac-no-repo-'));
});
afterEach(async () => {
  await rm(outside, { recursive: true, force: true });
});

it('reports a failure, without an unhandled broken pipe, when git exits before reading its input', async () => {
  // Larger than any pipe buffer, so the write is still pending when git exits.
  const input = 'HEAD:videos/a.yml\n'.repeat(200_000);
  const results = await Promise.all(
    Array.from({ length: 5 }, () => git(outside, ['cat-file', '--batch'], 0, input)),
  );
  expect(results.map((result) => result.ok)).toEqual([false, false, false, false, false]);
});
