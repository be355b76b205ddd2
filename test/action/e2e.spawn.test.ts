// The bundled action (dist/index.js) run as a child process with a runner's
// environment, against the service emulator and a local fake of GitHub's
// REST API. Every byte the action writes is kept and searched for the key.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import {
  requireDist,
  pullRequestEvent,
  REPOSITORY,
  ROOT,
  runAction,
  type ActionRun,
  type RunnerEvent,
  pushEvent,
} from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const BASE_SHA = 'b'.repeat(40);
const HEAD_SHA = 'c'.repeat(40);

const scheduleEvent: RunnerEvent = {
  name: 'schedule',
  ref: 'refs/heads/main',
  sha: HEAD_SHA,
  payload: { schedule: '0 6 * * *' },
};

/** A checkout holding the example manifests (the same ones the demo runs). */
async function workspace(extra: Record<string, string> = {}): Promise<string> {
  const dir = await tempDir('cac-ws-');
  await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(extra)) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

let emulator: Emulator;
let github: GitHubFake;
/** Every byte every run wrote, and every comment body, for the key search. */
const written: string[] = [];
const keys: string[] = [];

beforeAll(async () => {
  requireDist();
});

/**
 * After every test, whatever it ran: the key appears in nothing the runs
 * wrote (stdout, stderr, summaries, outputs, comments), except the
 * `::add-mask::` line through which the runner learns to hide it.
 */
function expectNoKeyWritten(): void {
  const lines = written.join('\n').split('\n');
  for (const key of new Set(keys)) {
    expect(lines.filter((line) => line === `::add-mask::${key}`).length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(key) && line !== `::add-mask::${key}`)).toEqual([]);
    expect(
      lines.filter((line) => line.includes(key.slice(9, 25)) && !line.startsWith('::add-mask::')),
    ).toEqual([]);
  }
}

afterEach(async () => {
  for (const issue of [7]) for (const comment of github?.comments(issue) ?? []) written.push(comment.body);
  await emulator?.close();
  await github?.close();
  try {
    expectNoKeyWritten();
  } finally {
    written.length = 0;
    keys.length = 0;
  }
});

async function services(githubOptions: Parameters<typeof startGitHubFake>[0] = {}) {
  emulator = await startEmulator({ phaseMs: { audio: 20, video: 20, upload: 20 }, rateLimit: null });
  github = await startGitHubFake(githubOptions);
}

async function run(dir: string, event: RunnerEvent, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const result = await runAction({
    workspace: dir,
    event,
    apiUrl: github.apiUrl,
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'github-token': github.token,
      ...inputs,
    },
  });
  written.push(result.stdout, result.stderr, result.summary, result.outputFile);
  if (!('api-key' in inputs)) keys.push(emulator.apiKey);
  return result;
}

const writesTo = (e: Emulator) => e.admin.requestLog.filter((entry) => entry.method !== 'GET');

describe('dist/index.js on a runner', () => {
  it('PR: plans without writing, and keeps one comment across two runs', async () => {
    await services();
    const dir = await workspace();
    const first = await run(dir, pullRequestEvent());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('plan (auto: pull_request plans)');
    expect(first.stdout).toContain('PR comment created');
    // The log says what was planned in one line; the tables are in the summary and the comment.
    expect(first.stdout).toMatch(/^Plan: 5 items, 5 to create, 0 to edit, /m);
    expect(first.stdout).not.toMatch(/^Results: /m);
    const plan = JSON.parse(first.outputs.plan!) as {
      items: Array<{ file: string; steps: Array<{ kind: string }> }>;
    };
    expect(plan.items.map((item) => item.file)).toEqual([
      'content/deepest-point.yml',
      'content/glowing-reefs.yml',
      'content/mantis-shrimp.yml',
      'content/octopus-hearts.yml',
      'content/whales-sleep.yml',
    ]);
    expect(plan.items.every((item) => item.steps[0]?.kind === 'create')).toBe(true);
    expect(first.outputs.changed).toBe('false');
    expect(first.outputs.results).toBe('[]');
    expect(first.summary).toContain('**Plan** for 5 manifests');
    expect(first.summary).toContain(
      `https://github.com/${REPOSITORY}/blob/${HEAD_SHA}/content/octopus-hearts.yml#L3`,
    );

    // A new push to the PR that leaves the plan as it was: the comment is not edited.
    const pushed = pullRequestEvent();
    const pr = (pushed.payload.pull_request as { head: { sha: string } }).head;
    pr.sha = 'd'.repeat(40);
    github.setPull(7, { sha: pr.sha });
    const second = await run(dir, pushed);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('PR comment unchanged');
    expect(github.comments(7)).toHaveLength(1);
    const comment = github.comments(7)[0]!.body;
    expect(comment).toContain('| Manifest | Item | Status | Plan | Notes |');
    expect(comment).toContain('Pull request runs never render or publish');
    // whales-sleep.yml is the example with a hand-written textover: its script is shown to review.
    expect(comment).toContain('<details><summary>How whales sleep without drowning: new script</summary>');
    expect(github.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(writesTo(emulator)).toEqual([]);
  });

  it('push to the default branch applies and publishes; a scheduled run then publishes what was held', async () => {
    await services();
    const dir = await workspace();
    const push = await run(dir, pushEvent(), { publish: 'false' });
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect(push.stdout).toContain('apply (auto: push to the default branch main applies)');
    expect(push.stdout).toMatch(/::group::/);
    expect(push.stdout).toMatch(/^Plan: 5 items, 5 to create, /m);
    expect(push.stdout).toMatch(/^Results: 5 items, 5 created, 0 edited, /m);
    expect(push.outputs.changed).toBe('true');
    expect(JSON.parse(push.outputs['published-urls']!)).toEqual([]);
    expect(push.summary).toContain('**Applied** 5 manifests');
    expect(push.summary).toContain('publishing is turned off for this run');
    expect(push.summary).toMatch(/credits 1000 → \d+/);

    const release = await run(dir, scheduleEvent);
    expect(release.stderr).toBe('');
    expect(release.code).toBe(0);
    expect(release.stdout).toContain('apply (auto: schedule applies)');
    const urls = JSON.parse(release.outputs['published-urls']!) as Array<{
      title: string;
      platform: string;
      url: string;
    }>;
    expect([...new Set(urls.map((u) => u.title))].sort()).toEqual([
      'How whales sleep without drowning',
      'Why octopuses have three hearts',
    ]);
    expect(urls.every((u) => /^https:\/\/www\.(youtube|tiktok)\.com\//.test(u.url))).toBe(true);
    expect(release.summary).toContain('publishes at 2030-06-01 15:00 UTC');
    for (const { url } of urls) expect(release.summary).toContain(url);
    // The results output fits, and the results file holds the same, whole.
    expect(JSON.parse(await readFile(release.outputs['results-file']!, 'utf8'))).toEqual(
      JSON.parse(release.outputs.results!),
    );
    // Each item ends its part of the log with its outcome and the running count.
    expect(release.stdout).toMatch(
      /^✔ \[\d\/\d\] Why octopuses have three hearts \(content\/[^)]+\): published$/m,
    );

    const again = await run(dir, scheduleEvent);
    expect(again.code).toBe(0);
    expect(again.outputs.changed).toBe('false');
    expect(JSON.parse(again.outputs['published-urls']!)).toEqual([]);
  });

  it('fork PR without the secret: validation annotations and a plain message, no writes', async () => {
    await services({ readOnly: true });
    const dir = await workspace({
      'content/broken.yml': 'title: Broken\nstage: live\nvideo:\n  sorce: stock\n',
    });
    const result = await run(dir, pullRequestEvent({ fork: true }), { 'api-key': '' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('No api-key was given to this run');
    expect(
      result.annotations.filter((a) => a.level === 'error' && a.properties.file === 'content/broken.yml')
        .length,
    ).toBe(2);
    expect(result.stdout).toMatch(
      /::warning::The PR comment could not be written \(the token of a PR from a fork is read-only\)/,
    );
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
    expect(result.stderr).toBe('');
    expect(emulator.admin.requestLog).toEqual([]);
  });

  it('preview-scripts on a same-repository PR creates drafts to show their scripts, and never renders', async () => {
    await services();
    const dir = await workspace();
    const result = await run(dir, pullRequestEvent(), { 'preview-scripts': 'true' });
    expect(result.code).toBe(0);
    const writes = writesTo(emulator).map((entry) => `${entry.method} ${entry.path.replace(/\?.*$/, '')}`);
    expect(writes.filter((w) => w.startsWith('POST /v1/contents')).length).toBe(5);
    expect(writes.filter((w) => /gen|upload/.test(w))).toEqual([]);
    // The scripts the service wrote for the new drafts are there to review.
    const comment = github.comments(7)[0]!.body;
    expect(comment).toContain('<details><summary>Why octopuses have three hearts: new script</summary>');
    expect(comment).toContain('<details><summary>The mantis shrimp punch: new script</summary>');
  });

  it("preview-renders renders and never publishes; only a private repository's comment links the video", async () => {
    await services();
    const dir = await workspace();
    const signed = /\/media\/[^\s)"]*\?[^\s)"]*signature=/;
    // Every manifest is new in the pull request.
    const added = ['deepest-point', 'glowing-reefs', 'mantis-shrimp', 'octopus-hearts', 'whales-sleep'];
    github.setPullFiles(
      7,
      added.map((name) => ({ filename: `content/${name}.yml`, status: 'added' as const })),
    );
    const pub = await run(dir, pullRequestEvent(), { 'preview-renders': '1' });
    expect(pub.code).toBe(0);
    const writes = writesTo(emulator).map((entry) => `${entry.method} ${entry.path.replace(/\?.*$/, '')}`);
    expect(writes.filter((w) => w.includes('/gen/'))).toHaveLength(1);
    expect(writes.filter((w) => w.includes('/upload/'))).toEqual([]);
    expect(emulator.admin.items().filter((item) => item.status.startsWith('UPLOAD'))).toEqual([]);
    const publicComment = github.comments(7)[0]!.body;
    expect(publicComment).toContain('#### Preview renders');
    expect(publicComment).toContain("watch it in the service's web app, item `");
    for (const text of [publicComment, pub.stdout, pub.stderr, pub.summary, pub.outputFile])
      expect(text).not.toMatch(signed);
    const event = pullRequestEvent();
    const privateRun = await run(
      dir,
      {
        ...event,
        payload: { ...event.payload, repository: { ...(event.payload.repository as object), private: true } },
      },
      { 'preview-renders': '1' },
    );
    expect(privateRun.code).toBe(0);
    const privateComment = github.comments(7)[0]!.body;
    expect(privateComment).toMatch(signed);
    expect(privateComment).toContain('re-running this job refreshes it');
    for (const text of [privateRun.stdout, privateRun.stderr, privateRun.summary, privateRun.outputFile])
      expect(text).not.toMatch(signed);
  });

  it('pull_request_target never writes, even with preview-scripts and mode: apply', async () => {
    await services();
    const dir = await workspace();
    const result = await run(dir, pullRequestEvent({ target: true }), {
      mode: 'apply',
      'preview-scripts': 'true',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'untrusted (pull_request_target acts for a pull request that may come from a fork): no writes',
    );
    expect(writesTo(emulator)).toEqual([]);
  });

  it('bad manifests: an annotation at file, line and column for each, nothing sent, the run fails', async () => {
    await services();
    const dir = await workspace({
      'content/bad.yml': 'title: Bad one\npublish:\n  accounts:\n    - Ocean Facts\n',
      'content/worse.yml':
        'title: Worse one\nstage: published\npublish:\n  accounts: [{ platform: YouTube, name: Ocean Facts }]\n  notifySubscribers: true\n',
    });
    const result = await run(dir, pushEvent());
    expect(result.code).toBe(1);
    const bad = result.annotations.filter((a) => a.properties.file?.match(/^content\/(bad|worse)\.yml$/));
    expect(bad.map((a) => a.properties.file).sort()).toEqual(['content/bad.yml', 'content/worse.yml']);
    expect(bad.find((a) => a.properties.file === 'content/bad.yml')!.properties).toMatchObject({
      line: '4',
      col: '7',
    });
    for (const annotation of bad) {
      expect(annotation.level).toBe('error');
      expect(Number(annotation.properties.line)).toBeGreaterThan(0);
      expect(Number(annotation.properties.col)).toBeGreaterThan(0);
    }
    expect(result.stdout).toMatch(/::error::content-as-code: \d+ manifest errors?/);
    expect(result.summary).toContain('content/bad.yml:4:');
    expect(writesTo(emulator)).toEqual([]);
  });

  it('a hostile title is escaped in the comment and the summary', async () => {
    await services();
    const hostile = 'Hi @octocat </details><img src=x onerror=alert(1)> ``` #1';
    const dir = await workspace({
      'content/hostile.yml': `title: ${JSON.stringify(hostile)}\ntextover: |\n  A script with \`\`\`\` backticks\n  </details> and @octocat\n`,
    });
    const result = await run(dir, pullRequestEvent());
    expect(result.code).toBe(0);
    const comment = github.comments(7)[0]!.body;
    for (const text of [comment, result.summary]) {
      expect(text).not.toContain('@octocat </details>');
      expect(text).not.toContain('<img');
      expect(text).toContain('@&#8203;octocat &lt;/details&gt;&lt;img');
      expect(text.match(/<details>/g)?.length).toBe(text.match(/<\/details>/g)!.length - 1); // one inside the fenced script
      expect(text).toContain('`````text\nA script with ```` backticks\n</details> and @octocat\n`````');
    }
  });

  it('a 300-manifest PR keeps every row in a comment under 65,536 characters', async () => {
    await services();
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) {
      const n = String(i).padStart(3, '0');
      files[`content/catalogue/item-${n}.yml`] =
        `title: Catalogue video number ${n} about the sea and what lives in it\n` +
        `full_text: |\n  ${'The sea is deep and full of life. '.repeat(20)}\ntextover: |\n  ${'Line of the script. '.repeat(40)}\n`;
    }
    const dir = await workspace(files);
    const result = await run(dir, pullRequestEvent());
    expect(result.code).toBe(0);
    const comment = github.comments(7)[0]!.body;
    expect(comment.length).toBeLessThanOrEqual(65_536);
    for (let i = 0; i < 300; i++)
      expect(comment).toContain(`content/catalogue/item-${String(i).padStart(3, '0')}.yml`);
    expect(comment).toContain('**Trimmed:**');
    expect(comment).toContain(`[job summary](https://github.com/${REPOSITORY}/actions/runs/4242)`);
    // The plan output lists all 305 items by their steps and fingerprints; no script is in it.
    const plan = result.outputs.plan!;
    expect(plan).not.toContain('The sea is deep');
    expect(plan).not.toContain('Line of the script');
    expect((JSON.parse(plan) as { items: unknown[] }).items).toHaveLength(305);
    expect(result.outputFile.length).toBeLessThan(1024 * 1024);
  });

  it('shards split the manifests between jobs with no overlap', async () => {
    await services();
    const dir = await workspace();
    const files = async (shard: string) => {
      const result = await run(dir, pullRequestEvent(), { shard, comment: 'false' });
      expect(result.code).toBe(0);
      return (JSON.parse(result.outputs.plan!) as { items: Array<{ file: string }> }).items.map(
        (item) => item.file,
      );
    };
    const one = await files('1/2');
    const two = await files('2/2');
    expect(one.filter((file) => two.includes(file))).toEqual([]);
    expect([...one, ...two].sort()).toHaveLength(5);
  });

  it("PR renames are found through the PR's file listing when the base commit cannot be fetched", async () => {
    await services();
    const dir = await workspace();
    expect((await run(dir, pushEvent(), { publish: 'false', wait: 'false' })).code).toBe(0);
    const file = 'content/deepest-point.yml';
    const before = await readFile(join(dir, file), 'utf8');
    github.setFile(BASE_SHA, file, before);
    github.setPullFiles(7, [{ filename: file, status: 'modified' }]);
    await writeFile(
      join(dir, file),
      before.replace('title: The deepest point of the ocean', 'title: The deepest place on Earth'),
    );
    const result = await run(dir, pullRequestEvent());
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.outputs.plan!) as {
      items: Array<{ file: string; match: string; renamedFrom: string | null }>;
    };
    expect(plan.items.find((item) => item.file === file)).toMatchObject({
      match: 'renamed',
      renamedFrom: 'The deepest point of the ocean',
    });
    // The workspace is no git clone: one listing (the pull request's head read before and after
    // it), shared by the plan's scope and the earlier versions, and the one modified manifest
    // read at the base. The file's path keeps its slashes, as GitHub's description has it;
    // GitHub has answered an encoded one (content%2Fdeepest-point.yml) 404.
    const reads = github.requests
      .filter((r) => r.path.includes('/pulls/') || r.path.includes('/contents/'))
      .map((r) => r.path);
    expect(reads).toEqual([
      `/repos/${REPOSITORY}/pulls/7`,
      `/repos/${REPOSITORY}/pulls/7/files?per_page=100`,
      `/repos/${REPOSITORY}/pulls/7`,
      `/repos/${REPOSITORY}/contents/${file}?ref=${BASE_SHA}`,
    ]);
    expect(github.comments(7)[0]!.body).toContain(
      'The deepest place on Earth (renamed from “The deepest point of the ocean”)',
    );
  });

  it('a changed audience of a published video is drift in the plan, the comment and the summary', async () => {
    await services();
    const dir = await workspace();
    expect((await run(dir, pushEvent())).code).toBe(0);
    const file = 'content/octopus-hearts.yml';
    const before = await readFile(join(dir, file), 'utf8');
    github.setFile(BASE_SHA, file, before);
    // The clone has no base commit to fetch: the PR's file listing says the manifest was modified.
    github.setPullFiles(7, [{ filename: file, status: 'modified' }]);
    await writeFile(
      join(dir, file),
      before
        .replace('    - { platform: TikTok, name: oceanfacts }\n', '')
        .replace('privacy: public', 'privacy: unlisted'),
    );
    const pr = await run(dir, pullRequestEvent());
    expect(pr.code).toBe(0);
    const plan = JSON.parse(pr.outputs.plan!) as {
      items: Array<{ file: string; drift: Array<{ field: string }>; steps: unknown[] }>;
    };
    const item = plan.items.find((entry) => entry.file === file)!;
    expect(item.drift.map((drift) => drift.field)).toEqual(['accounts', 'publish']);
    expect(item.steps).toEqual([]);
    const comment = github.comments(7)[0]!.body;
    for (const text of [comment, pr.summary]) {
      expect(text).toContain('drift: accounts differ from the published video');
      expect(text).toContain(
        'drift: publish settings differ from the published video (privacy public → privacy unlisted',
      );
    }
    const push = await run(dir, pushEvent());
    expect(push.code).toBe(0);
    expect(push.summary).toContain('drift: accounts differ from the published video');
    const octopus = emulator.admin
      .items()
      .filter((entry) => entry.title === 'Why octopuses have three hearts');
    expect(octopus).toHaveLength(1);
    expect(octopus[0]!.uploadDispatches).toBe(1);
  });

  it('a retitled manifest on a shallow clone without its base: held as a rename, no second item', async () => {
    await services();
    const dir = await workspace();
    expect((await run(dir, pushEvent())).code).toBe(0);
    const file = 'content/octopus-hearts.yml';
    const [published] = emulator.admin
      .items()
      .filter((entry) => entry.title === 'Why octopuses have three hearts');
    const before = await readFile(join(dir, file), 'utf8');
    await writeFile(
      join(dir, file),
      before.replace('title: Why octopuses have three hearts', 'title: Three hearts'),
    );
    const push = await run(dir, pushEvent());
    expect(push.code).toBe(0);
    expect(push.summary).toContain(`looks like a rename of item ${published!.id}`);
    expect(emulator.admin.items().filter((entry) => entry.title === 'Three hearts')).toEqual([]);
    expect(emulator.admin.items().find((entry) => entry.id === published!.id)?.uploadDispatches).toBe(1);
  });

  it('a bad input fails with a message naming it', async () => {
    await services();
    const dir = await workspace();
    const result = await run(dir, pushEvent(), { mode: 'deploy' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::Input `mode`: expected one of validate, plan, apply, auto, doctor, import, adopt (got "deploy").',
    );
  });
});
