// Release control end to end: the real engine against the emulator over
// HTTP, with the run's clock set by the test. A weekend freeze holds a
// publication due on Saturday until Monday; the kill switch sends nothing
// at all until it is removed; a paused account or a paused folder holds
// what it names, and every hold says why.
import { afterEach, describe, expect, it } from 'vitest';
import { releaseLines } from '../../src/report/release.ts';
import { holdText } from '../../src/report/words.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const SATURDAY = new Date('2026-11-28T11:00:00Z');
const MONDAY = new Date('2026-11-30T08:00:00Z');

const WEEKEND = `freeze:
  - every: [saturday, sunday]
    time_zone: Europe/Paris
    reason: No releases at weekends
`;

const publishedTo = (accounts: string[], extra = ''): string =>
  `stage: published\npublish:\n  accounts:\n${accounts.map((account) => `    - ${account}\n`).join('')}${extra}`;
const YOUTUBE = '{ platform: YouTube, name: Ocean Facts }';
const TIKTOK = '{ platform: TikTok, name: oceanfacts }';

/** Requests that change something on the service. */
const writes = (harness: Harness): string[] => harness.requests().filter((line) => !line.startsWith('GET '));

const holdsOf = (report: RunReport, file: string): string[] =>
  report.plan!.items.find((item) => item.file === `content/${file}`)!.holds.map(holdText);

const publications = (harness: Harness, title: string): number =>
  harness.emulator.admin.items().find((item) => item.title === title)?.uploadDispatches ?? 0;

describe('a weekend freeze', () => {
  it("holds Saturday's publication with the window's reason, renders it meanwhile, and publishes it once on Monday", async () => {
    h = await startHarness();
    await h.write('_release.yml', WEEKEND);
    await h.write(
      'a.yml',
      manifest('Due on Saturday', publishedTo([YOUTUBE], '  at: 2026-11-28T09:00:00Z\n')),
    );
    const saturday = await h.run({ now: () => SATURDAY });
    expect(holdsOf(saturday, 'a.yml')).toEqual([
      'frozen until Mon 2026-11-30 00:00 Europe/Paris, No releases at weekends (since Sat 2026-11-28 00:00 Europe/Paris): published when the window ends',
    ]);
    expect(releaseLines(saturday.release)).toEqual([
      'Frozen until Mon 2026-11-30 00:00 Europe/Paris (since Sat 2026-11-28 00:00 Europe/Paris), No releases at weekends: publications are held and go on when the window ends.',
    ]);
    expect(h.emulator.admin.items()).toMatchObject([{ title: 'Due on Saturday', status: 'VIDEO_PROCESSED' }]);
    expect(publications(h, 'Due on Saturday')).toBe(0);

    const monday = await h.run({ now: () => MONDAY });
    expect(monday.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(monday.release).toBeNull();
    expect(publications(h, 'Due on Saturday')).toBe(1);
    const before = writes(h).length;
    const again = await h.run({ now: () => new Date('2026-11-30T09:00:00Z') });
    expect(again.plan!.items[0]!.steps).toEqual([]);
    expect(writes(h).length).toBe(before);
  });

  it('lets override-freeze publish during the window, and only in the run that asks', async () => {
    h = await startHarness();
    await h.write('_release.yml', WEEKEND);
    await h.write('a.yml', manifest('Urgent fix', publishedTo([YOUTUBE])));
    const lifted = await h.run({ now: () => SATURDAY, overrideFreeze: true });
    expect(lifted.result?.items[0]).toMatchObject({ outcome: 'published' });
    expect(releaseLines(lifted.release)[0]).toMatch(/lifted for this run by override-freeze/);
  });
});

describe('a freeze that begins while the run works', () => {
  it('holds a stepwise upload whose window opened after the plan, and the next run after the window publishes it once', async () => {
    h = await startHarness();
    await h.write('_release.yml', WEEKEND);
    await h.write('a.yml', manifest('Rendered at midnight', `flow: stepwise\n${publishedTo([YOUTUBE])}`));
    // Planned on Friday at 23:59 Paris; by the time the render is done, it is Saturday.
    const harness = h;
    const rendered = () => harness.emulator.admin.items().some((item) => item.status === 'VIDEO_PROCESSED');
    const friday = await h.run({
      now: () => new Date(rendered() ? '2026-11-27T23:05:00Z' : '2026-11-27T22:59:00Z'),
    });
    expect(friday.plan!.items[0]!.steps.map((step) => step.kind)).toEqual(['create', 'render', 'upload']);
    expect(publications(h, 'Rendered at midnight')).toBe(0);
    expect(friday.result!.items[0]!.holds?.map(holdText)).toEqual([
      expect.stringMatching(/^frozen until Mon 2026-11-30 00:00 Europe\/Paris, No releases at weekends/),
    ]);
    await h.run({ now: () => MONDAY });
    await h.run({ now: () => MONDAY });
    expect(publications(h, 'Rendered at midnight')).toBe(1);
  });
});

describe('the kill switch', () => {
  it('sends no write while the release file says paused: true, and does the work once it is removed', async () => {
    h = await startHarness();
    await h.write(
      '_release.yml',
      'paused: true\nreason: Brand review after the octopus thread\nsince: 2026-11-20\n',
    );
    await h.write('a.yml', manifest('One-shot', publishedTo([YOUTUBE])));
    await h.write('b.yml', manifest('Stepwise', `flow: stepwise\n${publishedTo([YOUTUBE])}`));
    await h.write('c.yml', manifest('Draft only'));
    const paused = await h.run({ now: () => SATURDAY });
    expect(writes(h)).toEqual([]);
    expect(holdsOf(paused, 'a.yml')).toEqual([
      'paused by content/_release.yml: Brand review after the octopus thread (since 2026-11-20 00:00 UTC): not create, render and publish until paused is removed',
    ]);
    expect(holdsOf(paused, 'c.yml')[0]).toMatch(/^paused by content\/_release.yml.*: not create until/);
    expect(releaseLines(paused.release)).toEqual([
      'Paused by content/_release.yml: Brand review after the octopus thread (since 2026-11-20 00:00 UTC). Nothing is written to the service until paused is removed from it.',
    ]);
    // Eight days paused: longer than the default warn_paused_after of seven.
    expect(paused.problems).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'long_pause', file: 'content/_release.yml' }),
    );

    await h.write('_release.yml', 'paused: false\n');
    const resumed = await h.run({ now: () => SATURDAY });
    expect(resumed.release).toBeNull();
    expect(resumed.result?.items.map((item) => item.outcome).sort()).toEqual([
      'created',
      'published',
      'published',
    ]);
  });

  it('sends no write under the pause input either, and says its reason', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('One-shot', publishedTo([YOUTUBE])));
    const paused = await h.run({ pause: { reason: 'Incident 42' } });
    expect(writes(h)).toEqual([]);
    expect(releaseLines(paused.release)[0]).toMatch(/^Paused by the pause input: Incident 42\./);
  });
});

describe('pauses by name', () => {
  it('holds items of a paused account whole, never publishing to fewer accounts than asked', async () => {
    h = await startHarness();
    await h.write(
      '_release.yml',
      'paused_accounts:\n  - { platform: TikTok, name: oceanfacts, reason: Account under review, since: 2026-11-25 }\n',
    );
    await h.write('only.yml', manifest('TikTok only', publishedTo([TIKTOK])));
    await h.write('both.yml', manifest('YouTube and TikTok', publishedTo([YOUTUBE, TIKTOK])));
    await h.write('elsewhere.yml', manifest('YouTube only', publishedTo([YOUTUBE])));
    const report = await h.run({ now: () => SATURDAY });
    const reason =
      'account TikTok "oceanfacts" is paused in content/_release.yml: Account under review (since 2026-11-25 00:00 UTC): not published until it is resumed, to none of its accounts (never to fewer than asked)';
    expect(holdsOf(report, 'only.yml')).toEqual([reason]);
    expect(holdsOf(report, 'both.yml')).toEqual([reason]);
    expect(holdsOf(report, 'elsewhere.yml')).toEqual([]);
    expect(publications(h, 'TikTok only')).toBe(0);
    expect(publications(h, 'YouTube and TikTok')).toBe(0);
    expect(publications(h, 'YouTube only')).toBe(1);
    const items = h.emulator.admin.items();
    expect(items.find((item) => item.title === 'YouTube and TikTok')?.publishSettings ?? null).toBeNull();
    expect(releaseLines(report.release)).toEqual([
      'Account TikTok "oceanfacts" is paused in content/_release.yml: Account under review (since 2026-11-25 00:00 UTC): items that publish to it are not published, to it or to any other account they name.',
    ]);
  });

  it('takes a paused account no connected account answers to as an error, and sends nothing', async () => {
    h = await startHarness();
    await h.write(
      '_release.yml',
      'paused_accounts:\n  - { platform: TikTok, name: ocean-facts, reason: Review, since: 2026-11-25 }\n',
    );
    await h.write('a.yml', manifest('Would publish', publishedTo([YOUTUBE])));
    const report = await h.run({ now: () => SATURDAY });
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/^paused_accounts: /) as unknown,
      }),
    );
    expect(writes(h)).toEqual([]);
  });

  it('holds the items of a folder whose _defaults.yml says paused: true, and no others', async () => {
    h = await startHarness();
    await h.write('ocean/_defaults.yml', 'paused: { reason: Persona broken }\n');
    await h.write('ocean/a.yml', manifest('Paused by its folder', publishedTo([YOUTUBE])));
    await h.write('b.yml', manifest('Not paused', publishedTo([YOUTUBE])));
    const report = await h.run({ now: () => SATURDAY });
    expect(holdsOf(report, 'ocean/a.yml')).toEqual([
      'paused in content/ocean/_defaults.yml: Persona broken: not create, render and publish until paused is removed',
    ]);
    expect(h.emulator.admin.items().map((item) => item.title)).toEqual(['Not paused']);
    expect(releaseLines(report.release)).toEqual([
      '1 manifest is paused, and held until paused is removed: content/ocean/a.yml by content/ocean/_defaults.yml: Persona broken.',
    ]);
  });
});
