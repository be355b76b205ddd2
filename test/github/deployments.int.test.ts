// A publication as a GitHub deployment, against the fake GitHub's
// deployments (as GitHub's REST description has them): the exact requests,
// found again rather than made twice, and the fake's own rules that those
// requests are written for.
import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.ts';
import {
  environmentFor,
  recordDeployment,
  type PublicationDeployment,
} from '../../src/github/deployments.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';

const HEAD = 'c'.repeat(40);
const LATER = 'd'.repeat(40);
const RUN = 'https://github.com/octo-org/videos/actions/runs/4242';

let fake: GitHubFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function setup() {
  fake = await startGitHubFake({ deployments: { branches: { main: HEAD }, commits: [LATER] } });
  return { fake, api: createGitHubClient({ apiUrl: fake.apiUrl, token: fake.token, waitUnitMs: 1 }) };
}

const target = (sha = HEAD) => ({ owner: 'octo-org', repo: 'videos', sha, logUrl: RUN });

const youtube = (changes: Partial<PublicationDeployment> = {}): PublicationDeployment => ({
  contentId: 'item-1',
  title: 'Why octopuses have three hearts',
  file: 'content/octopus.yml',
  accountId: 'acct-yt',
  platform: 'YouTube',
  account: 'Ocean Facts',
  state: 'success',
  description: 'Published',
  url: 'https://youtube.com/watch?v=abc',
  create: true,
  ...changes,
});

const writes = (fake: GitHubFake) =>
  fake.requests.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('a publication as a deployment', () => {
  it('is created with its environment, the commit, the item in its payload, and a success with the URL', async () => {
    const { fake, api } = await setup();
    expect(await recordDeployment(api, target(), youtube())).toMatchObject({
      action: 'created',
      environment: 'youtube/ocean-facts',
    });
    const [created, status] = fake.requests.filter((request) => request.method === 'POST');
    expect(JSON.parse(created!.body)).toEqual({
      ref: HEAD,
      task: 'publish:item-1',
      environment: 'youtube/ocean-facts',
      description: '"Why octopuses have three hearts" on YouTube "Ocean Facts"',
      payload: {
        content_id: 'item-1',
        account_id: 'acct-yt',
        platform: 'YouTube',
        account: 'Ocean Facts',
        title: 'Why octopuses have three hearts',
        file: 'content/octopus.yml',
      },
      auto_merge: false,
      required_contexts: [],
      transient_environment: false,
      production_environment: true,
    });
    expect(JSON.parse(status!.body)).toEqual({
      state: 'success',
      description: 'Published',
      environment_url: 'https://youtube.com/watch?v=abc',
      log_url: RUN,
      auto_inactive: false,
    });
    const [deployment] = fake.deployments();
    expect(deployment).toMatchObject({
      sha: HEAD,
      environment: 'youtube/ocean-facts',
      production_environment: true,
    });
    expect(deployment!.statuses.map((s) => [s.state, s.environment_url, s.log_url])).toEqual([
      ['success', 'https://youtube.com/watch?v=abc', RUN],
    ]);
  });

  it('is found again by its item and account: the same state posts nothing, a later one updates it at any commit', async () => {
    const { fake, api } = await setup();
    await recordDeployment(
      api,
      target(),
      youtube({ state: 'in_progress', url: null, description: 'Rendering' }),
    );
    const before = writes(fake).length;
    expect(
      await recordDeployment(
        api,
        target(),
        youtube({ state: 'in_progress', url: null, description: 'Rendering' }),
      ),
    ).toMatchObject({ action: 'unchanged' });
    expect(writes(fake)).toHaveLength(before);
    // Another item in the same environment has a deployment of its own.
    await recordDeployment(api, target(), youtube({ contentId: 'item-2' }));
    expect(await recordDeployment(api, target(LATER), youtube())).toMatchObject({ action: 'updated' });
    const deployments = fake.deployments();
    expect(deployments).toHaveLength(2);
    expect(deployments[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'success']);
    // Both stay live: a success in the environment does not make the other inactive.
    expect(deployments.map((d) => d.statuses.at(-1)!.state)).toEqual(['success', 'success']);
    const lookups = fake.requests.filter((r) => r.method === 'GET' && /\/deployments\?/.test(r.path));
    expect(new URL(lookups.at(-1)!.path, fake.apiUrl).searchParams.get('task')).toBe('publish:item-1');
  });

  it('creates nothing for a state that only updates, when no deployment exists', async () => {
    const { fake, api } = await setup();
    expect(await recordDeployment(api, target(), youtube({ state: 'error', create: false }))).toMatchObject({
      action: 'none',
    });
    expect(writes(fake)).toEqual([]);
  });

  it('is made once when GitHub made it but its answer was a 502', async () => {
    const { fake, api } = await setup();
    fake.fault({
      method: 'POST',
      pathStartsWith: '/repos/octo-org/videos/deployments',
      kind: 'bad_gateway_after_write',
    });
    expect(await recordDeployment(api, target(), youtube())).toMatchObject({ action: 'created' });
    expect(fake.deployments()).toHaveLength(1);
    expect(fake.deployments()[0]!.statuses.map((s) => s.state)).toEqual(['success']);
  });

  it('keeps a status description within 140 characters, and gives success no URL where the service shows none', async () => {
    const { fake, api } = await setup();
    const long = `FAILED_VIDEO: ${'the render stopped; '.repeat(12)}`;
    await recordDeployment(api, target(), youtube({ state: 'failure', description: long, url: null }));
    const [status] = fake.deployments()[0]!.statuses;
    expect([...status!.description]).toHaveLength(140);
    expect(status!.description.startsWith('FAILED_VIDEO: the render stopped;')).toBe(true);
    await recordDeployment(api, target(), youtube({ contentId: 'item-2', url: null }));
    expect(fake.deployments()[1]!.statuses[0]).toMatchObject({ state: 'success', environment_url: '' });
  });
});

describe('the environment of a publication', () => {
  it('is the platform and the account name as a slug', () => {
    expect(environmentFor('YouTube', 'Ocean Facts', 'a1')).toBe('youtube/ocean-facts');
    expect(environmentFor('TikTok', 'oceanfacts', 'a2')).toBe('tiktok/oceanfacts');
    expect(environmentFor('Instagram', 'ocean.facts', 'a3')).toBe('instagram/ocean.facts');
    expect(environmentFor('YouTube', '  Océan — Faits! ', 'a4')).toBe('youtube/océan-faits');
    expect(environmentFor('YouTube', '***', 'a5')).toBe('youtube/a5');
  });
});

describe("the fake GitHub's deployments", () => {
  const post = (fake: GitHubFake, path: string, body: unknown) =>
    fetch(`${fake.apiUrl}/repos/octo-org/videos${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('resolves the ref to a commit, refuses one it does not know, and checks commit statuses unless waived', async () => {
    fake = await startGitHubFake({ deployments: { branches: { main: HEAD }, pendingContexts: ['ci'] } });
    expect((await post(fake, '/deployments', { ref: 'nowhere', required_contexts: [] })).status).toBe(422);
    expect((await post(fake, '/deployments', { ref: 'main' })).status).toBe(409);
    const made = await post(fake, '/deployments', { ref: 'main', required_contexts: [] });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({
      sha: HEAD,
      environment: 'production',
      production_environment: true,
    });
    expect((await post(fake, '/deployments', { ref: HEAD, required_contexts: [], task: 7 })).status).toBe(
      422,
    );
  });

  it('marks earlier successes of a non-production environment inactive unless auto_inactive is false', async () => {
    fake = await startGitHubFake({ deployments: { branches: { main: HEAD } } });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await post(fake, '/deployments', {
        ref: 'main',
        environment: 'staging',
        required_contexts: [],
      });
      ids.push(((await made.json()) as { id: number }).id);
    }
    await post(fake, `/deployments/${ids[0]}/statuses`, { state: 'success' });
    await post(fake, `/deployments/${ids[1]}/statuses`, { state: 'success', auto_inactive: false });
    expect(fake.deployments().map((d) => d.statuses.at(-1)?.state)).toEqual([
      'success',
      'success',
      undefined,
    ]);
    await post(fake, `/deployments/${ids[2]}/statuses`, { state: 'success' });
    expect(fake.deployments().map((d) => d.statuses.at(-1)?.state)).toEqual([
      'inactive',
      'inactive',
      'success',
    ]);
    const tooLong = await post(fake, `/deployments/${ids[2]}/statuses`, {
      state: 'success',
      description: 'x'.repeat(141),
    });
    expect(tooLong.status).toBe(422);
    expect((await post(fake, `/deployments/${ids[2]}/statuses`, { state: 'done' })).status).toBe(422);
  });

  it('lists deployments newest first, filtered and paged with a Link header', async () => {
    fake = await startGitHubFake({ deployments: { branches: { main: HEAD } } });
    for (const environment of ['a', 'b', 'a', 'a']) {
      await post(fake, '/deployments', { ref: 'main', environment, required_contexts: [] });
    }
    const page = await fetch(`${fake.apiUrl}/repos/octo-org/videos/deployments?environment=a&per_page=2`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    const listed = (await page.json()) as Array<{ id: number; environment: string }>;
    expect(listed.map((d) => d.environment)).toEqual(['a', 'a']);
    expect(listed[0]!.id).toBeGreaterThan(listed[1]!.id);
    expect(page.headers.get('link')).toMatch(/page=2>; rel="next"/);
  });

  it("refuses every deployments request when the token's permission is none", async () => {
    fake = await startGitHubFake({ deployments: { branches: { main: HEAD }, permission: 'none' } });
    expect((await post(fake, '/deployments', { ref: 'main', required_contexts: [] })).status).toBe(403);
  });
});
