import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { manifest, PUBLISHED, startHarness, type Harness } from '../support/engine-harness.ts';
import { memoryIO } from './io.ts';

// What release control holds opens the CLI's output, above the plan table
// (docs/release-control.md), as it opens the action's log and summary.
// A plan as JSON says, as validate does, whether the accounts were checked.

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe('release control in the terminal', () => {
  it('is said before the plan, once', async () => {
    h = await startHarness();
    await h.write('paused.yml', manifest('Paused in a terminal', PUBLISHED));
    const run = memoryIO({
      env: { CONTENT_BASE_URL: h.emulator.baseUrl, CONTENT_API_KEY: h.emulator.apiKey },
      cwd: h.dir,
    });
    expect(await main(['plan', '--pause', 'Brand review'], run.io)).toBe(0);
    const release = run.both.indexOf('release control: Paused by the pause input: Brand review.');
    expect(release).toBeGreaterThanOrEqual(0);
    expect(release).toBeLessThan(run.both.indexOf('Plan (plan only'));
    expect(run.both.split('release control: Paused').length).toBe(2);
  });
});

describe('a plan as JSON', () => {
  const plan = async (): Promise<{ accounts: unknown }> => {
    const run = memoryIO({
      env: { CONTENT_BASE_URL: h.emulator.baseUrl, CONTENT_API_KEY: h.emulator.apiKey },
      cwd: h.dir,
    });
    await main(['plan', '--json'], run.io);
    return JSON.parse(run.out) as { accounts: unknown };
  };

  it('says the accounts were checked against the service, as validate does, and why not when they were not', async () => {
    h = await startHarness();
    await h.write('named.yml', manifest('Names an account', PUBLISHED));
    expect((await plan()).accounts).toEqual({ checked: true, note: null });
    // 400 is not retried: the listing of accounts cannot be read.
    h.emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/accounts',
      times: Infinity,
      fault: { kind: 'status', status: 400 },
    });
    const unread = (await plan()).accounts as { checked: boolean; note: string | null };
    expect(unread.checked).toBe(false);
    expect(unread.note).toMatch(/^Account names were not checked against the service: /);
  });
});
