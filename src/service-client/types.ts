// The service's resources as the rest of the project sees them: snake_case
// field names as the interface spells them, but none of the wire quirks
// (those live in wire.ts) and none of the envelope variants (shapes.ts).
// The interface's enumerations themselves live in src/interface/, which the
// emulator reads too.
import {
  CONTENT_STATUSES,
  FAILED_STATUS_NAMES,
  KEY_PREFIX,
  PLATFORMS,
  TERMINAL_STATUS_NAMES,
  type KnownPlatform,
  type KnownStatus,
  type Scope,
} from '../interface/enumerations.ts';
import { enumReader } from '../text/service-terms.ts';
import type { WriteOptions } from './idempotency.ts';

/** A status the interface lists. */
export type { KnownStatus };
/**
 * A status the interface does not list, kept as the service sent it ('' when
 * a row carries none). It is local to its item: the planner holds that item
 * and nothing else (docs/service-assumptions.md, A35).
 */
export type UnknownStatus = string & { readonly unknownStatus: true };
export type ContentStatus = KnownStatus | UnknownStatus;

const KNOWN_STATUS: ReadonlySet<string> = new Set(CONTENT_STATUSES);
export function isKnownStatus(status: string): status is KnownStatus {
  return KNOWN_STATUS.has(status);
}
export function unknownStatus(value: string): UnknownStatus {
  return value as UnknownStatus;
}

export const TERMINAL_STATUSES: ReadonlySet<ContentStatus> = new Set(TERMINAL_STATUS_NAMES);
export const FAILED_STATUSES: ReadonlySet<ContentStatus> = new Set(FAILED_STATUS_NAMES);
/** Statuses in which the service refuses a PUT without cancel_generation (A17). */
export const GENERATING_STATUSES: ReadonlySet<ContentStatus> = new Set([
  'PROCESSING',
  'PROCESSING_AUDIO',
  'AUDIO_PROCESSED',
  'PROCESSING_VIDEO',
  'UPLOADING',
]);
/** Statuses with a rendered video that has not been published (A27). */
export const RENDERED_STATUSES: ReadonlySet<ContentStatus> = new Set([
  'VIDEO_PROCESSED',
  'READY_FOR_UPLOAD',
  'FAILED_UPLOAD',
]);

export { PLATFORMS };
export type { KnownPlatform };
/** A platform beyond the interface's three, kept as sent; local to its account (A35). */
type UnknownPlatform = string & { readonly unknownPlatform: true };
export type Platform = KnownPlatform | UnknownPlatform;

const KNOWN_PLATFORM: ReadonlySet<string> = new Set(PLATFORMS);
export function isKnownPlatform(platform: string): platform is KnownPlatform {
  return KNOWN_PLATFORM.has(platform);
}

const platformWord = enumReader(PLATFORMS);
/**
 * A35: a platform as the service names it, in the service's terms: `youtube`
 * or `YOUTUBE` is YouTube (the interface's literal comparison is the
 * service's, of what it is sent, and this client never sends a platform). A
 * word that is none of the three is kept as sent: only an item publishing to
 * an account on it is held.
 */
export function platformOf(word: string): Platform {
  return platformWord(word) ?? (word as Platform);
}

/** Every API key starts with this (interface, Authentication): anything else is a session token or a typo. */
export { KEY_PREFIX };
export type { Scope };

export interface Account {
  id: string;
  name: string;
  platform: Platform;
  platform_acronym: string | null;
}

export interface PersonaRef {
  id: string | null;
  name: string | null;
}

/** One row of GET /contents (A18). */
/** A URL the service shows for a publication of an item, and what it says of where (A28). */
export interface PublishedLink {
  url: string;
  platform: string | null;
  /** The account it was published to, when the service says. */
  accountId: string | null;
}

export interface ContentSummary {
  id: string;
  title: string;
  description: string | null;
  full_text: string | null;
  hashtags: string | null;
  status: ContentStatus;
  persona: PersonaRef | null;
  published_url: string | null;
  published_platform: string | null;
  /**
   * Every publication URL the row shows (A28): one per account where the
   * service shows them so (`perAccount`), else the one it shows for the item.
   */
  published: { links: PublishedLink[]; perAccount: boolean };
  last_error: string | null;
  creation_date: string | null;
  updated_at: string | null;
  upload_date: string | null;
}

export interface VideoSettings {
  video_id: string | null;
  orientation: string | null;
  prefer_real_world: boolean | null;
  image_overlay_enabled: boolean | null;
  image_overlay_position: string | null;
  zoom_effect_enabled: boolean | null;
  subtitle_settings: Record<string, unknown> | null;
}

export interface Progress {
  percentage: number | null;
  step: string | null;
  message: string | null;
}

/** GET /contents/{id}. Signed URLs are kept only to know whether a render exists; never reported. */
export interface ContentDetail {
  id: string;
  title: string;
  description: string | null;
  full_text: string | null;
  textover: string | null;
  hashtags: string | null;
  status: ContentStatus;
  fine_tuning: Record<string, unknown> | null;
  persona: PersonaRef | null;
  accounts: Account[];
  has_video: boolean;
  last_error: string | null;
  progress: Progress | null;
  video_settings: VideoSettings | null;
  creation_date: string | null;
  updated_at: string | null;
  upload_date: string | null;
}

/** An item's signed, time-limited media URLs (A28), read only for a pull request's preview renders. */
export interface MediaLinks {
  status: ContentStatus;
  video: string | null;
  thumbnail: string | null;
}

/** The writable fields of an item (A13). */
export interface ContentFields {
  title: string;
  description: string | null;
  full_text: string | null;
  textover: string | null;
  hashtags: string | null;
  fine_tuning: Record<string, unknown> | null;
  persona_id: string | null;
}

export type ContentEdit = Partial<ContentFields>;

/** Render options of a generation request (A21); undefined = not sent. */
export interface RenderOptions {
  video_id: string;
  orientation: string;
  prefer_real_world?: boolean | undefined;
  image_overlay_enabled?: boolean | undefined;
  image_overlay_position?: string | undefined;
  zoom_effect_enabled?: boolean | undefined;
  subtitle_settings?: Record<string, unknown> | undefined;
}

/** Publication options in the project's clean form; wire.ts owns the quirks. */
export interface PublishOptions {
  account_ids: string[];
  privacy?: string | undefined;
  category?: string | undefined;
  made_for_kids: boolean;
  age_restricted: boolean;
  notify_subscribers: boolean;
  ai_disclosure: boolean;
  tiktok_post_mode?: 'direct' | 'draft' | undefined;
  tiktok_privacy?: string | undefined;
}

export interface GenerationRequest {
  content_id: string;
  render: RenderOptions;
  /** Present only when publication is due: its presence is the service's only switch. */
  publish?: PublishOptions | undefined;
}

export interface TaskStatus {
  id: string;
  status: ContentStatus;
  progress: Progress | null;
  last_error: string | null;
}

export interface Introspection {
  active: boolean;
  subject: string;
  scopes: string[];
}

export interface Subscription {
  plan: string | null;
  limits: Record<string, unknown>;
  usage_summary: Record<string, unknown>;
}

export interface ContentVersion {
  version: number | string;
  title: string | null;
  full_text: string | null;
  textover: string | null;
  created_at: string | null;
}

/**
 * Every row a listing gave, de-duplicated by id, and whether the listing was
 * proven complete (A7): a create is planned only from a complete one.
 */
export interface Listed<T> {
  items: T[];
  complete: boolean;
  /** Why the listing is not proven complete; null when it is. */
  gap: string | null;
}

/**
 * Keep-alive connections of the client; the engine's detail readers take all
 * but two, which its listings read their pages on. Reads are not rate
 * limited (interface, Limits 1; A37), and a catalogue of 10,000 items is 10,000
 * detail reads: at 20 ms a round trip, 126 at a time read them about as
 * fast as the listing's pages arrive. Connections open only as reads need
 * them, so a small catalogue opens few.
 */
export const DEFAULT_CONNECTIONS = 128;

/** One typed method per endpoint of the interface. */
export interface ServiceApi {
  /** `onItems` sees each page's items as they arrive; the listing is proven complete only when the promise resolves. */
  listContents(options?: {
    onItems?: (items: readonly ContentSummary[]) => void;
  }): Promise<Listed<ContentSummary>>;
  /**
   * `listed`: the listing has just shown the item, so a 404 may be a read
   * behind it (a replica behind a create) and is looked again, as after a write.
   */
  getContent(id: string, options?: { listed?: boolean }): Promise<ContentDetail>;
  /** GET /contents/{id}, for its signed media URLs alone (a pull request's preview renders); absent in fakes. */
  mediaLinks?(id: string): Promise<MediaLinks>;
  /** Writes take the Idempotency-Key their sends share (service-client/idempotency.ts); a new one when none is given. */
  createContent(fields: ContentFields, write?: WriteOptions): Promise<ContentDetail>;
  editContent(
    id: string,
    edit: ContentEdit,
    options?: { cancelGeneration?: boolean },
  ): Promise<ContentDetail>;
  listVersions(id: string): Promise<ContentVersion[]>;
  processContent(request: GenerationRequest, write?: WriteOptions): Promise<void>;
  generateVideo(contentId: string, render: RenderOptions, write?: WriteOptions): Promise<void>;
  upload(contentId: string, publish: PublishOptions, write?: WriteOptions): Promise<void>;
  taskStatus(contentId: string): Promise<TaskStatus>;
  listAccounts(): Promise<Listed<Account>>;
  credits(): Promise<number>;
  subscription(): Promise<Subscription>;
  introspect(): Promise<Introspection>;
  /** Generation requests keep to this rate from now on (A41); absent where the client paces nothing. */
  keepPace?(limit: PaceLimit): void;
  /**
   * The run ends in `remainingMs`: from now on no wait of the client ends
   * after that, and a generation request whose turn (its pace, a 429's
   * Retry-After) comes later is not sent (AfterDeadlineError). Absent where
   * the client never waits.
   */
  finishBy?(remainingMs: number): void;
  /** The 403 that stopped every later write of this client (A29); absent or null while none did. */
  readonly writeRefusal?: Error | null;
}

/** The generation allowance: at most `requests` in any `windowSeconds`. */
export interface PaceLimit {
  requests: number;
  windowSeconds: number;
}
