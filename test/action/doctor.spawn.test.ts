// `mode: doctor` through the committed bundle with a runner's environment:
// the summary shows the verdict of every rule, and nothing reaches the
// service but GET requests.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { requireDist, runAction } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

let emulator: Emulator | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

const dispatch = { name: 'workflow_dispatch', payload: { inputs: {} } };
const KEY = 'svc_live_doctor-action-test-key';

describe('mode: doctor in the bundled action', () => {
  it('writes the verdicts to the job summary and sends only GET requests', async () => {
    emulator = await startEmulator({ dialect: 'meta', rateLimit: null });
    const workspace = await tempDir('cac-doctor-ws-');
    const run = await runAction({
      workspace,
      event: dispatch,
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, mode: 'doctor' },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.summary).toContain('the client understands every rule it could observe');
    expect(run.summary).toContain('| A5 | Listing envelope | `GET /contents` | understood: under items |');
    expect(run.summary).toContain('| A29 | Key and scopes |');
    expect(run.stdout).toMatch(/A7 +Paging \(GET \/contents\): understood/);
    expect(emulator.admin.requestLog.length).toBeGreaterThan(0);
    expect(emulator.admin.requestLog.every((entry) => entry.method === 'GET')).toBe(true);
    const written = [run.stdout, run.summary, run.outputFile].join('\n').split('\n');
    expect(written.filter((line) => !line.startsWith('::add-mask::')).join('\n')).not.toContain(
      emulator.apiKey,
    );
  });

  it('fails the step when it could observe nothing: a service that redirects every request', async () => {
    const redirecting = createServer((req, res) => {
      res.writeHead(301, { location: `https://elsewhere.example${req.url ?? '/'}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    const workspace = await tempDir('cac-doctor-ws-');
    const run = await runAction({
      workspace,
      event: dispatch,
      inputs: { 'api-key': KEY, 'base-url': `http://127.0.0.1:${port}`, mode: 'doctor' },
    });
    redirecting.closeAllConnections();
    redirecting.close();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::Doctor: could observe nothing: every read was answered with a redirect (301), which the client does not follow',
    );
    expect(run.summary).toContain('could observe nothing');
    expect(run.summary).not.toContain('the client understands every rule');
  });

  it('fails the step, naming the rule, when the service answers outside every reading', async () => {
    emulator = await startEmulator({ listing: { envelope: 'rows' }, rateLimit: null });
    const workspace = await tempDir('cac-doctor-ws-');
    const run = await runAction({
      workspace,
      event: dispatch,
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, mode: 'doctor' },
    });
    expect(run.code).toBe(1);
    expect(run.summary).toMatch(
      /\| A5 \| Listing envelope \| `GET \/contents` \| NOT UNDERSTOOD: an apply stops before writing/,
    );
    expect(run.stdout).toMatch(/::error::Doctor: \d+ rules? not understood/);
    expect(emulator.admin.requestLog.every((entry) => entry.method === 'GET')).toBe(true);
  });
});
