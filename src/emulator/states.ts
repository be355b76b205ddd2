// The emulator's own reading of the states table, from the interface's text
// alone (src/interface/enumerations.ts), never from the client's.
import type { KnownStatus } from '../interface/enumerations.ts';
import type { Status } from './types.ts';

/**
 * Where a PUT without cancel_generation gets 409 and a new generation is
 * refused: the states a run walks through before it stops ("A content item
 * being generated cannot be edited"). VIDEO_PROCESSED is where a run without
 * account_ids stops, so it is not among them.
 */
export const BEING_GENERATED: ReadonlySet<Status> = new Set<KnownStatus>([
  'PROCESSING',
  'PROCESSING_AUDIO',
  'AUDIO_PROCESSED',
  'PROCESSING_VIDEO',
  'UPLOADING',
]);

/**
 * Where POST /contents/upload/{id} has a rendered video to publish: rendered
 * and parked, the deprecated status it was split from, and a failed upload.
 */
export const UPLOADABLE: ReadonlySet<Status> = new Set<KnownStatus>([
  'VIDEO_PROCESSED',
  'READY_FOR_UPLOAD',
  'FAILED_UPLOAD',
]);
