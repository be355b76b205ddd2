import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serviceGet, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// The CLI's --pause and --override-freeze, through the bundle against the
// emulator: a paused apply sends nothing and says why on stderr; without it
// the same apply does the work; a plan names the freeze holding a publication.

let emulator: EmulatorProcess;
beforeAll(async () => {
  emulator = await startEmulatorProcess(['--phase-ms', '10']);
});
afterAll(async () => {
  await emulator.stop();
});

const MANIFEST = `title: Paused from a terminal
full_text: About the sea.
stage: published
publish:
  accounts:
    - { platform: YouTube, name: Ocean Facts }
`;

const titles = async (): Promise<string[]> => {
  const page = await serviceGet(emulator, '/contents');
  return (
    JSON.stringify(page)
      .match(/"title":"[^"]*"/g)
      ?.map((field) => field.slice(9, -1)) ?? []
  );
};

describe('release control in the CLI', () => {
  it('--pause sends nothing and says why; the next apply without it does the work', async () => {
    const cwd = await workspace({ 'content/a.yml': MANIFEST });
    const paused = await runCli(['apply', '--pause', 'Brand review'], { cwd, env: emulator.env });
    expect(paused.code).toBe(0);
    expect(paused.stderr).toContain('release control: Paused by the pause input: Brand review.');
    expect(await titles()).not.toContain('Paused from a terminal');
    const resumed = await runCli(['apply'], { cwd, env: emulator.env });
    expect(resumed.code).toBe(0);
    expect(await titles()).toContain('Paused from a terminal');
  });

  it('plans a publication held by an open freeze, and lifts it with --override-freeze', async () => {
    const now = Date.now();
    const release = `freeze:\n  - from: ${new Date(now - 3_600_000).toISOString()}\n    until: ${new Date(now + 3_600_000).toISOString()}\n    reason: Launch embargo\n`;
    const cwd = await workspace({
      'content/_release.yml': release,
      'content/a.yml': MANIFEST.replace('Paused from a terminal', 'Embargoed in a terminal').replace(
        'About the sea.',
        'About a launch.',
      ),
    });
    const frozen = await runCli(['plan'], { cwd, env: emulator.env });
    expect(frozen.code).toBe(0);
    expect(frozen.stderr).toMatch(/release control: Frozen until .*Launch embargo: publications are held/);
    expect(frozen.stdout).toMatch(/frozen until .*Launch embargo/);
    const lifted = await runCli(['plan', '--override-freeze'], { cwd, env: emulator.env });
    expect(lifted.stderr).toMatch(/lifted for this run by override-freeze/);
    expect(lifted.stdout).not.toMatch(/frozen until/);
    // --json gives the same state as data.
    const json = await runCli(['plan', '--json'], { cwd, env: emulator.env });
    const data = JSON.parse(json.stdout) as { release: Record<string, unknown> };
    expect(data.release).toEqual({
      paused: null,
      frozen: [
        {
          holds: ['publish'],
          since: new Date(now - 3_600_000).toISOString(),
          until: new Date(now + 3_600_000).toISOString(),
          reasons: ['Launch embargo'],
          timeZone: null,
        },
      ],
      overridden: false,
      accounts: [],
      manifests: [],
    });
  });

  it('validate with a key refuses a misspelt paused account as plan does: same check, same answer', async () => {
    const cwd = await workspace({
      'content/_release.yml':
        'paused_accounts:\n  - { platform: TikTok, name: ocean-facts, reason: Review, since: 2026-11-25 }\n',
      'content/a.yml': MANIFEST.replace('Paused from a terminal', 'Paused account misspelt'),
    });
    const validated = await runCli(['validate'], { cwd, env: emulator.env });
    const planned = await runCli(['plan'], { cwd, env: emulator.env });
    const error = (output: string): string | undefined =>
      /^content\/_release\.yml:.*paused_accounts: .*$/m.exec(output)?.[0];
    expect(error(validated.stderr)).toMatch(/oceanfacts/);
    expect(error(validated.stderr)).toBe(error(planned.stderr));
    expect(validated.code).toBe(1);
  });
});
