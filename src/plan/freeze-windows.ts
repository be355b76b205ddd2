import type { FreezeHold, FreezeWindow } from '../manifest/types.ts';
import { instantAt, wallTime } from '../text/wall-clock.ts';

// When the release file's freeze windows are open, as instants. A
// recurring window opens on its weekdays at a wall-clock time of its time
// zone (daylight saving included, by Intl); a night window runs into the
// next day. Windows that overlap or touch make one freeze: a weekend is
// Saturday 00:00 to Monday 00:00, and what it holds waits until Monday.
// Pure: the same windows and instants give the same answer.
//
// The work is bounded by the windows, never by the time between the
// instants asked about: a freeze is found from the openings that reach an
// instant (two or three days of each window), followed opening by opening to
// a cap, and the late window looks back a bounded stretch. A release file
// (at most MAX_FREEZE_WINDOWS windows) can then cost a run milliseconds, not
// hours, whatever dates its manifests hold.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The stretch the late window's count is cut into; stretches are kept, since every item counts from the run's now. */
const SPAN_MS = 8 * DAY_MS;
/** A freeze longer than this is reported as ending there: a window that never closes. */
const LONGEST_MS = 400 * DAY_MS;
/** A freeze made of more openings one after the other than this (each way) is reported as ending at the last. */
const LONGEST_CHAIN = 30;
/** How far back the late window leaves frozen time out: older than this, all time counts, frozen or not. */
const FROZEN_LOOKBACK_MS = 100 * DAY_MS;

/** A stretch of time during which windows hold something: windows that touch are one freeze. */
export interface Freeze {
  since: number;
  until: number;
  windows: FreezeWindow[];
}

/** One opening of a window: [start, end). */
interface Opening {
  start: number;
  end: number;
  window: FreezeWindow;
}

/** The opening of a recurring window that starts on the local day `day` (days since the epoch, wall time); null on its days off. */
function occurrence(window: FreezeWindow & { kind: 'recurring' }, day: number): [number, number] | null {
  if (!window.days.includes(new Date(day * DAY_MS).getUTCDay())) return null;
  const zone = window.timeZone;
  const endDay = window.untilMinute > window.fromMinute ? day : day + 1;
  return [
    instantAt(zone, day * DAY_MS + window.fromMinute * MINUTE_MS),
    instantAt(zone, endDay * DAY_MS + window.untilMinute * MINUTE_MS),
  ];
}

/** The openings of one window that overlap [from, to): used over a span of days at most. */
function openings(window: FreezeWindow, from: number, to: number): Array<[number, number]> {
  if (window.kind === 'fixed') {
    const start = Date.parse(window.from);
    const end = Date.parse(window.until);
    return start < to && end > from ? [[start, end]] : [];
  }
  const zone = window.timeZone;
  // From the local day before `from` (a night that began then is still open) to the local day of `to`.
  const first = Math.floor(wallTime(zone, from) / DAY_MS) - 1;
  const last = Math.floor(wallTime(zone, to) / DAY_MS);
  const found: Array<[number, number]> = [];
  for (let day = first; day <= last; day++) {
    const opening = occurrence(window, day);
    if (opening !== null && opening[0] < to && opening[1] > from) found.push(opening);
  }
  return found;
}

/** The freezes of `windows` that overlap [from, to), in order; openings that overlap or touch are one. */
function freezesBetween(windows: readonly FreezeWindow[], from: number, to: number): Freeze[] {
  const spans = windows.flatMap((window) =>
    openings(window, from, to).map(([start, end]) => ({ start, end, window })),
  );
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Freeze[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.until) {
      last.until = Math.max(last.until, span.end);
      if (!last.windows.includes(span.window)) last.windows.push(span.window);
    } else {
      merged.push({ since: span.start, until: span.end, windows: [span.window] });
    }
  }
  return merged;
}

/** Which side of an instant an opening must reach: `forward` [start, end) holds it, `back` (start, end] does. */
type Side = 'forward' | 'back';

/**
 * The freezes of a release file, asked by what they hold: whether a
 * publication, a render or an edit is held at an instant, and for how much
 * of a stretch of time nothing held it. Answers are kept: a plan asks the
 * same instants for thousands of items.
 */
export class FreezeCalendar {
  readonly #windows: Record<FreezeHold, FreezeWindow[]>;
  readonly #found = new Map<string, Freeze | null>();
  readonly #open = new Map<string, number>();
  readonly #occurrences = new Map<FreezeWindow, Map<number, [number, number] | null>>();

  constructor(windows: readonly FreezeWindow[]) {
    const holding = (what: FreezeHold) => windows.filter((window) => window.holds.includes(what));
    this.#windows = { publish: holding('publish'), render: holding('render'), edit: holding('edit') };
  }

  /** Whether any window holds `what` at all. */
  holds(what: FreezeHold): boolean {
    return this.#windows[what].length > 0;
  }

  /** The freeze holding `what` at `instant`, whole (from its first window to its last); null when none does. */
  at(what: FreezeHold, instant: number): Freeze | null {
    if (!this.holds(what)) return null;
    const key = `${what}@${instant}`;
    if (!this.#found.has(key)) this.#found.set(key, this.#search(this.#windows[what], instant));
    return this.#found.get(key) ?? null;
  }

  /** The first freeze holding `what` that overlaps [from, to), whole; null when none does. */
  within(what: FreezeHold, from: number, to: number): Freeze | null {
    if (!this.holds(what) || to <= from) return this.at(what, from);
    const first = freezesBetween(this.#windows[what], from, to)[0];
    return first === undefined ? null : this.at(what, Math.max(from, first.since));
  }

  #search(windows: readonly FreezeWindow[], instant: number): Freeze | null {
    const holding = this.#reaching(windows, instant, 'forward');
    if (holding.length === 0) return null;
    // The earliest opening of each window, so that the freeze names them in the order they opened.
    const first = new Map<FreezeWindow, number>();
    const note = (found: readonly Opening[]) => {
      for (const { window, start } of found) first.set(window, Math.min(start, first.get(window) ?? start));
    };
    note(holding);
    let until = Math.max(...holding.map((opening) => opening.end));
    let since = Math.min(...holding.map((opening) => opening.start));
    // Followed opening by opening each way, to a cap: a freeze of windows that cover every day never ends.
    for (let step = 0; step < LONGEST_CHAIN && until < instant + LONGEST_MS; step++) {
      const next = this.#reaching(windows, until, 'forward');
      if (next.length === 0) break;
      note(next);
      until = Math.max(...next.map((opening) => opening.end));
    }
    for (let step = 0; step < LONGEST_CHAIN && since > instant - LONGEST_MS; step++) {
      const before = this.#reaching(windows, since, 'back');
      if (before.length === 0) break;
      note(before);
      since = Math.min(...before.map((opening) => opening.start));
    }
    const named = [...first].sort((a, b) => a[1] - b[1]).map(([window]) => window);
    return {
      since: Math.max(since, instant - LONGEST_MS),
      until: Math.min(until, instant + LONGEST_MS),
      windows: windows
        .filter((window) => named.includes(window))
        .sort((a, b) => named.indexOf(a) - named.indexOf(b)),
    };
  }

  /** The openings of `windows` that hold `instant` (forward), or end at or after it having started before (back). */
  #reaching(windows: readonly FreezeWindow[], instant: number, side: Side): Opening[] {
    const found: Opening[] = [];
    for (const window of windows) {
      for (const [start, end] of this.#near(window, instant)) {
        const reaches =
          side === 'forward' ? start <= instant && instant < end : start < instant && instant <= end;
        if (reaches) found.push({ start, end, window });
      }
    }
    return found;
  }

  /** The openings of one window that may reach `instant`: those starting on its local day or the two before. */
  #near(window: FreezeWindow, instant: number): Array<[number, number]> {
    if (window.kind === 'fixed') return [[Date.parse(window.from), Date.parse(window.until)]];
    let days = this.#occurrences.get(window);
    if (days === undefined) {
      days = new Map();
      this.#occurrences.set(window, days);
    }
    const today = Math.floor(wallTime(window.timeZone, instant) / DAY_MS);
    const found: Array<[number, number]> = [];
    for (let day = today - 2; day <= today; day++) {
      let opening = days.get(day);
      if (opening === undefined) {
        opening = occurrence(window, day);
        days.set(day, opening);
      }
      if (opening !== null) found.push(opening);
    }
    return found;
  }

  /**
   * How much of [from, to) no window held any of `what`, counted back from
   * `to`; once it passes `enough` the count stops there (the caller only
   * asks whether it does). Time older than FROZEN_LOOKBACK_MS before `to`
   * counts whole, frozen or not: a freeze is not looked for that far back.
   * Stretches end on `to`, so items asking from the same `to` (the run's
   * now) share them.
   */
  openMs(what: readonly FreezeHold[], from: number, to: number, enough: number): number {
    const windows = [...new Set(what.flatMap((kind) => this.#windows[kind]))];
    if (windows.length === 0) return to - from;
    const key = [...what].sort().join('+');
    const horizon = Math.max(from, to - FROZEN_LOOKBACK_MS);
    let open = horizon - from;
    for (let end = to; end > horizon && open <= enough; end -= SPAN_MS) {
      const start = Math.max(horizon, end - SPAN_MS);
      open += start === end - SPAN_MS ? this.#openIn(key, windows, start, end) : openIn(windows, start, end);
    }
    return open;
  }

  #openIn(key: string, windows: readonly FreezeWindow[], start: number, end: number): number {
    const at = `${key}:${start}`;
    let open = this.#open.get(at);
    if (open === undefined) {
      open = openIn(windows, start, end);
      this.#open.set(at, open);
    }
    return open;
  }
}

/** Milliseconds of [start, end) outside every freeze of `windows`. */
function openIn(windows: readonly FreezeWindow[], start: number, end: number): number {
  const frozen = freezesBetween(windows, start, end).reduce(
    (sum, freeze) => sum + Math.max(0, Math.min(end, freeze.until) - Math.max(start, freeze.since)),
    0,
  );
  return end - start - frozen;
}
