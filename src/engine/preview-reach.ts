import type { PreviousVersions } from '../git/earlier-versions.ts';
import { defaultsFilesAbove, parseManifest } from '../manifest/index.ts';
import type { DesiredItem } from '../manifest/types.ts';
import type { Plan, PlanItem, PreviewBlock, PreviewReach } from '../plan/types.ts';
import { sameTitle } from '../text/service-terms.ts';
import type { EngineOptions, RunReport } from './types.ts';

// A pull request's script preview edits an existing draft only as far as
// main's manifest of it reaches (the rule and why: plan/permissions.ts).
// Main's manifest is the one at the pull request's base, at the same path,
// with the `_defaults.yml` the base had above it: main's apply compares
// exactly what it sets. The preview learns it from the earlier versions the
// run already reads (git, or the pull request's file listing); main itself
// needs nothing of the pull request, since everything a preview may write
// is something main writes back whenever it differs.

/** Whether this run previews: a pull request's run that may write drafts. */
function previews(options: EngineOptions): boolean {
  const { permissions } = options.settings;
  return permissions.draftsOnly === true && permissions.write;
}

/** The base's text of a file; undefined when it cannot be read (a listing with a gap, a failed request). */
async function atBase(previous: PreviousVersions, file: string): Promise<string | null | undefined> {
  try {
    return await previous.read(file);
  } catch {
    return undefined;
  }
}

/** The `_defaults.yml` the base had above `file`, outermost first; undefined when one cannot be read. */
async function defaultsAtBase(
  previous: PreviousVersions,
  file: string,
): Promise<{ file: string; text: string }[] | undefined> {
  // Every name is asked at once (PreviousVersions); each folder's first found applies.
  const folders = await Promise.all(
    defaultsFilesAbove(file).map((names) =>
      Promise.all(names.map(async (path) => ({ file: path, text: await atBase(previous, path) }))),
    ),
  );
  const found: { file: string; text: string }[] = [];
  for (const names of folders) {
    for (const { file: path, text } of names) {
      if (text === undefined) return undefined;
      if (text === null) continue;
      found.push({ file: path, text });
      break;
    }
  }
  return found;
}

/** A manifest at the base, with the `_defaults.yml` the base had above it; or why there is none. */
export type AtBase = { kind: 'item'; item: DesiredItem } | { kind: 'none'; why: PreviewBlock };

/** The manifest `file` as the base had it, with its defaults there. */
export async function manifestAtBase(previous: PreviousVersions, file: string): Promise<AtBase> {
  const text = await atBase(previous, file);
  if (text === undefined) return { kind: 'none', why: 'no_base' };
  if (text === null) return { kind: 'none', why: 'not_at_base' };
  const defaults = await defaultsAtBase(previous, file);
  if (defaults === undefined) return { kind: 'none', why: 'no_base' };
  const item = parseManifest(file, text, defaults).item;
  return item === null ? { kind: 'none', why: 'base_invalid' } : { kind: 'item', item };
}

/** How far a preview may edit this existing item: main's manifest of it at the base, with its defaults. */
async function reachOf(previous: PreviousVersions, item: PlanItem): Promise<PreviewReach> {
  const found = await manifestAtBase(previous, item.file);
  if (found.kind === 'none') return found;
  const base = found.item;
  const remote = item.remote!;
  const claims = base.id === remote.id || (base.id === null && sameTitle(base.fields.title, remote.title));
  return claims ? { kind: 'owned', fields: { ...base.fields } } : { kind: 'none', why: 'not_at_base' };
}

/** Items a preview would edit: drafts the service holds, with an edit planned. */
function editedDrafts(plan: Plan): PlanItem[] {
  return plan.items.filter(
    (item) => item.remote?.status === 'NEW' && item.steps.some((step) => step.kind === 'edit'),
  );
}

/**
 * The plan with each existing draft's preview reach, on a run that
 * previews; the plan as it is otherwise. Without a readable base, no
 * existing item is edited, and the report says what to change.
 */
export async function withPreviewReach(options: EngineOptions, plan: Plan, report: RunReport): Promise<Plan> {
  if (!previews(options)) return plan;
  const drafts = editedDrafts(plan);
  if (drafts.length === 0) return plan;
  const previous = options.deps.previous;
  const readable = previous !== undefined && (await (previous.readable?.() ?? Promise.resolve(false)));
  const reaches = readable
    ? await Promise.all(drafts.map((item) => reachOf(previous, item)))
    : drafts.map((): PreviewReach => ({ kind: 'none', why: 'no_base' }));
  const byFile = new Map(drafts.map((item, index) => [item.file, reaches[index]!]));
  if (reaches.some((reach) => reach.kind === 'none' && reach.why === 'no_base')) {
    report.notes.push(
      "The pull request's base commit could not be read, so main's manifests are not known: no item the service " +
        'already holds is edited by this preview (what it would write could stay in the service after the pull ' +
        'request). Use fetch-depth: 0 in actions/checkout so that the base can be read.',
    );
  }
  const items = plan.items.map((item) => {
    const reach = byFile.get(item.file);
    return reach === undefined ? item : { ...item, preview: reach };
  });
  return { ...plan, items };
}
