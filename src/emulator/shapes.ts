// Response bodies, exactly as the interface and the assumptions describe them.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Config } from './config.ts';
import type { UserRecord } from './store.ts';
import type { ItemRecord, ListingEnvelope, ListingHint } from './types.ts';

/** Signed media URLs stay valid for one hour (A28). */
const URL_LIFETIME_SECONDS = 3600;

export interface ShapeContext {
  baseUrl: string;
  secret: Buffer;
  config: Config;
}

/** The secret as a key object, made once: a raw Buffer is turned into one on every signature, five times slower. */
const keys = new WeakMap<Buffer, KeyObject>();

function signature(secret: Buffer, path: string, expires: number): string {
  let key = keys.get(secret);
  if (key === undefined) keys.set(secret, (key = createSecretKey(secret)));
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest('hex');
}

/** A signed, time-limited URL of the item's media, served by the emulator under /media. */
function signedUrl(ctx: ShapeContext, path: string): string {
  const expires = Math.floor(Date.now() / 1000) + URL_LIFETIME_SECONDS;
  return `${ctx.baseUrl}${path}?expires=${expires}&signature=${signature(ctx.secret, path, expires)}`;
}

export function verifySignedUrl(ctx: ShapeContext, url: URL): boolean {
  const expires = Number(url.searchParams.get('expires'));
  const given = Buffer.from(url.searchParams.get('signature') ?? '', 'utf8');
  const wanted = Buffer.from(signature(ctx.secret, url.pathname, expires), 'utf8');
  if (!Number.isInteger(expires) || expires < Date.now() / 1000) return false;
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** A status as the service spells it: the interface's names, or (an option) the same in lower case. */
function spelled(item: ItemRecord, ctx: ShapeContext): string {
  return ctx.config.shapes.statuses === 'lowercase' ? item.status.toLowerCase() : item.status;
}

function persona(item: ItemRecord, user: UserRecord): { id: string | null; name: string | null } {
  if (item.persona_id === null) return { id: null, name: null };
  return { id: item.persona_id, name: user.personas.get(item.persona_id) ?? null };
}

/** GET /contents/{id}: every ContentDetail field, none of the list-only ones. */
export function detail(item: ItemRecord, user: UserRecord, ctx: ShapeContext): Record<string, unknown> {
  const { video_id, ...videoSettings } = item.video_settings;
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    textover: item.textover,
    full_text: item.full_text,
    status: spelled(item, ctx),
    upload_date: item.upload_date,
    creation_date: item.creation_date,
    updated_at: item.updated_at,
    hashtags: item.hashtags,
    fine_tuning: item.fine_tuning,
    persona: { ...persona(item, user), has_pace: false, audio_model_class: null, audio_model_name: null },
    accounts: item.accounts.map((a) => ({ ...a })),
    video_url: item.rendered ? signedUrl(ctx, `/media/${item.id}/video.mp4`) : null,
    thumbnail_url: item.rendered ? signedUrl(ctx, `/media/${item.id}/thumbnail.jpg`) : null,
    stats: item.stats,
    metadata: item.last_error === null ? null : { last_error: item.last_error },
    progress: item.progress,
    // A19: video_id is kept beside the interface's render options.
    video_settings: { ...videoSettings, video_id },
  };
}

/** A28: the URL of the last publication listed, or, per account, every one the service shows. */
function publishedUrls(item: ItemRecord, ctx: ShapeContext): Record<string, unknown> {
  const { urlsPerAccount, unlistedUrl } = ctx.config.behaviours;
  const hidden = (platform: string): boolean =>
    unlistedUrl !== undefined &&
    platform === unlistedUrl.platform &&
    item.title.includes(unlistedUrl.titleIncludes);
  const shown = item.publications.filter((publication) => !hidden(publication.platform));
  const last = shown.at(-1);
  const row: Record<string, unknown> = {
    published_url: last?.url ?? (item.publications.length > 0 ? null : item.published_url),
    published_platform: last?.platform ?? (item.publications.length > 0 ? null : item.published_platform),
  };
  if (urlsPerAccount)
    row.published_urls = shown.map((p) => ({ account_id: p.accountId, platform: p.platform, url: p.url }));
  return row;
}

/** One row of GET /contents (A18). */
export function summary(item: ItemRecord, user: UserRecord, ctx: ShapeContext): Record<string, unknown> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    full_text: item.full_text,
    hashtags: item.hashtags,
    status: spelled(item, ctx),
    persona: persona(item, user),
    ...publishedUrls(item, ctx),
    last_error: item.last_error,
    creation_date: item.creation_date,
    updated_at: item.updated_at,
    upload_date: item.upload_date,
  };
}

/** A24 (or its `state`/`error` variant). */
export function taskStatus(item: ItemRecord, ctx: ShapeContext): Record<string, unknown> {
  if (ctx.config.shapes.taskStatus === 'state') {
    return { id: item.id, state: spelled(item, ctx), progress: item.progress, error: item.last_error };
  }
  return { id: item.id, status: spelled(item, ctx), progress: item.progress, last_error: item.last_error };
}

/** A9: the object itself, or under `data` or `content`. */
export function wrapObject(body: Record<string, unknown>, ctx: ShapeContext): Record<string, unknown> {
  const where = ctx.config.shapes.object ?? 'self';
  return where === 'self' ? body : { [where]: body };
}

/** A10. */
export function creditsBody(credits: number, ctx: ShapeContext): Record<string, unknown> {
  const body = { [ctx.config.shapes.credits ?? 'credits']: credits };
  return ctx.config.shapes.creditsUnderData ? { data: body } : body;
}

/** A11: under `data` by default. */
export function subscriptionBody(user: UserRecord, ctx: ShapeContext): Record<string, unknown> {
  const { config } = ctx;
  const payload = {
    plan: 'emulator',
    limits: {
      generation_requests_per_window: config.rateLimit?.requests ?? null,
      generation_window_seconds: config.rateLimit?.windowSeconds ?? null,
      daily_video_cap: config.dailyVideoCap,
      upload_stall_threshold_seconds: config.stallThresholdSeconds,
      content_items: Number.isFinite(config.maxItems) ? config.maxItems : null,
    },
    usage_summary: {
      credits_remaining: user.credits,
      generation_requests_in_window: user.rateWindow?.count ?? 0,
      videos_today: user.videoDay.count,
      content_items: user.items.length,
    },
  };
  return config.shapes.subscription === 'top'
    ? { success: true, ...payload }
    : { success: true, data: payload };
}

function whole(value: string | null, min: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min ? n : null;
}

function requestedSize(url: URL, options: Config['listing']): number {
  const { sizeParam, defaultSize = 50, maxPageSize } = options;
  const param = (name: string): number | null => whole(url.searchParams.get(name), 1);
  const asked =
    sizeParam === 'none'
      ? null
      : sizeParam === undefined
        ? (param('limit') ?? param('page_size'))
        : param(sizeParam);
  return Math.min(asked ?? defaultSize, maxPageSize);
}

/** An opaque cursor: the offset of the next row. */
function cursorAt(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function offsetOf(cursor: string | null): number | null {
  if (cursor === null) return null;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/**
 * A5-A7: one page of a listing in the configured reading: where the rows sit,
 * which size parameter counts, whether pages count from 0 or 1, and which
 * paging hints come with it (the dialects of src/emulator/dialects.ts).
 * `shape` turns a row into what is sent, for the page's rows only: a page of
 * 100 from 10,000 items shapes (and signs the media URLs of) 100.
 */
export function listing<T>(
  rows: readonly T[],
  url: URL,
  ctx: ShapeContext,
  shape: (row: T) => unknown = (row) => row,
  envelopeFor?: ListingEnvelope,
): unknown {
  const options = ctx.config.listing;
  const envelope = envelopeFor ?? options.envelope ?? 'data';
  // A service that does not page: every row, no hint, whatever the query says.
  if (options.paged === false) {
    const all = rows.map(shape);
    return envelope === 'bare' ? all : { [envelope]: all };
  }
  const asked = pageAsked(url, options, rows.length);
  const slice = rows.slice(asked.offset, asked.offset + asked.size).map(shape);
  if (envelope === 'bare') return slice;
  return { [envelope]: slice, ...pagingHints(asked, options.hint, url, ctx.baseUrl) };
}

/** One page of a listing of `total` rows: its number, size and first row. */
interface PageAsked {
  page: number;
  size: number;
  offset: number;
  total: number;
  hasMore: boolean;
}

/** The page the query asks for: from a cursor, else by its number (counted from pageBase), in the size that counts. */
function pageAsked(url: URL, options: Config['listing'], total: number): PageAsked {
  const { pageBase = 1 } = options;
  const size = requestedSize(url, options);
  const cursor =
    options.hint === 'offset'
      ? whole(url.searchParams.get('offset'), 0)
      : offsetOf(url.searchParams.get('cursor'));
  const asked = options.ignorePage ? null : whole(url.searchParams.get('page'), pageBase);
  const page = asked ?? pageBase;
  const offset = cursor ?? (page - pageBase) * size;
  return { page, size, offset, total, hasMore: offset + size < total };
}

/** A7: the fields that tell a client about the next page, in the configured hint's form. */
function pagingHints(
  { page, size, offset, total, hasMore }: PageAsked,
  hint: ListingHint | undefined,
  url: URL,
  baseUrl: string,
): Record<string, unknown> {
  switch (hint) {
    case undefined:
      return { page, limit: size, total, has_more: hasMore };
    case 'total':
      return { page, limit: size, total };
    case 'has_more':
      return { page, limit: size, has_more: hasMore };
    case 'next': {
      const next = new URLSearchParams({ page: String(page + 1), limit: String(size) });
      return { next: hasMore ? `${url.pathname}?${next.toString()}` : null };
    }
    case 'meta':
      return {
        meta: {
          current_page: page,
          per_page: size,
          total_pages: Math.max(1, Math.ceil(total / size)),
          total,
        },
      };
    case 'links': {
      const next = new URL(`${baseUrl}${url.pathname}`);
      next.searchParams.set('cursor', cursorAt(offset + size));
      next.searchParams.set('page_size', String(size));
      return { links: { next: hasMore ? next.href : null } };
    }
    case 'cursor':
      return { next_cursor: hasMore ? cursorAt(offset + size) : null };
    case 'offset':
      return { offset, limit: size, total };
    case 'none':
      return {};
  }
}

/** A12: newest first. */
export function versionRows(item: ItemRecord): unknown[] {
  return [...item.versions].reverse().map((v) => ({ ...v }));
}
