// Public types of the emulator and the shape of its internal records.
// Rule numbers (A1..A34) refer to docs/service-assumptions.md.
import type { KnownPlatform, KnownStatus, Scope } from '../interface/enumerations.ts';

/**
 * A status as the emulator keeps it: one the interface lists, or (a service
 * that grew beyond it) any other word.
 */
export type Status = KnownStatus | (string & {});
/** A platform the interface lists, or any other a grown service shows. */
export type Platform = KnownPlatform | (string & {});

/** Item of accounts (interface, Resources). */
export interface Account {
  id: string;
  name: string;
  platform: Platform;
  platform_acronym: string;
}

/** progress: "percentage, step, message". */
interface Progress {
  percentage: number;
  step: string;
  message: string;
}

/** video_settings, with the video_id the emulator keeps beside it (A19). */
interface VideoSettings {
  video_id: string | null;
  orientation: string | null;
  prefer_real_world: boolean | null;
  image_overlay_enabled: boolean | null;
  image_overlay_position: string | null;
  zoom_effect_enabled: boolean | null;
  subtitle_settings: Record<string, unknown> | null;
}

export type Phase = 'audio' | 'video' | 'upload';

/** Makes a phase fail for items whose title contains `titleIncludes`. */
export interface FailureRule {
  titleIncludes: string;
  phase: Phase;
  /** Written to metadata.last_error (detail) and last_error (list, task status). */
  message: string;
  /** How many runs this rule fails; unlimited when absent. */
  times?: number;
}

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: number; body?: unknown }
  | { kind: 'latency'; ms: number }
  /** The socket is destroyed before the request is handled: nothing is applied. */
  | { kind: 'drop' }
  /** The request is handled and its write applied, then the socket is destroyed. */
  | { kind: 'lose-response' };

export interface FaultRule {
  /** HTTP method; any when absent. */
  method?: string;
  /** Exact path (with or without the /v1 prefix, no query) or a pattern tested on both. */
  path?: string | RegExp;
  /** How many matching requests this rule hits; 1 when absent (Infinity for all). */
  times?: number;
  fault: Fault;
}

/** `rows` is a key no reading of A5 covers: a service the client cannot read. */
export type ListingEnvelope = 'data' | 'bare' | 'items' | 'contents' | 'accounts' | 'results' | 'rows';
export type ListingHint = 'has_more' | 'next' | 'total' | 'none' | 'meta' | 'links' | 'cursor' | 'offset';

export interface ListingOptions {
  /** A5: where the array sits; `data` by default. */
  envelope?: ListingEnvelope;
  /**
   * A7: which paging hint is served. Absent: page, limit, total and has_more
   * together. `none`: no hint at all. `meta`: {current_page, per_page,
   * total_pages, total} under meta. `links`: links.next, an absolute URL with
   * a cursor. `cursor`: next_cursor at the top level.
   */
  hint?: ListingHint;
  /** A6: the largest page served; 100 by default. */
  maxPageSize?: number;
  /** The number of the first page: 1 (default) or 0. */
  pageBase?: 0 | 1;
  /** The size parameter honoured; default `limit`, then `page_size`. `none` ignores every one. */
  sizeParam?: 'limit' | 'page_size' | 'per_page' | 'none';
  /** The size served when none is asked for (or honoured); default 50. */
  defaultSize?: number;
  /** Serves the first page whatever page is asked for: a service that ignores paging. */
  ignorePage?: boolean;
  /** False: every row in one answer, with no hint, whatever the query asks (a service that does not page). */
  paged?: boolean;
  /** `bare` or `data` for GET /accounts only, where it differs from `envelope`. */
  accountsEnvelope?: 'bare' | 'data';
  /** The order of the rows: oldest first (default) or newest first, as many services list. */
  order?: 'oldest-first' | 'newest-first';
}

/** The other variants of the single-object shapes the client accepts. */
export interface ShapeOptions {
  /** A9: the object itself (default), or under `data` or `content`. */
  object?: 'self' | 'data' | 'content';
  /** A10: the key holding the credit balance; `credits` by default. */
  credits?: 'credits' | 'balance' | 'available';
  /** A10: the balance under `data` instead of at the top level. */
  creditsUnderData?: boolean;
  /** A11: the subscription fields under `data` (default) or at the top level. */
  subscription?: 'data' | 'top';
  /** A24: `status`/`last_error` (default) or `state`/`error`. */
  taskStatus?: 'status' | 'state';
  /** Statuses as the interface names them (default), or every one in lower case: names no reading covers. */
  statuses?: 'interface' | 'lowercase';
}

export interface EmulatorOptions {
  /** 0 = ephemeral (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The ready key of the default user; a random svc_live_… when absent. */
  apiKey?: string;
  /** Phase durations in milliseconds; default 1500/2500/1000 (demo pace). */
  phaseMs?: { audio?: number; video?: number; upload?: number };
  /** How long one "second" of Retry-After, rate windows and the stall threshold lasts; default 1000. */
  secondMs?: number;
  /** Default 30. */
  stallThresholdSeconds?: number;
  /** Per user; default { requests: 60, windowSeconds: 60 }; null turns it off. */
  rateLimit?: { requests: number; windowSeconds: number } | null;
  /** Per user and UTC day on POST /gen/video; default 50. */
  dailyVideoCap?: number;
  /** Plan limit on content items per user (POST /contents answers 400 beyond it); unlimited by default. */
  maxItems?: number;
  /** Starting balance of the default user; default 1000. */
  credits?: number;
  /**
   * A whole reading of the interface's "not shown" rules (src/emulator/dialects.ts);
   * `reference` by default. `listing` and `shapes` given beside it override its parts.
   */
  dialect?: string;
  /**
   * Entries of the readings catalogue (src/emulator/readings/catalogue.ts),
   * applied after the dialect's, in order; `listing`, `shapes` and
   * `behaviours` given beside them override their parts.
   */
  readings?: readonly string[];
  /** The default user's connected accounts; default DEFAULT_ACCOUNTS (Ocean Facts). */
  accounts?: readonly { platform: Platform; name: string; id?: string }[];
  /** Items to start with, as an earlier run left them (`emulator --state FILE`). */
  items?: readonly ItemRecord[];
  listing?: ListingOptions;
  shapes?: ShapeOptions;
  failures?: FailureRule[];
  /** Behaviours the interface allows but does not promise (normal forms, stale progress, queueing); all off by default. */
  behaviours?: BehaviourOptions;
}

export interface RequestLogEntry {
  method: string;
  /** Path with its query, as received. */
  path: string;
  /** Status sent (or that would have been sent); 0 when the connection was dropped before handling. */
  status: number;
  /** Epoch milliseconds when the request arrived. */
  time: number;
  /** Owner of the key, when it resolved. */
  user: string | null;
  fault?: Fault['kind'];
  /** The Idempotency-Key header the request carried, when it carried one. */
  idempotencyKey?: string;
}

export interface PublishSettings {
  privacy: string;
  category: string;
  madeForKids: 'yes' | 'no';
  ageRestricted: 'yes' | 'no';
  notifySubscribers: boolean;
  aiDisclosure: boolean;
  tiktok_post_mode: string | null;
  tiktok_privacy: string | null;
}

export interface Publication {
  accountId: string;
  platform: Platform;
  name: string;
  url: string;
  publishedAt: string;
}

export interface VersionRecord {
  version: number;
  title: string;
  full_text: string | null;
  textover: string | null;
  created_at: string;
}

/** One content item as the emulator keeps it. admin.items() returns copies. */
export interface ItemRecord {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  full_text: string | null;
  textover: string | null;
  hashtags: string | null;
  fine_tuning: Record<string, unknown> | null;
  persona_id: string | null;
  status: Status;
  /** Every status the item has entered, in order, starting with NEW. */
  statusHistory: Status[];
  creation_date: string;
  updated_at: string;
  upload_date: string | null;
  /** A render exists: video_url and thumbnail_url are served. */
  rendered: boolean;
  accounts: Account[];
  video_settings: VideoSettings;
  last_error: string | null;
  progress: Progress | null;
  stats: Record<string, unknown> | null;
  publications: Publication[];
  published_url: string | null;
  published_platform: Platform | null;
  /** Generation runs accepted (POST /gen/process-content-async and POST /gen/video). */
  generationDispatches: number;
  /** Publications started (upload phases entered), one-shot or POST /contents/upload. */
  uploadDispatches: number;
  /** Emulator-clock milliseconds of the last upload dispatch (the 409 guard). */
  uploadDispatchedAt: number | null;
  /** Progress snapshots written so far, across all runs. */
  progressUpdates: number;
  /** Effective publication settings of the last dispatch, after the casing traps. */
  publishSettings: PublishSettings | null;
  versions: VersionRecord[];
  /** Inserted by admin.addLegacyItem (status READY_FOR_UPLOAD). */
  legacy: boolean;
}

export interface KeyInfo {
  userId: string;
  /** The first characters of the key (svc_live_ and four more), never the whole key. */
  prefix: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface LegacyItemInput {
  userId?: string;
  title: string;
  description?: string | null;
  full_text?: string | null;
  textover?: string | null;
  hashtags?: string | null;
}

export interface EmulatorAdmin {
  readonly defaultUserId: string;
  createUser(options?: { name?: string; credits?: number }): string;
  /** Returns the plaintext key; only its SHA-256 hash is kept. Scopes default to read and generate. */
  createKey(userId: string, scopes?: Scope[]): string;
  revokeKey(key: string): void;
  keys(userId: string): KeyInfo[];
  setCredits(userId: string, credits: number): void;
  credits(userId: string): number;
  addAccount(userId: string, account: { platform: Platform; name: string; id?: string }): Account;
  addPersona(userId: string, persona: { name: string; id?: string }): string;
  items(userId?: string): ItemRecord[];
  addLegacyItem(input: LegacyItemInput): ItemRecord;
  addFailure(rule: FailureRule): void;
  injectFault(rule: FaultRule): void;
  clearFaults(): void;
  setLatency(ms: number): void;
  /** Every error answer from now on quotes the key it was sent, raw, wrapped and base64 (a careless service). */
  echoKeyInErrors(on: boolean): void;
  /**
   * Hooks around every request, before the readings': a test's own reading
   * (a service that stops answering mid-run). Returns a function that removes them.
   */
  intercept(hooks: ReadingHooks): () => void;
  readonly requestLog: readonly RequestLogEntry[];
  clearRequestLog(): void;
}

export interface Emulator {
  /** e.g. http://127.0.0.1:43211, without /v1 (the service lives under /v1). */
  baseUrl: string;
  /** Ready key of the default user: the interface's default scopes, read and generate. */
  apiKey: string;
  admin: EmulatorAdmin;
  /** Stops every timer and the server. */
  close(): Promise<void>;
}

/** Service behaviours the interface allows but does not promise (see behaviours.ts), each off by default. */
export interface BehaviourOptions {
  /** Every text field (title, description, hashtags, full_text, textover) is stored with `\n` line ends and without trailing whitespace. */
  normaliseText?: boolean;
  /** The service's own defaults are filled into fine_tuning and video_settings.subtitle_settings. */
  fillDefaults?: boolean;
  /** persona_id is accepted and ignored: every item gets the service's own HOUSE_PERSONA when it is created, and keeps it. */
  ignorePersonaId?: boolean;
  /** A run that ends or parks keeps its last progress snapshot instead of clearing it. */
  staleProgress?: boolean;
  /** The first generation of each item stops after the voiceover: AUDIO_PROCESSED, no run in flight. */
  parkInAudioProcessed?: boolean;
  /** A generation waits this long (real milliseconds) in its current status before PROCESSING_AUDIO. */
  queueMs?: number;
  /** The status shown while a generation waits (queueMs); the item's own when absent. */
  queueStatus?: string;
  /** The status shown between the voiceover and the render, instead of AUDIO_PROCESSED. */
  gapStatus?: string;
  /** Titles stored in the service's own form: blanks collapsed and trimmed, or Unicode NFC. */
  titleForm?: 'collapse' | 'nfc';
  /** List rows show one URL per account published to, under `published_urls: [{account_id, platform, url}]` (A28). */
  urlsPerAccount?: boolean;
  /** A publication the service made but shows no URL for: to `platform`, of items whose title contains `titleIncludes`. */
  unlistedUrl?: { titleIncludes: string; platform: Platform };
  /** A POST with an Idempotency-Key the same user sent before returns the first answer and does nothing again (idempotency.ts). */
  honourIdempotencyKey?: boolean;
  /** A created item's updated_at is stamped this many milliseconds after its creation_date (the service's own work on it). */
  settlesAfterCreateMs?: number;
}

/** What a handler (or a reading) answers. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What a reading's hooks may see and change of the emulated service. */
export interface ReadingContext {
  store: {
    allItems(): ItemRecord[];
    addItem(item: ItemRecord): unknown;
    removeItem(id: string): void;
    readonly removed: ReadonlySet<string>;
  };
  jobs: { running(item: ItemRecord): boolean };
}

/** One request as the readings see it. */
export interface Exchange {
  method: string;
  /** The path under /v1, without its query: `/contents/abc`. */
  path: string;
  /** The endpoint it matched, as the interface names it: `GET /contents/{id}`; null for no endpoint. */
  endpoint: string | null;
  url: URL;
  /** The request body as text; a reading may rewrite it before it is handled. */
  body: string;
  /** How many requests the emulator had received before this one. */
  index: number;
}

/** What a reading does with a request before it is handled. */
export type Interception =
  /** Answer this at once; the request is not handled. */
  | { reply: Reply }
  /** Close the connection without an answer; nothing is applied. */
  | { drop: true }
  /** Handle it, then close the connection without an answer. */
  | { lose: true }
  /** Wait this long (real ms) first. */
  | { delayMs: number };

/** Built afresh for each emulator: a reading's own memory lives in its closure. */
export interface ReadingHooks {
  /**
   * A reading of how values are written (ids, dates, enum words): it sees
   * requests first and answers last, so every other reading works on the
   * emulator's own forms.
   */
  late?: boolean;
  /** May rewrite `exchange.path` or `exchange.body`, or answer in the handler's place. */
  request?(exchange: Exchange, core: ReadingContext): Interception | void;
  /** May rewrite the answer (status, headers, body). */
  reply?(exchange: Exchange, reply: Reply, core: ReadingContext): Reply;
}
