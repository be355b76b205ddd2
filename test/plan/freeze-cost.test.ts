// The work a release file can cost: freeze windows are computed around the
// instants a plan asks about, never by walking the time between them, so a
// publish.at in year 1 or a release file full of windows that cover every
// day stays a matter of milliseconds. The work is counted in the zone
// conversions Intl does (the costly part), so no test depends on the
// machine's speed; past the budget a conversion throws, so a walk to year 1
// fails the test at once instead of hanging it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FreezeWindow, ReleaseControl } from '../../src/manifest/types.ts';
import { FreezeCalendar } from '../../src/plan/freeze-windows.ts';
import { plan } from '../../src/plan/plan.ts';
import { releaseRules } from '../../src/plan/release-control.ts';
import { releaseStatus } from '../../src/plan/release-status.ts';
import { context, observed, published } from '../support/fixtures.ts';

const where = { file: 'content/_release.yml', line: 2, column: 5 };
const NOW = new Date('2026-11-28T12:00:00Z');
/** Far more than the work these tests need, far less than a walk of a year costs. */
const BUDGET = 60_000;

let conversions = 0;
let budget = BUDGET;
beforeEach(() => {
  conversions = 0;
  budget = BUDGET;
  // Kept unbound on purpose: it is called below with the formatter the spy was called on.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const formatToParts = Intl.DateTimeFormat.prototype.formatToParts;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts').mockImplementation(function (
    this: Intl.DateTimeFormat,
    date,
  ) {
    if (++conversions > budget) throw new Error(`more than ${budget} zone conversions`);
    return formatToParts.call(this, date);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** `count` windows, whole days, each in another zone: every day by default, a freeze that never ends. */
function everyDay(count: number, days = [0, 1, 2, 3, 4, 5, 6]): FreezeWindow[] {
  return Intl.supportedValuesOf('timeZone')
    .slice(0, count)
    .map((zone, index) => ({
      kind: 'recurring',
      days,
      fromMinute: 0,
      untilMinute: 1440,
      timeZone: zone,
      reason: `Holiday ${index}`,
      holds: ['publish'],
      location: where,
    }));
}

function control(windows: FreezeWindow[]): ReleaseControl {
  return {
    file: 'content/_release.yml',
    paused: null,
    warnPausedAfterMs: 7 * 86_400_000,
    windows,
    accounts: [],
  };
}

describe('the cost of freeze windows', () => {
  it('holds as late, at once, a publish.at of year 1 under windows that freeze every day', () => {
    const item = published('a.yml');
    item.publish!.at = '0001-01-01T00:00:00.000Z';
    const rules = releaseRules(control(everyDay(40)), { pause: null, overrideFreeze: false });
    const result = plan([item], observed([]), context({ now: NOW, release: rules }));
    expect(result.items[0]!.holds).toMatchObject([{ kind: 'late', at: '0001-01-01T00:00:00.000Z' }]);
    expect(conversions).toBeLessThan(BUDGET);
  });

  it('says what the most windows a release file may hold freeze now, in a bounded amount of work', () => {
    const rules = releaseRules(control(everyDay(100)), { pause: null, overrideFreeze: false });
    const status = releaseStatus([], rules, NOW);
    expect(status?.frozen).toHaveLength(1);
    const freeze = status!.frozen[0]!.freeze;
    expect(Date.parse(freeze.since)).toBeLessThan(NOW.getTime());
    expect(Date.parse(freeze.until)).toBeGreaterThan(NOW.getTime() + 7 * 86_400_000);
    expect(conversions).toBeLessThan(BUDGET);
  });

  it('answers for instants years apart in work proportional to the windows, not to the time between them', () => {
    const windows = everyDay(20, [0, 6]);
    const instants = 30;
    budget = instants * windows.length * 20;
    const calendar = new FreezeCalendar(windows);
    const saturday = Date.parse('2026-11-28T12:00:00Z');
    for (let week = 0; week < instants; week++) {
      // Every tenth week's Saturday noon, for six years: each is frozen, by a weekend of its own.
      expect(calendar.at('publish', saturday + week * 10 * 7 * 86_400_000)).not.toBeNull();
    }
    expect(conversions).toBeLessThan(budget);
  });
});
