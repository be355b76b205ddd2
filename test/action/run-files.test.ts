import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { writeRunFile } from '../../src/action/run-files.ts';
import { registerSecret } from '../../src/secrets.ts';
import { tempDir } from '../support/temp-dir.ts';

// The plan and results files are artifacts anyone who can read the
// repository may download: they are scrubbed like every other output.

describe('the plan and results files', () => {
  it('never hold the key a service echoed into last_error, nor a signed URL', async () => {
    const dir = await tempDir('cac-run-files-');
    const key = 'svc_live_runFileKey0123456789abcdef';
    registerSecret(key);
    const results = JSON.stringify({
      items: [
        { title: 'Flaky', lastError: `render refused for key ${key}` },
        { title: 'Thumb', url: 'https://cdn.example/v.mp4?X-Amz-Signature=abc123&X-Amz-Expires=60' },
      ],
    });
    const file = await writeRunFile('results', results, null, { RUNNER_TEMP: dir });
    const written = await readFile(file, 'utf8');
    expect(written).not.toContain(key);
    expect(written).not.toContain('X-Amz-Signature');
    expect(written).toContain('render refused for key ***');
    expect(() => JSON.parse(written) as unknown).not.toThrow();
  });
});
