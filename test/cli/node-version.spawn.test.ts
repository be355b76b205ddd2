import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, unsupportedNodeLine } from '../../src/runtime.ts';
import { machineNodes, nodeFromNpm, OLDEST_SUPPORTED, type OlderNode } from '../support/older-node.ts';
import { NODE, requireDist, ROOT, runAction } from '../support/runner.ts';

// Every entry on an older Node, as a user with one meets it: the bin and the
// CLI bundle (`validate` on examples/), and the action's bundle (mode
// validate, with a runner's environment). On a Node the entries support they
// work; on an older one each prints one line naming what it needs, exit 2,
// and no stack trace. The older Nodes are the machine's own (Node 20 on the
// project's machines) and the oldest supported, fetched by npm.

requireDist();
const BIN = join(ROOT, 'bin/content-as-code.js');
const CLI = join(ROOT, 'dist/cli/index.js');
const EXAMPLES = 'examples/content/**/*.{yml,yaml}';

const fetched = await nodeFromNpm(OLDEST_SUPPORTED);
const olderNodes: OlderNode[] = [...machineNodes(), ...(typeof fetched === 'string' ? [] : [fetched])];

function runEntry(
  node: string,
  entry: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node, [entry, ...args], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

function validateTheAction(node: string) {
  return runAction({
    node,
    workspace: ROOT,
    inputs: { mode: 'validate', manifests: EXAMPLES, 'api-key': '', 'base-url': '' },
    event: { name: 'workflow_dispatch', payload: { inputs: {} } },
  });
}

describe('which Node the entries run on', () => {
  it('is Node 22.19 or later: undici 8, the strictest library bundled, needs it', () => {
    expect(isSupportedNode('v20.20.2')).toBe(false);
    expect(isSupportedNode('v22.18.9')).toBe(false);
    expect(isSupportedNode('v22.19.0')).toBe(true);
    expect(isSupportedNode('v23.0.0')).toBe(true);
    expect(isSupportedNode('v24.21.0')).toBe(true);
    expect(isSupportedNode('22.23.3')).toBe(true);
  });

  it('finds an older Node to try: the machine’s own or one npm fetched', () => {
    expect(olderNodes.length, typeof fetched === 'string' ? fetched : '').toBeGreaterThan(0);
  });

  it.skipIf(typeof fetched === 'string')(`includes Node ${OLDEST_SUPPORTED} itself, fetched by npm`, () => {
    expect(olderNodes.map((node) => node.version)).toContain(`v${OLDEST_SUPPORTED}`);
  });

  describe.each(olderNodes)('on Node $version ($path)', ({ path, version }) => {
    const works = isSupportedNode(version);
    const line = (example: string): string => `${unsupportedNodeLine(version, example)}\n`;

    it(
      works ? 'the bin and the CLI bundle validate' : 'the bin and the CLI bundle say what they need',
      async () => {
        for (const entry of [BIN, CLI]) {
          const run = await runEntry(path, entry, ['validate', '--manifests', EXAMPLES]);
          if (works) {
            expect(run.stdout).toBe('5 manifests valid.\n');
            expect(run.code).toBe(0);
          } else {
            expect(run).toEqual({ code: 2, stdout: '', stderr: line('content-as-code <command>') });
          }
        }
      },
    );

    it(works ? 'the action bundle validates' : 'the action bundle says what it needs', async () => {
      const run = await validateTheAction(path);
      if (works) {
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(run.summary).toContain('5 manifests');
      } else {
        expect([run.code, run.stdout, run.stderr]).toEqual([2, '', line('node dist/index.js')]);
      }
    });
  });

  it('runs on Node 24', async () => {
    const { code, stdout } = await runEntry(NODE, BIN, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('content-as-code');
  });
});
