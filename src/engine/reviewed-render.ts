import { RENDERED_STATUSES } from '../service-client/types.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { publicationsOf, statedScopes } from '../plan/steps.ts';
import type { Plan, PlanItem, Step } from '../plan/types.ts';
import { renderFingerprint, reviewedRenderKey } from './preview-render.ts';
import type { ReviewGate } from './review.ts';
import { fileKey } from './review-key.ts';

// The reviewed render ships. A pull request's preview render (preview-render.ts)
// is the item itself, rendered and parked: at the merge the plan publishes it
// with an upload, as any rendered video, no second render and no second
// charge. The sealed reviewed plan says which render reviewers watched (the
// item and a fingerprint of what it was made from); an item whose manifest,
// as main now has it, is not what that render was made from (changed since
// the preview, or put back to main's values) is rendered again, and the plan
// says why. A preview that matches goes on as planned.

/** The preview render reviewers watched of the item at `file`, from the reviewed plans; undefined when none. */
function watchedRender(file: string, gate: ReviewGate): string | undefined {
  if (gate.evidence.kind !== 'pulls') return undefined;
  for (const source of gate.evidence.sources) {
    const render = source.plan?.items[fileKey(file)]?.r;
    if (render !== undefined) return render;
  }
  return undefined;
}

/** The item rendered again because it changed since its preview: the render's reason says so. */
function renderedAgain(item: PlanItem, manifest: DesiredItem): PlanItem {
  if (item.steps.some((step) => step.kind === 'render')) {
    const steps = item.steps.map((step): Step =>
      step.kind === 'render' ? { ...step, reason: 'changed_since_preview' } : step,
    );
    return { ...item, steps };
  }
  const status = item.remote?.status;
  const parked = status !== undefined && RENDERED_STATUSES.has(status) && status !== 'FAILED_UPLOAD';
  // A freeze or a pause that holds the item holds this render too; a later run renders it.
  if (!parked || item.holds.some((hold) => hold.kind === 'frozen' || hold.kind === 'paused')) return item;
  const upload = item.steps.find((step) => step.kind === 'upload');
  const oneshot = item.flow === 'oneshot';
  const render: Step = {
    kind: 'render',
    reason: 'changed_since_preview',
    render: manifest.render,
    publish: oneshot && upload !== undefined ? upload.publish : null,
  };
  const rest = item.steps.filter((step) => step.kind !== 'upload');
  const steps = [...rest, render, ...(!oneshot && upload !== undefined ? [upload] : [])];
  return {
    ...item,
    steps,
    publishVia: upload === undefined ? item.publishVia : oneshot ? 'oneshot' : 'upload',
  };
}

/** The plan with every item changed since the preview render its review watched rendered again. */
export function withReviewedRenders(plan: Plan, gate: ReviewGate, desired: readonly DesiredItem[]): Plan {
  const byFile = new Map(desired.map((item) => [item.file, item]));
  let changed = false;
  const items = plan.items.map((item) => {
    const watched = watchedRender(item.file, gate);
    const manifest = byFile.get(item.file);
    if (watched === undefined || manifest === undefined || item.remote === null) return item;
    if (reviewedRenderKey(item.remote.id, renderFingerprint(manifest)) === watched) return item;
    changed = true;
    return renderedAgain(item, manifest);
  });
  if (!changed) return plan;
  const steps = items.flatMap((item) => item.steps);
  return { ...plan, items, publications: publicationsOf(steps), statedScopes: statedScopes(steps) };
}
