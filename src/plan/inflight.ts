import { TERMINAL_STATUSES, type ContentStatus, type Progress, type PublishOptions } from '../api/types.ts';

// What the service says about work in flight, read the way the interface
// words it: `progress` is null when no run is in flight, so AUDIO_PROCESSED or
// VIDEO_PROCESSED without progress is parked, not generating. A snapshot that
// stays after a run parked is told apart by not moving (see apply/wait.ts).

/** Statuses that only a running job shows. */
export const RUNNING_STATUSES: ReadonlySet<ContentStatus> = new Set([
  'PROCESSING',
  'PROCESSING_AUDIO',
  'PROCESSING_VIDEO',
  'UPLOADING',
]);

/** Statuses a run passes through between phases, and where a run that stopped there rests. */
export const PARKED_STATUSES: ReadonlySet<ContentStatus> = new Set([
  'AUDIO_PROCESSED',
  'VIDEO_PROCESSED',
  'READY_FOR_UPLOAD',
]);

/** A run may be in flight: a running status, or a progress snapshot on a status that is not terminal. */
export function mayBeInFlight(status: ContentStatus, progress: Progress | null): boolean {
  return RUNNING_STATUSES.has(status) || (progress !== null && !TERMINAL_STATUSES.has(status));
}

/** Parked in AUDIO_PROCESSED: the voiceover exists, no run is in flight, no video was rendered. */
export function parkedAfterAudio(status: ContentStatus, progress: Progress | null): boolean {
  return status === 'AUDIO_PROCESSED' && progress === null;
}

/**
 * Publication settings (manifest names) that the upload endpoint is not shown
 * to carry and that decide who sees the video: the interface names only
 * account_ids, madeForKids and ageRestricted there, so a private video or
 * TikTok settings sent with an upload could be dropped and the video
 * published wider than asked. (category, notify_subscribers and
 * ai_disclosure go with the upload under their one-shot names.)
 */
export function uploadCannotCarry(options: Omit<PublishOptions, 'account_ids'>): string[] {
  const fields: string[] = [];
  if (options.privacy !== undefined && options.privacy !== 'public') fields.push('publish.privacy');
  if (options.tiktok_post_mode !== undefined || options.tiktok_privacy !== undefined)
    fields.push('publish.tiktok');
  return fields;
}
