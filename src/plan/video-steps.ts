import {
  FAILED_STATUSES,
  RENDERED_STATUSES,
  type ContentDetail,
  type ContentStatus,
  type ContentSummary,
} from '../service-client/types.ts';
import type { DesiredItem, FreezeHold } from '../manifest/types.ts';
import { settingsChanges } from './diff.ts';
import { RUNNING_STATUSES, uploadCannotCarry } from './inflight.ts';
import { DEFAULT_LATE_WINDOW_MS } from './late-window.ts';
import { openSince, publicationBlock } from './release-control.ts';
import type { Hold, PlanContext, PublicationTarget, RenderReason, Step } from './types.ts';

// The second phase of an item's plan: its video and its publication. Given
// where the item stands after its own steps (plan/content-steps.ts): why it
// must be rendered, if it must; whether its publication is due, scheduled or
// late; and how it goes out — in the one-shot request with the render, or
// with an upload of a video already rendered.

/** Where the item stands once its own steps are done. */
export interface Standing {
  status: ContentStatus;
  /** Why the content phase asks for a render, or null. */
  reason: RenderReason | null;
}

/** The render and publication steps, and why what the manifest asks for is not done now. */
export interface ReleasePhase {
  steps: Step[];
  holds: Hold[];
}

const DAY_MS = 86_400_000;

/** Whether the publication is due now, and the holds that say why not when it is not. */
interface Timing {
  due: boolean;
  late: boolean;
  holds: Hold[];
}

function timingOf(
  item: DesiredItem,
  target: PublicationTarget | null,
  standing: Standing & { needsRender: boolean; exists: boolean },
  context: PlanContext,
): Timing {
  if (target === null) return { due: false, late: false, holds: [] };
  const at = item.publish?.at ?? null;
  const now = context.now.getTime();
  const passedMs = at === null ? 0 : now - Date.parse(at);
  const windowMs = context.lateWindowMs ?? DEFAULT_LATE_WINDOW_MS;
  // Time a freeze held work the item still needs does not count: a schedule that fell in one is caught up when it ends.
  const needs: FreezeHold[] = [
    'publish',
    ...(standing.needsRender ? (['render'] as const) : []),
    ...(standing.exists ? [] : (['edit'] as const)),
  ];
  const late =
    at !== null &&
    passedMs > windowMs &&
    item.publish?.late !== 'publish' &&
    openSince(context.release, needs, { at: Date.parse(at), now }, windowMs) > windowMs;
  if (late) return { due: false, late, holds: [{ kind: 'late', at, days: Math.floor(passedMs / DAY_MS) }] };
  if (passedMs < 0) {
    // Scheduled: and, when a freeze or a paused account holds it then, that too.
    const then = publicationBlock(context.release, target, Date.parse(at!));
    return { due: false, late, holds: [{ kind: 'scheduled', at: at! }, ...(then ? [then] : [])] };
  }
  const blocked = publicationBlock(context.release, target, now);
  return { due: blocked === null, late, holds: blocked ? [blocked] : [] };
}

/** Why the video must be rendered when nothing the item's own steps did asks for it; null when it need not be. */
function renderReason(
  item: DesiredItem,
  detail: ContentDetail | null,
  standing: Standing,
): RenderReason | null {
  const { status } = standing;
  if (standing.reason !== null) return standing.reason;
  if (status === 'UPLOADED' || RUNNING_STATUSES.has(status)) return null;
  if (FAILED_STATUSES.has(status) && status !== 'FAILED_UPLOAD') return 'retry_failed';
  if (status === 'NEW' || status === 'AUDIO_PROCESSED') return 'never_rendered';
  if (
    RENDERED_STATUSES.has(status) &&
    detail !== null &&
    settingsChanges(item.render, detail.video_settings).length > 0
  )
    return 'settings_changed';
  return null;
}

interface Release {
  item: DesiredItem;
  status: ContentStatus;
  target: PublicationTarget | null;
  summary: ContentSummary | null;
  timing: Timing;
  /** Publication settings (manifest names) only the one-shot request is shown to carry. */
  cannotCarry: string[];
}

/** The render and publication of an item that is not a draft. */
export function videoSteps(
  item: DesiredItem,
  detail: ContentDetail | null,
  summary: ContentSummary | null,
  target: PublicationTarget | null,
  standing: Standing,
  context: PlanContext,
): ReleasePhase {
  const reason = renderReason(item, detail, standing);
  const needs = { ...standing, needsRender: reason !== null, exists: summary !== null };
  const release: Release = {
    item,
    status: standing.status,
    target,
    summary,
    timing: timingOf(item, target, needs, context),
    // Settings the upload may drop go out only in the one-shot request, whose fields the interface shows.
    cannotCarry: target === null ? [] : uploadCannotCarry(target.options),
  };
  if (RUNNING_STATUSES.has(standing.status)) return whileRunning(release);
  if (reason !== null) return rendering(release, reason);
  if (RENDERED_STATUSES.has(standing.status) && target !== null) return rendered(release);
  return { steps: [], holds: [] };
}

/** The holds that say the publication is scheduled, late, frozen or paused, when it is. */
function scheduled(release: Release): Hold[] {
  return release.timing.holds;
}

/** An upload of the rendered video, once due; held where an upload cannot publish as asked. */
function upload(release: Release, retry: boolean): ReleasePhase {
  const { target, timing, cannotCarry, summary } = release;
  if (target === null || !timing.due) return { steps: [], holds: [] };
  if (cannotCarry.length > 0)
    return { steps: [], holds: [{ kind: 'upload_cannot_carry', fields: cannotCarry }] };
  if (retry && summary?.published_url) {
    const platform = summary.published_platform ?? 'an account';
    return { steps: [], holds: [{ kind: 'partly_published', platform }] };
  }
  return { steps: [{ kind: 'upload', publish: target, retry }], holds: [] };
}

/** A run in flight: a stepwise render parks at VIDEO_PROCESSED, and is published after the wait when due. */
function whileRunning(release: Release): ReleasePhase {
  if (release.target === null || release.status === 'UPLOADING') return { steps: [], holds: [] };
  const uploaded = release.item.flow === 'stepwise' ? upload(release, false) : { steps: [], holds: [] };
  return { steps: uploaded.steps, holds: [...uploaded.holds, ...scheduled(release)] };
}

/** A render; the one-shot request carries the publication when it is due, a stepwise item uploads after it. */
function rendering(release: Release, reason: RenderReason): ReleasePhase {
  const { item, target, timing, cannotCarry } = release;
  const oneRequest = item.flow === 'oneshot' || cannotCarry.length > 0;
  // Rendering now would park a video that no upload may publish as asked: render at publish.at.
  if (item.flow === 'stepwise' && cannotCarry.length > 0 && target !== null && !timing.due && !timing.late)
    return { steps: [], holds: scheduled(release) };
  const render: Step = {
    kind: 'render',
    reason,
    render: item.render,
    publish: oneRequest && timing.due ? target : null,
  };
  const uploaded = oneRequest ? { steps: [], holds: [] } : upload(release, false);
  return { steps: [render, ...uploaded.steps], holds: [...uploaded.holds, ...scheduled(release)] };
}

/**
 * Already rendered: published with an upload, never by rendering again,
 * unless the upload cannot carry the settings; then the one request that can
 * carries them, and the plan says it renders again.
 */
function rendered(release: Release): ReleasePhase {
  const { item, status, target, timing, cannotCarry, summary } = release;
  const partly = status === 'FAILED_UPLOAD' && Boolean(summary?.published_url);
  if (target !== null && cannotCarry.length > 0 && timing.due && !partly) {
    const render: Step = {
      kind: 'render',
      reason: 'publish_in_one_request',
      render: item.render,
      publish: target,
    };
    return { steps: [render], holds: scheduled(release) };
  }
  const uploaded = upload(release, status === 'FAILED_UPLOAD');
  return { steps: uploaded.steps, holds: [...uploaded.holds, ...scheduled(release)] };
}
