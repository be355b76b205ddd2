import { afterEach, describe, expect, it } from 'vitest';
import type { PreviousVersions } from '../../src/git/earlier-versions.ts';
import type { RunSettings } from '../../src/engine/types.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { renderReport } from '../../src/report/markdown.ts';
import { manifest, PUBLISHED, startHarness, type Harness } from '../support/engine-harness.ts';

// A pull request's script preview writes to the service before any merge,
// and the pull request may be closed unmerged: whatever it writes must be
// something main's next apply puts back, and main's plan shows whatever the
// service holds beyond main's manifests on an item it renders or publishes.

const SCAM = 'Claim your prize at https://scam.example/win';

const PREVIEW: Partial<RunSettings> = {
  mode: 'plan',
  permissions: { write: true, render: false, publish: false, publishDisabledBy: 'event', draftsOnly: true },
};

/** The pull request's base, as earlier versions: `content/<name>` → text. */
function base(files: Record<string, string>): PreviousVersions {
  return {
    read: async (file) => files[file] ?? null,
    readable: async () => true,
  };
}

let h: Harness;
afterEach(async () => {
  await h?.close();
});

async function draftOf(title: string): Promise<void> {
  await h.client.createContent({
    title,
    description: null,
    full_text: `About ${title}.`,
    textover: null,
    hashtags: null,
    fine_tuning: { pace: 'slow' },
    persona_id: null,
  });
}

const itemOf = (title: string) => h.emulator.admin.items().find((item) => item.title === title);

describe('script previews write only what main owns', () => {
  it("never writes a field or a fine_tuning key the base's manifest does not set", async () => {
    h = await startHarness();
    const atBase = manifest('Launch video', 'fine_tuning: { pace: slow }\n');
    await h.write('launch.yml', atBase);
    await draftOf('Launch video');
    const persona = h.emulator.admin.addPersona(h.emulator.admin.defaultUserId, { name: 'Narrator' });
    await h.write(
      'launch.yml',
      'title: Launch video\nfull_text: Whales sing at night.\n' +
        `description: "${SCAM}"\nhashtags: [win]\npersona: ${persona}\n` +
        'fine_tuning: { pace: fast, extra: injected }\n',
    );
    const report = await h.run({ ...PREVIEW, previous: base({ 'content/launch.yml': atBase }) });
    expect(report.fatal).toBeNull();
    const item = itemOf('Launch video');
    // full_text and fine_tuning.pace are main's: previewed, and main puts them back.
    expect(item).toMatchObject({ full_text: 'Whales sing at night.', fine_tuning: { pace: 'fast' } });
    expect(item?.fine_tuning).not.toHaveProperty('extra');
    expect(item).toMatchObject({ description: null, hashtags: null, persona_id: null });
    const comment = renderReport(
      report,
      { event: 'pull_request', pullRequest: true },
      { target: 'comment', limit: 65_000, unit: 'chars' },
    );
    expect(comment).toContain('not previewed: description, hashtags, fine\\_tuning.extra:');
    expect(comment).toContain('manifest does not set them, so a preview would leave them in the service');
  });

  it("edits no existing item when the base's manifests cannot be read, and says what to change", async () => {
    h = await startHarness();
    await draftOf('Launch video');
    const before = itemOf('Launch video');
    await h.write('launch.yml', manifest('Launch video', `description: "${SCAM}"\n`));
    await h.write('fresh.yml', manifest('A new video', 'description: Its own draft\n'));
    const unreadable: PreviousVersions = { read: async () => null, readable: async () => false };
    for (const previous of [undefined, unreadable]) {
      const report = await h.run({ ...PREVIEW, ...(previous ? { previous } : {}) });
      expect(report.fatal).toBeNull();
      expect(itemOf('Launch video')).toMatchObject({ description: null, updated_at: before?.updated_at });
      expect(report.notes.join('\n')).toContain('fetch-depth: 0');
    }
    // A new title is the pull request's own draft.
    expect(itemOf('A new video')).toMatchObject({ description: 'Its own draft' });
  });

  it("edits nothing of an item main's manifest at that path does not claim", async () => {
    h = await startHarness();
    await draftOf('Launch video');
    await h.write('launch.yml', manifest('Launch video', `description: "${SCAM}"\n`));
    const elsewhere = base({ 'content/launch.yml': manifest('Another video', 'description: x\n') });
    const report = await h.run({ ...PREVIEW, previous: elsewhere });
    expect(itemOf('Launch video')?.description).toBeNull();
    expect(report.notes.join('\n')).not.toContain('fetch-depth');
  });
});

describe("main's plan shows what the service holds beyond its manifests", () => {
  it('names a field and a fine_tuning key main does not set on an item it publishes, escaped', async () => {
    h = await startHarness();
    await h.client.createContent({
      title: 'Launch video',
      description: `${SCAM} @org/team <b>now</b>`,
      full_text: 'About Launch video.',
      textover: null,
      hashtags: null,
      fine_tuning: { pace: 'slow', voice: 'loud' },
      persona_id: null,
    });
    await h.write('launch.yml', manifest('Launch video', `fine_tuning: { pace: slow }\n${PUBLISHED}`));
    const planned = await h.run({ mode: 'plan' });
    const item = planned.plan?.items[0];
    expect(item?.steps.map((step) => step.kind)).toContain('render');
    expect(item?.kept).toEqual([
      { field: 'description', value: `${SCAM} @org/team <b>now</b>` },
      { field: 'fine_tuning.voice', value: 'loud' },
    ]);
    const summary = summaryMarkdown(planned, { event: 'schedule' }, { hiddenErrors: 0, hiddenWarnings: 0 });
    expect(summary).toContain('kept from the service');
    expect(summary).toContain('scam.example');
    expect(summary).not.toContain('<b>');
    expect(summary).not.toContain(' @org/team');
    const applied = await h.run();
    expect(applied.plan?.items[0]?.kept?.map((kept) => kept.field)).toEqual([
      'description',
      'fine_tuning.voice',
    ]);
    const results = summaryMarkdown(applied, { event: 'schedule' }, { hiddenErrors: 0, hiddenWarnings: 0 });
    expect(results).toContain('kept from the service');
  });

  it('shows nothing on an item it only edits, nor fields the manifest sets', async () => {
    h = await startHarness();
    await h.client.createContent({
      title: 'Quiet draft',
      description: 'From the web app',
      full_text: 'About Quiet draft.',
      textover: null,
      hashtags: null,
      fine_tuning: null,
      persona_id: null,
    });
    await h.write('quiet.yml', manifest('Quiet draft'));
    await h.write('loud.yml', manifest('Loud video', `description: Own\n${PUBLISHED}`));
    const planned = await h.run({ mode: 'plan' });
    expect(planned.plan?.items.map((item) => item.kept)).toEqual([undefined, undefined]);
  });
});

describe('a closed pull request and the next apply from main', () => {
  for (const withBase of [false, true]) {
    it(`never publishes the pull request's description (${withBase ? 'base read' : 'no base'})`, async () => {
      h = await startHarness();
      const onMain = manifest('Launch video');
      await h.write('launch.yml', onMain);
      await h.run(); // main manages the draft
      await h.write('launch.yml', manifest('Launch video', `description: "${SCAM}"\n`));
      await h.run({ ...PREVIEW, ...(withBase ? { previous: base({ 'content/launch.yml': onMain }) } : {}) });
      // Closed unmerged; main publishes the video, its manifest sets no description.
      await h.write('launch.yml', manifest('Launch video', PUBLISHED));
      const applied = await h.run();
      expect(applied.fatal).toBeNull();
      const item = itemOf('Launch video');
      expect(item?.status).toBe('UPLOADED');
      expect(item?.description).toBeNull();
    });
  }
});

describe("main's manifest at the base, with its defaults", () => {
  it('lets a preview change a field the base sets only through a _defaults.yml above it', async () => {
    h = await startHarness();
    await draftOf('Launch video');
    await h.write(
      'launch.yml',
      manifest('Launch video', 'description: Reworded on a branch\nhashtags: [x]\n'),
    );
    const previous = base({
      'content/launch.yml': manifest('Launch video'),
      'content/_defaults.yml': 'description: The house line\n',
    });
    await h.run({ ...PREVIEW, previous });
    expect(itemOf('Launch video')).toMatchObject({ description: 'Reworded on a branch', hashtags: null });
  });
});
