import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

// `npm run demo` as a newcomer runs it, end to end: the in-process emulator
// (at a test pace), the CLI on examples/content/, the Markdown summary file.

const root = join(import.meta.dirname, '..', '..');

function runDemo(...args: string[]): Promise<{ code: number; output: string; summary: string }> {
  return tempDir('cac-demo-').then(
    (dir) =>
      new Promise((resolve) => {
        const summary = join(dir, 'summary.md');
        execFile(
          'npm',
          ['run', '--silent', 'demo', '--', '--phase-ms', '20', '--summary', summary, ...args],
          { cwd: root, env: { ...process.env, NO_COLOR: '1' }, timeout: 110_000 },
          (error, stdout, stderr) => {
            const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
            resolve({ code, output: `${stdout}${stderr}`, summary });
          },
        );
      }),
  );
}

/** The row of the results table for one manifest. */
function resultRow(output: string, file: string): string {
  const results = output.slice(output.indexOf('Results:'));
  return results.split('\n').find((line) => line.startsWith(file)) ?? '';
}

describe('npm run demo', () => {
  it('takes every example item to its stage and exits 0', async () => {
    const { code, output, summary } = await runDemo();
    expect(output).toContain('5 manifests valid.');
    expect(output).toMatch(/^Plan: 5 items, 5 to create/m);
    expect(resultRow(output, 'examples/content/octopus-hearts.yml')).toMatch(/published\s+UPLOADED/);
    expect(resultRow(output, 'examples/content/whales-sleep.yml')).toMatch(/published\s+UPLOADED/);
    expect(resultRow(output, 'examples/content/mantis-shrimp.yml')).toMatch(/rendered\s+VIDEO_PROCESSED/);
    expect(resultRow(output, 'examples/content/glowing-reefs.yml')).toMatch(/rendered\s+VIDEO_PROCESSED/);
    expect(resultRow(output, 'examples/content/deepest-point.yml')).toMatch(/created\s+NEW/);
    // Progress: a line per state change with the worker's percentage.
    expect(output).toMatch(/^ {2}examples\/content\/octopus-hearts\.yml\s+.*PROCESSING_VIDEO\s+\d+%/m);
    expect(output).toMatch(/https:\/\/www\.youtube\.com\/watch\?v=/);
    // The second plan: nothing left but the scheduled publication.
    const replan = output.slice(output.indexOf('== 3/3'));
    // The item held until its publish.at: one word for it in the headline and the table.
    expect(replan).toContain('0 to create, 0 to edit, 0 to render, 0 publications, 4 unchanged, 1 held.');
    expect(replan).toMatch(/glowing-reefs\.yml:3 .* VIDEO_PROCESSED +held +publishes at/);
    expect(replan).toContain('publishes at 2030-06-01 15:00 UTC');
    expect(output).toContain('Exit status 0.');
    expect(output).not.toContain('svc_live_');
    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toContain('**Applied** 5 manifests');
    expect(markdown).not.toContain('svc_live_');
    expect(code).toBe(0);
  });

  it('with --with-failure reports the failed item with its last_error and exits non-zero', async () => {
    const { code, output, summary } = await runDemo('--with-failure');
    const failed = resultRow(output, 'examples/failure/failing-render.yml');
    expect(failed).toMatch(/(failed|error)\s+FAILED_VIDEO/);
    expect(output).toContain('last_error: Render failed: no stock footage matched the script (demo failure)');
    expect(resultRow(output, 'examples/content/whales-sleep.yml')).toMatch(/published\s+UPLOADED/);
    expect(await readFile(summary, 'utf8')).toContain('no stock footage matched the script');
    expect(code).not.toBe(0);
    expect(code).toBe(1);
  });

  it('works the same against a service that does not page (--dialect unpaged)', async () => {
    const { code, output } = await runDemo('--dialect', 'unpaged');
    expect(output).toContain('dialect unpaged');
    expect(resultRow(output, 'examples/content/octopus-hearts.yml')).toMatch(/published\s+UPLOADED/);
    expect(resultRow(output, 'examples/content/glowing-reefs.yml')).toMatch(/rendered\s+VIDEO_PROCESSED/);
    expect(output.slice(output.indexOf('== 3/3'))).toContain('0 to create, 0 to edit, 0 to render');
    expect(code).toBe(0);
  });

  it('--help says what the demo does and its options, and starts nothing', async () => {
    const { code, output } = await runDemo('--help');
    expect(output).toMatch(/^Usage: npm run demo/m);
    for (const option of ['--with-failure', '--phase-ms', '--summary', '--dialect'])
      expect(output).toContain(option);
    expect(output).not.toContain('manifests valid');
    expect(code).toBe(0);
  });
});
