// Wall-clock times in IANA time zones, with Intl alone (no date library):
// the instant a date and time written for a zone stand for, and the date,
// weekday and time an instant shows in a zone. Daylight saving is the
// zone's own, as Intl knows it. A wall time the zone skips (02:30 on the
// night clocks go forward) is read with the offset from before the change,
// so it lands that far past the change.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** Whether Intl knows `zone` (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone name Intl lists, for a "did you mean". */
export function timeZoneNames(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}

/** The zone's offset from UTC at an instant, in milliseconds (local minus UTC). */
function offsetAt(zone: string, instant: number): number {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((entry) => entry.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * An instant's wall-clock time in `zone`, as milliseconds since the epoch
 * read as if the zone were UTC: `new Date(wall).getUTCDay()` is its weekday
 * there, `getUTCHours()` its hour.
 */
export function wallTime(zone: string, instant: number): number {
  return instant + offsetAt(zone, instant);
}

const DAY_MS = 86_400_000;

/**
 * The instant at which `zone` shows the wall time `wall` (milliseconds read
 * as if UTC). A wall time shown twice (clocks going back) is its first
 * instant; one never shown (clocks going forward) is read with the offset
 * from before the change, east or west of UTC alike.
 */
export function instantAt(zone: string, wall: number): number {
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const shown = [wall - before, wall - after].filter((instant) => wallTime(zone, instant) === wall);
  return shown.length > 0 ? Math.min(...shown) : wall - before;
}
