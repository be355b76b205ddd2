import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  runCli,
  serviceGet,
  serviceList,
  startEmulatorProcess,
  workspace,
  type EmulatorProcess,
} from './binary.ts';

// `content-as-code emulator` as a user starts it: --help, a fixed key, the
// user's own account names, and items kept across a restart.

const started: EmulatorProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.kill()));
});
async function start(args: string[], cwd?: string): Promise<EmulatorProcess> {
  const running = await startEmulatorProcess(args, cwd);
  started.push(running);
  return running;
}

const MY_CHANNEL = `title: Leeks
full_text: Leeks are mild onions.
stage: published
publish:
  accounts:
    - { platform: YouTube, name: My Channel }
    - { platform: TikTok, name: mychannel }
  tiktok: { post_mode: direct, privacy: PUBLIC_TO_EVERYONE }
`;

describe('content-as-code emulator', () => {
  it('--help lists every option and exits 0', async () => {
    const cwd = await workspace();
    const run = await runCli(['emulator', '--help'], { cwd });
    expect(run.code).toBe(0);
    for (const flag of ['--port', '--phase-ms', '--key', '--accounts', '--state', '--help']) {
      expect(run.stdout).toContain(`  ${flag}`);
    }
    expect(run.stderr).toBe('');
  });

  // On a port of its own, never 8787: a user's emulator may be running there
  // while the tests run (the default port is tested without binding it, in
  // test/emulator/command.test.ts).
  it('says clearly when the port is taken, and exits 2', async () => {
    const cwd = await workspace();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const taken = await runCli(['emulator', '--port', String(port)], { cwd });
    await new Promise((resolve) => holder.close(resolve));
    expect(taken.code).toBe(2);
    expect(taken.stdout).toBe('');
    expect(taken.stderr).toBe(
      `error: port ${port} is taken: another emulator (or another program) is listening on it. ` +
        'Stop it, or start this one with --port N (--port 0 picks a free port) and export the CONTENT_BASE_URL it prints.\n',
    );
  });

  it('picks a free port with --port 0', async () => {
    const running = await start(['--port', '0']);
    expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.baseUrl).not.toBe('http://127.0.0.1:8787');
  });

  it('refuses a wrong option with exit 2 and points at --help', async () => {
    const cwd = await workspace();
    const run = await runCli(['emulator', '--accounts', 'Vimeo:me'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--accounts expects PLATFORM:NAME pairs');
    expect(run.stderr).toContain('emulator --help');
  });

  it('--key keeps the same key, and --accounts seeds the user’s own accounts, with the same ids on every start', async () => {
    const args = ['--key', 'svc_live_myLocalKey1', '--accounts', 'YouTube:My Channel,TikTok:mychannel'];
    const first = await start(args);
    expect(first.apiKey).toBe('svc_live_myLocalKey1');
    expect(first.output()).toContain('YouTube "My Channel"');
    const accounts = await serviceList<{ platform: string; name: string; id: string }>(first, '/accounts');
    expect(accounts.map(({ platform, name }) => `${platform}:${name}`)).toEqual([
      'YouTube:My Channel',
      'TikTok:mychannel',
    ]);
    await first.stop();
    const second = await start(args);
    expect(second.apiKey).toBe('svc_live_myLocalKey1');
    expect(await serviceList(second, '/accounts')).toEqual(accounts);

    // Manifests that name those accounts plan against it unchanged.
    const cwd = await workspace({ 'content/leeks.yml': MY_CHANNEL });
    const plan = await runCli(['plan'], { cwd, env: second.env });
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('publish to YouTube, TikTok');
  });

  it('--state keeps items and credits across a restart, so a re-run converges', async () => {
    const cwd = await workspace({ 'content/leeks.yml': MY_CHANNEL });
    const state = join(cwd, '.emulator.json');
    const args = ['--state', state, '--phase-ms', '10', '--accounts', 'YouTube:My Channel,TikTok:mychannel'];
    const first = await start(args, cwd);
    expect(first.output()).toContain(`Items are kept in ${state} (0 restored).`);
    const apply = await runCli(['apply'], { cwd, env: first.env });
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('Results: 1 item, 1 created, 0 edited, 1 rendered, 2 publications.');
    const credits = await serviceGet(first, '/users/credits');
    expect(JSON.stringify(credits)).toMatch(/\d/);
    expect(JSON.stringify(credits)).not.toContain('1000');
    expect(await first.stop()).toBe(0);
    expect(existsSync(state)).toBe(true);
    expect(readFileSync(state, 'utf8')).toContain('"title": "Leeks"');

    // A new key on restart (no --key): the state belongs to the user, not to a key.
    const second = await start(args, cwd);
    expect(second.output()).toContain('(1 restored)');
    expect(await serviceGet(second, '/users/credits')).toEqual(credits);
    const again = await runCli(['apply'], { cwd, env: second.env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 to create, 0 to edit, 0 to render, 0 publications');
    expect(await serviceList(second, '/contents')).toHaveLength(1);
  });

  it('refuses a --state file it did not write, naming it', async () => {
    const cwd = await workspace({ 'notes.json': '{"hello": 1}' });
    const run = await runCli(['emulator', '--state', 'notes.json'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--state notes.json is not a state file the emulator wrote');
  });
});
