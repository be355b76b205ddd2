import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { memoryIO } from './io.ts';

// The key travels in a header: plain http only to this machine, unless asked.

const KEY = 'svc_live_insecure-http-test-key';

describe('--base-url over plain http', () => {
  it('is refused to another machine, before the key is read or sent', async () => {
    const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
    const code = await main(['plan', '--base-url', 'http://api.example.com'], run.io);
    expect(code).toBe(2);
    expect(run.err).toContain(
      'error: base-url is plain http:// to api.example.com, so the API key would cross the network in clear text. Use https://, or set --allow-insecure-http if the network in between is yours.',
    );
  });

  it('with --allow-insecure-http, goes ahead with a warning', async () => {
    const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
    // Port 9 on a documentation address: nothing answers; the warning comes first.
    await main(
      ['plan', '--base-url', 'http://192.0.2.1:9', '--allow-insecure-http', '--timeout-minutes', '0.01'],
      run.io,
    );
    expect(run.err).toMatch(/^warning: base-url is plain http:\/\/ to 192\.0\.2\.1/);
  }, 30_000);

  it('never echoes credentials written into the URL', async () => {
    const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
    const code = await main(['plan', '--base-url', 'ftp://user:password@host'], run.io);
    expect(code).toBe(2);
    expect(run.out + run.err).not.toContain('password');
  });
});
