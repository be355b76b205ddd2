// Release control through the bundled action: the kill switch in the
// release file and the pause input send nothing and say why in the log and
// the summary, scheduled runs included; override-freeze counts on a
// workflow_dispatch only. Against the emulator over HTTP.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { requireDist, runAction, type RunnerEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const event = (name: string): RunnerEvent => ({
  name,
  ref: 'refs/heads/main',
  sha: 'c'.repeat(40),
  payload: {
    repository: { default_branch: 'main' },
    ...(name === 'schedule' ? { schedule: '5 * * * *' } : {}),
  },
});

const PUBLISHED =
  'full_text: About the sea.\nstage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n';
/** A freeze that is open now, whatever day the test runs. */
const OPEN_NOW = `freeze:
  - from: ${new Date(Date.now() - 3_600_000).toISOString()}
    until: ${new Date(Date.now() + 3_600_000).toISOString()}
    reason: Launch embargo
`;

let emulator: Emulator;
beforeAll(async () => {
  requireDist();
  emulator = await startEmulator({ phaseMs: { audio: 5, video: 5, upload: 5 } });
});
afterAll(async () => {
  await emulator.close();
});

async function checkout(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('cac-release-');
  await mkdir(join(dir, 'content'));
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, 'content', file), text);
  return dir;
}

const writes = (): number => emulator.admin.requestLog.filter((entry) => entry.method !== 'GET').length;
const inputs = (extra: Record<string, string> = {}) => ({
  'api-key': emulator.apiKey,
  'base-url': emulator.baseUrl,
  ...extra,
});

describe('release control in the action', () => {
  it('sends nothing under paused: true in the release file, and says why in the log and the summary', async () => {
    const before = writes();
    const run = await runAction({
      workspace: await checkout({
        '_release.yml': 'paused: true\nreason: Brand review\nsince: 2026-01-05\n',
        'a.yml': `title: Kill switch\n${PUBLISHED}`,
      }),
      event: event('push'),
      inputs: inputs(),
    });
    expect(run.code).toBe(0);
    expect(writes()).toBe(before);
    expect(run.stdout).toContain(
      'Release control: Paused by content/_release.yml: Brand review (since 2026-01-05 00:00 UTC).',
    );
    expect(run.summary).toContain('**Release control:** Paused by content/\\_release.yml: Brand review');
    // Left on longer than warn_paused_after (7 days by default): a warning on the line that sets it.
    const long = run.annotations.find((note) => note.level === 'warning' && /paused for/.test(note.message));
    expect(long?.properties).toMatchObject({ file: 'content/_release.yml', line: '1' });
  });

  it('honours the pause input on a scheduled run, with its reason', async () => {
    const before = writes();
    const run = await runAction({
      workspace: await checkout({ 'a.yml': `title: Scheduled pause\n${PUBLISHED}` }),
      event: event('schedule'),
      inputs: inputs({ pause: 'Incident 42' }),
    });
    expect(run.code).toBe(0);
    expect(writes()).toBe(before);
    expect(run.summary).toContain('**Release control:** Paused by the pause input: Incident 42.');
  });

  it('holds a publication in an open freeze, and lets override-freeze lift it on workflow_dispatch only', async () => {
    const workspace = await checkout({ '_release.yml': OPEN_NOW, 'a.yml': `title: Embargoed\n${PUBLISHED}` });
    const pushed = await runAction({
      workspace,
      event: event('push'),
      inputs: inputs({ 'override-freeze': 'true' }),
    });
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toMatch(/::warning::override-freeze is ignored on push/);
    expect(pushed.summary).toMatch(/Frozen until .*Launch embargo: publications are held/);
    expect(emulator.admin.items().find((item) => item.title === 'Embargoed')).toMatchObject({
      status: 'VIDEO_PROCESSED',
      uploadDispatches: 0,
    });
    const dispatched = await runAction({
      workspace,
      event: event('workflow_dispatch'),
      inputs: inputs({ 'override-freeze': 'true' }),
    });
    expect(dispatched.code).toBe(0);
    expect(dispatched.summary).toMatch(/lifted for this run by override-freeze/);
    expect(emulator.admin.items().find((item) => item.title === 'Embargoed')).toMatchObject({
      status: 'UPLOADED',
      uploadDispatches: 1,
    });
  });
});
