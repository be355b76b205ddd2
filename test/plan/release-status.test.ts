// What release control says of a whole run above every report: the kill
// switch, the freezes open now, what is paused; pauses left too long; paused
// accounts that no connected account answers to.
import { describe, expect, it } from 'vitest';
import type { FreezeWindow, Pause, ReleaseControl } from '../../src/manifest/types.ts';
import { releaseRules } from '../../src/plan/release-control.ts';
import { pausedAccountProblems, pauseWarnings, releaseStatus } from '../../src/plan/release-status.ts';
import { ACCOUNTS, desired } from '../support/fixtures.ts';

const where = { file: 'content/_release.yml', line: 3, column: 5 };
const NOW = new Date('2026-11-28T12:00:00.000Z'); // a Saturday
const pause = (since: string | null, reason: string | null = null): Pause => ({
  reason,
  since,
  location: where,
});

const WEEKEND: FreezeWindow = {
  kind: 'recurring',
  days: [0, 6],
  fromMinute: 0,
  untilMinute: 1440,
  timeZone: 'Europe/Paris',
  reason: 'No releases at weekends',
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
const rules = (release: ReleaseControl | null, overrideFreeze = false) =>
  releaseRules(release, { pause: null, overrideFreeze });

describe('releaseStatus', () => {
  it('is null when nothing is paused or frozen', () => {
    expect(releaseStatus([desired('a.yml')], rules(null), NOW)).toBeNull();
    expect(
      releaseStatus([], rules(control({ windows: [WEEKEND] })), new Date('2026-11-25T12:00:00Z')),
    ).toBeNull();
  });

  it('makes one entry of a freeze that holds several kinds of work over the same stretch', () => {
    const status = releaseStatus([], rules(control({ windows: [WEEKEND] })), NOW);
    expect(status?.frozen).toHaveLength(1);
    expect(status?.frozen[0]?.holds).toEqual(['render', 'publish']);
    expect(status?.frozen[0]?.freeze).toMatchObject({ reasons: ['No releases at weekends'] });
    expect(status?.overridden).toBe(false);
  });

  it('shows a freeze that override-freeze lifted, said as lifted', () => {
    const status = releaseStatus([], rules(control({ windows: [WEEKEND] }), true), NOW);
    expect(status).toMatchObject({ overridden: true, frozen: [{ holds: ['render', 'publish'] }] });
  });

  it('lists the kill switch and the manifests paused by themselves', () => {
    const paused = desired('b.yml', { paused: pause('2026-11-20T00:00:00Z', 'Legal') });
    const status = releaseStatus([desired('a.yml'), paused], rules(control({ paused: pause(null) })), NOW);
    expect(status?.pause).toMatchObject({ by: 'release_file', file: 'content/_release.yml' });
    expect(status?.items).toEqual([{ file: 'b.yml', pause: paused.paused }]);
  });
});

describe('pauseWarnings', () => {
  it('warns where each pause is written once it is older than warn_paused_after', () => {
    const old = control({
      paused: pause('2026-11-01T00:00:00.000Z', 'Audit'),
      accounts: [
        {
          account: { kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: where },
          pause: pause('2026-11-27T00:00:00.000Z'),
        },
      ],
    });
    const warnings = pauseWarnings(old, [], NOW);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', code: 'long_pause', line: 3, column: 5 });
    expect(warnings[0]?.message).toContain(
      'The catalogue has been paused for 27 days (since 2026-11-01: Audit)',
    );
    expect(warnings[0]?.message).toContain('longer than warn_paused_after (7 days in content/_release.yml)');
  });

  it('takes 7 days without a release file, and names a paused manifest by its title', () => {
    const item = desired('a.yml', { paused: pause('2026-11-20T00:00:00.000Z') });
    const [warning] = pauseWarnings(null, [item], NOW);
    expect(warning?.message).toContain('"Title of a.yml" has been paused for 8 days');
    expect(warning?.message).toContain('(7 days by default)');
  });

  it('says nothing of a pause without a date, or one within the limit', () => {
    const items = [
      desired('a.yml', { paused: pause(null) }),
      desired('b.yml', { paused: pause('2026-11-22T00:00:00.000Z') }),
    ];
    expect(pauseWarnings(control({ warnPausedAfterMs: 30 * 86_400_000 }), items, NOW)).toEqual([]);
    expect(pauseWarnings(null, [items[0]!], NOW)).toEqual([]);
  });
});

describe('pausedAccountProblems', () => {
  it('is an error at paused_accounts for an account no connected one answers to', () => {
    const misspelt = control({
      accounts: [
        {
          account: { kind: 'name', platform: 'YouTube', name: 'Ocean Facts', location: where },
          pause: pause(null),
        },
        {
          account: { kind: 'name', platform: 'TikTok', name: 'oceanfact', location: where },
          pause: pause(null),
        },
      ],
    });
    const problems = pausedAccountProblems(misspelt, ACCOUNTS);
    expect(problems).toMatchObject([
      { severity: 'error', code: 'unknown_account', field: 'paused_accounts.1' },
    ]);
    expect(problems[0]?.message).toMatch(
      /^paused_accounts: No connected TikTok account is named "oceanfact"/,
    );
    expect(pausedAccountProblems(null, ACCOUNTS)).toEqual([]);
  });
});
