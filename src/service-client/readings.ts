import { serviceFlag } from '../text/service-terms.ts';
import { platformOf, type PaceLimit, type PublishedLink } from './types.ts';
import { isRecord } from '../record.ts';
// Every answer the interface calls "not shown" is recognised here, and each
// recognition names the reading it took. The client parses through these
// functions and `doctor` reports the names they return, so doctor can never
// claim a reading the client does not handle. docs/service-assumptions.md
// lists the same readings under the same rule numbers.

export type Json = Record<string, unknown>;

/** An answer that no reading of its rule covers. `seen` describes it without quoting values. */
export class Unrecognised extends Error {
  override name = 'Unrecognised';
  readonly rule: RuleId;
  readonly seen: string;

  constructor(rule: RuleId, seen: string) {
    super(`${RULES[rule].title}: ${seen}`);
    this.rule = rule;
    this.seen = seen;
  }
}

/** What an apply does about a rule it cannot read: hold the items concerned, stop before writing, or note it. */
export type Consequence = 'hold' | 'stop' | 'note';

export interface Rule {
  title: string;
  readings: readonly string[];
  /** What an apply does when the service answers outside every reading. */
  otherwise: Consequence;
  effect: string;
}

/** The rules of docs/service-assumptions.md that a live service can show. */
export const RULES = {
  A5: {
    title: 'Listing envelope',
    readings: [
      'bare array',
      'under data',
      'under items',
      'under contents',
      'under accounts',
      'under results',
      'null for no rows',
    ],
    otherwise: 'stop',
    effect: 'plan and apply stop before any write: no listing, no plan',
  },
  A6: {
    title: 'Page size',
    readings: ['honoured', 'service size', 'lowered after a 400'],
    otherwise: 'note',
    effect: 'the listing reads more, smaller pages',
  },
  A7: {
    title: 'Paging',
    readings: [
      'one page',
      'not paged',
      'offsets',
      'pages from 1',
      'pages from 0',
      'next links',
      'next cursors',
      'hints at top level',
      'hints under meta',
      'hints under pagination',
      'hints under links',
      'no hints',
    ],
    otherwise: 'hold',
    effect: 'creates are held until the listing can be proven complete; matched items go on',
  },
  A9: {
    title: 'Object envelope',
    readings: [
      'the object itself',
      'under data',
      'under content',
      'under item',
      'under result',
      '{success, data}',
    ],
    otherwise: 'stop',
    effect: 'the item cannot be read; plan stops',
  },
  A10: {
    title: 'Credit balance',
    readings: ['a number', 'a number under data', 'a number under credits'],
    otherwise: 'note',
    effect: 'the report shows no balance; nothing else changes',
  },
  A11: {
    title: 'Subscription',
    readings: ['fields at top level', 'fields under data'],
    otherwise: 'note',
    effect: 'no plan limits are read: the generation pace is learned from the 429s (A41)',
  },
  A14: {
    title: 'Write answers',
    readings: ['the item', 'an id', 'nothing'],
    otherwise: 'note',
    effect: 'every write is read back with GET /contents/{id}; a create with no id is found by its title',
  },
  A18: {
    title: 'List rows',
    readings: ['rows with status', 'rows without status'],
    otherwise: 'hold',
    effect: 'rows without a status are completed from the detail view',
  },
  A24: {
    title: 'Task status',
    readings: ['status and last_error', 'state and error'],
    otherwise: 'hold',
    effect: 'items cannot be waited on; their runs are reported as still running',
  },
  A28: {
    title: 'Published URLs',
    readings: ['one url per item', 'urls per account', 'no url'],
    otherwise: 'note',
    effect: 'a publication whose URL the service does not show is reported unconfirmed, naming the account',
  },
  A29: {
    title: 'Key and scopes',
    readings: ['active'],
    otherwise: 'stop',
    effect: 'nothing is written with an inactive key',
  },
  A41: {
    title: 'Generation pace',
    readings: ['count and window', 'count per minute', 'count per second', 'count per hour'],
    otherwise: 'note',
    effect: "generation requests are paced by what the service's 429s show (Retry-After honoured in full)",
  },
  A35: {
    title: 'Values beyond the interface',
    readings: ['none seen', 'unknown values seen'],
    otherwise: 'hold',
    effect:
      'an item in an unknown status, or publishing to an account on an unknown platform, is held; the rest go on',
  },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;
export type ReadingOf<R extends RuleId> = (typeof RULES)[R]['readings'][number];

/** Describes a JSON value by its shape, never its content: what doctor may print of a foreign answer. */
export function shapeOf(value: unknown, depth = 1): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (!isRecord(value)) return typeof value === 'string' ? 'text' : typeof value;
  const keys = Object.keys(value).slice(0, 12);
  if (depth <= 0) return `an object with ${keys.length} key(s)`;
  return `{${keys.map((key) => `${key}: ${shapeOf(value[key], depth - 1)}`).join(', ')}}`;
}

// ---- one object (A9, A14) -------------------------------------------------

const OBJECT_KEYS = ['data', 'content', 'item', 'result'] as const;
const IDENTITY_KEYS = ['id', 'status', 'state', 'active', 'title'] as const;

/** A9: the object itself, under data/content/item/result, or a `{success, data}` wrapper. */
export function readObject(body: unknown): { object: Json; reading: ReadingOf<'A9'> } {
  if (!isRecord(body)) throw new Unrecognised('A9', `the answer is ${shapeOf(body, 0)}`);
  if (IDENTITY_KEYS.some((key) => key in body)) return { object: body, reading: 'the object itself' };
  for (const key of OBJECT_KEYS) {
    const inner = body[key];
    if (isRecord(inner)) {
      if (key === 'data' && 'success' in body) return { object: inner, reading: '{success, data}' };
      return { object: inner, reading: `under ${key}` };
    }
  }
  throw new Unrecognised('A9', `the answer is ${shapeOf(body)}`);
}

const ID_KEYS = ['id', 'content_id', 'contentId', 'creation_id'] as const;

/** An id as an opaque string: the service may send it as a number or as text. */
export function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function idIn(obj: Json): string | null {
  return ID_KEYS.map((key) => idText(obj[key])).find((id) => id !== null) ?? null;
}

/**
 * A14: what a write answered. The item itself, only its id (at the top, or
 * wrapped as in A9), or nothing usable at all. The client reads the item back
 * in every case.
 */
export function readWriteAnswer(body: unknown): { id: string | null; reading: ReadingOf<'A14'> } {
  if (!isRecord(body)) return { id: null, reading: 'nothing' };
  for (const scope of [body, ...OBJECT_KEYS.map((key) => body[key]).filter(isRecord)]) {
    const id = idIn(scope);
    if (id !== null) return { id, reading: 'title' in scope && 'status' in scope ? 'the item' : 'an id' };
  }
  return { id: null, reading: 'nothing' };
}

/** A row's id, for de-duplicating a listing; null when it has none. */
export function rowId(row: unknown): string | null {
  return isRecord(row) ? idIn(row) : null;
}

// ---- listings (A5, A7) ------------------------------------------------------

const LISTING_KEYS = ['data', 'items', 'contents', 'accounts', 'results'] as const;

export interface ListingBody {
  rows: unknown[];
  reading: ReadingOf<'A5'>;
  /** The object around the rows, where paging hints may sit; null for a bare array. */
  holder: Json | null;
}

/** A5: a bare array, or the first array under data/items/contents/accounts/results (also inside `data`). */
export function readListingBody(body: unknown): ListingBody {
  if (Array.isArray(body)) return { rows: body, reading: 'bare array', holder: null };
  if (!isRecord(body)) throw new Unrecognised('A5', `the listing is ${shapeOf(body, 0)}`);
  for (const key of LISTING_KEYS) {
    const rows = body[key];
    if (Array.isArray(rows)) return { rows, reading: `under ${key}`, holder: body };
  }
  const data = body.data;
  if (isRecord(data)) {
    for (const key of LISTING_KEYS) {
      const rows = data[key];
      if (Array.isArray(rows)) return { rows, reading: `under ${key}`, holder: { ...body, ...data } };
    }
  }
  // A page with no rows written as null (as Go writes a list it never
  // filled) is an empty page, unless the body says it failed: then it is no
  // listing at all.
  const nullRows = LISTING_KEYS.some((key) => body[key] === null);
  if (nullRows && body.success !== false && !('error' in body))
    return { rows: [], reading: 'null for no rows', holder: body };
  throw new Unrecognised('A5', `no array under ${LISTING_KEYS.join(', ')} in ${shapeOf(body)}`);
}

/** Where a listing's next part is: a page number, a link to follow as given, a cursor, or an explicit end. */
export type Next =
  | { kind: 'page'; page: number }
  | { kind: 'link'; href: string }
  | { kind: 'cursor'; cursor: string }
  | { kind: 'end' };

export interface PagingHints {
  where: 'top level' | 'meta' | 'pagination' | 'links' | null;
  hasMore: boolean | null;
  next: Next | null;
  /** Items in the whole listing (`total`, `total_count`); proves completeness. */
  total: number | null;
  /** `count`: a total by some services, the page's own length by others; only ever read as "there is more". */
  count: number | null;
  /** Pages in the whole listing (`total_pages`, `page_count`). */
  totalPages: number | null;
  /** `last_page`: a page number in the service's own numbering. */
  lastPage: number | null;
  /** The page number this answer says it is (`page`, `current_page`, `page_number`). */
  page: number | null;
  /** The offset of this answer's first row (`offset`, `skip`, `start`): a service that pages by offset says so. */
  offset: number | null;
}

const HINT_PLACES = [
  ['meta', 'meta'],
  ['pagination', 'pagination'],
  ['links', 'links'],
  ['paging', 'pagination'],
] as const;

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return null;
}

function firstNum(obj: Json, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = num(obj[key]);
    if (value !== null) return Math.floor(value);
  }
  return null;
}

function isLink(value: string): boolean {
  return value.includes('/') || value.includes('?') || value.includes('=');
}

/** A `next` value: a page number, a link (or `{href}`), a cursor, or an explicit end (null, '', false). */
function nextOf(obj: Json): Next | null {
  // A key that is absent reads as undefined, which none of the forms below matches.
  for (const key of ['next', 'next_page_url', 'next_url', 'next_link']) {
    const value = obj[key];
    if (value === null || value === '' || value === false) return { kind: 'end' };
    const page = num(value);
    if (page !== null) return { kind: 'page', page: Math.floor(page) };
    const href = typeof value === 'string' ? value : isRecord(value) ? value.href : undefined;
    if (typeof href === 'string' && href !== '') {
      return isLink(href) || key !== 'next' ? { kind: 'link', href } : { kind: 'cursor', cursor: href };
    }
  }
  for (const key of ['next_cursor', 'cursor_next', 'next_token', 'nextPageToken']) {
    const value = obj[key];
    if (value === null || value === '' || value === false) return { kind: 'end' };
    if (typeof value === 'string' || typeof value === 'number')
      return { kind: 'cursor', cursor: String(value) };
  }
  const nextPage = num(obj.next_page);
  if (nextPage !== null) return { kind: 'page', page: nextPage };
  if ('next_page' in obj && obj.next_page === null) return { kind: 'end' };
  return null;
}

function hintsIn(obj: Json): Omit<PagingHints, 'where'> {
  return {
    hasMore: serviceFlag(obj.has_more ?? obj.hasMore ?? obj.has_next),
    next: nextOf(obj),
    total: firstNum(obj, ['total', 'total_count', 'totalCount', 'total_items', 'total_results']),
    count: firstNum(obj, ['count']),
    totalPages: firstNum(obj, ['total_pages', 'totalPages', 'page_count', 'pages']),
    lastPage: firstNum(obj, ['last_page', 'lastPage']),
    page: firstNum(obj, ['page', 'current_page', 'currentPage', 'page_number']),
    offset: firstNum(obj, ['offset', 'skip', 'start']),
  };
}

function anyHint(hints: Omit<PagingHints, 'where'>): boolean {
  return Object.values(hints).some((value) => value !== null);
}

/** A7: paging hints at the top level or under meta/pagination/links, merged, the first place named. */
export function readPagingHints(holder: Json | null): PagingHints {
  const none: PagingHints = {
    where: null,
    hasMore: null,
    next: null,
    total: null,
    count: null,
    totalPages: null,
    lastPage: null,
    page: null,
    offset: null,
  };
  if (holder === null) return none;
  const places: Array<[PagingHints['where'], Omit<PagingHints, 'where'>]> = [['top level', hintsIn(holder)]];
  for (const [key, name] of HINT_PLACES) {
    const inner = holder[key];
    if (isRecord(inner)) places.push([name, hintsIn(inner)]);
  }
  const merged = { ...none };
  for (const [where, hints] of places) {
    if (!anyHint(hints)) continue;
    merged.where ??= where;
    for (const [key, value] of Object.entries(hints) as Array<[keyof typeof hints, unknown]>) {
      if (merged[key] === null) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

// ---- published URLs (A28) ----------------------------------------------------

const URL_LIKE = /^https?:\/\//i;

function linkOf(value: unknown, platform: string | null): PublishedLink | null {
  if (typeof value === 'string')
    return URL_LIKE.test(value.trim()) ? { url: value.trim(), platform, accountId: null } : null;
  if (!isRecord(value)) return null;
  const url = typeof value.url === 'string' ? value.url.trim() : '';
  if (!URL_LIKE.test(url)) return null;
  const named = (key: string): string | null => (typeof value[key] === 'string' ? value[key] : null);
  // Ids are opaque: a number is its digits.
  const id = (key: string): string | null =>
    typeof value[key] === 'number' && Number.isFinite(value[key]) ? String(value[key]) : named(key);
  const own = named('platform');
  return {
    url,
    platform: own === null ? platform : platformOf(own),
    accountId: id('account_id') ?? id('accountId'),
  };
}

/** A value the service may give as one, as a list, or as a comma-joined text: its parts, trimmed. */
function partsOf(value: unknown): unknown[] {
  if (Array.isArray(value))
    return (value as unknown[]).map((part) => (typeof part === 'string' ? part.trim() : part));
  if (typeof value === 'string') return value.split(',').map((part) => part.trim());
  return [];
}

/**
 * A28: the URLs a list row shows for the item's publications. The interface
 * names one `published_url` (and `published_platform`) per item; a service
 * may also list one per account, under `published_urls` (URLs, or objects
 * with `url`, `platform`, `account_id`), or several in `published_url` (and
 * `published_platform`), as an array or separated by commas, in the same
 * order. `perAccount` says whether it shows them per account.
 */
export function readPublishedLinks(row: Json): {
  links: PublishedLink[];
  perAccount: boolean;
  reading: ReadingOf<'A28'>;
} {
  if (Array.isArray(row.published_urls)) {
    const links = row.published_urls.flatMap((value) => linkOf(value, null) ?? []);
    return { links, perAccount: true, reading: 'urls per account' };
  }
  const parts = partsOf(row.published_url);
  const platforms = partsOf(row.published_platform).map((part) =>
    typeof part === 'string' ? platformOf(part) : null,
  );
  const links = parts.flatMap((part, index) => linkOf(part, platforms[index] ?? null) ?? []);
  if (links.length > 1 || Array.isArray(row.published_url))
    return { links, perAccount: true, reading: 'urls per account' };
  return { links, perAccount: false, reading: links.length === 0 ? 'no url' : 'one url per item' };
}

// ---- small objects (A10, A11, A24) -------------------------------------------

const CREDIT_KEYS = ['credits', 'balance', 'available', 'remaining_credits', 'credit_balance'] as const;

/** A10: a number under one of the credit keys, at the top, under data, or under a `credits` object. */
export function readCredits(body: unknown): { credits: number; reading: ReadingOf<'A10'> } {
  if (!isRecord(body)) {
    const value = num(body);
    if (value !== null) return { credits: value, reading: 'a number' };
    throw new Unrecognised('A10', `the balance is ${shapeOf(body, 0)}`);
  }
  const scopes: Array<[Json | null, ReadingOf<'A10'>]> = [
    [body, 'a number'],
    [isRecord(body.data) ? body.data : null, 'a number under data'],
    [isRecord(body.credits) ? body.credits : null, 'a number under credits'],
    [isRecord(body.data) && isRecord(body.data.credits) ? body.data.credits : null, 'a number under credits'],
  ];
  for (const [scope, reading] of scopes) {
    if (scope === null) continue;
    for (const key of CREDIT_KEYS) {
      const value = num(scope[key]);
      if (value !== null) return { credits: value, reading };
    }
  }
  throw new Unrecognised('A10', `no number under ${CREDIT_KEYS.join(', ')} in ${shapeOf(body)}`);
}

/** A11: the subscription's plan, limits and usage_summary, at the top or under data. */
export function readSubscription(body: unknown): { fields: Json; reading: ReadingOf<'A11'> } {
  if (!isRecord(body)) throw new Unrecognised('A11', `the subscription is ${shapeOf(body, 0)}`);
  const has = (obj: Json): boolean => 'limits' in obj || 'plan' in obj || 'usage_summary' in obj;
  if (isRecord(body.data) && has(body.data)) return { fields: body.data, reading: 'fields under data' };
  if (has(body)) return { fields: body, reading: 'fields at top level' };
  throw new Unrecognised('A11', `no plan, limits or usage_summary in ${shapeOf(body)}`);
}

const PACE_PLACES = ['generation', 'generation_rate_limit', 'rate_limit', 'rate_limits'] as const;
const PACE_COUNTS = ['requests', 'limit', 'max_requests', 'max'] as const;
const PACE_WINDOWS = ['window_seconds', 'window', 'period_seconds', 'interval_seconds'] as const;
const PER_UNIT = [
  ['per_second', 1, 'count per second'],
  ['per_minute', 60, 'count per minute'],
  ['per_hour', 3600, 'count per hour'],
] as const;
/** A window longer than a day is no pace a run could keep to: a quota, not a rate. */
const LONGEST_WINDOW_S = 86_400;

function paceOf(requests: number | null, windowSeconds: number | null): PaceLimit | null {
  if (requests === null || windowSeconds === null || requests < 1) return null;
  if (!(windowSeconds > 0) || windowSeconds > LONGEST_WINDOW_S) return null;
  return { requests, windowSeconds };
}

/** `{requests, window_seconds}` (or `per_minute`…) in one object, named by the reading it takes. */
function paceIn(obj: Json, prefix: string): { limit: PaceLimit; reading: ReadingOf<'A41'> } | null {
  const keys = (names: readonly string[]): string[] => names.map((name) => `${prefix}${name}`);
  const counted = paceOf(
    firstNum(obj, keys([...PACE_COUNTS.map((name) => `${name}_per_window`), ...PACE_COUNTS])),
    firstNum(obj, keys(PACE_WINDOWS)),
  );
  if (counted) return { limit: counted, reading: 'count and window' };
  for (const [unit, seconds, reading] of PER_UNIT) {
    const limit = paceOf(firstNum(obj, keys([`requests_${unit}`, unit])), seconds);
    if (limit) return { limit, reading };
  }
  return null;
}

/**
 * A41: the generation rate the subscription's `limits` state, if any: flat
 * (`generation_requests_per_window` with `generation_window_seconds`,
 * `generation_requests_per_minute`), or an object under `generation`,
 * `generation_rate_limit`, `rate_limit` or `rate_limits` (itself or its
 * `generation`) holding `requests` (`limit`, `max_requests`, `max`) with
 * `window_seconds` (`window`, `period_seconds`, `interval_seconds`), or
 * `per_minute`, `per_second`, `per_hour`. Generation is the only rate the
 * interface limits (Limits 1), so a rate limit shown is taken as its. Null
 * when the limits show none: the pace is then learned from the 429s.
 */
export function readGenerationPace(limits: unknown): { limit: PaceLimit; reading: ReadingOf<'A41'> } | null {
  if (!isRecord(limits)) return null;
  const flat = paceIn(limits, 'generation_');
  if (flat) return flat;
  for (const place of PACE_PLACES) {
    const inner = limits[place];
    if (!isRecord(inner)) continue;
    const found = paceIn(inner, '') ?? (isRecord(inner.generation) ? paceIn(inner.generation, '') : null);
    if (found) return found;
  }
  return null;
}

/** A24: the status under `status` or `state`, the error under `last_error` or `error`. */
export function readTaskStatus(obj: Json): {
  status: unknown;
  lastError: unknown;
  reading: ReadingOf<'A24'>;
} {
  if ('status' in obj)
    return { status: obj.status, lastError: obj.last_error ?? obj.error, reading: 'status and last_error' };
  if ('state' in obj)
    return { status: obj.state, lastError: obj.error ?? obj.last_error, reading: 'state and error' };
  throw new Unrecognised('A24', `no status or state in ${shapeOf(obj)}`);
}

/**
 * A15: the script the service writes from full_text, as this project reads
 * it (the interface does not show the real writer): the emulator writes it,
 * and import leaves out a textover that equals it. Deterministic: whitespace is
 * normalised, the text is cut into sentences, and the first eight sentences
 * become one line each.
 */
export function writeScript(fullText: string): string {
  const flat = fullText.replace(/\s+/g, ' ').trim();
  if (flat === '') return '';
  const sentences = flat.split(/(?<=[.!?])\s+/);
  return sentences.slice(0, 8).join('\n');
}
