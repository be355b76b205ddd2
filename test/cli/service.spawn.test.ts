import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import type { JsonOutput } from '../../src/cli/json.ts';
import { memoryIO } from './io.ts';

// The CLI against the emulator over real HTTP: plan changes nothing, apply
// --json prints one parseable report, a revoked key exits 3.

const manifests = ['--manifests', 'examples/content/**/*.{yml,yaml}'];
const fastPoll = { poll: { initialMs: 5, maxMs: 50, factor: 1.5 } };
let emulator: Emulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ phaseMs: { audio: 10, video: 10, upload: 10 } });
  env = { CONTENT_BASE_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey };
});
afterAll(async () => {
  await emulator.close();
});

describe('content-as-code against the emulator', () => {
  it('plan prints the table and writes nothing', async () => {
    const run = memoryIO({ env });
    expect(await main(['plan', ...manifests], run.io, fastPoll)).toBe(0);
    expect(run.out).toContain('Plan (plan only, nothing is changed): 5 items, 5 to create');
    expect(run.out).toMatch(/examples\/content\/octopus-hearts\.yml:3\s+Why octopuses have three hearts/);
    expect(emulator.admin.items()).toEqual([]);
  });

  it('apply --json prints the run report alone on stdout, without the key', async () => {
    const run = memoryIO({ env });
    expect(await main(['apply', '--json', ...manifests], run.io, fastPoll)).toBe(0);
    const report = JSON.parse(run.out) as JsonOutput;
    expect(report.command).toBe('apply');
    expect(report.results?.items.map((item) => [item.file, item.status])).toEqual([
      ['examples/content/deepest-point.yml', 'NEW'],
      ['examples/content/glowing-reefs.yml', 'VIDEO_PROCESSED'],
      ['examples/content/mantis-shrimp.yml', 'VIDEO_PROCESSED'],
      ['examples/content/octopus-hearts.yml', 'UPLOADED'],
      ['examples/content/whales-sleep.yml', 'UPLOADED'],
    ]);
    expect(run.out + run.err).not.toContain(emulator.apiKey);
  });

  it('reads the key from standard input when asked', async () => {
    const run = memoryIO({ env: { CONTENT_BASE_URL: emulator.baseUrl }, stdin: `${emulator.apiKey}\n` });
    expect(await main(['plan', '--api-key-stdin', ...manifests], run.io, fastPoll)).toBe(0);
    expect(run.out).toContain('5 items, 0 to create');
  });

  it('exits 3 when the service refuses the key, and never prints it', async () => {
    const key = emulator.admin.createKey(emulator.admin.defaultUserId, ['read']);
    emulator.admin.revokeKey(key);
    const run = memoryIO({ env: { ...env, CONTENT_API_KEY: key } });
    expect(await main(['plan', ...manifests], run.io, fastPoll)).toBe(3);
    expect(run.err).toContain('401');
    expect(run.out + run.err).not.toContain(key);
  });
});
