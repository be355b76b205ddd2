// Freeze windows, pauses and paused accounts in the pure planner: what each
// hold keeps back and why, and how late a schedule is once the time a freeze
// held it is left out. When a window is open is in freeze-windows.test.ts.
import { describe, expect, it } from 'vitest';
import type { DesiredItem, FreezeWindow, PausedAccount, ReleaseControl } from '../../src/manifest/types.ts';
import { plan } from '../../src/plan/plan.ts';
import { releaseRules, withUnseenPauses } from '../../src/plan/release-control.ts';
import type { PlanContext } from '../../src/plan/types.ts';
import { ACCOUNTS, context, observed, published, remote } from '../support/fixtures.ts';

const where = { file: 'content/_release.yml', line: 3, column: 5 };

const WEEKEND: FreezeWindow = {
  kind: 'recurring',
  days: [0, 6],
  fromMinute: 0,
  untilMinute: 1440,
  timeZone: 'Europe/Paris',
  reason: 'No releases at weekends',
  holds: ['publish'],
  location: where,
};

const NIGHTS: FreezeWindow = {
  kind: 'recurring',
  days: [0, 1, 2, 3, 4, 5, 6],
  fromMinute: 22 * 60,
  untilMinute: 7 * 60,
  timeZone: 'America/New_York',
  reason: 'Nights',
  holds: ['publish', 'render'],
  location: where,
};

function control(overrides: Partial<ReleaseControl> = {}): ReleaseControl {
  return {
    file: 'content/_release.yml',
    paused: null,
    warnPausedAfterMs: 7 * 86_400_000,
    windows: [],
    accounts: [],
    ...overrides,
  };
}

type RunRelease = Parameters<typeof releaseRules>[1];

function withRelease(
  release: ReleaseControl,
  now: string,
  run: RunRelease = { pause: null, overrideFreeze: false },
): PlanContext {
  return context({ now: new Date(now), release: releaseRules(release, run) });
}

describe('release control in the plan', () => {
  const SATURDAY = '2026-11-28T11:00:00Z';
  const MONDAY = '2026-11-30T08:00:00Z';

  it('holds a publication due in a freeze with "frozen until …, reason", and renders it meanwhile', () => {
    const item = published('a.yml');
    item.publish!.at = '2026-11-28T09:00:00.000Z';
    const result = plan([item], observed([]), withRelease(control({ windows: [WEEKEND] }), SATURDAY))
      .items[0]!;
    expect(result.steps).toMatchObject([{ kind: 'create' }, { kind: 'render', publish: null }]);
    expect(result.holds).toEqual([
      {
        kind: 'frozen',
        what: 'publish',
        since: '2026-11-27T23:00:00.000Z',
        until: '2026-11-29T23:00:00.000Z',
        reasons: ['No releases at weekends'],
        timeZone: 'Europe/Paris',
        held: ['publish'],
      },
    ]);
  });

  it('publishes it after the window, not as late: the late window counts only the open time', () => {
    const item = published('a.yml');
    item.publish!.at = '2026-11-28T09:00:00.000Z';
    const rendered = remote(item, { status: 'VIDEO_PROCESSED', has_video: true });
    const monday = plan([item], observed([rendered]), withRelease(control({ windows: [WEEKEND] }), MONDAY));
    expect(monday.items[0]!.steps).toMatchObject([{ kind: 'upload' }]);
    expect(monday.items[0]!.holds).toEqual([]);
    // Without the window, the same schedule is two days late and held.
    const without = plan([item], observed([rendered]), context({ now: new Date(MONDAY) }));
    expect(without.items[0]!.holds).toMatchObject([{ kind: 'late', days: 1 }]);
  });

  it('says a schedule that falls in a window goes out when it ends', () => {
    const item = published('a.yml');
    item.publish!.at = '2026-11-28T09:00:00.000Z';
    const result = plan(
      [item],
      observed([]),
      withRelease(control({ windows: [WEEKEND] }), '2026-11-26T12:00:00Z'),
    );
    expect(result.items[0]!.holds).toMatchObject([
      { kind: 'scheduled', at: '2026-11-28T09:00:00.000Z' },
      { kind: 'frozen', until: '2026-11-29T23:00:00.000Z' },
    ]);
  });

  it('lets override-freeze lift the windows, and only the windows', () => {
    const item = published('a.yml');
    const lifted = withRelease(control({ windows: [WEEKEND] }), SATURDAY, {
      pause: null,
      overrideFreeze: true,
    });
    expect(plan([item], observed([]), lifted).items[0]!.steps).toMatchObject([
      { kind: 'create' },
      { kind: 'render', publish: { accounts: [{ name: 'Ocean Facts' }] } },
    ]);
    const paused = control({
      paused: { reason: 'Brand review', since: '2026-11-20T00:00:00.000Z', location: where },
    });
    const stillPaused = withRelease(paused, SATURDAY, { pause: null, overrideFreeze: true });
    expect(plan([item], observed([]), stillPaused).items[0]!.steps).toEqual([]);
  });

  it('holds renders, and the upload after them, where a window says so', () => {
    const item = published('a.yml', { flow: 'stepwise' });
    const result = plan(
      [item],
      observed([]),
      withRelease(control({ windows: [NIGHTS] }), '2026-11-27T05:00:00Z'),
    );
    expect(result.items[0]!.steps.map((step) => step.kind)).toEqual(['create']);
    expect(result.items[0]!.holds).toMatchObject([
      { kind: 'frozen', what: 'publish' },
      { kind: 'frozen', what: 'render', held: ['render'], reasons: ['Nights'], timeZone: 'America/New_York' },
    ]);
  });

  it('holds creates and edits where a window says so, and everything after them', () => {
    const window: FreezeWindow = { ...WEEKEND, holds: ['edit'] };
    const result = plan(
      [published('a.yml')],
      observed([]),
      withRelease(control({ windows: [window] }), SATURDAY),
    );
    expect(result.items[0]!.steps).toEqual([]);
    expect(result.items[0]!.holds).toMatchObject([
      { kind: 'frozen', what: 'edit', held: ['create', 'render', 'publish'] },
    ]);
  });

  it('stops every write of every item under the kill switch, saying what each would have done', () => {
    const pause = { reason: 'Brand review', since: '2026-11-20T00:00:00.000Z', location: where };
    const items = [published('a.yml'), published('b.yml', { stage: 'draft', publish: null })];
    const result = plan(items, observed([]), withRelease(control({ paused: pause }), SATURDAY));
    expect(result.items.map((item) => item.steps)).toEqual([[], []]);
    expect(result.items.map((item) => item.holds)).toEqual([
      [
        {
          kind: 'paused',
          scope: 'release_file',
          file: 'content/_release.yml',
          account: null,
          reason: 'Brand review',
          since: '2026-11-20T00:00:00.000Z',
          held: ['create', 'render', 'publish'],
        },
      ],
      [expect.objectContaining({ kind: 'paused', scope: 'release_file', held: ['create'] })],
    ]);
    expect(result.publications).toBe(0);
  });

  it('stops every write under the pause input too, with its reason', () => {
    const result = plan(
      [published('a.yml')],
      observed([]),
      withRelease(control(), SATURDAY, { pause: { reason: 'Incident 42' }, overrideFreeze: false }),
    );
    expect(result.items[0]!.steps).toEqual([]);
    expect(result.items[0]!.holds).toMatchObject([
      { kind: 'paused', scope: 'input', reason: 'Incident 42', since: null },
    ]);
  });

  it('holds an item paused by its manifest, and only that item', () => {
    const pausedItem = published('a.yml', {
      paused: {
        reason: 'Persona broken',
        since: null,
        location: { file: 'content/_defaults.yml', line: 1, column: 1 },
      },
    });
    const result = plan([pausedItem, published('b.yml')], observed([]), context());
    expect(result.items[0]!.steps).toEqual([]);
    expect(result.items[0]!.holds).toMatchObject([
      { kind: 'paused', scope: 'item', file: 'content/_defaults.yml', reason: 'Persona broken' },
    ]);
    expect(result.items[1]!.steps.map((step) => step.kind)).toEqual(['create', 'render']);
  });

  describe('a paused account', () => {
    const tiktok: PausedAccount = {
      account: { kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: where },
      pause: { reason: 'Account under review', since: '2026-11-01T00:00:00.000Z', location: where },
    };
    const rules = (): PlanContext => withRelease(control({ accounts: [tiktok] }), SATURDAY);
    const toTikTok = published('only.yml');
    toTikTok.publish!.accounts = [{ kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: where }];
    const toBoth = published('both.yml');
    toBoth.publish!.accounts.push({ kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: where });
    const elsewhere = published('elsewhere.yml');

    it('holds the publication of items that publish only there, and renders them', () => {
      const result = plan([toTikTok], observed([]), rules()).items[0]!;
      expect(result.steps).toMatchObject([{ kind: 'create' }, { kind: 'render', publish: null }]);
      expect(result.holds).toEqual([
        {
          kind: 'paused',
          scope: 'account',
          file: 'content/_release.yml',
          account: { platform: 'TikTok', name: 'oceanfacts' },
          reason: 'Account under review',
          since: '2026-11-01T00:00:00.000Z',
          held: ['publish'],
        },
      ]);
    });

    it('holds items that publish there and elsewhere whole: never to fewer accounts than asked', () => {
      const rendered = remote(toBoth, { status: 'VIDEO_PROCESSED', has_video: true });
      const result = plan([toBoth], observed([rendered]), rules()).items[0]!;
      expect(result.steps).toEqual([]);
      expect(result.holds).toMatchObject([
        { kind: 'paused', scope: 'account', account: { name: 'oceanfacts' } },
      ]);
    });

    it('leaves items that publish elsewhere alone', () => {
      const result = plan([elsewhere], observed([]), rules());
      expect(result.items[0]!.holds).toEqual([]);
      expect(result.publications).toBe(1);
    });

    it('holds every publication to its platform when an incomplete accounts listing did not show it', () => {
      // A misspelt name, or an account on a page not read: either way, none of that platform is trusted.
      const typo: PausedAccount = {
        ...tiktok,
        account: { kind: 'name', platform: 'TikTok', name: 'oceanfact', location: where },
      };
      const base = releaseRules(control({ accounts: [typo] }), { pause: null, overrideFreeze: false });
      const incomplete = context({
        now: new Date(SATURDAY),
        release: withUnseenPauses(base, ACCOUNTS, false),
      });
      const result = plan([toTikTok, elsewhere], observed([]), incomplete);
      const [other, only] = result.items;
      expect(only!.file).toBe('only.yml');
      expect(only!.holds).toMatchObject([
        { kind: 'paused', scope: 'account', account: { platform: 'TikTok', name: 'oceanfact' } },
      ]);
      expect(other!.holds).toEqual([]);
      const complete = context({ now: new Date(SATURDAY), release: withUnseenPauses(base, ACCOUNTS, true) });
      expect(plan([toTikTok], observed([]), complete).items[0]!.holds).toEqual([]);
    });
  });

  describe('how late a schedule is', () => {
    const dueSaturday = (): DesiredItem => {
      const item = published('a.yml');
      item.publish!.at = '2026-11-28T09:00:00.000Z';
      return item;
    };

    it('leaves out the time a window held the render the item still needs, not only its publication', () => {
      const renders: FreezeWindow = { ...WEEKEND, holds: ['render'] };
      const result = plan(
        [dueSaturday()],
        observed([]),
        withRelease(control({ windows: [renders] }), MONDAY),
      );
      expect(result.items[0]!.holds).toEqual([]);
      expect(result.items[0]!.steps).toMatchObject([{ kind: 'create' }, { kind: 'render', publish: {} }]);
    });

    it('leaves out the frozen time under override-freeze too: the approved run publishes what a normal one would', () => {
      const sunday = withRelease(control({ windows: [WEEKEND] }), '2026-11-29T10:00:00Z', {
        pause: null,
        overrideFreeze: true,
      });
      const result = plan([dueSaturday()], observed([]), sunday).items[0]!;
      expect(result.holds).toEqual([]);
      expect(result.steps).toMatchObject([{ kind: 'create' }, { kind: 'render', publish: {} }]);
    });
  });
});
