// When a freeze window is open, in its own time zone and across its
// changes of clock, and how windows that touch make one freeze.
import { describe, expect, it } from 'vitest';
import type { FreezeWindow } from '../../src/manifest/types.ts';
import { FreezeCalendar } from '../../src/plan/freeze-windows.ts';

const at = (iso: string): number => Date.parse(iso);
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

describe('the freeze calendar', () => {
  const calendar = new FreezeCalendar([WEEKEND, NIGHTS]);

  it('opens a weekend on Saturday 00:00 and closes it on Monday 00:00, Paris time, in summer and in winter', () => {
    // 2026-11-28 is a Saturday; Paris is UTC+1 then.
    expect(calendar.at('publish', at('2026-11-28T12:00:00Z'))).toMatchObject({
      since: at('2026-11-27T23:00:00Z'),
      until: at('2026-11-29T23:00:00Z'),
    });
    // 2026-06-06 is a Saturday; Paris is UTC+2 then.
    expect(calendar.at('publish', at('2026-06-07T21:59:00Z'))).toMatchObject({
      until: at('2026-06-07T22:00:00Z'),
    });
    expect(calendar.at('publish', at('2026-06-07T22:00:00Z'))).toBeNull();
    expect(calendar.at('publish', at('2026-06-05T21:59:00Z'))).toBeNull();
  });

  it('runs a night window into the next morning, across the change to daylight saving time', () => {
    // New York moves its clocks forward on 2026-03-08: the night that starts on the 7th at 22:00 EST ends at 07:00 EDT.
    const night = calendar.at('render', at('2026-03-08T08:00:00Z'));
    expect(night).toMatchObject({ since: at('2026-03-08T03:00:00Z'), until: at('2026-03-08T11:00:00Z') });
    expect(night?.windows).toEqual([NIGHTS]);
    // Renders are held only by the night window.
    expect(calendar.at('render', at('2026-11-28T12:00:00Z'))).toBeNull();
  });

  it('runs a night window across the change back to standard time: ten hours that night', () => {
    // New York moves its clocks back on 2026-11-01 at 02:00 EDT: Saturday 22:00 EDT to Sunday 07:00 EST.
    const night = new FreezeCalendar([NIGHTS]).at('render', at('2026-11-01T05:30:00Z'));
    expect(night).toMatchObject({ since: at('2026-11-01T02:00:00Z'), until: at('2026-11-01T12:00:00Z') });
  });

  it('keeps of a window across the skipped hour the time that exists', () => {
    const early: FreezeWindow = { ...NIGHTS, fromMinute: 60, untilMinute: 180, holds: ['publish'] };
    // 01:00 EST is 06:00 UTC; 03:00 EDT is 07:00 UTC: one hour, as the clocks on the wall show it.
    expect(new FreezeCalendar([early]).at('publish', at('2026-03-08T06:30:00Z'))).toMatchObject({
      since: at('2026-03-08T06:00:00Z'),
      until: at('2026-03-08T07:00:00Z'),
    });
    expect(new FreezeCalendar([early]).at('publish', at('2026-03-08T07:00:00Z'))).toBeNull();
  });

  it('holds a dated window from its first minute to the end of its last day, in its zone', () => {
    const christmas: FreezeWindow = {
      kind: 'fixed',
      from: '2026-12-23T23:00:00.000Z',
      until: '2026-12-26T23:00:00.000Z',
      timeZone: 'Europe/Paris',
      reason: 'Christmas',
      holds: ['publish', 'render'],
      location: where,
    };
    const calendar = new FreezeCalendar([christmas, WEEKEND]);
    // Christmas 2026 runs Thursday to Saturday; the weekend that touches it makes one freeze to Monday.
    expect(calendar.at('publish', at('2026-12-24T10:00:00Z'))).toMatchObject({
      since: at('2026-12-23T23:00:00Z'),
      until: at('2026-12-27T23:00:00Z'),
    });
    expect(calendar.at('render', at('2026-12-27T10:00:00Z'))).toBeNull();
    expect(calendar.at('render', at('2026-12-26T22:59:00Z'))).toMatchObject({
      until: at('2026-12-26T23:00:00Z'),
    });
  });

  it('makes one freeze of windows that touch, with every reason', () => {
    // Thursday night in New York (22:00 EST = 03:00 UTC Friday) ends at 12:00 UTC; the Paris weekend starts at
    // 23:00 UTC that day, while Friday night in New York (from 03:00 UTC Saturday) lies inside it: one freeze.
    const freeze = calendar.at('publish', at('2026-11-28T04:00:00Z'));
    expect(freeze?.since).toBe(at('2026-11-27T23:00:00Z'));
    expect(freeze?.until).toBe(at('2026-11-29T23:00:00Z'));
    // Sunday night in New York starts four hours after the weekend ends: a freeze of its own.
    expect(calendar.at('publish', at('2026-11-30T04:00:00Z'))).toMatchObject({
      since: at('2026-11-30T03:00:00Z'),
      until: at('2026-11-30T12:00:00Z'),
    });
    expect(freeze?.windows.map((window) => window.reason).sort()).toEqual([
      'Nights',
      'No releases at weekends',
    ]);
  });

  it('counts how long nothing held publications, from the end back', () => {
    const weekend = new FreezeCalendar([WEEKEND]);
    // Due Saturday 10:00 Paris, asked Monday 09:00 Paris: only Monday's nine hours count.
    expect(
      weekend.openMs(['publish'], at('2026-11-28T09:00:00Z'), at('2026-11-30T08:00:00Z'), 86_400_000),
    ).toBe(9 * 3_600_000);
    // Due Friday 23:00 Paris: that hour counts too.
    expect(
      weekend.openMs(['publish'], at('2026-11-27T22:00:00Z'), at('2026-11-30T08:00:00Z'), 86_400_000),
    ).toBe(10 * 3_600_000);
  });
});
