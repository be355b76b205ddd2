import { parseDuration } from '../text/duration.ts';
import { instantAt } from '../text/wall-clock.ts';
import { IssueMapper } from './issues.ts';
import { selectorOf, sinceInstant, locationsOf } from './normalize.ts';
import { problemAt, toPlain } from './position-tree.ts';
import { isRecord } from '../record.ts';
import { freezeWindowSchema, releaseSchema, type ReleaseFile } from './release-schema.ts';
import { readSource } from './yaml-reader.ts';
import {
  WEEKDAYS,
  type FreezeWindow,
  type PausedAccount,
  type Problem,
  type ReleaseControl,
  type SourceLocation,
} from './types.ts';

// The release file: `_release.yml` (or `.yaml`) in the folder the manifests'
// glob starts in, `content/_release.yml` by default. It is read by the same
// YAML reader and checked the same way as a manifest (its own zod schema,
// problems at file:line:col with a "did you mean"), and is never a manifest
// itself, wherever a glob meets it.

const DAY_MS = 86_400_000;

/** A release file the glob met outside the manifests' folder: it would silently do nothing, so it is an error. */
export function misplacedRelease(file: string, root: string): Problem {
  const where = root === '' ? 'the workspace root' : `${root}/`;
  return problemAt(
    { file, line: 1, column: 1 },
    'misplaced_release_file',
    `a release file applies to the whole catalogue and is read only in the manifests' folder (${where}); move it there, or merge it into the one there`,
  );
}

/** Reads and checks one release file; `release` is null when it has an error. */
export function readRelease(
  file: string,
  text: string,
): { release: ReleaseControl | null; problems: Problem[] } {
  const source = readSource(file, text);
  // An empty release file declares nothing; that is no mistake.
  const problems = source.problems.filter((problem) => problem.code !== 'empty_file');
  if (source.root === null) return { release: problems.length > 0 ? null : empty(file), problems };
  const { value, positions } = toPlain(source.root);
  const start = { file, line: 1, column: 1 };
  const locations = locationsOf(positions);
  const at = (path: string): SourceLocation => locations[path] ?? start;
  const parsed = releaseSchema.safeParse(value);
  if (!parsed.success) {
    const mapped = new IssueMapper(releaseSchema, value, positions, start).map(parsed.error.issues);
    // Each window that is right on its own is checked too: every mistake in one run.
    return { release: null, problems: [...problems, ...mapped, ...windowsAlone(value, at)] };
  }
  const release = controlOf(file, parsed.data, at);
  problems.push(...parsed.data.freeze.flatMap((written, index) => windowProblems(written, index, at)));
  return { release: problems.some((problem) => problem.severity === 'error') ? null : release, problems };
}

/**
 * In a file the schema refuses, the times of each window that are right on
 * their own (whatever else that window or the file gets wrong) are checked
 * too, so that one run reports every mistake.
 */
function windowsAlone(value: unknown, at: (path: string) => SourceLocation): Problem[] {
  const freeze = isRecord(value) ? value['freeze'] : null;
  if (!Array.isArray(freeze)) return [];
  return freeze.flatMap((entry: unknown, index) => {
    if (!isRecord(entry)) return [];
    const { every, from, until, time_zone } = entry;
    const times = { every, from, until, time_zone, reason: 'the times alone' };
    const window = freezeWindowSchema.safeParse(
      Object.fromEntries(Object.entries(times).filter(([, part]) => part !== undefined)),
    );
    return window.success ? windowProblems(window.data, index, at) : [];
  });
}

function empty(file: string): ReleaseControl {
  return { file, paused: null, warnPausedAfterMs: parseDuration('7d')!, windows: [], accounts: [] };
}

function controlOf(file: string, data: ReleaseFile, at: (path: string) => SourceLocation): ReleaseControl {
  return {
    file,
    paused: data.paused
      ? {
          reason: data.reason ?? null,
          since: data.since ? sinceInstant(data.since) : null,
          location: at('paused'),
        }
      : null,
    warnPausedAfterMs: parseDuration(data.warn_paused_after)!,
    windows: data.freeze.map((window, index) => windowOf(window, at(`freeze.${index}`))),
    accounts: data.paused_accounts.map((entry, index): PausedAccount => {
      const location = at(`paused_accounts.${index}`);
      const account = 'id' in entry ? { id: entry.id } : { platform: entry.platform, name: entry.name };
      return {
        account: selectorOf(account, location),
        pause: { reason: entry.reason, since: sinceInstant(entry.since), location },
      };
    }),
  };
}

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function windowOf(window: ReleaseFile['freeze'][number], location: SourceLocation): FreezeWindow {
  const common = { reason: window.reason, holds: [...new Set(window.holds)], location };
  if ('every' in window) {
    const days =
      window.every === 'day' ? [0, 1, 2, 3, 4, 5, 6] : window.every.map((day) => WEEKDAYS.indexOf(day));
    return {
      ...common,
      kind: 'recurring',
      days: [...new Set(days)].sort(),
      fromMinute: minutesOf(window.from),
      untilMinute: minutesOf(window.until),
      timeZone: window.time_zone,
    };
  }
  const zone = window.time_zone ?? 'UTC';
  return {
    ...common,
    kind: 'fixed',
    from: edgeOf(window.from, zone, 0),
    until: edgeOf(window.until, zone, DAY_MS),
    timeZone: window.time_zone ?? null,
  };
}

/** An instant as written, or a date's first minute in `zone` (`past` a day later: the end of that day). */
function edgeOf(text: string, zone: string, past: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(text).toISOString();
  return new Date(instantAt(zone, Date.parse(`${text}T00:00:00Z`) + past)).toISOString();
}

/**
 * A fixed window that ends before it starts, and a recurring one that never
 * opens, are mistakes; the message quotes the dates as written.
 */
function windowProblems(
  written: ReleaseFile['freeze'][number],
  index: number,
  at: (path: string) => SourceLocation,
): Problem[] {
  const window = windowOf(written, at(`freeze.${index}`));
  const problem = (code: string, message: string): Problem[] => [
    problemAt(window.location, code, message, `freeze.${index}`),
  ];
  if (window.kind === 'fixed' && Date.parse(window.until) <= Date.parse(window.from))
    return problem(
      'window_ends_before_start',
      `freeze[${index}] ends (until: ${written.until}) before it starts (from: ${written.from})${
        written.time_zone ? ` in ${written.time_zone}` : ''
      }; swap from and until, or fix the dates`,
    );
  if (
    window.kind === 'recurring' &&
    window.fromMinute === window.untilMinute % 1440 &&
    window.untilMinute !== 1440
  )
    return problem(
      'window_never_opens',
      `freeze[${index}] starts and ends at the same time (${written.from}); give it an until other than its from (24:00 for a whole day)`,
    );
  return [];
}
