import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { requireDist, ROOT, runAction, pullRequestEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

// GitHub answers as it does on a bad day: a 502 from its front end, then a
// secondary rate limit with retry-after. The bundled action waits (the wait
// unit shrunk to a millisecond per second) and writes the comment once.

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;

beforeAll(() => requireDist());
afterEach(async () => {
  await Promise.all([emulator?.close(), github?.close()]);
  emulator = github = null;
});

describe("dist/index.js and GitHub's limits", () => {
  it('writes the sticky comment once through a 502 and a secondary rate limit', async () => {
    emulator = await startEmulator({ rateLimit: null });
    github = await startGitHubFake();
    github.fault(
      { method: 'POST', kind: 'bad_gateway' },
      { method: 'POST', kind: 'secondary_rate_limit', seconds: 30 },
    );
    const workspace = await tempDir('cac-limits-');
    await cp(join(ROOT, 'examples/content'), join(workspace, 'content'), { recursive: true });
    const run = await runAction({
      workspace,
      event: pullRequestEvent(),
      apiUrl: github.apiUrl,
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, 'github-token': github.token },
      extraEnv: { CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS: '1' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("GitHub's secondary rate limit on POST");
    expect(run.stdout).toContain('PR comment created');
    expect(github.comments(7)).toHaveLength(1);
    const posts = github.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.status)).toEqual([502, 403, 201]);
    // retry-after: 30 was honoured in shrunk form, not slept through: the
    // retry came far sooner than 30 s after the 403 (generous, for a busy machine).
    expect(posts[2]!.at - posts[1]!.at).toBeLessThan(20_000);
  });
});
