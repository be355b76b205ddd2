import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/runner.ts';

// What an install of the package gets: the CLI's bundle and its bin, the
// JSON Schemas editors and scripts point at, the documents. Not the sources,
// tests or benchmarks (the bundle is built from them), nor the action's
// bundle (a workflow runs the action from the repository, not from npm), nor
// any dependency: the bundle holds the libraries it runs on.

const run = promisify(execFile);

interface Packed {
  files: Array<{ path: string }>;
}

async function packed(): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}` },
  });
  return (JSON.parse(stdout) as Packed[])[0]!.files.map((file) => file.path).sort();
}

describe('npm pack', () => {
  it('lists only what the package needs', async () => {
    const files = await packed();
    const needed =
      /^(bin\/content-as-code\.js|dist\/cli\/(parse-worker\/)?[^/]+\.(js|json)|dist\/licenses\.txt|schema\/[^/]+\.schema\.json|package\.json|README\.md|LICENSE|CHANGELOG\.md)$/;
    expect(files.filter((file) => !needed.test(file))).toEqual([]);
    for (const file of [
      'bin/content-as-code.js',
      'dist/cli/index.js',
      'dist/cli/package.json',
      // Parses a large catalogue beside the CLI (src/manifest/parse-pool.ts).
      'dist/cli/parse-worker/index.js',
      'schema/content.schema.json',
    ]) {
      expect(files).toContain(file);
    }
  });

  it('installs no dependency: the bundle holds them', async () => {
    const { dependencies, bin } = (await import('../../package.json', { with: { type: 'json' } }))
      .default as {
      dependencies?: Record<string, string>;
      bin: Record<string, string>;
    };
    expect(dependencies).toBeUndefined();
    expect(bin).toEqual({ 'content-as-code': 'bin/content-as-code.js' });
  });
});
