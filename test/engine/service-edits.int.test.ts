import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdopt } from '../../src/import/adopt.ts';
import type { PreviousVersions } from '../../src/git/earlier-versions.ts';
import { previewWriteKey, previewWritesOf } from '../../src/engine/preview-records.ts';
import type { RunReport, RunSettings } from '../../src/engine/types.ts';
import { renderReport } from '../../src/report/markdown.ts';
import { renderPlanText } from '../../src/report/text.ts';
import { manifest, startHarness, type Harness } from '../support/engine-harness.ts';
import { until } from '../support/until.ts';

// Edits made in the service's web app are seen, kept and said, never
// silently reverted; a pull request's own preview writes are not such edits.
// Git is stood in for by a history of commits in memory (the runs read it
// through the same PreviousVersions interface the git reader implements).

const FILE = 'content/sunfish.yml';
const TITLE = 'Service edit: the sunfish';
const FIXED = 'Fixed by hand in the web app.';

/** Whole-tree snapshots, oldest first; a run reads one as its base and the last as HEAD's history. */
class History {
  readonly commits: Record<string, string>[] = [{}];

  commit(files: Record<string, string | null>): number {
    const next = { ...this.commits.at(-1)! };
    for (const [file, text] of Object.entries(files)) {
      if (text === null) delete next[file];
      else next[file] = text;
    }
    this.commits.push(next);
    return this.commits.length - 1;
  }

  /** What a run sees: the base commit (null: none, as on a schedule) and HEAD's history of each file. */
  at(base: number | null): PreviousVersions {
    return {
      read: async (file) => (base === null ? null : (this.commits[base]![file] ?? null)),
      readable: async () => base !== null,
      earlier: async (file) => {
        const texts: string[] = [];
        for (let index = this.commits.length - 1; index >= 0; index--) {
          const text = this.commits[index]![file];
          if (text !== undefined && text !== texts.at(-1)) texts.push(text);
        }
        return texts;
      },
    };
  }
}

let h: Harness;
let repo: History;
afterEach(async () => {
  await h?.close();
});

/** No preview wrote anything: the records were read and are empty. */
const NO_PREVIEWS = previewWritesOf([]);

const itemOf = (title = TITLE) => h.emulator.admin.items().find((item) => item.title === title);
const putsTo = (id: string, from: number) =>
  h
    .requests()
    .slice(from)
    .filter((request) => request === `PUT /v1/contents/${id}`).length;

function summary(report: RunReport, event = 'push'): string {
  return renderReport(report, { event }, { target: 'summary', limit: 1_000_000, unit: 'bytes' });
}

function comment(report: RunReport): string {
  return renderReport(
    report,
    { event: 'pull_request', pullRequest: true },
    { target: 'comment', limit: 65_000, unit: 'chars' },
  );
}

/** The first apply: the manifest committed, pushed and applied; then the web app's edit. */
async function appliedThenEdited(text: string, edit: Record<string, unknown>): Promise<string> {
  repo = new History();
  await h.write('sunfish.yml', text);
  const created = repo.commit({ [FILE]: text });
  const first = await h.run({ previous: repo.at(created - 1), previewWrites: NO_PREVIEWS });
  expect(first.fatal).toBeNull();
  const id = itemOf()!.id;
  const detail = await h.client.getContent(id);
  await h.client.editContent(id, { ...editable(detail), ...edit });
  return id;
}

function editable(detail: Awaited<ReturnType<Harness['client']['getContent']>>): Record<string, unknown> {
  const { title, description, full_text, textover, hashtags, fine_tuning } = detail;
  return { title, description, full_text, textover, hashtags, fine_tuning };
}

const PLAN_ONLY: Partial<RunSettings> = {
  mode: 'plan',
  permissions: { write: false, render: false, publish: false, publishDisabledBy: 'event' },
};

describe('an edit made in the service', () => {
  it('is kept across a scheduled apply, a push and a pull request, and named in each', async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From the repository.\n');
    const id = await appliedThenEdited(text, { description: FIXED });
    const mark = h.requests().length;

    const scheduled = await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS });
    await h.write('other.yml', manifest('Service edit: another draft'));
    const pushed = repo.commit({ 'content/other.yml': manifest('Service edit: another draft') });
    const push = await h.run({ previous: repo.at(pushed - 1), previewWrites: NO_PREVIEWS });
    const pr = await h.run({ ...PLAN_ONLY, previous: repo.at(pushed), previewWrites: NO_PREVIEWS });

    expect(putsTo(id, mark)).toBe(0);
    expect(itemOf()?.description).toBe(FIXED);
    for (const report of [scheduled, push, pr]) {
      const item = report.plan?.items.find((entry) => entry.file === FILE);
      expect(item?.serviceEdits).toEqual([
        expect.objectContaining({
          field: 'description',
          service: FIXED,
          manifest: 'From the repository.',
          outcome: 'kept',
        }),
      ]);
      expect(item?.serviceEdits?.[0]?.since).toEqual(expect.any(String));
    }
    const said = (markdown: string) =>
      markdown
        .split('\n')
        .some((line) => line.includes('description') && line.includes('edited in the service'));
    expect(said(summary(scheduled, 'schedule'))).toBe(true);
    expect(said(summary(push))).toBe(true);
    expect(said(comment(pr))).toBe(true);
    expect(summary(push)).toContain('content-as-code adopt');
    expect(renderPlanText(scheduled.plan!)).toContain('description edited in the service');
  });

  it('is put back once by self-heal, and said', async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From the repository.\n');
    const id = await appliedThenEdited(text, { description: FIXED });
    const mark = h.requests().length;

    const healing = await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS, selfHeal: true });
    expect(itemOf()?.description).toBe('From the repository.');
    expect(putsTo(id, mark)).toBe(1);
    const item = healing.plan?.items.find((entry) => entry.file === FILE);
    expect(item?.serviceEdits).toEqual([
      expect.objectContaining({ field: 'description', outcome: 'healed' }),
    ]);
    expect(summary(healing, 'schedule')).toContain('put back to the manifest');

    const after = h.requests().length;
    const again = await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS, selfHeal: true });
    expect(putsTo(id, after)).toBe(0);
    expect(again.plan?.items[0]?.serviceEdits).toBeUndefined();
  });

  it("is put back by a manifest's self_heal: true", async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From the repository.\nself_heal: true\n');
    await appliedThenEdited(text, { description: FIXED });
    await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS });
    expect(itemOf()?.description).toBe('From the repository.');
  });

  it('to a field in ignore_service_edits is never compared nor written, self-heal or not', async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: Set at create.\nignore_service_edits: [description]\n');
    const id = await appliedThenEdited(text, { description: FIXED });
    const mark = h.requests().length;
    const report = await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS, selfHeal: true });
    expect(putsTo(id, mark)).toBe(0);
    expect(itemOf()?.description).toBe(FIXED);
    expect(report.plan?.items[0]).toMatchObject({ steps: [], holds: [] });
    expect(report.plan?.items[0]?.serviceEdits).toBeUndefined();
  });

  it('to a field the manifest does not set is left alone, as ever', async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From the repository.\n');
    const id = await appliedThenEdited(text, { hashtags: '#byhand' });
    const mark = h.requests().length;
    const report = await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS, selfHeal: true });
    expect(putsTo(id, mark)).toBe(0);
    expect(itemOf()?.hashtags).toBe('#byhand');
    expect(report.plan?.items[0]?.serviceEdits).toBeUndefined();
  });

  it('and a change in the repository since the last apply are a conflict: written neither way, shown side by side', async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From the repository.\n');
    const id = await appliedThenEdited(text, { description: FIXED });
    const changed = manifest(TITLE, 'description: Rewritten in the repository.\n');
    await h.write('sunfish.yml', changed);
    const head = repo.commit({ [FILE]: changed });
    const mark = h.requests().length;

    const report = await h.run({ previous: repo.at(head - 1), previewWrites: NO_PREVIEWS });
    expect(putsTo(id, mark)).toBe(0);
    expect(itemOf()?.description).toBe(FIXED);
    const item = report.plan?.items[0];
    expect(item?.serviceEdits).toEqual([
      expect.objectContaining({
        outcome: 'conflict',
        service: FIXED,
        manifest: 'Rewritten in the repository.',
        asked: 'From the repository.',
      }),
    ]);
    expect(item?.holds).toEqual([{ kind: 'service_edit', conflict: ['description'], unknown: [] }]);
    const row = summary(report)
      .split('\n')
      .find((line) => line.includes(FIXED) && line.includes('conflict'));
    expect(row).toContain('Rewritten in the repository.');
    expect(row).toContain('From the repository.');
  });

  it('is kept when a manifest new since the base claims an item changed since its creation', async () => {
    h = await startHarness({ behaviours: { settlesAfterCreateMs: 1 } });
    const created = await h.client.createContent({
      title: TITLE,
      description: 'Made in the web app.',
      full_text: `About ${TITLE}.`,
      textover: null,
      hashtags: null,
      fine_tuning: null,
      persona_id: null,
    });
    const claimed = await h.client.createContent({
      title: 'Service edit: never changed since created',
      description: 'As it was created.',
      full_text: 'About Service edit: never changed since created.',
      textover: null,
      hashtags: null,
      fine_tuning: null,
      persona_id: null,
    });
    // Edited in the web app a fifth of a second after its creation, later than the service settles a new item;
    // the other was stamped by the service itself a millisecond after its creation.
    const detail = await h.client.getContent(created.id);
    await until(
      () => Date.now() - Date.parse(detail.creation_date!) > 200,
      'a fifth of a second after the creation',
    );
    await h.client.editContent(created.id, { ...editable(detail), description: 'Fixed in the web app.' });
    repo = new History();
    const text = manifest(TITLE, 'description: From the repository.\n');
    const other = manifest(
      'Service edit: never changed since created',
      'description: From the repository.\n',
    );
    await h.write('sunfish.yml', text);
    await h.write('other.yml', other);
    const head = repo.commit({ [FILE]: text, 'content/other.yml': other });
    const mark = h.requests().length;
    const report = await h.run({ previous: repo.at(head - 1), previewWrites: NO_PREVIEWS });
    expect(putsTo(created.id, mark)).toBe(0);
    expect(itemOf()?.description).toBe('Fixed in the web app.');
    const sunfish = report.plan?.items.find((item) => item.file === FILE);
    expect(sunfish?.serviceEdits).toEqual([expect.objectContaining({ outcome: 'kept' })]);
    // Nobody changed the other since it was created: the new manifest's first ask is written.
    expect(putsTo(claimed.id, mark)).toBe(1);
    expect(itemOf('Service edit: never changed since created')?.description).toBe('From the repository.');
  });

  it('is held, and said why, on a draft when no record of the previews can be read', async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From the repository.\n');
    const id = await appliedThenEdited(text, { description: FIXED });
    const mark = h.requests().length;
    const report = await h.run({ previous: repo.at(null) });
    expect(putsTo(id, mark)).toBe(0);
    expect(report.plan?.items[0]?.serviceEdits).toEqual([
      expect.objectContaining({ outcome: 'unknown', why: 'preview_unrecorded' }),
    ]);
    expect(summary(report, 'schedule')).toContain('no record of the previews could be read');
  });
});

describe('adopt', () => {
  it('writes the edits into the manifest, comments kept, and the plan shows no difference after it', async () => {
    h = await startHarness();
    const text =
      '# The sunfish, kept as code.\n' +
      manifest(TITLE, 'description: From the repository. # said at create\nhashtags: [ocean, fish]\n');
    const id = await appliedThenEdited(text, { description: FIXED, hashtags: '#ocean #sunfish' });
    const mark = h.requests().length;

    const result = await runAdopt(h.options({ previous: repo.at(null), previewWrites: NO_PREVIEWS }));
    expect(result.refused).toBeNull();
    expect(result.adopted).toEqual([{ file: FILE, fields: ['description', 'hashtags'] }]);
    expect(
      h
        .requests()
        .slice(mark)
        .filter((request) => !request.startsWith('GET ')),
    ).toEqual([]);
    const written = await readFile(join(h.dir, FILE), 'utf8');
    expect(written).toContain('# The sunfish, kept as code.');
    expect(written).toContain(`description: ${FIXED} # said at create`);
    expect(written).toMatch(/^hashtags: \[ ?"#ocean", "#sunfish" ?\]$/m);

    const after = await h.run({ previous: repo.at(null), previewWrites: NO_PREVIEWS });
    expect(putsTo(id, mark)).toBe(0);
    expect(after.plan?.items[0]).toMatchObject({ steps: [], holds: [] });
    expect(after.plan?.items[0]?.serviceEdits).toBeUndefined();
  });
});

describe("a pull request's own preview", () => {
  it("is put back by main's apply once the pull request is closed, not kept as an edit", async () => {
    h = await startHarness();
    const text = manifest(TITLE, 'description: From main.\n');
    repo = new History();
    await h.write('sunfish.yml', text);
    const main = repo.commit({ [FILE]: text });
    await h.run({ previous: repo.at(main - 1), previewWrites: NO_PREVIEWS });
    const id = itemOf()!.id;

    // The pull request's run previews its draft: it writes the branch's description.
    await h.write('sunfish.yml', manifest(TITLE, 'description: From the branch.\n'));
    const preview = await h.run({
      mode: 'plan',
      permissions: {
        write: true,
        render: false,
        publish: false,
        publishDisabledBy: 'event',
        draftsOnly: true,
      },
      previous: repo.at(main),
    });
    expect(itemOf()?.description).toBe('From the branch.');
    const records = preview.previewed ?? [];
    expect(records).toEqual([previewWriteKey(id, 'description', 'From the branch.')]);

    // Closed unmerged: main's next scheduled apply puts main's value back.
    await h.write('sunfish.yml', text);
    const mark = h.requests().length;
    const report = await h.run({ previous: repo.at(null), previewWrites: previewWritesOf(records) });
    expect(putsTo(id, mark)).toBe(1);
    expect(itemOf()?.description).toBe('From main.');
    expect(report.plan?.items[0]?.serviceEdits).toBeUndefined();
  });
});
