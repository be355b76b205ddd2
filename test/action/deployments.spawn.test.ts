// `deployments: true`, through the committed bundle, the emulator and the
// fake GitHub: each publication of the run is a GitHub deployment in the
// environment of its platform and account, success with the URL the service
// shows for that account, failure with the item's last_error; a re-run of the
// workflow run, or a later apply that publishes nothing new, creates none.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import type { EmulatorOptions } from '../../src/emulator/types.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import type { DeploymentsFakeOptions } from '../support/github-deployments.ts';
import { requireDist, runAction, type RunnerEvent, pushEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const HEAD = 'c'.repeat(40);
const LATER = 'd'.repeat(40);
const BROKEN = 'Render failed: no footage matches this script';

const push = (sha: string, before: string) => pushEvent({ sha, before });

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  await github?.close();
  emulator = github = null;
});

const manifest = (title: string) =>
  [
    `title: ${JSON.stringify(title)}`,
    `full_text: ${JSON.stringify(`About ${title}.`)}`,
    'stage: published',
    'publish:',
    '  accounts:',
    '    - { platform: YouTube, name: Ocean Facts }',
    '    - { platform: TikTok, name: oceanfacts }',
    '  tiktok: { post_mode: direct, privacy: PUBLIC_TO_EVERYONE }',
    '',
  ].join('\n');

async function world(
  titles: string[],
  service: Partial<EmulatorOptions> = {},
  deployments: DeploymentsFakeOptions = {},
) {
  emulator = await startEmulator({
    phaseMs: { audio: 10, video: 10, upload: 10 },
    rateLimit: null,
    ...service,
  });
  github = await startGitHubFake({
    deployments: { branches: { main: HEAD }, commits: [LATER], ...deployments },
  });
  const dir = await tempDir('cac-deployments-');
  await mkdir(join(dir, 'content'));
  for (const [index, title] of titles.entries()) {
    await writeFile(join(dir, 'content', `${index}.yml`), manifest(title));
  }
  const { apiKey, baseUrl } = emulator;
  const gh = github;
  const run = (
    event: RunnerEvent,
    extraEnv: Record<string, string> = {},
    inputs: Record<string, string> = {},
  ) =>
    runAction({
      workspace: dir,
      event,
      apiUrl: gh.apiUrl,
      extraEnv,
      inputs: {
        'api-key': apiKey,
        'base-url': baseUrl,
        'github-token': gh.token,
        deployments: 'true',
        ...inputs,
      },
    });
  return { emulator, github, run };
}

/** Each publication the service made: title, platform and URL. */
function publications(service: Emulator) {
  return service.admin
    .items()
    .flatMap((item) =>
      item.publications.map((p) => ({ title: item.title, platform: p.platform, url: p.url })),
    );
}

describe('deployments: true', () => {
  it('two items to two accounts: four successes with the URLs; a failed item: failure with its error; a re-run: none', async () => {
    const { emulator, github, run } = await world(
      ['On the record: the nautilus', 'On the record: the paper nautilus', 'On the record: a broken render'],
      {
        behaviours: { urlsPerAccount: true },
        failures: [{ titleIncludes: 'broken', phase: 'video', message: BROKEN }],
      },
    );
    const first = await run(push(HEAD, 'b'.repeat(40)));
    expect(first.code).toBe(1); // the broken render fails the run, and nothing else does
    expect(first.annotations.filter((a) => /deployment/i.test(a.message))).toEqual([]);

    const deployments = github.deployments();
    const live = deployments.filter((d) => d.statuses.at(-1)?.state === 'success');
    const published = publications(emulator);
    expect(published).toHaveLength(4);
    expect(live).toHaveLength(4);
    for (const publication of published) {
      const shown = live.filter((d) => d.statuses.at(-1)!.environment_url === publication.url);
      expect(shown, `${publication.title} on ${publication.platform}`).toHaveLength(1);
      expect(shown[0]!.environment).toBe(
        publication.platform === 'YouTube' ? 'youtube/ocean-facts' : 'tiktok/oceanfacts',
      );
      expect(shown[0]!.payload).toMatchObject({ title: publication.title, platform: publication.platform });
      expect(shown[0]!).toMatchObject({ sha: HEAD, ref: HEAD });
      expect(shown[0]!.statuses.at(-1)!.log_url).toBe('https://github.com/octo-org/videos/actions/runs/4242');
    }

    const failed = deployments.filter((d) => d.statuses.at(-1)?.state !== 'success');
    expect(failed.map((d) => [d.environment, d.statuses.at(-1)!.state]).sort()).toEqual([
      ['tiktok/oceanfacts', 'failure'],
      ['youtube/ocean-facts', 'failure'],
    ]);
    for (const deployment of failed) {
      expect(deployment.payload).toMatchObject({ title: 'On the record: a broken render' });
      expect(deployment.statuses.at(-1)!.description).toBe(BROKEN);
      expect(deployment.statuses.at(-1)!.environment_url).toBe('');
    }

    // A re-run of the same workflow run, then an apply of a later commit: nothing new is published, nothing recorded.
    const statuses = () => github.deployments().flatMap((d) => d.statuses.map((s) => s.id));
    const before = { deployments: deployments.length, statuses: statuses() };
    const rerun = await run(push(HEAD, 'b'.repeat(40)), { GITHUB_RUN_ATTEMPT: '2' });
    const later = await run(push(LATER, HEAD), { GITHUB_RUN_ID: '4243' });
    expect([rerun.code, later.code]).toEqual([1, 1]);
    expect(github.deployments()).toHaveLength(before.deployments);
    expect(statuses()).toEqual(before.statuses);
    expect(github.requests.filter((r) => r.method === 'POST' && /\/deployments$/.test(r.path))).toHaveLength(
      6,
    );
    expect(publications(emulator)).toHaveLength(4);
  });

  it('where the service shows one URL for the item, only the account it belongs to has it as environment_url', async () => {
    const { emulator, github, run } = await world(['One URL: the argonaut']);
    expect((await run(push(HEAD, 'b'.repeat(40)))).code).toBe(0);
    const [item] = emulator.admin.items();
    expect(item!.publications).toHaveLength(2);
    const deployments = github.deployments();
    expect(deployments.map((d) => d.statuses.at(-1)!.state)).toEqual(['success', 'success']);
    const withUrl = deployments.filter((d) => d.statuses.at(-1)!.environment_url !== '');
    expect(withUrl).toHaveLength(1);
    // The URL the list shows is the one publication's it names; the other account gets success without a URL.
    const shown = item!.publications.find((p) => p.url === withUrl[0]!.statuses.at(-1)!.environment_url);
    expect(shown).toBeDefined();
    expect(withUrl[0]!.environment).toBe(
      shown!.platform === 'YouTube' ? 'youtube/ocean-facts' : 'tiktok/oceanfacts',
    );
    const other = deployments.find((d) => d !== withUrl[0])!;
    expect(other.statuses.at(-1)!.description).toBe('Published; the service shows no URL for this account');
  });

  it('in_progress while the run that sent it stops waiting; the run that sees it finish makes that deployment success', async () => {
    const { emulator, github, run } = await world(['In flight: the vampire squid'], {
      // Long enough that the next run still finds it rendering, after the first has recorded its
      // deployments and ended, and the next bundle has started: seconds each on a busy machine.
      phaseMs: { audio: 8000, video: 8000, upload: 2000 },
    });
    const sent = await run(push(HEAD, 'b'.repeat(40)), {}, { wait: 'false' });
    expect(sent.code).toBe(0);
    expect((JSON.parse(sent.outputs.results!) as Array<{ outcome: string }>)[0]!.outcome).toBe('running');
    const open = github.deployments();
    expect(open.map((d) => [d.environment, d.statuses.map((s) => s.state)]).sort()).toEqual([
      ['tiktok/oceanfacts', ['in_progress']],
      ['youtube/ocean-facts', ['in_progress']],
    ]);
    const finished = await run(push(LATER, HEAD), { GITHUB_RUN_ID: '4243' });
    expect(finished.code).toBe(0);
    const after = github.deployments();
    expect(after.map((d) => d.id)).toEqual(open.map((d) => d.id));
    expect(after.map((d) => d.statuses.map((s) => s.state))).toEqual([
      ['in_progress', 'success'],
      ['in_progress', 'success'],
    ]);
    const urls = publications(emulator).map((p) => p.url);
    expect(after.filter((d) => urls.includes(d.statuses.at(-1)!.environment_url))).not.toHaveLength(0);
    expect(after[0]!.statuses.at(-1)!.log_url).toBe('https://github.com/octo-org/videos/actions/runs/4243');
  });

  it('without the permission: one warning naming deployments: write, and the run still succeeds', async () => {
    const { emulator, github, run } = await world(['Refused: the cuttlefish'], {}, { permission: 'none' });
    const refused = await run(push(HEAD, 'b'.repeat(40)));
    expect(refused.code).toBe(0);
    expect(publications(emulator)).toHaveLength(2);
    expect(github.deployments()).toEqual([]);
    const warnings = refused.annotations.filter(
      (a) => a.level === 'warning' && /deployments: write/.test(a.message),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/403.*2 of 2 publications were not recorded/);
    expect(refused.summary).toMatch(/deployments: write/);
    // Refused once, not asked again for the second account.
    expect(github.requests.filter((r) => /\/deployments/.test(r.path))).toHaveLength(1);
  });
});
