import type { ContentDetail, ContentStatus } from '../service-client/types.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { accountsDrift, publishDrift } from './checks.ts';
import { SCRIPT_FIELDS, createFields, fieldChanges, putBody, settingsChanges } from './diff.ts';
import { RUNNING_STATUSES, mayBeInFlight, publishesInOneRun, uploadCannotCarry } from './inflight.ts';
import { settleChanges } from './service-edits.ts';
import type {
  Drift,
  FieldChange,
  Hold,
  PlanContext,
  PublicationTarget,
  RenderReason,
  ServiceEdit,
  Step,
} from './types.ts';

// The first phase of an item's plan: the item itself. It is created, or its
// fields are edited to the manifest's; a published video's script and
// settings are drift, never edits; a run in flight is waited for. What comes
// out is where the item will stand (its status, and why it must be rendered
// again, if it must) for the render and publication phase.

/** The item's own steps, and where it stands after them. */
export interface ContentPhase {
  steps: Step[];
  holds: Hold[];
  drift: Drift[];
  /** The status the item will have once these steps are done. */
  status: ContentStatus;
  /** Why the video must be rendered (again) because of these steps; null when they do not ask it. */
  reason: RenderReason | null;
  /** Nothing more may be planned for the item in this run. */
  final: boolean;
  /** Fields edited in the service, and what this plan does about each (plan/service-edits.ts). */
  serviceEdits?: ServiceEdit[];
}

function editStep(item: DesiredItem, detail: ContentDetail, changes: FieldChange[], cancel: boolean): Step {
  return { kind: 'edit', changes, cancelGeneration: cancel, send: putBody(changes, item.fields, detail) };
}

export function contentSteps(
  item: DesiredItem,
  detail: ContentDetail | null,
  target: PublicationTarget | null,
  context: PlanContext,
): ContentPhase {
  if (detail === null) {
    const create: Step = { kind: 'create', fields: createFields(item.fields) };
    return { steps: [create], holds: [], drift: [], status: 'NEW', reason: 'never_rendered', final: false };
  }
  const asked = fieldChanges(item.fields, detail, context.personaChanged?.has(item.file) ?? true);
  const settled = settleChanges(item, detail, asked, context);
  const edited = settled.edits.length > 0 ? { serviceEdits: settled.edits } : {};
  if (settled.hold !== null)
    return { ...phase([], detail.status, { final: true, holds: [settled.hold] }), ...edited };
  return { ...existingItem(item, detail, settled.changes, target, context), ...edited };
}

/** The steps of an item the service holds, for the changes this plan writes. */
function existingItem(
  item: DesiredItem,
  detail: ContentDetail,
  changes: FieldChange[],
  target: PublicationTarget | null,
  context: PlanContext,
): ContentPhase {
  const waiting = parkedOrBetween(item, detail, target);
  // Edits wait for the next run; what is left (a render of a parked voiceover, an upload) goes on from where it parked.
  if (waiting.length > 0 && changes.length > 0) return phase(waiting, detail.status, { final: true });
  if (detail.status === 'UPLOADED') return publishedItem(item, detail, changes, target, context, waiting);
  const edited = editsOf(item, detail, changes, context);
  const steps = [...waiting, ...edited.steps];
  if (RUNNING_STATUSES.has(edited.status)) steps.push({ kind: 'wait', status: edited.status });
  return { ...edited, steps };
}

function phase(steps: Step[], status: ContentStatus, more: Partial<ContentPhase> = {}): ContentPhase {
  return { steps, holds: [], drift: [], status, reason: null, final: false, ...more };
}

/**
 * A run that may be between two phases, or the stale snapshot of one that
 * parked: not a running status, but progress the service still shows. The
 * wait tells them apart (plan/inflight.ts).
 */
function parkedOrBetween(item: DesiredItem, detail: ContentDetail, target: PublicationTarget | null): Step[] {
  const oneRequest = target !== null && uploadCannotCarry(target.options).length > 0;
  const inFlight = mayBeInFlight(detail.status, detail.progress, publishesInOneRun(item, oneRequest));
  return !RUNNING_STATUSES.has(detail.status) && inFlight ? [{ kind: 'wait', status: detail.status }] : [];
}

/** The published video cannot change (A16): script, settings and publication differences are drift. */
function publishedItem(
  item: DesiredItem,
  detail: ContentDetail,
  changes: readonly FieldChange[],
  target: PublicationTarget | null,
  context: PlanContext,
  waiting: Step[],
): ContentPhase {
  const drift: Drift[] = changes
    .filter((change) => SCRIPT_FIELDS.has(change.field))
    .map((change) => ({ field: change.field, remote: change.from, desired: change.to }));
  drift.push(...settingsChanges(item.render, detail.video_settings));
  drift.push(...accountsDrift(detail, target), ...publishDrift(item, context.publishedWith));
  const edits = changes.filter((change) => !SCRIPT_FIELDS.has(change.field));
  const steps = edits.length > 0 ? [...waiting, editStep(item, detail, edits, false)] : waiting;
  return { ...phase(steps, 'UPLOADED'), drift };
}

/**
 * The edits of an item that is not published: sent at once when nothing is
 * generating; a script edit returns the item to NEW (A16). A generating item
 * is edited only with cancel-running, which stops the job (A17), and never
 * while it publishes.
 */
function editsOf(
  item: DesiredItem,
  detail: ContentDetail,
  changes: FieldChange[],
  context: PlanContext,
): ContentPhase {
  const status = detail.status;
  if (changes.length === 0) return phase([], status);
  const scriptChanged = changes.some((change) => SCRIPT_FIELDS.has(change.field));
  if (!RUNNING_STATUSES.has(status)) {
    const edit = editStep(item, detail, changes, false);
    return scriptChanged ? phase([edit], 'NEW', { reason: 'script_changed' }) : phase([edit], status);
  }
  if (context.cancelRunning && status !== 'UPLOADING') {
    const reason = scriptChanged ? 'script_changed' : 'never_rendered';
    return phase([editStep(item, detail, changes, true)], 'NEW', { reason });
  }
  return { ...phase([], status), holds: [{ kind: 'generating', status }] };
}
