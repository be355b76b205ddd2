import {
  TERMINAL_STATUSES,
  type ContentStatus,
  type Progress,
  type PublishOptions,
} from '../service-client/types.ts';
import type { Flow, Stage } from '../manifest/types.ts';

// What the service says about work in flight, read from the service as a
// whole rather than from one field: `progress` is null when no run is in
// flight, but a service may keep the last snapshot after a run ends or parks.
// The status decides first: a running status is in flight, a terminal one is
// not. VIDEO_PROCESSED is where a render without account_ids rests (the
// interface's "the run stops here"); only a one-shot publication passes
// through it, so a snapshot there counts only for an item that may be
// publishing in one request. Elsewhere a snapshot that stays still is told
// from a live run by not moving (apply/wait.ts).

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

/** Where a render that publishes nothing ends: a snapshot here is stale unless a one-shot publication passes through. */
export const RESTING_STATUSES: ReadonlySet<ContentStatus> = new Set(['VIDEO_PROCESSED', 'READY_FOR_UPLOAD']);

/**
 * A run may be in flight on this item. `publishesInOneRun`: the item may be
 * published by a one-shot request (its flow, or settings only that request
 * carries), the one run that passes through VIDEO_PROCESSED.
 */
export function mayBeInFlight(
  status: ContentStatus,
  progress: Progress | null,
  publishesInOneRun: boolean,
): boolean {
  if (RUNNING_STATUSES.has(status)) return true;
  if (progress === null || TERMINAL_STATUSES.has(status)) return false;
  return RESTING_STATUSES.has(status) ? publishesInOneRun : true;
}

/**
 * Whether this item may be published by a one-shot request: its flow, or
 * (`oneRequest`) settings only that request carries. Such a run is the only
 * one that passes through VIDEO_PROCESSED rather than resting there.
 */
export function publishesInOneRun(item: { flow: Flow; stage: Stage }, oneRequest: boolean): boolean {
  return item.stage === 'published' && (item.flow === 'oneshot' || oneRequest);
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
