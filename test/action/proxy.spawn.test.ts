import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { requireDist, ROOT, runAction, pullRequestEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

// A self-hosted runner behind a proxy: HTTPS_PROXY and HTTP_PROXY set, the
// service and GitHub not in NO_PROXY. GitHub is named github.test, a name
// only the proxy knows: @actions/http-client never proxies loopback
// addresses (localhost, 127.*, ::1) whatever NO_PROXY says, so a fake on
// 127.0.0.1 would be reached directly. undici's EnvHttpProxyAgent has no such
// rule: the service emulator on 127.0.0.1 is proxied unless NO_PROXY names it.

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;
let proxy: ConnectProxy | null = null;

beforeAll(() => requireDist());
afterEach(async () => {
  await Promise.all([emulator?.close(), github?.close(), proxy?.close()]);
  emulator = github = proxy = null;
});

async function runBehindProxy(noProxy: string) {
  emulator = await startEmulator({ phaseMs: { audio: 20, video: 20, upload: 20 }, rateLimit: null });
  github = await startGitHubFake();
  proxy = await startConnectProxy();
  const workspace = await tempDir('cac-proxy-');
  await cp(join(ROOT, 'examples/content'), join(workspace, 'content'), { recursive: true });
  const apiUrl = github.apiUrl.replace('127.0.0.1', 'github.test');
  const run = await runAction({
    workspace,
    event: pullRequestEvent(),
    apiUrl,
    inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, 'github-token': github.token },
    extraEnv: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: noProxy },
  });
  const service = new URL(emulator.baseUrl).host;
  return {
    run,
    github,
    emulator,
    githubViaProxy: proxy.requests.filter((r) => r.target === new URL(apiUrl).host),
    serviceRequests: proxy.requests.filter((r) => r.target === service),
  };
}

describe('dist/index.js behind a proxy', () => {
  it('sends every request to the service and to GitHub through HTTPS_PROXY/HTTP_PROXY', async () => {
    const { run, github, emulator, githubViaProxy, serviceRequests } =
      await runBehindProxy('example.internal');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('PR comment created');
    expect(github.comments(7)).toHaveLength(1);
    // github.test resolves nowhere but in the proxy: each of these requests came through it,
    // tunnelled (CONNECT) or, to this http:// fake, forwarded as undici's ProxyAgent does.
    expect(github.requests.map((r) => r.method)).toContain('POST');
    expect(githubViaProxy.length).toBeGreaterThan(0);
    // Every request the emulator answered was forwarded by the proxy, one for one.
    expect(emulator.admin.requestLog.length).toBeGreaterThan(0);
    expect(serviceRequests.map((r) => `${r.method} ${r.path}`)).toEqual(
      emulator.admin.requestLog.map((entry) => `${entry.method} ${entry.path}`),
    );
  });

  it('leaves the hosts NO_PROXY names alone', async () => {
    const { run, emulator, serviceRequests, githubViaProxy } = await runBehindProxy('127.0.0.1');
    expect(run.code).toBe(0);
    expect(emulator.admin.requestLog.length).toBeGreaterThan(0);
    expect(serviceRequests).toEqual([]);
    expect(githubViaProxy.length).toBeGreaterThan(0);
  });
});
