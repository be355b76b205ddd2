import { scrubSecrets } from '../secrets.ts';
import {
  CONTENT_STATUSES,
  PLATFORMS,
  type Account,
  type ContentDetail,
  type ContentStatus,
  type ContentSummary,
  type ContentVersion,
  type Introspection,
  type PersonaRef,
  type Progress,
  type Subscription,
  type TaskStatus,
  type VideoSettings,
} from './types.ts';

// Every response shape the interface calls "not shown" is read here, and only
// here, accepting every variant docs/service-assumptions.md lists (A5, A7,
// A9–A12, A18, A24, A32). Unknown extra fields are ignored; a missing field
// the project needs is a ShapeProblem, which the client reports with the
// endpoint it came from.

export class ShapeProblem extends Error {
  override name = 'ShapeProblem';
}

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown, what: string): Json {
  if (!isRecord(value)) throw new ShapeProblem(`${what} is not an object`);
  return value;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function requiredText(obj: Json, field: string, what: string): string {
  const value = obj[field];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new ShapeProblem(`${what} has no ${field}`);
}

function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function object(value: unknown): Json | null {
  return isRecord(value) ? value : null;
}

const STATUS_SET: ReadonlySet<string> = new Set(CONTENT_STATUSES);
const PLATFORM_SET: ReadonlySet<string> = new Set(PLATFORMS);

function status(value: unknown, what: string): ContentStatus {
  if (typeof value === 'string' && STATUS_SET.has(value)) return value as ContentStatus;
  throw new ShapeProblem(`${what} has an unknown status ${JSON.stringify(value ?? null)}`);
}

// ---- envelopes ----------------------------------------------------------

/** A9: the object itself, or the object under `data` or `content`. */
export function unwrapObject(body: unknown, what: string): Json {
  const obj = record(body, what);
  if ('id' in obj || 'status' in obj || 'active' in obj) return obj;
  for (const key of ['data', 'content']) {
    const inner = obj[key];
    if (isRecord(inner)) return inner;
  }
  return obj;
}

const LISTING_KEYS = ['data', 'items', 'contents', 'accounts', 'results'] as const;

export interface ListingPage {
  items: unknown[];
  hasMore: boolean | null;
  /** A page number, `advance` for a next link without a readable page, or null. */
  next: number | 'advance' | null;
  total: number | null;
}

/** A5 + A7: a bare array, or the first array under data/items/contents/accounts/results, with paging hints. */
export function readListing(body: unknown, what: string): ListingPage {
  if (Array.isArray(body)) return { items: body, hasMore: null, next: null, total: null };
  const obj = record(body, what);
  const key = LISTING_KEYS.find((candidate) => Array.isArray(obj[candidate]));
  if (key === undefined) throw new ShapeProblem(`${what} holds no list under ${LISTING_KEYS.join(', ')}`);
  return {
    items: obj[key] as unknown[],
    hasMore: bool(obj.has_more),
    next: nextHint(obj.next),
    total: num(obj.total),
  };
}

function nextHint(value: unknown): number | 'advance' | null {
  if (value === null || value === undefined || value === '' || value === false) return null;
  const direct = num(value);
  if (direct !== null) return Math.floor(direct);
  if (typeof value === 'string') {
    try {
      const page = new URL(value, 'http://next.invalid/').searchParams.get('page');
      const n = num(page);
      if (n !== null) return Math.floor(n);
    } catch {
      // an unreadable link still says "there is more"
    }
  }
  return 'advance';
}

/** A listing never runs past this many pages, whatever the hints say (A7). */
export const MAX_PAGES = 10_000;

/** A7: the page to fetch after `page`, or null when the listing is complete. */
export function nextPage(page: number, listing: ListingPage, readSoFar: number): number | null {
  if (listing.items.length === 0 || page >= MAX_PAGES) return null;
  if (typeof listing.next === 'number' && listing.next > page) return listing.next;
  const more =
    listing.next !== null ||
    listing.hasMore === true ||
    (listing.total !== null && listing.total > readSoFar);
  return more ? page + 1 : null;
}

// ---- resources ----------------------------------------------------------

function persona(value: unknown): PersonaRef | null {
  const obj = object(value);
  if (obj === null) return null;
  return { id: text(obj.id) ?? (typeof obj.id === 'number' ? String(obj.id) : null), name: text(obj.name) };
}

export function parseAccount(value: unknown): Account {
  const obj = record(value, 'an account');
  const platform = obj.platform;
  if (typeof platform !== 'string' || !PLATFORM_SET.has(platform)) {
    throw new ShapeProblem(
      `account ${JSON.stringify(obj.id ?? null)} has platform ${JSON.stringify(platform ?? null)}, not one of ${PLATFORMS.join(', ')}`,
    );
  }
  return {
    id: requiredText(obj, 'id', 'an account'),
    name: text(obj.name) ?? '',
    platform: platform as Account['platform'],
    platform_acronym: text(obj.platform_acronym),
  };
}

/** A18: one row of GET /contents. */
export function parseContentSummary(value: unknown): ContentSummary {
  const obj = record(value, 'a content item');
  const id = requiredText(obj, 'id', 'a content item');
  return {
    id,
    title: text(obj.title) ?? '',
    description: text(obj.description),
    full_text: text(obj.full_text),
    hashtags: text(obj.hashtags),
    status: status(obj.status, `content item ${id}`),
    persona: persona(obj.persona),
    published_url: text(obj.published_url),
    published_platform: text(obj.published_platform),
    last_error: text(obj.last_error),
    creation_date: text(obj.creation_date),
    updated_at: text(obj.updated_at),
    upload_date: text(obj.upload_date),
  };
}

function progress(value: unknown): Progress | null {
  const obj = object(value);
  if (obj === null) return null;
  return { percentage: num(obj.percentage), step: text(obj.step), message: text(obj.message) };
}

function videoSettings(value: unknown): VideoSettings | null {
  const obj = object(value);
  if (obj === null) return null;
  return {
    video_id: text(obj.video_id),
    orientation: text(obj.orientation),
    prefer_real_world: bool(obj.prefer_real_world),
    image_overlay_enabled: bool(obj.image_overlay_enabled),
    image_overlay_position: text(obj.image_overlay_position),
    zoom_effect_enabled: bool(obj.zoom_effect_enabled),
    subtitle_settings: object(obj.subtitle_settings),
  };
}

/** GET /contents/{id}, and the answers of POST /contents and PUT /contents/{id} (A9, A14, A20). */
export function parseContentDetail(body: unknown): ContentDetail {
  const obj = unwrapObject(body, 'the content item');
  const id = requiredText(obj, 'id', 'the content item');
  const metadata = object(obj.metadata);
  const accounts = Array.isArray(obj.accounts) ? obj.accounts.map(parseAccount) : [];
  return {
    id,
    title: text(obj.title) ?? '',
    description: text(obj.description),
    full_text: text(obj.full_text),
    textover: text(obj.textover),
    hashtags: text(obj.hashtags),
    status: status(obj.status, `content item ${id}`),
    fine_tuning: object(obj.fine_tuning),
    persona: persona(obj.persona),
    accounts,
    // The signed URL itself is never kept: it is time-limited and never reported (A28).
    has_video: typeof obj.video_url === 'string' && obj.video_url !== '',
    last_error: text(metadata?.last_error) ?? text(obj.last_error),
    progress: progress(obj.progress),
    video_settings: videoSettings(obj.video_settings),
    creation_date: text(obj.creation_date),
    updated_at: text(obj.updated_at),
    upload_date: text(obj.upload_date),
  };
}

/** A24: `status` or `state`; `last_error` or `error`; the id falls back to the one asked for. */
export function parseTaskStatus(body: unknown, contentId: string): TaskStatus {
  const obj = unwrapObject(body, 'the task status');
  const id = text(obj.id) ?? contentId;
  return {
    id,
    status: status(obj.status ?? obj.state, `task status of ${id}`),
    progress: progress(obj.progress),
    last_error: text(obj.last_error) ?? text(obj.error),
  };
}

const CREDIT_KEYS = ['credits', 'balance', 'available'] as const;

/** A10: a number under credits/balance/available, at the top level or under data. */
export function parseCredits(body: unknown): number {
  const obj = record(body, 'the credit balance');
  for (const scope of [obj, object(obj.data)]) {
    if (scope === null) continue;
    for (const key of CREDIT_KEYS) {
      const value = num(scope[key]);
      if (value !== null) return value;
    }
  }
  throw new ShapeProblem(`the credit balance holds no number under ${CREDIT_KEYS.join(', ')}`);
}

/** A11: `{success:true, plan, limits, usage_summary}`, or those fields under data. */
export function parseSubscription(body: unknown): Subscription {
  const obj = record(body, 'the subscription');
  const inner = object(obj.data);
  const scope =
    inner !== null && ('limits' in inner || 'plan' in inner || 'usage_summary' in inner) ? inner : obj;
  const plan = scope.plan;
  return {
    plan: text(plan) ?? text(object(plan)?.name) ?? null,
    limits: object(scope.limits) ?? {},
    usage_summary: object(scope.usage_summary) ?? {},
  };
}

/** A12: one entry of GET /contents/{id}/versions. */
export function parseVersion(value: unknown): ContentVersion {
  const obj = record(value, 'a version');
  const version = obj.version;
  if (typeof version !== 'number' && typeof version !== 'string')
    throw new ShapeProblem('a version has no version');
  return {
    version,
    title: text(obj.title),
    full_text: text(obj.full_text),
    textover: text(obj.textover),
    created_at: text(obj.created_at),
  };
}

export function parseIntrospection(body: unknown): Introspection {
  const obj = unwrapObject(body, 'the key introspection');
  const active = bool(obj.active);
  if (active === null) throw new ShapeProblem('the key introspection has no boolean active');
  return {
    active,
    subject: text(obj.subject) ?? '',
    scopes: Array.isArray(obj.scopes) ? obj.scopes.filter((s): s is string => typeof s === 'string') : [],
  };
}

// ---- errors -------------------------------------------------------------

export interface ErrorBody {
  /** The service's own words (not yet redacted). */
  message: string;
  code?: string | undefined;
  /** Missing scopes (403). */
  required?: string[] | undefined;
  /** Credits the operation needed (402, A30). */
  creditsRequired?: number | undefined;
  balance?: number | undefined;
  /** Which limit a 429 hit (A31). */
  limit?: string | undefined;
}

const MAX_MESSAGE = 300;

function clip(value: string): string {
  // Scrubbed before it is cut: a key cut in half no longer matches, and half a key is still a leak.
  const line = scrubSecrets(value).replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}

/**
 * The error bodies: `{error}` (most endpoints), `{message}` (versions 404),
 * `{success:false, error}` (subscription), and plain text when not JSON (A4, A32).
 */
export function parseErrorBody(body: unknown): ErrorBody {
  if (typeof body === 'string') return { message: clip(body) };
  if (!isRecord(body))
    return { message: body === undefined || body === null ? '' : clip(JSON.stringify(body)) };
  const nested = object(body.error);
  const message =
    text(body.error) ??
    text(body.message) ??
    text(nested?.message) ??
    text(body.detail) ??
    JSON.stringify(body);
  const required = body.required;
  return {
    message: clip(message),
    code: text(body.code) ?? text(nested?.code) ?? undefined,
    required: Array.isArray(required)
      ? required.filter((s): s is string => typeof s === 'string')
      : undefined,
    creditsRequired: num(required) ?? undefined,
    balance: num(body.balance) ?? undefined,
    limit: text(body.limit) ?? undefined,
  };
}

/** `{success: false, error}` inside a 200 (A11): the request failed all the same. */
export function failureInSuccess(body: unknown): string | null {
  if (!isRecord(body) || body.success !== false) return null;
  return parseErrorBody(body).message;
}
