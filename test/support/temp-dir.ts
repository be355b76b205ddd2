// Folders in the OS temp folder for tests. The suite runs on other people's
// machines, and must leave their temp folder as it found it: a folder made
// inside a test (or its beforeEach) is removed once that test has finished,
// passed or failed, so a helper can hand one to its caller and the caller
// use it to the end. A folder the tests of a file share is made in a
// beforeAll, where no test runs: the file removes it in its afterAll.
import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A new folder `<prefix>XXXXXX` in the OS temp folder, removed once the running test has finished. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  removeAfterTest(dir);
  return dir;
}

/** tempDir, for the synchronous helpers. */
export function tempDirSync(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  removeAfterTest(dir);
  return dir;
}

/** Removes `dir` and all it holds; nothing if it is gone already. */
export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

function removeAfterTest(dir: string): void {
  try {
    onTestFinished(() => removeDir(dir));
  } catch {
    // No test is running (a beforeAll): the folder is the file's, removed in its afterAll.
  }
}
