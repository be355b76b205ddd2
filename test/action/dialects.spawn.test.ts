// The bundled action against every dialect of the emulator: a pull request
// plans without writing, the merge applies the examples, and the next run
// sends nothing, whatever the service chose where the interface says "not shown".
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, DIALECT_NAMES } from '../../src/emulator/dialects.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { REPOSITORY, ROOT, requireDist, runAction, type RunnerEvent, pushEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const SHA = 'c'.repeat(40);
const repository = {
  full_name: REPOSITORY,
  default_branch: 'main',
  owner: { login: 'octo-org' },
  name: 'videos',
};

const push = pushEvent({ sha: SHA });

const pullRequest: RunnerEvent = {
  name: 'pull_request',
  ref: 'refs/pull/7/merge',
  sha: 'e'.repeat(40),
  payload: {
    number: 7,
    pull_request: {
      number: 7,
      head: { sha: SHA, repo: { full_name: REPOSITORY, fork: false } },
      base: { sha: 'b'.repeat(40), repo: { full_name: REPOSITORY } },
    },
    repository,
  },
};

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  await github?.close();
  emulator = null;
  github = null;
});

const writes = (e: Emulator) => e.admin.requestLog.filter((entry) => entry.method !== 'GET');

describe('dist/index.js in every dialect', () => {
  for (const dialect of DIALECT_NAMES) {
    it(`${dialect}: a PR plans without writing, the merge applies, a re-run sends nothing`, async () => {
      emulator = await startEmulator({
        dialect,
        phaseMs: { audio: 20, video: 20, upload: 20 },
        rateLimit: null,
      });
      github = await startGitHubFake();
      const scopes = [...new Set(['read', 'generate', DIALECTS[dialect].contentWrites] as const)];
      const key = emulator.admin.createKey(emulator.admin.defaultUserId, scopes);
      const dir = await tempDir('cac-dialect-');
      await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
      const inputs = { 'api-key': key, 'base-url': emulator.baseUrl, 'github-token': github.token };
      const run = (event: RunnerEvent) =>
        runAction({ workspace: dir, event, apiUrl: github!.apiUrl, inputs });

      const plan = await run(pullRequest);
      expect(plan.code).toBe(0);
      expect(writes(emulator)).toEqual([]);

      const apply = await run(push);
      expect(apply.stderr).toBe('');
      expect(apply.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([]);
      expect(apply.code).toBe(0);
      const results = JSON.parse(apply.outputs.results!) as Array<{ title: string; outcome: string }>;
      expect(results.map((item) => item.outcome).sort()).toEqual([
        'created',
        'published',
        'published',
        'rendered',
        'rendered',
      ]);
      const titles = emulator.admin.items().map((item) => item.title);
      expect(new Set(titles).size).toBe(titles.length);

      emulator.admin.clearRequestLog();
      const again = await run(push);
      expect(again.code).toBe(0);
      expect(again.outputs.changed).toBe('false');
      expect(writes(emulator)).toEqual([]);
      // The one place the key may appear is the runner's own mask command.
      const written = [plan, apply, again].flatMap((r) => [r.stdout, r.stderr, r.summary, r.outputFile]);
      for (const text of written) {
        const lines = text.split('\n').filter((line) => !line.startsWith('::add-mask::'));
        expect(lines.join('\n')).not.toContain(key);
      }
    });
  }
});
