// The enumerations the service interface lists, word for word, and nothing
// else: no reading of a "not shown" rule, no interpretation. Both the client
// (src/service-client/types.ts) and the emulator (src/emulator/) take them from here, so
// neither borrows the other's understanding of the service. Imports nothing.

/** "ContentStatus allowed values" (States and transitions), in the interface's order. */
export const CONTENT_STATUSES = [
  'NEW',
  'PROCESSING',
  'PROCESSING_AUDIO',
  'AUDIO_PROCESSED',
  'PROCESSING_VIDEO',
  'VIDEO_PROCESSED',
  'UPLOADING',
  'READY_FOR_UPLOAD',
  'UPLOADED',
  'FAILED_AUDIO',
  'FAILED_VIDEO',
  'FAILED_UPLOAD',
  'FAILED',
] as const;
/** A status the interface lists. */
export type KnownStatus = (typeof CONTENT_STATUSES)[number];

/** "Terminal states: UPLOADED, FAILED_AUDIO, FAILED_VIDEO, FAILED_UPLOAD, FAILED." */
export const TERMINAL_STATUS_NAMES = [
  'UPLOADED',
  'FAILED_AUDIO',
  'FAILED_VIDEO',
  'FAILED_UPLOAD',
  'FAILED',
] as const satisfies readonly KnownStatus[];

/** The FAILED_* states and FAILED: the terminal states other than UPLOADED. */
export const FAILED_STATUS_NAMES = [
  'FAILED_AUDIO',
  'FAILED_VIDEO',
  'FAILED_UPLOAD',
  'FAILED',
] as const satisfies readonly KnownStatus[];

/** PlatformType "Allowed values: YouTube, TikTok, Instagram. Compared literally, so casing must match exactly." */
export const PLATFORMS = ['YouTube', 'TikTok', 'Instagram'] as const;
export type KnownPlatform = (typeof PLATFORMS)[number];

/** "Scope names seen: read, generate, write, delete." The complete list is not shown. */
export type Scope = 'read' | 'write' | 'generate' | 'delete';

/** "At creation a scope set is chosen. The default is read and generate." */
export const DEFAULT_KEY_SCOPES = ['read', 'generate'] as const satisfies readonly Scope[];

/** "Every key starts with the fixed prefix `svc_live_`." */
export const KEY_PREFIX = 'svc_live_';
