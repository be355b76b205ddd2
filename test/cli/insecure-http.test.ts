import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { tempDir } from '../support/temp-dir.ts';
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

  it('is refused by every command that sends the key; validate says why it checked no account', async () => {
    for (const command of ['apply', 'import', 'doctor']) {
      const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
      expect(await main([command, '--base-url', 'http://api.example.com'], run.io), command).toBe(2);
      expect(run.err).toContain('error: base-url is plain http:// to api.example.com');
    }
    // validate checks account names with the service when it has a key: through the same gate.
    const cwd = await tempDir('cac-insecure-');
    await mkdir(join(cwd, 'content'));
    await writeFile(
      join(cwd, 'content/a.yml'),
      'title: A\nstage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
    );
    const validate = memoryIO({ env: { CONTENT_API_KEY: KEY }, cwd });
    expect(await main(['validate', '--base-url', 'http://api.example.com'], validate.io)).toBe(0);
    expect(validate.out + validate.err).toContain('base-url is plain http:// to api.example.com');
  });

  it('refuses a base-url with a query in every command that sends the key', async () => {
    for (const command of ['plan', 'import', 'doctor']) {
      const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
      expect(await main([command, '--base-url', 'https://api.example.com/?x=1'], run.io), command).toBe(2);
      expect(run.err).toContain('error: base-url has a query (?…), which the client would not send');
    }
  });

  it('with --allow-insecure-http, goes ahead with a warning', async () => {
    const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
    // Port 9 on a documentation address: nothing answers; the warning comes first.
    await main(
      ['plan', '--base-url', 'http://192.0.2.1:9', '--allow-insecure-http', '--timeout-minutes', '0.01'],
      run.io,
    );
    expect(run.err).toMatch(/^warning: base-url is plain http:\/\/ to 192\.0\.2\.1/);
  });

  it('never echoes credentials written into the URL', async () => {
    const run = memoryIO({ env: { CONTENT_API_KEY: KEY } });
    const code = await main(['plan', '--base-url', 'ftp://user:password@host'], run.io);
    expect(code).toBe(2);
    expect(run.out + run.err).not.toContain('password');
  });
});
