import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { tempDir } from '../support/temp-dir.ts';
import { memoryIO } from './io.ts';

describe('content-as-code without a service', () => {
  it('prints help with the exit codes', async () => {
    const run = memoryIO();
    expect(await main(['--help'], run.io)).toBe(0);
    expect(run.out).toContain('content-as-code apply [options]');
    expect(run.out).toMatch(/Exit codes:\n {2}0 {2}/);
  });

  it('exits 2 on wrong usage and says where to look', async () => {
    const run = memoryIO();
    expect(await main(['pln'], run.io)).toBe(2);
    expect(run.err).toContain("did you mean 'plan'?");
    expect(run.err).toContain('--help');
  });

  it('exits 2 when plan has no base URL or no key, and says how to give them', async () => {
    const noUrl = memoryIO({ env: { CONTENT_API_KEY: 'svc_live_x' } });
    expect(await main(['plan'], noUrl.io)).toBe(2);
    expect(noUrl.err).toContain('CONTENT_BASE_URL');

    const noKey = memoryIO({ env: { CONTENT_BASE_URL: 'http://127.0.0.1:9' } });
    expect(await main(['plan'], noKey.io)).toBe(2);
    expect(noKey.err).toContain('CONTENT_API_KEY');
    expect(noKey.err).toContain('--api-key-stdin');
  });

  it.each(['plan', 'apply', 'import', 'drafts', 'adopt', 'doctor'])(
    '%s exits 2 on a malformed key without printing it',
    async (command) => {
      const run = memoryIO({ env: { CONTENT_BASE_URL: 'http://127.0.0.1:9' }, stdin: 'not-a-key-1234\n' });
      expect(await main([command, '--api-key-stdin'], run.io)).toBe(2);
      expect(run.err).toContain('does not start with svc_live_:');
      expect(run.err + run.out).not.toContain('not-a-key-1234');
    },
  );

  it('prints the manifest JSON Schema', async () => {
    const run = memoryIO();
    expect(await main(['schema'], run.io)).toBe(0);
    const schema = JSON.parse(run.out) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['title', 'stage', 'flow', 'publish']),
    );
    expect(schema.required).toContain('title');
  });

  it('prints the release file JSON Schema, the same as schema/release.schema.json, and refuses another name', async () => {
    const run = memoryIO();
    expect(await main(['schema', 'release'], run.io)).toBe(0);
    expect(`${run.out.trimEnd()}\n`).toBe(
      readFileSync(join(import.meta.dirname, '../../schema/release.schema.json'), 'utf8'),
    );
    const wrong = memoryIO();
    expect(await main(['schema', 'relase'], wrong.io)).toBe(2);
    expect(wrong.err).toContain("schema takes one of content, release (default content), not 'relase'.");
  });

  it('validates the example manifests', async () => {
    const run = memoryIO();
    const code = await main(['validate', '--manifests', 'examples/content/**/*.{yml,yaml}'], run.io);
    expect(run.err).toBe(
      'Account names were not checked against the service: no API key (set CONTENT_API_KEY and CONTENT_BASE_URL to check them, read-only).\n',
    );
    expect(run.out).toContain('5 manifests valid.');
    expect(code).toBe(0);
  });

  it('reports manifest errors at file:line:col and exits 1', async () => {
    const cwd = await tempDir('cac-cli-');
    await mkdir(join(cwd, 'content'));
    await writeFile(join(cwd, 'content', 'bad.yml'), 'title: Bad\nstage: publishd\n');
    const run = memoryIO({ cwd });
    expect(await main(['validate'], run.io)).toBe(1);
    expect(run.err).toMatch(/^content\/bad\.yml:2:8: error: .*publish/m);
    expect(run.out).toContain('1 error in 1 of 1 manifest; nothing was sent to the service.');
  });

  it('exits 2 on a wrong emulator option', async () => {
    const run = memoryIO();
    expect(await main(['emulator', '--port', 'x'], run.io)).toBe(2);
    expect(run.err).toContain('--port');
  });
});
