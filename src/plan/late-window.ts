import { DEFAULTS } from '../defaults.ts';
import type { DesiredItem, Problem } from '../manifest/types.ts';
import { parseDuration } from '../text/duration.ts';

// The late window: how long after publish.at a missed schedule is still
// caught up. Older than that, publishing now would surprise (a year typo in
// publish.at, a manifest merged months after its date), so it is held.
// Written as the `late-window` input and the CLI's --late-window.

/** The late window when none is given: the `late-window` input's default. */
export const DEFAULT_LATE_WINDOW_MS = parseDuration(DEFAULTS.lateWindow)!;

/** Validate's warning for a publish.at already past: the plan holds it past the late window, or publishes it now. */
export function pastSchedules(items: readonly DesiredItem[], now: Date): Problem[] {
  return items.flatMap((item): Problem[] => {
    const at = item.publish?.at;
    if (item.stage !== 'published' || !at || Date.parse(at) > now.getTime()) return [];
    const days = Math.floor((now.getTime() - Date.parse(at)) / 86_400_000);
    const where = item.locations['publish.at'] ?? item.location;
    return [
      {
        severity: 'warning',
        code: 'publish_at_past',
        file: item.file,
        line: where.line,
        column: where.column,
        field: 'publish.at',
        message:
          `publish.at ${at} is in the past (${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`}). ` +
          `Past the late window (${DEFAULTS.lateWindow} by default) it is held, not published; within it, it is published at once. ` +
          'Check the date, or set publish.late: publish to publish it anyway.',
      },
    ];
  });
}
