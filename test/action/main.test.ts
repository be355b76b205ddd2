import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

// run() in-process, with the engine replaced by one that throws what the
// test says: the one top-level catch must fail the step for any throw.
const thrown: { value: unknown } = { value: null };
vi.mock('../../src/engine/engine.ts', () => ({
  runEngine: () => {
    throw thrown.value;
  },
}));
const { run } = await import('../../src/main.ts');

afterEach(() => {
  process.exitCode = 0;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function runWith(inputs: Record<string, string>) {
  const dir = await tempDir('cac-main-');
  await writeFile(join(dir, 'event.json'), '{}');
  const lines: string[] = [];
  const env: Record<string, string> = {
    GITHUB_WORKSPACE: dir,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    'INPUT_API-KEY': 'svc_live_maintest',
    INPUT_MODE: 'validate',
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  await run();
  vi.restoreAllMocks();
  const exitCode = process.exitCode;
  process.exitCode = 0;
  return { text: lines.join(''), exitCode };
}

describe('run()', () => {
  it('masks the key before writing anything else', async () => {
    thrown.value = new Error('engine failed');
    const { text } = await runWith({});
    expect(text.startsWith('::add-mask::svc_live_maintest\n')).toBe(true);
  });

  it('fails the step once with the message of an Error', async () => {
    thrown.value = new Error('engine failed');
    const { text, exitCode } = await runWith({});
    expect(exitCode).toBe(1);
    expect(text.match(/^::error::/gm)).toEqual(['::error::']);
    expect(text).toContain('::error::engine failed');
  });

  it('still fails the step when something other than an Error is thrown', async () => {
    thrown.value = { code: 42 };
    const { text, exitCode } = await runWith({});
    expect(exitCode).toBe(1);
    expect(text).toContain('::error::Unexpected error: {"code":42}');
    thrown.value = 'a string';
    expect((await runWith({})).text).toContain('::error::a string');
  });

  it('fails on a bad input before the engine runs, naming the input', async () => {
    thrown.value = new Error('must not be reached');
    const { text, exitCode } = await runWith({ concurrency: 'lots' });
    expect(exitCode).toBe(1);
    expect(text).toContain(
      '::error::Input `concurrency`: expected a whole number from 1 to 64 (got "lots").',
    );
    expect(text).not.toContain('must not be reached');
  });

  it('fails a non-PR plan run without an api-key with a message saying how to pass it', async () => {
    const { text, exitCode } = await runWith({ 'api-key': '', mode: 'plan' });
    expect(exitCode).toBe(1);
    expect(text).toContain('Input `api-key` is empty, and plan needs the service');
  });
});
