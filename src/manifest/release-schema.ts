import * as z from 'zod';
import { PLATFORMS } from '../service-client/types.ts';
import { DURATION_FORM, parseDuration } from '../text/duration.ts';
import { isTimeZone, timeZoneNames } from '../text/wall-clock.ts';
import { suggest } from './suggest.ts';
import { FREEZE_HOLDS, WEEKDAYS } from './types.ts';
import { isRecord } from '../record.ts';

// The one definition of the release file (`_release.yml` in the manifests'
// folder): freeze windows, the kill switch and paused accounts. Like the
// manifest's schema, the loader validates with it and
// schema/release.schema.json is generated from it. Also the `paused` field
// a manifest or a `_defaults.yml` may carry, so that a pause reads the same
// wherever it is written.
//
// Checks zod has no words for are refinements with a `params.code` and a
// message that says what to write (src/manifest/issues.ts uses them as they are).

const nonEmpty = z.string().regex(/\S/);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A calendar date that exists (no 2026-02-30). */
function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date (`2026-12-24`) or an instant with a zone (`2026-12-24T18:00:00Z`), kept as written. */
function when(description: string) {
  return z
    .string()
    .refine((text) => isDate(text) || (INSTANT.test(text) && !Number.isNaN(Date.parse(text))), {
      params: { code: 'invalid_date', ofValue: true },
      error: (issue) =>
        `${JSON.stringify(issue.input)} is neither a date nor an instant with a zone; write it like 2026-12-24 or 2026-12-24T18:00:00Z`,
    })
    .meta({
      description,
      pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2}))?$',
    });
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** A wall-clock time, `22:00`; `24:00` is the end of the day. */
function clock(description: string) {
  return z
    .string()
    .refine((text) => CLOCK.test(text), {
      params: { code: 'invalid_time', ofValue: true },
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a time of day; write it as HH:MM on a 24-hour clock, like 22:00 (24:00 is midnight at the end of the day), in quotes`,
    })
    .meta({ description, pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' });
}

const timeZone = z
  .string()
  .refine(isTimeZone, {
    params: { code: 'unknown_time_zone', ofValue: true },
    error: (issue) => {
      const hint = typeof issue.input === 'string' ? suggest(issue.input, timeZoneNames()) : undefined;
      return `${JSON.stringify(issue.input)} is not an IANA time zone${hint ? `; did you mean ${hint}?` : '; write one like Europe/Paris, America/New_York or UTC'}`;
    },
  })
  .describe('IANA time zone, for example Europe/Paris, America/New_York or UTC.');

const duration = z
  .string()
  .refine((text) => parseDuration(text) !== null, {
    params: { code: 'invalid_duration', ofValue: true },
    error: (issue) => `${JSON.stringify(issue.input)} is not a duration: ${DURATION_FORM}`,
  })
  .meta({ pattern: '^\\d+(\\.\\d+)?\\s*[mhd]?$' });

const reason = nonEmpty.describe('Why: shown in every plan, summary and comment.');

const holds = z
  .array(z.enum(FREEZE_HOLDS))
  .min(1)
  .default(['publish'])
  .describe(
    'What the window holds: publish (the default), render, edit (creates and edits). What it does not name goes on.',
  );

/** What to write instead of a word `every` does not take: `weekends` is [saturday, sunday]. */
function everyAdvice(input: unknown): string {
  const word = typeof input === 'string' ? input.trim().toLowerCase() : '';
  const days: Record<string, string> = {
    weekend: '[saturday, sunday]',
    weekends: '[saturday, sunday]',
    weekdays: '[monday, tuesday, wednesday, thursday, friday]',
    daily: 'day',
    everyday: 'day',
    'every day': 'day',
  };
  const weekday = WEEKDAYS.find((day) => word === day || word === `${day}s`);
  const instead = days[word] ?? (weekday ? `[${weekday}]` : suggest(word, [...WEEKDAYS, 'day']));
  const shown = typeof input === 'string' ? JSON.stringify(input) : 'this value';
  return instead
    ? `${shown} is not day or a list of weekdays; write every: ${WEEKDAYS.includes(instead as never) ? `[${instead}]` : instead}`
    : `${shown} is not day or a list of weekdays; write every: day, or the weekdays as a list, like [saturday, sunday]`;
}

const recurringWindow = z
  .strictObject({
    every: z
      .union([
        z.array(z.enum(WEEKDAYS)).min(1).describe('Weekdays the window starts on, in its time zone.'),
        z
          .string()
          .refine((text) => text === 'day', {
            params: { code: 'invalid_value', ofValue: true },
            error: (issue) => everyAdvice(issue.input),
          })
          .meta({ const: 'day', description: 'Every day.' }),
      ])
      .describe('The weekdays the window starts on (saturday, sunday, …), or day for every day.'),
    from: clock('Wall-clock time the window starts, in its time zone. Default 00:00.').default('00:00'),
    until: clock(
      'Wall-clock time the window ends; at or before from, it ends on the next day. Default 24:00.',
    ).default('24:00'),
    time_zone: timeZone,
    reason,
    holds,
  })
  .describe('A window that comes back every week: weekends, nights.');

const fixedWindow = z
  .strictObject({
    from: when('Start: a date (its first minute, in time_zone) or an instant with a zone.'),
    until: when('End: a date (the window runs to the end of that day, in time_zone) or an instant.'),
    time_zone: timeZone.optional().describe('The zone dates are read in; default UTC.'),
    reason,
    holds,
  })
  .describe('A window between two dates or instants: a holiday, a launch, a review.');

/** One freeze window: the release file's schema checks each, and the loader checks each alone when another part is wrong. */
export const freezeWindowSchema = z.union([recurringWindow, fixedWindow]);

const since = when('Since when: a date or an instant with a zone.');

/** The most freeze windows a release file may hold: every plan computes each of them, at every instant it asks. */
const MAX_FREEZE_WINDOWS = 100;
/** The most accounts a release file may pause. */
const MAX_PAUSED_ACCOUNTS = 100;

/**
 * A list of at most `max` entries, refused at the first entry past the cap
 * (its file:line), so that a release file cannot make every run do
 * unbounded work.
 */
function capped<T extends z.ZodType>(entry: T, max: number, tooMany: (count: number) => string) {
  return z
    .array(entry)
    .refine((list) => list.length <= max, {
      path: [max],
      params: { code: 'too_many_entries' },
      error: (issue) => tooMany(Array.isArray(issue.input) ? issue.input.length : max + 1),
    })
    .meta({ maxItems: max });
}

const pausedById = z.strictObject({
  id: nonEmpty.describe('Id of the account, as GET /accounts lists it.'),
  reason,
  since,
});

const pausedByName = z.strictObject({
  platform: z.enum(PLATFORMS).describe('Platform of the account: YouTube, TikTok or Instagram.'),
  name: nonEmpty.describe('Name of the account on that platform, as GET /accounts lists it.'),
  reason,
  since,
});

export const releaseSchema = z
  .strictObject({
    paused: z
      .boolean()
      .default(false)
      .describe(
        'The kill switch: true stops every write of every run (creates, edits, renders, publications).',
      ),
    reason: reason.optional().describe('Why the catalogue is paused; required with paused: true.'),
    since: since.optional().describe('Since when the catalogue is paused; required with paused: true.'),
    warn_paused_after: duration
      .default('7d')
      .describe(
        'A pause (of the catalogue, an account or an item) older than this is a warning in every run.',
      ),
    freeze: capped(
      freezeWindowSchema,
      MAX_FREEZE_WINDOWS,
      (count) =>
        `freeze holds ${count} windows; a release file may hold at most ${MAX_FREEZE_WINDOWS}: merge windows that repeat (every: [saturday, sunday] is one window), or remove those that have passed`,
    )
      .default([])
      .describe(
        'Freeze windows: while one is open, what it holds waits; a publication due in it goes out when it ends.',
      ),
    paused_accounts: capped(
      z.union([pausedByName, pausedById]),
      MAX_PAUSED_ACCOUNTS,
      (count) =>
        `paused_accounts names ${count} accounts; a release file may name at most ${MAX_PAUSED_ACCOUNTS}: pause the catalogue instead (paused: true), or remove accounts no longer paused`,
    )
      .default([])
      .describe(
        'Accounts nothing is published to: an item that publishes to one is held, whatever other accounts it names.',
      ),
  })
  .refine((value) => !value.paused || (value.reason !== undefined && value.since !== undefined), {
    path: ['paused'],
    params: { code: 'pause_without_reason' },
    message:
      'paused is true without a reason and a since; add reason: (why) and since: (a date, like 2026-11-20) beside it, so that every run can say why and for how long',
    // Checked whatever else is wrong, so that one run reports every mistake.
    when: (payload) =>
      isRecord(payload.value) &&
      payload.value['paused'] === true &&
      (typeof payload.value['reason'] !== 'string' || typeof payload.value['since'] !== 'string'),
  })
  .describe(
    'Release control: freeze windows, the kill switch and paused accounts, for every manifest of the folder.',
  );

/** A YAML mapping, read as a plain object. */
/** The release file after validation, with defaults filled. */
export type ReleaseFile = z.output<typeof releaseSchema>;

/** `paused` in a manifest or a `_defaults.yml`: true, or why and since when. */
export const pausedField = z
  .union([
    z.boolean(),
    z.strictObject({
      reason: reason.optional(),
      since: since.optional(),
    }),
  ])
  .optional()
  .describe(
    'Hold this item (or, in a _defaults.yml, every item below it): nothing is created, edited, rendered or published. true, or {reason, since}.',
  );

/** JSON Schema of the release file as written, for editors. */
export function releaseJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(releaseSchema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  const { $schema, ...rest } = schema;
  return { $schema, title: 'content-as-code release file', ...rest };
}
