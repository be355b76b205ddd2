import { isRecord } from '../record.ts';
import { scrubSecrets } from '../secrets.ts';
import { enumReader, serviceInstant } from '../text/service-terms.ts';
import { CONTENT_STATUSES } from '../interface/enumerations.ts';
import {
  unknownStatus,
  type Account,
  type ContentDetail,
  type ContentStatus,
  type ContentSummary,
  type ContentVersion,
  type Introspection,
  type MediaLinks,
  type PersonaRef,
  platformOf,
  type Progress,
  type Subscription,
  type TaskStatus,
  type VideoSettings,
} from './types.ts';
import {
  idText,
  readCredits,
  readObject,
  readPublishedLinks,
  readSubscription,
  readTaskStatus,
  Unrecognised,
} from './readings.ts';

// The resources of the interface, read from answers whose envelope
// readings.ts has recognised. Unknown extra fields are ignored; a status or a
// platform beyond the interface is kept as sent and stays local to its item
// or account (A35); a missing field the project needs is a ShapeProblem,
// which the client reports with the endpoint it came from.

export class ShapeProblem extends Error {
  override name = 'ShapeProblem';
}

type Json = Record<string, unknown>;

function record(value: unknown, what: string): Json {
  if (!isRecord(value)) throw new ShapeProblem(`${what} is not an object`);
  return value;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function requiredId(obj: Json, field: string, what: string): string {
  const value = idText(obj[field]);
  if (value !== null) return value;
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

const statusWord = enumReader(CONTENT_STATUSES);

/** A35: a listed status in the interface's spelling, whatever the service's case; anything else kept as sent, '' when absent. */
function status(value: unknown): ContentStatus {
  if (typeof value !== 'string') return unknownStatus('');
  return statusWord(value) ?? unknownStatus(value);
}

/** A reading of readings.ts; a ShapeProblem when none covers the answer. */
function read<T>(reading: () => T): T {
  try {
    return reading();
  } catch (error) {
    if (error instanceof Unrecognised) throw new ShapeProblem(error.message);
    throw error;
  }
}

/** A9 through readings.ts. */
function unwrap(body: unknown): Json {
  return read(() => readObject(body).object);
}

// ---- resources ----------------------------------------------------------

function persona(value: unknown): PersonaRef | null {
  const obj = object(value);
  if (obj === null) return null;
  return { id: idText(obj.id), name: text(obj.name) };
}

export function parseAccount(value: unknown): Account {
  const obj = record(value, 'an account');
  const platform = text(obj.platform) ?? '';
  return {
    id: requiredId(obj, 'id', 'an account'),
    name: text(obj.name) ?? '',
    platform: platformOf(platform),
    platform_acronym: text(obj.platform_acronym),
  };
}

/** A18: one row of GET /contents. */
export function parseContentSummary(value: unknown): ContentSummary {
  const obj = record(value, 'a content item');
  const id = requiredId(obj, 'id', 'a content item');
  const { links, perAccount } = readPublishedLinks(obj);
  const joined = (values: Array<string | null>): string | null =>
    values.some((value) => value !== null) ? values.map((value) => value ?? '').join(', ') : null;
  return {
    id,
    title: text(obj.title) ?? '',
    description: text(obj.description),
    full_text: text(obj.full_text),
    hashtags: text(obj.hashtags),
    status: status(obj.status),
    persona: persona(obj.persona),
    // The row's own text where it gives one; the URLs it lists, joined, where it gives a list.
    published_url: text(obj.published_url) ?? joined(links.map((link) => link.url)),
    published_platform: text(obj.published_platform) ?? joined(links.map((link) => link.platform)),
    published: { links, perAccount },
    last_error: text(obj.last_error),
    creation_date: serviceInstant(obj.creation_date),
    updated_at: serviceInstant(obj.updated_at),
    upload_date: serviceInstant(obj.upload_date),
  };
}

/** A run's progress: an object, or a bare percentage; null when no run shows any. */
function progress(value: unknown): Progress | null {
  const percentage = num(value);
  if (percentage !== null) return { percentage, step: null, message: null };
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
  const obj = unwrap(body);
  const id = requiredId(obj, 'id', 'the content item');
  const metadata = object(obj.metadata);
  const accounts = Array.isArray(obj.accounts) ? obj.accounts.map(parseAccount) : [];
  return {
    id,
    title: text(obj.title) ?? '',
    description: text(obj.description),
    full_text: text(obj.full_text),
    textover: text(obj.textover),
    hashtags: text(obj.hashtags),
    status: status(obj.status),
    fine_tuning: object(obj.fine_tuning),
    persona: persona(obj.persona),
    accounts,
    // The signed URL itself is never kept: it is time-limited and never reported (A28).
    has_video: typeof obj.video_url === 'string' && obj.video_url !== '',
    last_error: text(metadata?.last_error) ?? text(obj.last_error),
    progress: progress(obj.progress),
    video_settings: videoSettings(obj.video_settings),
    creation_date: serviceInstant(obj.creation_date),
    updated_at: serviceInstant(obj.updated_at),
    upload_date: serviceInstant(obj.upload_date),
  };
}

/**
 * The signed, time-limited media URLs of an item's detail (A28): read only
 * for a pull request's preview renders, whose comment may link them in a
 * private repository; never part of ContentDetail, so nothing else keeps one.
 */
export function parseMediaLinks(body: unknown): MediaLinks {
  const obj = unwrap(body);
  const url = (value: unknown): string | null =>
    typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) ? value : null;
  return { status: status(obj.status), video: url(obj.video_url), thumbnail: url(obj.thumbnail_url) };
}

/** A24: `status` or `state`; `last_error` or `error`; the id falls back to the one asked for. */
export function parseTaskStatus(body: unknown, contentId: string): TaskStatus {
  const obj = unwrap(body);
  const id = idText(obj.id) ?? contentId;
  const task = read(() => readTaskStatus(obj));
  return {
    id,
    status: status(task.status),
    progress: progress(obj.progress),
    last_error: text(task.lastError),
  };
}

/** A10 through readings.ts. */
export function parseCredits(body: unknown): number {
  return read(() => readCredits(body).credits);
}

/** A11 through readings.ts. */
export function parseSubscription(body: unknown): Subscription {
  const scope = read(() => readSubscription(body).fields);
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
    created_at: serviceInstant(obj.created_at),
  };
}

export function parseIntrospection(body: unknown): Introspection {
  const obj = unwrap(body);
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

const HTML_START = /^\s*(?:<!doctype html|<html|<head|<body)/i;
const HTML_HEADING = [/<title[^>]*>([\s\S]*?)<\/title>/i, /<h1[^>]*>([\s\S]*?)<\/h1>/i];

/**
 * A gateway's (or a proxy's) HTML error page, said as `an HTML page: <its
 * title>`, the title's words alone: its markup, scripts and styles are no
 * message, and are never shown. Null for a text that is no HTML page.
 */
function htmlPage(text: string): string | null {
  if (!HTML_START.test(text)) return null;
  const heading = HTML_HEADING.map((pattern) => pattern.exec(text)?.[1]).find((found) => found !== undefined);
  const words = (heading ?? text.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' '))
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return words === '' ? 'an HTML page' : `an HTML page: ${words}`;
}

/**
 * The error bodies: `{error}` (most endpoints), `{message}` (versions 404),
 * `{success:false, error}` (subscription), and plain text when not JSON (A4, A32).
 */
export function parseErrorBody(body: unknown): ErrorBody {
  if (typeof body === 'string') return { message: clip(htmlPage(body) ?? body) };
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
