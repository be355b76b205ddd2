import { afterEach, describe, expect, it } from 'vitest';
import { eventFromPayload } from '../../src/action/event.ts';
import { readInputs } from '../../src/action/inputs.ts';
import { decideRun } from '../../src/action/mode.ts';
import { outputsFor } from '../../src/action/outputs.ts';
import { runSettingsFromInputs } from '../../src/action/settings.ts';
import { previewMediaFor } from '../../src/action/preview-media.ts';
import type { RunReport, RunSettings } from '../../src/engine/types.ts';
import type { PreviousVersions } from '../../src/git/earlier-versions.ts';
import { reviewedItemsOf, type ReviewGate } from '../../src/engine/review.ts';
import { stepText } from '../../src/report/words.ts';
import { COMMENT_LIMIT, renderReport } from '../../src/report/markdown.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { manifest, PUBLISHED, startHarness, type Harness } from '../support/engine-harness.ts';

// A pull request's preview renders: a few of the items it changes are
// rendered, never published, within the count and the credit ceiling, and
// held by release control as every render is.

const PREVIEW: Partial<RunSettings> = {
  mode: 'plan',
  permissions: { write: true, render: false, publish: false, publishDisabledBy: 'event', draftsOnly: true },
};

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const itemOf = (title: string) => h.emulator.admin.items().find((item) => item.title === title);
const generations = () => h.requests().filter((request) => request === 'POST /v1/gen/process-content-async');
const uploads = () => h.requests().filter((request) => request.startsWith('POST /v1/contents/upload/'));
const previewsOf = (report: RunReport) =>
  Object.fromEntries((report.previews ?? []).map((preview) => [preview.title, preview.why ?? preview.state]));

const FRIDAY = new Date('2026-11-27T22:00:00Z');
const SATURDAY = new Date('2026-11-28T11:00:00Z');
const MONDAY = new Date('2026-11-30T08:00:00Z');

async function threeNew(): Promise<void> {
  await h.write('a.yml', manifest('Preview A', PUBLISHED));
  await h.write('b.yml', manifest('Preview B', `flow: stepwise\n${PUBLISHED}`));
  await h.write('c.yml', manifest('Preview C', PUBLISHED));
}

describe('preview renders', () => {
  it('renders up to preview-renders items, never publishing, and says why the rest were not', async () => {
    h = await startHarness();
    await threeNew();
    const report = await h.run({ ...PREVIEW, previewRenders: { limit: 2, credits: null } });
    expect(report.fatal).toBeNull();
    const statuses = ['Preview A', 'Preview B', 'Preview C'].map((title) => itemOf(title)?.status);
    expect(statuses.filter((status) => status === 'VIDEO_PROCESSED')).toHaveLength(2);
    expect(statuses.filter((status) => status === 'NEW')).toHaveLength(1);
    expect(generations()).toHaveLength(2);
    expect(uploads()).toHaveLength(0);
    expect(h.emulator.admin.items().filter((item) => item.status.startsWith('UPLOAD'))).toEqual([]);
    const previews = Object.values(previewsOf(report)).sort();
    expect(previews).toEqual(['limit', 'rendered', 'rendered']);
  });

  it("counts the renders of the pull request's earlier runs toward preview-renders", async () => {
    h = await startHarness();
    await threeNew();
    await h.run({ ...PREVIEW, previewRenders: { limit: 2, credits: null } });
    const again = await h.run({ ...PREVIEW, previewRenders: { limit: 2, credits: null } });
    expect(generations()).toHaveLength(2);
    expect(Object.values(previewsOf(again)).sort()).toEqual(['earlier', 'earlier', 'limit']);
    const more = await h.run({ ...PREVIEW, previewRenders: { limit: 3, credits: null } });
    expect(generations()).toHaveLength(3);
    expect(Object.values(previewsOf(more)).sort()).toEqual(['earlier', 'earlier', 'rendered']);
  });

  it('renders previews in a pull request run with mode: apply too, and still publishes nothing', async () => {
    h = await startHarness();
    await threeNew();
    const report = await h.run({
      mode: 'apply',
      permissions: {
        write: true,
        render: false,
        publish: false,
        publishDisabledBy: 'event',
        draftsOnly: true,
      },
      previewRenders: { limit: 3, credits: null },
    });
    expect(report.fatal).toBeNull();
    expect(generations()).toHaveLength(3);
    expect(uploads()).toHaveLength(0);
    expect(h.emulator.admin.items().map((item) => item.status)).toEqual([
      'VIDEO_PROCESSED',
      'VIDEO_PROCESSED',
      'VIDEO_PROCESSED',
    ]);
  });

  it('does not render an existing draft when the preview cannot write what its render is made from', async () => {
    h = await startHarness();
    const atBase = manifest('Preview A', `fine_tuning: { pace: slow }\n${PUBLISHED}`);
    await h.client.createContent({
      title: 'Preview A',
      description: null,
      full_text: 'About Preview A.',
      textover: null,
      hashtags: null,
      fine_tuning: { pace: 'slow' },
      persona_id: null,
    });
    // The pull request adds a fine_tuning key main's manifest does not set: the preview leaves it out.
    await h.write('a.yml', manifest('Preview A', `fine_tuning: { pace: slow, voice: deep }\n${PUBLISHED}`));
    const previous: PreviousVersions = {
      read: async (file) => (file === 'content/a.yml' ? atBase : null),
      readable: async () => true,
    };
    const report = await h.run({ ...PREVIEW, previewRenders: { limit: 3, credits: null }, previous });
    expect(generations()).toHaveLength(0);
    expect(previewsOf(report)).toEqual({ 'Preview A': 'withheld' });
  });

  it('does not render an item whose publication only the one-shot request carries: the merge would render it again', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Preview A', `flow: stepwise\n${PUBLISHED}  privacy: unlisted\n`));
    const report = await h.run({ ...PREVIEW, previewRenders: { limit: 3, credits: null } });
    expect(report.fatal).toBeNull();
    expect(generations()).toHaveLength(0);
    expect(previewsOf(report)).toEqual({ 'Preview A': 'one_request' });
  });

  it('stops at the preview-credits ceiling, read from the balance before each render', async () => {
    h = await startHarness();
    await threeNew();
    // A render costs 4 credits here (voiceover 1, video 3): a ceiling of 6 lets one through, not a second.
    const report = await h.run({ ...PREVIEW, previewRenders: { limit: 3, credits: 6 } });
    expect(report.fatal).toBeNull();
    expect(generations()).toHaveLength(1);
    expect(Object.values(previewsOf(report)).sort()).toEqual(['credits', 'credits', 'rendered']);
    const held = report.result!.items.flatMap((item) => item.holds ?? []);
    expect(held).toContainEqual({ kind: 'preview_credits', spent: 4, ceiling: 6 });
  });

  it('renders nothing at a ceiling of 0, and nothing when the balance cannot be read', async () => {
    h = await startHarness();
    await threeNew();
    const report = await h.run({ ...PREVIEW, previewRenders: { limit: 3, credits: 0 } });
    expect(generations()).toHaveLength(0);
    expect(Object.values(previewsOf(report))).toEqual(['credits', 'credits', 'credits']);
  });

  it('is held by a freeze that holds renders, and by the pause input, like every render', async () => {
    h = await startHarness();
    await h.write(
      '_release.yml',
      'freeze:\n  - every: [saturday, sunday]\n    time_zone: UTC\n    reason: Weekend\n    holds: [render]\n',
    );
    await threeNew();
    const saturday = await h.run({
      ...PREVIEW,
      previewRenders: { limit: 3, credits: null },
      now: () => SATURDAY,
    });
    expect(generations()).toHaveLength(0);
    expect(Object.values(previewsOf(saturday))).toEqual(['freeze', 'freeze', 'freeze']);
    // The drafts themselves are written: the freeze holds renders, not edits.
    expect(itemOf('Preview A')?.status).toBe('NEW');
    const paused = await h.run({
      ...PREVIEW,
      previewRenders: { limit: 3, credits: null },
      pause: { reason: 'incident' },
      now: () => MONDAY,
    });
    expect(generations()).toHaveLength(0);
    expect(Object.values(previewsOf(paused))).toEqual(['pause', 'pause', 'pause']);
  });

  it("is held by the base's freeze even when the pull request lifts it in its own release file", async () => {
    h = await startHarness();
    const frozen =
      'freeze:\n  - every: [saturday, sunday]\n    time_zone: UTC\n    reason: Weekend\n    holds: [render]\n';
    await h.write('_release.yml', 'freeze: []\n');
    await h.write('a.yml', manifest('Preview A', PUBLISHED));
    const previous: PreviousVersions = {
      read: async (file) => (file === 'content/_release.yml' ? frozen : null),
      readable: async () => true,
    };
    const report = await h.run({
      ...PREVIEW,
      previewRenders: { limit: 3, credits: null },
      previous,
      now: () => SATURDAY,
    });
    expect(generations()).toHaveLength(0);
    expect(previewsOf(report)).toEqual({ 'Preview A': 'freeze' });
    expect(itemOf('Preview A')?.status).toBe('NEW');
  });

  it("never renders a fork's pull request, whatever its inputs say: it writes nothing at all", async () => {
    h = await startHarness();
    await threeNew();
    const payload = {
      pull_request: {
        number: 7,
        head: { sha: 'h'.repeat(40), repo: { full_name: 'someone/videos' } },
        base: { sha: 'b'.repeat(40), repo: { full_name: 'octo-org/videos' } },
      },
      repository: {
        name: 'videos',
        full_name: 'octo-org/videos',
        owner: { login: 'octo-org' },
        private: true,
      },
    };
    const event = eventFromPayload({ GITHUB_EVENT_NAME: 'pull_request' }, payload);
    const given: Record<string, string> = {
      'api-key': h.emulator.apiKey,
      'base-url': h.emulator.baseUrl,
      'preview-renders': '3',
      'preview-scripts': 'true',
      mode: 'apply',
    };
    const inputs = readInputs((name) => given[name] ?? '');
    const decision = decideRun({ ...inputs, mode: 'apply' }, event);
    if ('refused' in decision) throw new Error(decision.refused);
    const settings = runSettingsFromInputs(inputs, decision, h.dir);
    expect(settings.previewRenders).toBeUndefined();
    const report = await h.run({ mode: settings.mode, permissions: settings.permissions });
    expect(report.fatal).toBeNull();
    expect(h.requests().filter((request) => !request.startsWith('GET '))).toEqual([]);
    expect(report.previews).toBeUndefined();
  });

  it('is held at the moment it would be sent when a freeze begins after the plan', async () => {
    h = await startHarness();
    await h.write(
      '_release.yml',
      'freeze:\n  - every: [saturday, sunday]\n    time_zone: UTC\n    reason: Weekend\n    holds: [render]\n',
    );
    await h.write('a.yml', manifest('Preview A', PUBLISHED));
    // Planned on Friday; by the time the draft is created, it is Saturday.
    const harness = h;
    const created = () => harness.emulator.admin.items().length > 0;
    const report = await h.run({
      ...PREVIEW,
      previewRenders: { limit: 3, credits: null },
      now: () => (created() ? SATURDAY : FRIDAY),
    });
    expect(generations()).toHaveLength(0);
    expect(previewsOf(report)).toEqual({ 'Preview A': 'freeze' });
  });

  it('names each preview without its signed link in a public repository, and links it only in a private one', async () => {
    h = await startHarness();
    await threeNew();
    const report = await h.run({ ...PREVIEW, previewRenders: { limit: 2, credits: null } });
    const ids = (report.previews ?? []).flatMap((preview) =>
      preview.state === 'rendered' ? [preview.id!] : [],
    );
    expect(ids).toHaveLength(2);
    const signed = await Promise.all(ids.map(async (id) => (await h.client.mediaLinks!(id)).video!));
    const context = { event: 'pull_request', pullRequest: true };
    const comment = (media: ReturnType<typeof previewMediaFor>) =>
      (media?.fill ?? String)(
        renderReport(report, media ? { ...context, previewMedia: media.token } : context, {
          target: 'comment',
          limit: COMMENT_LIMIT,
          unit: 'chars',
        }),
      );
    const inputs = { previewLinksPublic: false, apiKey: h.emulator.apiKey };
    const publicComment = comment(previewMediaFor(report, { privateRepo: false }, inputs));
    const everywhere = [
      publicComment,
      summaryMarkdown(report, context, { hiddenErrors: 0, hiddenWarnings: 0 }),
      JSON.stringify(outputsFor(report)),
      JSON.stringify(report),
      h.logger.lines.join('\n'),
    ];
    for (const text of everywhere) {
      expect(text).not.toMatch(/\/media\/[^\s)]*\?/);
      for (const id of ids) expect(text).not.toContain(signed[ids.indexOf(id)]!.split('?')[1]);
    }
    expect(publicComment).toContain("watch it in the service's web app, item `");
    expect(publicComment).toContain('No link is shown here');
    const privateComment = comment(previewMediaFor(report, { privateRepo: true }, inputs));
    // The signature is made at each read (a second later it differs): the link is the item's video, signed.
    for (const url of signed) expect(privateComment).toContain(`(${url.split('?')[0]!}?`);
    expect(privateComment).toMatch(/\(http[^)]*\/video\.mp4\?[^)]*signature=/);
    expect(privateComment).toMatch(
      /The link expires at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; re-running this job refreshes it/,
    );
    expect(
      previewMediaFor(report, { privateRepo: false }, { ...inputs, previewLinksPublic: true }),
    ).not.toBeNull();
  });
});

describe('the reviewed render ships', () => {
  /** The review gate of the merge, from a pull request run's plan and the preview renders it showed. */
  function gateFrom(pr: RunReport): ReviewGate {
    const watched = new Map(
      (pr.previews ?? []).flatMap((preview) =>
        preview.reviewed === null ? [] : [[preview.file, preview.reviewed]],
      ),
    );
    const plan = {
      v: 2 as const,
      head: 'h2',
      omitted: 0,
      items: Object.fromEntries(reviewedItemsOf(pr.plan!, watched)),
    };
    return {
      require: 'warn',
      evidence: { kind: 'pulls', sources: [{ pr: 7, url: null, head: 'h2', plan, unverified: false }] },
    };
  }

  const dispatches = (title: string) => itemOf(title)?.generationDispatches ?? 0;

  it('publishes an unchanged preview without rendering it again, and renders again one changed since its preview', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Preview A', PUBLISHED));
    await h.write('b.yml', manifest('Preview B', `flow: stepwise\n${PUBLISHED}`));
    await h.run({ ...PREVIEW, previewRenders: { limit: 2, credits: null } });
    expect([dispatches('Preview A'), dispatches('Preview B')]).toEqual([1, 1]);
    // A later push to the pull request changes A's script: A was rendered, so the preview leaves it, and says so.
    await h.write('a.yml', `title: Preview A\nfull_text: A new script for A.\n${PUBLISHED}`);
    const second = await h.run({ ...PREVIEW, previewRenders: { limit: 2, credits: null } });
    expect(previewsOf(second)).toEqual({ 'Preview A': 'stale', 'Preview B': 'earlier' });
    expect(dispatches('Preview A')).toBe(1);
    const merge = await h.run({ review: gateFrom(second) });
    expect(merge.fatal).toBeNull();
    expect(itemOf('Preview A')?.status).toBe('UPLOADED');
    expect(itemOf('Preview B')?.status).toBe('UPLOADED');
    // B: the render reviewers watched is the one published, with an upload.
    expect(dispatches('Preview B')).toBe(1);
    expect(itemOf('Preview B')?.uploadDispatches).toBe(1);
    // A: rendered again, once, and the plan says why.
    expect(dispatches('Preview A')).toBe(2);
    const planned = merge.plan!.items.find((item) => item.title === 'Preview A')!;
    const render = planned.steps.find((step) => step.kind === 'render');
    expect(render).toMatchObject({ reason: 'changed_since_preview' });
    expect(stepText(render!, { account: (a) => a.name, value: (v) => v })).toContain(
      'the manifest changed since the render its pull request previewed',
    );
  });

  it('never publishes a parked preview whose manifest changed after the review: held until a review shows it', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Preview A', `flow: stepwise\n${PUBLISHED}`));
    const pr = await h.run({ ...PREVIEW, previewRenders: { limit: 1, credits: null } });
    await h.write(
      'a.yml',
      manifest('Preview A', `flow: stepwise\nvideo: { orientation: horizontal }\n${PUBLISHED}`),
    );
    const merge = await h.run({ review: gateFrom(pr) });
    expect(merge.plan!.items[0]!.holds.map((hold) => hold.kind)).toContain('changed_since_review');
    expect(itemOf('Preview A')).toMatchObject({
      status: 'VIDEO_PROCESSED',
      uploadDispatches: 0,
      generationDispatches: 1,
    });
  });
});
