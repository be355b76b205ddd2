import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT } from '../support/runner.ts';

// bin/content-as-code.js runs on whatever Node the user has. The machine's
// own Node (older than the project's) shows what a user with Node 20 sees.

const BIN = join(ROOT, 'bin/content-as-code.js');

/** Every `node` on the PATH outside this repository, with its version. */
function systemNodes(): Array<{ path: string; version: string }> {
  let found: string[];
  try {
    found = execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
  return found
    .filter((path) => !path.startsWith(ROOT))
    .map((path) => ({ path, version: execFileSync(path, ['--version'], { encoding: 'utf8' }).trim() }));
}

const older = systemNodes().find((node) => Number(node.version.slice(1).split('.')[0]) < 24);

function runBin(
  node: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node, [BIN, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('bin/content-as-code.js and the Node version', () => {
  it.skipIf(older === undefined)('says which Node it needs instead of crashing in a library', async () => {
    const { code, stdout, stderr } = await runBin(older!.path, ['validate']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `content-as-code needs Node 24 or later (found ${older!.version}). Install Node 24 (https://nodejs.org, or \`nvm install 24\`) and run it again.\n`,
    );
  });

  it('runs on Node 24', async () => {
    const { code, stdout } = await runBin(NODE, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('content-as-code');
  });
});
