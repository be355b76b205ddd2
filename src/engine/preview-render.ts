import { RENDERED_STATUSES } from '../service-client/types.ts';
import { globRoot } from '../manifest/glob.ts';
import { releaseFilesIn } from '../manifest/catalogue-files.ts';
import { readRelease } from '../manifest/release-file.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { releaseRules, sendBlock } from '../plan/release-control.ts';
import { uploadCannotCarry } from '../plan/inflight.ts';
import { previewEdit } from '../plan/permissions.ts';
import type { Hold, Plan, PlanItem, PreviewRenderChoice, PreviewSkip, Step } from '../plan/types.ts';
import { fingerprint } from './fingerprint.ts';
import { manifestAtBase } from './preview-reach.ts';
import { changeInPlan } from './scope.ts';
import type { EngineOptions } from './types.ts';

// A pull request's preview renders: so that reviewers watch the video, not
// only read the script, a same-repository pull request's run renders up to
// `preview-renders` of the items whose script, render settings or persona it
// changes, newest changes first. Each is the item itself, the draft the
// preview creates (or an existing draft it edits), rendered and never
// published: the render step it gets carries no publication, and the run
// sends no upload, whatever the inputs (execute.ts keeps every other render
// and upload out of a pull request's run). Every generation goes through the
// one dispatch (apply/dispatch.ts), so a freeze that holds renders, the kill
// switch and the `pause` input hold previews as they hold renders, and so
// does the base's release file, which a pull request cannot lift for its own.
//
// A render is reusable at the merge only if it was made from what main's
// manifest will say: so an item is rendered only when the preview could
// write everything its render is made from (an existing draft whose edit
// main's manifest does not reach is not), and the render's fingerprint is
// kept in the sealed reviewed plan (reviewed-render.ts compares it).

/** The manifest fields a render is made from, besides the render settings. */
const RENDER_FIELDS = ['full_text', 'textover', 'fine_tuning', 'persona_id'] as const;

/** What a render of the item is made from: its script fields, persona, flow and render settings, as a fingerprint. */
export function renderFingerprint(item: DesiredItem): string {
  const fields = Object.fromEntries(RENDER_FIELDS.map((field) => [field, item.fields[field] ?? null]));
  return fingerprint({ fields, flow: item.flow, render: item.render })!;
}

/** What a render of an earlier version of the pull request was made from, as reviewers know it: nothing a manifest matches. */
export const STALE_RENDER = 'an earlier version';

/** Which render a review saw: the item and what its render was made from, in one fingerprint (block entry `r`). */
export function reviewedRenderKey(id: string, renderPrint: string): string {
  return fingerprint({ id, render: renderPrint })!;
}

/** Whether this run renders previews: a pull request's run that previews, with preview-renders above 0. */
export function rendersPreviews(options: EngineOptions): boolean {
  const { permissions, previewRenders } = options.settings;
  return permissions.draftsOnly === true && permissions.write && (previewRenders?.limit ?? 0) > 0;
}

/** Files whose render the pull request changes: new since the base, or with another render fingerprint there. */
async function changedRenders(options: EngineOptions, items: readonly DesiredItem[]): Promise<Set<string>> {
  const previous = options.deps.previous;
  const changes = await changeInPlan(options);
  const touched = changes === null ? [...items] : items.filter((item) => changes.touches(item.file));
  if (previous === undefined) return new Set(touched.map((item) => item.file));
  const bases = await Promise.all(touched.map((item) => manifestAtBase(previous, item.file)));
  // A base that cannot be read, or was invalid, counts as changed: the count still bounds what is rendered.
  return new Set(
    touched
      .filter((item, index) => {
        const base = bases[index];
        return base?.kind !== 'item' || renderFingerprint(base.item) !== renderFingerprint(item);
      })
      .map((item) => item.file),
  );
}

/** Why a release rule holds this item's render, or null. */
function heldRender(holds: readonly Hold[]): PreviewSkip | null {
  for (const hold of holds) {
    if (hold.kind === 'frozen' && hold.held.includes('render')) return 'freeze';
    if (hold.kind === 'paused' && hold.held.includes('render')) return 'pause';
  }
  return null;
}

/** Whether the preview leaves out something the render is made from (an existing draft main's manifest does not reach). */
function withholdsRender(item: PlanItem): boolean {
  const edit = item.steps.find((step) => step.kind === 'edit');
  if (edit === undefined || item.remote === null) return false;
  const { withheld } = previewEdit(item, edit, item.preview);
  return withheld.some((field) =>
    RENDER_FIELDS.some((name) => field === name || field.startsWith(`${name}.`)),
  );
}

/** An item the pull request changes, as a preview sees it: a candidate, already rendered, or not rendered and why. */
function classify(item: PlanItem, print: string): PreviewRenderChoice | 'candidate' | null {
  const status = item.remote?.status ?? null;
  if (status !== null && RENDERED_STATUSES.has(status) && status !== 'FAILED_UPLOAD') {
    const current = !item.steps.some((step) => step.kind === 'edit' || step.kind === 'render');
    return current ? { state: 'earlier', fingerprint: print } : { state: 'skipped', why: 'stale' };
  }
  if (status !== null && status !== 'NEW') return null;
  const held = heldRender(item.holds);
  if (held !== null) return { state: 'skipped', why: held };
  const target = item.publication ?? null;
  if (target !== null && uploadCannotCarry(target.options).length > 0)
    return { state: 'skipped', why: 'one_request' };
  // A pull request's run in `mode: apply` plans no render (render_disabled): its preview still may.
  const wouldRender =
    item.steps.some((step) => step.kind === 'render') ||
    item.holds.some((hold) => hold.kind === 'render_disabled');
  if (!wouldRender) return null;
  return withholdsRender(item) ? { state: 'skipped', why: 'withheld' } : 'candidate';
}

/**
 * What the base's release file holds of a render now: a pull request's run
 * reads the release file as the pull request has it, so one that lifts a
 * freeze or the kill switch would otherwise render its own previews through
 * them. Null when the base holds none, or has no release file to read.
 */
async function heldAtBase(options: EngineOptions): Promise<PreviewSkip | null> {
  const previous = options.deps.previous;
  if (previous === undefined) return null;
  for (const file of releaseFilesIn(globRoot(options.settings.manifests))) {
    let text: string | null;
    try {
      text = await previous.read(file);
    } catch {
      return null;
    }
    if (text === null) continue;
    const { release } = readRelease(file, text);
    if (release === null) return null;
    const rules = releaseRules(release, { pause: null, overrideFreeze: false });
    if (rules.pause !== null) return 'pause';
    const now = (options.seams?.now?.() ?? new Date()).getTime();
    return sendBlock(rules, { publication: null, renders: true, leadMs: 0 }, now) === null ? null : 'freeze';
  }
  return null;
}

/**
 * The plan with each preview render decided, on a run that renders previews:
 * the items the pull request changes that a render would show, newest
 * changes first, chosen while the pull request's previews (its earlier
 * runs' included) stay within `preview-renders`.
 */
export async function choosePreviewRenders(
  options: EngineOptions,
  plan: Plan,
  desired: readonly DesiredItem[],
): Promise<Plan> {
  if (!rendersPreviews(options)) return plan;
  const byFile = new Map(desired.map((item) => [item.file, item]));
  const renderable = desired.filter((item) => item.stage !== 'draft');
  const changed = await changedRenders(options, renderable);
  const choices = new Map<string, PreviewRenderChoice>();
  const candidates: PlanItem[] = [];
  for (const item of plan.items) {
    const manifest = byFile.get(item.file);
    if (manifest === undefined || !changed.has(item.file)) continue;
    const choice = classify(item, renderFingerprint(manifest));
    if (choice === 'candidate') candidates.push(item);
    else if (choice !== null) choices.set(item.file, choice);
  }
  const base = candidates.length > 0 ? await heldAtBase(options) : null;
  if (base !== null) {
    for (const item of candidates.splice(0)) choices.set(item.file, { state: 'skipped', why: base });
  }
  const files = candidates.map((item) => item.file);
  const times = (await options.deps.lastChanged?.(files)) ?? new Map<string, number>();
  const newestFirst = [...candidates].sort(
    (a, b) => (times.get(b.file) ?? 0) - (times.get(a.file) ?? 0) || a.file.localeCompare(b.file),
  );
  const limit = (options.settings.previewRenders?.limit ?? 0) - renderedEarlier(choices);
  newestFirst.forEach((item, index) => {
    const manifest = byFile.get(item.file)!;
    const chosen = {
      state: 'chosen' as const,
      fingerprint: renderFingerprint(manifest),
      render: manifest.render,
    };
    choices.set(item.file, index < limit ? chosen : { state: 'skipped', why: 'limit' });
  });
  const items = plan.items.map((item) => {
    const choice = choices.get(item.file);
    return choice === undefined ? item : { ...item, previewRender: choice };
  });
  return { ...plan, items };
}

/** Previews the pull request's earlier runs rendered: they count toward preview-renders, which is per pull request. */
function renderedEarlier(choices: ReadonlyMap<string, PreviewRenderChoice>): number {
  return [...choices.values()].filter(
    (choice) => choice.state === 'earlier' || (choice.state === 'skipped' && choice.why === 'stale'),
  ).length;
}

/**
 * What a pull request's run sends for an item (after asPreview): its creates
 * and edits, and, for a chosen preview, one render that carries no
 * publication. Every other render, upload and wait stays out: a pull
 * request's run never publishes.
 */
export function previewSteps(item: PlanItem): PlanItem {
  const steps: Step[] = item.steps.filter((step) => step.kind === 'create' || step.kind === 'edit');
  const choice = item.previewRender;
  if (choice?.state === 'chosen') {
    const planned = item.steps.find((step) => step.kind === 'render');
    const reason = planned?.kind === 'render' ? planned.reason : 'never_rendered';
    steps.push({ kind: 'render', reason, render: choice.render, publish: null });
  }
  return { ...item, steps };
}
