// What was reviewed is what ships: the bundled action (dist/index.js) run as
// a runner runs it, against the service emulator and the local fake of
// GitHub. A pull request's run writes the reviewed plan into its comment; the
// apply of the merge reads it back through GET /commits/{sha}/pulls and holds
// what the review did not show.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { blockScope, readReviewedBlock, ReviewSeal } from '../../src/github/reviewed-block.ts';
import { markerFor } from '../../src/github/sticky-comment.ts';
import { fileKey } from '../../src/engine/review-key.ts';
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
const LATER_HEAD = 'd'.repeat(40);
const MERGE_SHA = '1'.repeat(40);
const SECOND_HEAD = '8'.repeat(40);
const SECOND_MERGE = '2'.repeat(40);

const OCTOPUS = 'Why octopuses have three hearts';
const NEW_SCRIPT = 'Octopuses have three hearts.\nThis line was written in the web app after the review.';

/** The pull request `number` at head `head`, from its own branch. */
const reviewEvent = (number: number, head: string): RunnerEvent =>
  pullRequestEvent({ number, head, headRef: `videos-${number}` });

const pushTo = (sha: string) => pushEvent({ sha, before: BASE_SHA });

const merged = (number: number, head: string) => ({
  number,
  merged_at: '2026-11-24T00:00:00Z',
  head: { sha: head },
});

async function workspace(): Promise<string> {
  const dir = await tempDir('cac-reviewed-');
  await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
  return dir;
}

let emulator: Emulator;
let github: GitHubFake;

beforeAll(() => requireDist());

afterEach(async () => {
  await emulator?.close();
  await github?.close();
});

async function services(): Promise<void> {
  emulator = await startEmulator({ phaseMs: { audio: 20, video: 20, upload: 20 }, rateLimit: null });
  github = await startGitHubFake();
  // GitHub knows pull request #8 at the head its event names.
  github.setPull(8, { sha: SECOND_HEAD });
}

async function run(dir: string, event: RunnerEvent, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
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
}

/** The reviewed plan in pull request `pr`'s comment, when its block verifies as the action sealed it. */
function planIn(body: string, pr = 7) {
  const sealed = {
    seal: new ReviewSeal(emulator.apiKey),
    scope: blockScope('octo-org', 'videos', pr, markerFor(null)),
  };
  const read = readReviewedBlock(body, sealed);
  return read.kind === 'plan' ? read.plan : null;
}

/** The hidden block's line of a comment (after the marker and the digest). */
const blockLineOf = (body: string) => body.split('\n')[2]!;

const item = (title: string) => emulator.admin.items().find((entry) => entry.title === title)!;
const generations = () =>
  emulator.admin.requestLog.filter(
    (entry) => entry.method === 'POST' && /\/gen\/|\/contents\/upload\//.test(entry.path),
  );

interface PlanOutput {
  items: Array<{ file: string; title: string; holds: Array<Record<string, unknown>> }>;
}
const holdsOf = (result: ActionRun, title: string) =>
  (JSON.parse(result.outputs.plan!) as PlanOutput).items.find((entry) => entry.title === title)!.holds;

/** The service's script of an item rewritten as the web app would: PUT /v1/contents/{id}. */
async function rewriteScript(id: string, textover: string): Promise<void> {
  const response = await fetch(`${emulator.baseUrl}/v1/contents/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ textover }),
  });
  expect(response.status).toBe(200);
}

describe('the merge applies the plan the pull request showed', () => {
  it('a script rewritten on the service after review is held, naming the PR; a new PR shows it and its merge releases it', async () => {
    await services();
    const dir = await workspace();
    const review = await run(dir, reviewEvent(7, HEAD_SHA), { 'preview-scripts': 'true' });
    expect(review.code).toBe(0);
    const block = planIn(github.comments(7)[0]!.body);
    expect(block?.head).toBe(HEAD_SHA);
    expect(Object.keys(block!.items).sort()).toHaveLength(5);

    await rewriteScript(item(OCTOPUS).id, NEW_SCRIPT);
    github.setCommitPulls(MERGE_SHA, [merged(7, HEAD_SHA)]);
    emulator.admin.clearRequestLog();
    const merge = await run(dir, pushTo(MERGE_SHA));
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(0);
    expect(merge.stdout).toContain('This push came from pull request #7');
    // The others render (and whales publishes); the octopus is not rendered, let alone published.
    expect(item(OCTOPUS).status).toBe('NEW');
    expect(item('How whales sleep without drowning').status).toBe('UPLOADED');
    expect(item('The mantis shrimp punch').status).toBe('VIDEO_PROCESSED');
    expect(item('Why some corals glow').status).toBe('VIDEO_PROCESSED');
    expect(generations().length).toBe(4); // three renders and one upload
    expect(holdsOf(merge, OCTOPUS)).toContainEqual({
      kind: 'changed_since_review',
      pr: 7,
      url: `https://github.com/${REPOSITORY}/pull/7`,
      changes: ['script'],
      reviewedHead: null,
      mergedHead: null,
    });
    expect(merge.summary).toContain(
      'changed since review in pull request #&#8203;7: a script other than the one shown; not rendered or published.',
    );
    expect(merge.summary).toContain('1 item was held: what this apply would render or publish');
    expect(merge.summary).toContain(
      `**Changed since review:** [#&#8203;7](https://github.com/${REPOSITORY}/pull/7) (1 item).`,
    );
    const results = JSON.parse(merge.outputs.results!) as Array<{ title: string; outcome: string }>;
    expect(results.find((entry) => entry.title === OCTOPUS)?.outcome).toBe('held');
    expect(
      merge.annotations.some((a) => a.level === 'warning' && a.message.includes('1 item was held')),
    ).toBe(true);

    // A new pull request shows the script the service has now; its merge releases the item.
    const second = await run(dir, reviewEvent(8, SECOND_HEAD), { 'preview-scripts': 'true' });
    expect(second.code, second.stdout).toBe(0);
    const comment = github.comments(8)[0]!.body;
    expect(comment).toContain(`<details><summary>${OCTOPUS}: script</summary>`);
    expect(comment).toContain('This line was written in the web app after the review.');
    github.setCommitPulls(SECOND_MERGE, [merged(8, SECOND_HEAD)]);
    const release = await run(dir, pushTo(SECOND_MERGE));
    expect(release.code).toBe(0);
    expect(holdsOf(release, OCTOPUS)).toEqual([]);
    expect(item(OCTOPUS).status).toBe('UPLOADED');
    const urls = JSON.parse(release.outputs['published-urls']!) as Array<{ title: string }>;
    expect(urls.map((url) => url.title)).toContain(OCTOPUS);
  });

  it("another app's bot comment, posted first with a plan for an unreviewed script, is never read", async () => {
    await services();
    const dir = await workspace();
    expect((await run(dir, reviewEvent(7, HEAD_SHA), { 'preview-scripts': 'true' })).code).toBe(0);
    await rewriteScript(item(OCTOPUS).id, NEW_SCRIPT);
    // The plan a pull request showing the new script gets, posted on #7 by another app, before the action's comment.
    expect((await run(dir, reviewEvent(8, SECOND_HEAD), { 'preview-scripts': 'true' })).code).toBe(0);
    github.addComment(7, github.comments(8)[0]!.body, { login: 'other-app[bot]', type: 'Bot' }, true);
    github.setCommitPulls(MERGE_SHA, [merged(7, HEAD_SHA)]);
    const merge = await run(dir, pushTo(MERGE_SHA), { 'require-review': 'hold' });
    expect(merge.code).toBe(0);
    expect(item(OCTOPUS).status).toBe('NEW');
    expect(holdsOf(merge, OCTOPUS)).toContainEqual(
      expect.objectContaining({ kind: 'changed_since_review', pr: 7, changes: ['script'] }),
    );
    expect(item('How whales sleep without drowning').status).toBe('UPLOADED');
  });

  it('a block edited in the comment holds what it covers, names why, and the next PR run writes it again', async () => {
    await services();
    const dir = await workspace();
    expect((await run(dir, reviewEvent(7, HEAD_SHA), { 'preview-scripts': 'true' })).code).toBe(0);
    await rewriteScript(item(OCTOPUS).id, NEW_SCRIPT);
    expect((await run(dir, reviewEvent(8, SECOND_HEAD), { 'preview-scripts': 'true' })).code).toBe(0);
    // Anyone who can edit the comment swaps in the block of a plan that shows the new script.
    const ours = github.comments(7)[0]!;
    ours.body = ours.body.replace(blockLineOf(ours.body), blockLineOf(github.comments(8)[0]!.body));
    expect(planIn(ours.body)).toBeNull();

    github.setCommitPulls(MERGE_SHA, [merged(7, HEAD_SHA)]);
    const merge = await run(dir, pushTo(MERGE_SHA)); // require-review: warn, the default
    expect(merge.code).toBe(0);
    expect(item(OCTOPUS).status).toBe('NEW');
    expect(holdsOf(merge, OCTOPUS)).toContainEqual({
      kind: 'not_reviewed',
      why: 'unverified',
      pr: 7,
      url: `https://github.com/${REPOSITORY}/pull/7`,
    });
    expect(merge.summary).toContain(
      'not reviewed: the reviewed plan in the comment of pull request #&#8203;7 does not verify (edited after the action wrote it, copied from another pull request, or sealed with another review-key or api-key); held whatever require-review says, not rendered or published.',
    );

    // The next run of the pull request puts its own, verified, block back.
    const again = await run(dir, reviewEvent(7, HEAD_SHA), { 'preview-scripts': 'true' });
    expect(again.stdout).toContain('PR comment updated');
    expect(planIn(github.comments(7)[0]!.body)?.head).toBe(HEAD_SHA);
    expect((await run(dir, reviewEvent(7, HEAD_SHA), { 'preview-scripts': 'true' })).stdout).toContain(
      'PR comment unchanged',
    );
  });

  it("a GitHub App's token: its login is trusted when comment-author names it, and warned about when not", async () => {
    emulator = await startEmulator({ phaseMs: { audio: 20, video: 20, upload: 20 }, rateLimit: null });
    github = await startGitHubFake({ identity: { login: 'content-app[bot]', type: 'Bot' } });
    const dir = await workspace();
    const unnamed = await run(dir, reviewEvent(7, HEAD_SHA));
    expect(unnamed.stdout).toContain(
      '::warning::The PR comment was written by content-app[bot], but the action trusts only comments by github-actions[bot]',
    );
    const named = { 'comment-author': 'content-app[bot]' };
    expect((await run(dir, reviewEvent(9, HEAD_SHA), named)).stdout).toContain('PR comment created');
    expect((await run(dir, reviewEvent(9, HEAD_SHA), named)).stdout).toContain('PR comment unchanged');
    github.setCommitPulls(MERGE_SHA, [merged(9, HEAD_SHA)]);
    const merge = await run(dir, pushTo(MERGE_SHA), { ...named, 'require-review': 'hold' });
    expect(merge.stdout).toContain('This push came from pull request #9');
    expect(merge.summary).not.toContain('not reviewed');
    expect(item(OCTOPUS).status).toBe('UPLOADED');
  });

  it('review-key seals the plan instead of the API key: masked, and only the same key verifies it', async () => {
    await services();
    const dir = await workspace();
    const sealing = { 'review-key': 'review-seal-secret-0123456789' };
    const review = await run(dir, reviewEvent(7, HEAD_SHA), { ...sealing, 'preview-scripts': 'true' });
    expect(review.code).toBe(0);
    expect(review.stdout).toContain('::add-mask::review-seal-secret-0123456789');
    const everywhere = [review.stdout, review.summary, review.outputFile, github.comments(7)[0]!.body].join(
      '\n',
    );
    expect(
      everywhere
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n'),
    ).not.toContain('review-seal-secret');
    expect(planIn(github.comments(7)[0]!.body)).toBeNull(); // not sealed with the API key
    github.setCommitPulls(MERGE_SHA, [merged(7, HEAD_SHA)]);
    const other = await run(dir, pushTo(MERGE_SHA), { 'require-review': 'hold', wait: 'false' });
    expect(holdsOf(other, OCTOPUS)).toContainEqual(expect.objectContaining({ why: 'unverified', pr: 7 }));
    expect(generations()).toEqual([]);
    const same = await run(dir, pushTo(MERGE_SHA), { ...sealing, 'require-review': 'hold' });
    expect(holdsOf(same, OCTOPUS)).toEqual([]);
    expect(item(OCTOPUS).status).toBe('UPLOADED');
  });

  it('a direct push with require-review: hold renders and publishes nothing, and says why', async () => {
    await services();
    const dir = await workspace();
    const push = await run(dir, pushTo(MERGE_SHA), { 'require-review': 'hold' });
    expect(push.code).toBe(0);
    expect(
      github.requests.some((r) => r.path.startsWith(`/repos/${REPOSITORY}/commits/${MERGE_SHA}/pulls`)),
    ).toBe(true);
    expect(generations()).toEqual([]);
    // Drafts are still created: they spend nothing and publish nothing.
    expect(emulator.admin.items()).toHaveLength(5);
    expect(emulator.admin.items().every((entry) => entry.status === 'NEW')).toBe(true);
    expect(push.summary).toContain('4 items were held');
    expect(push.summary).toContain(
      'not reviewed: the push came from no pull request, and require-review is hold; not rendered or published.',
    );
    expect(JSON.parse(push.outputs['published-urls']!)).toEqual([]);
    expect(holdsOf(push, OCTOPUS)).toContainEqual({
      kind: 'not_reviewed',
      why: 'direct_push',
      pr: null,
      url: null,
    });
  });

  it('a direct push with the default require-review: warn applies, with a warning', async () => {
    await services();
    const dir = await workspace();
    const push = await run(dir, pushTo(MERGE_SHA));
    expect(push.code).toBe(0);
    expect(item(OCTOPUS).status).toBe('UPLOADED');
    expect(push.summary).toContain(
      '4 items are rendered or published without a reviewed plan (the push came from no pull request)',
    );
    expect(push.annotations.filter((a) => a.level === 'warning').map((a) => a.message)).toContainEqual(
      expect.stringContaining('require-review: warn lets them through'),
    );
  });

  it('a reviewed plan computed for an older head: the items whose manifests changed after it are held', async () => {
    await services();
    const dir = await workspace();
    expect((await run(dir, reviewEvent(7, HEAD_SHA))).code).toBe(0);
    // Pushed to the pull request after its last plan was computed (that run never came): one edit, one new file.
    const mantis = join(dir, 'content/mantis-shrimp.yml');
    await writeFile(
      mantis,
      'title: The mantis shrimp punch\nfull_text: |\n  A script nobody reviewed.\nstage: rendered\n',
    );
    await writeFile(
      join(dir, 'content/late.yml'),
      'title: Added late\nfull_text: |\n  Unreviewed.\nstage: rendered\n',
    );
    github.setCommitPulls(MERGE_SHA, [merged(7, LATER_HEAD)]);
    const merge = await run(dir, pushTo(MERGE_SHA));
    expect(merge.code).toBe(0);
    const held = {
      kind: 'changed_since_review',
      pr: 7,
      url: `https://github.com/${REPOSITORY}/pull/7`,
      changes: ['manifest'],
      reviewedHead: HEAD_SHA,
      mergedHead: LATER_HEAD,
    };
    expect(holdsOf(merge, 'The mantis shrimp punch')).toContainEqual({ ...held, changes: ['manifest'] });
    expect(holdsOf(merge, 'Added late')).toContainEqual(held);
    expect(item('The mantis shrimp punch').status).toBe('NEW');
    expect(item('Added late').status).toBe('NEW');
    // The manifests that did not change since the review proceed.
    expect(item(OCTOPUS).status).toBe('UPLOADED');
    expect(holdsOf(merge, OCTOPUS)).toEqual([]);
    expect(merge.summary).toContain(
      '(the reviewed plan was computed for ccccccc, the pull request merged ddddddd)',
    );
  });

  it('GitHub failing: hold renders and publishes nothing; warn applies with a warning; neither crashes', async () => {
    await services();
    const dir = await workspace();
    const outage = () =>
      github.fault(
        ...Array.from({ length: 4 }, () => ({
          pathStartsWith: `/repos/${REPOSITORY}/commits/`,
          kind: 'bad_gateway' as const,
        })),
      );
    outage();
    const held = await run(dir, pushTo(MERGE_SHA), { 'require-review': 'hold' });
    expect(held.code).toBe(0);
    expect(held.stderr).toBe('');
    expect(generations()).toEqual([]);
    expect(held.summary).toContain(
      'The plan reviewed in the pull request could not be read: GitHub answered 502',
    );
    expect(held.summary).toContain('not reviewed: the reviewed plan could not be read from GitHub');

    outage();
    const warned = await run(dir, pushTo(MERGE_SHA));
    expect(warned.code).toBe(0);
    expect(warned.summary).toContain('require-review: warn, so the apply goes on without the comparison.');
    expect(item(OCTOPUS).status).toBe('UPLOADED');
  });

  it('require-review: off never asks GitHub', async () => {
    await services();
    const dir = await workspace();
    const push = await run(dir, pushTo(MERGE_SHA), { 'require-review': 'off' });
    expect(push.code).toBe(0);
    expect(github.requests.filter((r) => r.path.includes('/commits/'))).toEqual([]);
    expect(item(OCTOPUS).status).toBe('UPLOADED');
  });

  it('the reviewed plan survives the comment size limit and cannot be broken out of by a file name', async () => {
    await services();
    const dir = await workspace();
    const hostile = 'content/0 --><b>bold --!> &amp; <!-- y.yml';
    await writeFile(join(dir, hostile), 'title: Hostile path\nfull_text: |\n  Short.\nstage: rendered\n');
    await mkdir(join(dir, 'content/catalogue'), { recursive: true });
    for (let i = 0; i < 300; i++) {
      const n = String(i).padStart(3, '0');
      await writeFile(
        join(dir, `content/catalogue/item-${n}.yml`),
        `title: Catalogue video number ${n} about the sea\nfull_text: |\n  ${'The sea is deep. '.repeat(20)}\n` +
          `textover: |\n  ${'Line of the script. '.repeat(40)}\nstage: rendered\n`,
      );
    }
    const review = await run(dir, reviewEvent(7, HEAD_SHA));
    expect(review.code).toBe(0);
    const body = github.comments(7)[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('**Trimmed:**'); // the report was cut to fit…
    const lines = body.split('\n');
    expect(lines[2]).toMatch(/^<!-- content-as-code:reviewed-plan v2 \{[^\n]*\} mac=[0-9a-f]{64} -->$/);
    // …and the block is whole: one HTML comment holding no text of the repository.
    expect(lines[2]!.indexOf('-->')).toBe(lines[2]!.length - 3);
    expect(lines[2]).not.toMatch(/<b>|--!>|<!-- y|&amp;|content\//);
    const block = planIn(body)!;
    expect(block.head).toBe(HEAD_SHA);
    expect(block.items[fileKey(hostile)]).toBeDefined();
    // The report lost script previews and row details; the plan block lost nothing.
    expect(Object.keys(block.items)).toHaveLength(306);
    expect(block.omitted).toBe(0);
  });
});
