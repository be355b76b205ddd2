// One gate for the key: every mode of the bundled action that sends the key
// refuses a base-url over plain http to another machine, before it reads the
// service. The "other machine" is `content.test`, a name only the local
// forward proxy knows (it sends it to the emulator on 127.0.0.1), so a
// request that got past the gate would show in the proxy's log and the
// emulator's, with the key in clear text.
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { pullRequestEvent, requireDist, ROOT, runAction, type RunnerEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

let emulator: Emulator | null = null;
let proxy: ConnectProxy | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await Promise.all([emulator?.close(), proxy?.close()]);
  emulator = proxy = null;
});

const dispatch: RunnerEvent = { name: 'workflow_dispatch', payload: { inputs: {} } };
const schedule: RunnerEvent = { name: 'schedule', payload: { schedule: '0 * * * *' } };

const REFUSAL =
  '::error::base-url is plain http:// to content.test, so the API key would cross the network in clear text. ' +
  'Use https://, or set allow-insecure-http: true if the network in between is yours.';

async function runWith(mode: string, event: RunnerEvent, extra: Record<string, string> = {}) {
  emulator ??= await startEmulator({ phaseMs: { audio: 5, video: 5, upload: 5 }, rateLimit: null });
  proxy ??= await startConnectProxy();
  const workspace = await tempDir('cac-gate-');
  await cp(join(ROOT, 'examples/content'), join(workspace, 'content'), { recursive: true });
  await mkdir(join(workspace, 'content/imported'), { recursive: true });
  const port = new URL(emulator.baseUrl).port;
  const run = await runAction({
    workspace,
    event,
    inputs: { 'api-key': emulator.apiKey, 'base-url': `http://content.test:${port}`, mode, ...extra },
    extraEnv: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
  });
  return { run, proxied: proxy.requests.filter((r) => r.target.startsWith('content.test')) };
}

describe('the base-url gate in the bundled action', () => {
  const modes: Array<[string, RunnerEvent]> = [
    ['plan', pullRequestEvent()],
    ['apply', schedule],
    ['auto', schedule],
    ['import', dispatch],
    ['doctor', dispatch],
  ];
  for (const [mode, event] of modes) {
    it(`mode: ${mode} on ${event.name} refuses plain http to another host and sends nothing`, async () => {
      const { run, proxied } = await runWith(mode, event);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(REFUSAL);
      expect(proxied).toEqual([]);
      expect(emulator!.admin.requestLog).toEqual([]);
    });
  }

  it('mode: validate with a key sends nothing, so it needs no gate and passes', async () => {
    const { run, proxied } = await runWith('validate', schedule);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('::error::');
    expect(proxied).toEqual([]);
    expect(emulator!.admin.requestLog).toEqual([]);
  });

  it('with allow-insecure-http: true, import goes through the same gate with a warning', async () => {
    const { run, proxied } = await runWith('import', dispatch, { 'allow-insecure-http': 'true' });
    expect(run.stdout).toContain(
      '::warning::base-url is plain http:// to content.test, so the API key would cross the network in clear text.',
    );
    expect(run.code).toBe(0);
    // The proxy carried the requests: the gate is what stopped them above.
    expect(proxied.length).toBeGreaterThan(0);
    expect(emulator!.admin.requestLog.every((entry) => entry.method === 'GET')).toBe(true);
  });

  it('a base-url with a query is refused in every mode that sends the key, without echoing the query', async () => {
    for (const [mode, event] of [
      ['doctor', dispatch],
      ['import', dispatch],
      ['apply', schedule],
    ] as const) {
      emulator ??= await startEmulator({ rateLimit: null });
      const workspace = await tempDir('cac-gate-');
      const run = await runAction({
        workspace,
        event,
        inputs: { 'api-key': emulator.apiKey, 'base-url': `${emulator.baseUrl}/?token=s3cr3t`, mode },
      });
      expect(run.code, mode).toBe(1);
      expect(run.stdout).toContain(
        "::error::base-url has a query (?…), which the client would not send: every request goes to base-url's path with a query of its own. Remove it from base-url.",
      );
      expect(run.stdout + run.summary).not.toContain('s3cr3t');
    }
    expect(emulator!.admin.requestLog).toEqual([]);
  });
});
