import { PLATFORMS } from '../api/types.ts';
import type { Manifest } from './schema.ts';
import { FLOWS, STAGES } from './types.ts';

// A fast acceptance check for the common case, so that the action's start-up
// does not load zod. The zod schema in schema.ts stays the one definition of a
// manifest; this file mirrors it rule by rule for ordinary input and returns
// exactly what `manifestSchema.safeParse(value).data` would. Whenever it is not
// sure (invalid input, or any unusual shape) it returns null, and the caller
// asks zod, which also words the errors. test/manifest/accept.test.ts holds the
// two together: a non-null answer here must equal zod's output.

type Fields = Record<string, unknown>;
type Video = Manifest['video'];
type Publish = NonNullable<Manifest['publish']>;
type Account = NonNullable<Publish['accounts']>[number];

/** One shared instance: throwing it builds no stack. acceptManifest turns it into null. */
const UNSURE = new Error('not sure; zod decides');

function sure(condition: boolean): asserts condition {
  if (!condition) throw UNSURE;
}

// The keys of each strict object of the schema; any other key is for zod to report.
const MANIFEST_KEYS = keys(
  'title id description full_text textover hashtags persona fine_tuning stage flow video publish',
);
const VIDEO_KEYS = keys('source orientation prefer_real_world image_overlay zoom_effect subtitles');
const OVERLAY_KEYS = keys('enabled position');
const PUBLISH_KEYS = keys(
  'accounts at late privacy category made_for_kids age_restricted notify_subscribers ai_disclosure tiktok',
);
const TIKTOK_KEYS = keys('post_mode privacy');
const ID_KEYS = keys('id');
const NAME_KEYS = keys('platform name');
const POST_MODES = ['direct', 'draft'] as const;
const LATE = ['hold', 'publish'] as const;

function keys(names: string): ReadonlySet<string> {
  return new Set(names.split(' '));
}

/** The manifest zod would return, or null when this check is not sure of it. */
export function acceptManifest(value: unknown): Manifest | null {
  try {
    return manifest(value);
  } catch {
    // UNSURE, or any surprise: either way zod decides.
    return null;
  }
}

function manifest(value: unknown): Manifest {
  const m = strict(value, MANIFEST_KEYS);
  const result: Manifest = defined({
    title: nonEmpty(m.title),
    id: optional(m.id, nonEmpty),
    description: optional(m.description, text),
    full_text: optional(m.full_text, text),
    textover: optional(m.textover, text),
    hashtags: optional(m.hashtags, hashtags),
    persona: optional(m.persona, persona),
    fine_tuning: optional(m.fine_tuning, record),
    stage: optional(m.stage, oneOf(STAGES)) ?? 'draft',
    flow: optional(m.flow, oneOf(FLOWS)) ?? 'oneshot',
    // prefault({}): an absent video is read as an empty mapping, so its defaults apply.
    video: video(m.video === undefined ? {} : m.video),
    publish: optional(m.publish, publish),
  });
  sure(result.stage !== 'published' || (result.publish?.accounts?.length ?? 0) > 0);
  return result;
}

function video(value: unknown): Video {
  const v = strict(value, VIDEO_KEYS);
  return defined({
    source: optional(v.source, nonEmpty) ?? 'stock',
    orientation: optional(v.orientation, nonEmpty) ?? 'vertical',
    prefer_real_world: optional(v.prefer_real_world, flag),
    image_overlay: optional(v.image_overlay, overlay),
    zoom_effect: optional(v.zoom_effect, flag),
    subtitles: optional(v.subtitles, record),
  });
}

function overlay(value: unknown): Video['image_overlay'] {
  const o = strict(value, OVERLAY_KEYS);
  return defined({ enabled: optional(o.enabled, flag), position: optional(o.position, nonEmpty) });
}

function publish(value: unknown): Publish {
  const p = strict(value, PUBLISH_KEYS);
  const result = defined({
    accounts: optional(p.accounts, (list) => array(list, account)),
    at: optional(p.at, instant),
    late: optional(p.late, oneOf(LATE)),
    privacy: optional(p.privacy, nonEmpty) ?? 'public',
    category: optional(p.category, category) ?? '22',
    made_for_kids: optional(p.made_for_kids, flag) ?? false,
    age_restricted: optional(p.age_restricted, flag) ?? false,
    notify_subscribers: optional(p.notify_subscribers, flag) ?? true,
    ai_disclosure: optional(p.ai_disclosure, flag) ?? true,
    tiktok: optional(p.tiktok, tiktok),
  });
  sure(!(result.made_for_kids && result.age_restricted));
  return result;
}

function tiktok(value: unknown): Publish['tiktok'] {
  const t = strict(value, TIKTOK_KEYS);
  return defined({
    post_mode: optional(t.post_mode, oneOf(POST_MODES)),
    privacy: optional(t.privacy, nonEmpty),
  });
}

/** {id} or {platform, name}; a mapping with both shapes' keys fails both in zod. */
function account(value: unknown): Account {
  if (isPlain(value) && 'id' in value) return { id: nonEmpty(strict(value, ID_KEYS).id) };
  const a = strict(value, NAME_KEYS);
  return { platform: oneOf(PLATFORMS)(a.platform), name: nonEmpty(a.name) };
}

function persona(value: unknown): string {
  return typeof value === 'string' ? nonEmpty(value) : nonEmpty(strict(value, ID_KEYS).id);
}

/** A string is taken as written (trimmed); a list gets a # on each tag that lacks one. */
function hashtags(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  const tags = array(value, (tag) => {
    sure(typeof tag === 'string' ? /^#?[^\s#]\S*$/.test(tag) : isInt(tag));
    return tag as string | number;
  });
  return tags.map((tag) => (String(tag).startsWith('#') ? String(tag) : `#${tag}`)).join(' ');
}

function category(value: unknown): string {
  if (typeof value === 'string') return nonEmpty(value);
  sure(isInt(value) && value >= 0);
  return String(value);
}

// z.iso.datetime({ offset: true }): seconds required, any fraction, then Z or ±hh:mm.
const INSTANT =
  /^(\d{4})-(\d\d)-(\d\d)T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function instant(value: unknown): string {
  const match = typeof value === 'string' ? INSTANT.exec(value) : null;
  sure(match !== null);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // zod's pattern knows the days of each month; Date would roll 2030-02-30 over to March.
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  sure(days !== undefined && day >= 1 && day <= days);
  const date = new Date(match[0]);
  sure(!Number.isNaN(date.getTime())); // not expected, but toISOString would throw
  return date.toISOString();
}

/**
 * A plain mapping whose keys are all known. zod finds unknown keys with for…in and reads known ones with
 * `key in`; a known key present with the value undefined (never from YAML) would stay in its output: unsure.
 */
function strict(value: unknown, known: ReadonlySet<string>): Fields {
  sure(isPlain(value));
  for (const key in value) sure(known.has(key));
  for (const key of known) sure(value[key] !== undefined || !(key in value));
  return value;
}

/** z.record(z.string(), z.unknown()) copies the own enumerable string keys into a new object. */
function record(value: unknown): Record<string, unknown> {
  sure(isPlain(value) && Object.getOwnPropertySymbols(value).length === 0);
  // zod drops __proto__ and checks `constructor` to tell a plain object: leave both to zod.
  sure(!Object.hasOwn(value, '__proto__') && !Object.hasOwn(value, 'constructor'));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = value[key];
  return copy;
}

function array<T>(value: unknown, read: (item: unknown) => T): T[] {
  sure(Array.isArray(value));
  // Array.from visits holes too, as zod does (a hole is undefined and fails).
  return Array.from(value as unknown[], (item) => read(item));
}

function isPlain(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** z.int(): a safe integer (which rules out NaN, Infinity and fractions). */
function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function nonEmpty(value: unknown): string {
  sure(typeof value === 'string' && /\S/.test(value));
  return value;
}

function text(value: unknown): string {
  sure(typeof value === 'string');
  return value;
}

function flag(value: unknown): boolean {
  sure(typeof value === 'boolean');
  return value;
}

function oneOf<T extends string>(values: readonly T[]): (value: unknown) => T {
  return (value) => {
    sure((values as readonly unknown[]).includes(value));
    return value as T;
  };
}

/** Absent stays absent; `?? fallback` after it is zod's `.default(fallback)`. */
function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

/** Drops the keys left undefined: zod's output has no key for an absent optional field. */
function defined<T extends object>(object: T): T {
  for (const key of Object.keys(object) as Array<keyof T>) if (object[key] === undefined) delete object[key];
  return object;
}
