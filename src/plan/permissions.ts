import type { ContentEdit } from '../service-client/types.ts';
import { sameValue } from './diff.ts';
import type { FieldChange, Mode, Permissions, PlanItem, PreviewBlock, PreviewReach, Step } from './types.ts';
import { isRecord } from '../record.ts';

// What a run may send: the action derives the permissions from its mode,
// event and inputs; the steps of the plan outside them are shown, not sent.

/** Step kinds a run may carry out: plan mode only ever writes drafts (script previews). */
export function allowedSteps(mode: Mode, permissions: Permissions): Set<Step['kind']> {
  const allowed = new Set<Step['kind']>();
  if (mode === 'validate') return allowed;
  if (permissions.write) allowed.add('create').add('edit');
  if (mode !== 'apply') return allowed;
  allowed.add('wait');
  if (permissions.render) allowed.add('render');
  if (permissions.publish) allowed.add('upload');
  return allowed;
}

// A pull request's script preview writes to the service before anyone has
// merged anything, and a pull request may be closed unmerged. Whatever it
// writes must be something main's next apply puts back before it renders or
// publishes: main compares, and writes, only the fields its manifest sets
// (with its defaults), and inside fine_tuning only the keys it sets
// (plan/diff.ts). So a preview may change, on an item the service already
// holds, only what main's manifest of that item sets at the pull request's
// base: the rest would stay in the service after the pull request and ship
// with the video unseen. The persona is never previewed: main leaves a
// persona the service shows otherwise as it is unless its own commit changed
// it (plan/types.ts, personaChanged), so it would not put a preview's back.
// Where the base cannot be read, no existing item is edited. A new title
// (no item in the service) is the pull request's own draft, created with
// its fields; main's plan shows, before it renders or publishes an item, every
// value the service holds that main's manifest does not set
// (plan/diff.ts, keptFromService), so such a draft adopted later is seen.
// Main owning every writable field of what it renders (clearing whatever its
// manifest does not set) would close this too, but it would also undo a
// person's edit in the web app to a field no manifest sets, which the
// service-edit model keeps; keeping the preview inside main's fields needs
// no record of the pull request, so a run without GitHub access is covered.

/** Fields a preview never writes, whatever main's manifest says (see above). */
const NEVER_PREVIEWED: ReadonlySet<string> = new Set(['title', 'persona_id']);

/** What a preview sends of a planned edit, and the fields (or `fine_tuning.key`s) it leaves out. */
export interface PreviewEdit {
  step: Extract<Step, { kind: 'edit' }> | null;
  withheld: string[];
  /** Why nothing of the item is edited; null when the base's manifest decided field by field. */
  blocked: PreviewBlock | null;
}

/**
 * `wanted` written over `current` only where main's `owned` object sets the
 * key (recursively): the keys of `wanted` outside it are named in `withheld`.
 */
function ownedPart(
  wanted: Record<string, unknown>,
  owned: Record<string, unknown>,
  current: unknown,
  path: string,
  withheld: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(wanted)) {
    if (!Object.hasOwn(owned, key)) {
      if (!Object.hasOwn(out, key) || !sameValue(out[key], value)) withheld.push(`${path}.${key}`);
      continue;
    }
    const mine = owned[key];
    out[key] =
      isRecord(value) && isRecord(mine)
        ? ownedPart(value, mine, out[key], `${path}.${key}`, withheld)
        : value;
  }
  return out;
}

/** One change as a preview may send it: whole, narrowed to main's keys, or not at all (null). */
function previewChange(
  change: FieldChange,
  owned: Partial<Record<string, unknown>>,
  withheld: string[],
): FieldChange | null {
  const mine = owned[change.field];
  if (NEVER_PREVIEWED.has(change.field) || mine === undefined) {
    withheld.push(change.field);
    return null;
  }
  if (change.field !== 'fine_tuning' || !isRecord(change.to) || !isRecord(mine)) return change;
  const to = ownedPart(change.to, mine, change.from, 'fine_tuning', withheld);
  return sameValue(to, change.from) ? null : { ...change, to };
}

/**
 * The PUT body of a preview's edit: the planned body, with every change it
 * leaves out set back to the service's value. A new full_text left out
 * leaves the service's script too (the plan's body omits it so that the
 * service writes a new one, A15).
 */
function previewBody(
  step: Extract<Step, { kind: 'edit' }>,
  kept: readonly FieldChange[],
  remoteTitle: string,
  remoteScript: string | null,
): ContentEdit {
  const send: Record<string, unknown> = { ...step.send, title: remoteTitle };
  for (const change of step.changes) send[change.field] = change.from;
  for (const change of kept) send[change.field] = change.to;
  const sourceChanges = kept.some((change) => change.field === 'full_text');
  if (!sourceChanges && !('textover' in step.send)) send.textover = remoteScript;
  return send;
}

/** A planned edit of an existing draft as a preview sends it (see above); `reach` absent: nothing. */
export function previewEdit(
  item: Pick<PlanItem, 'remote' | 'script'>,
  step: Extract<Step, { kind: 'edit' }>,
  reach: PreviewReach | undefined,
): PreviewEdit {
  const asked = step.changes.filter((change) => change.field !== 'title');
  if (reach === undefined || reach.kind === 'none') {
    const blocked = reach?.why ?? 'no_base';
    return { step: null, withheld: asked.map((change) => change.field), blocked };
  }
  const withheld: string[] = [];
  const kept = asked.flatMap((change) => previewChange(change, reach.fields, withheld) ?? []);
  if (kept.length === 0 || item.remote === null) return { step: null, withheld, blocked: null };
  const send = previewBody(step, kept, item.remote.title, item.script.remote);
  return { step: { ...step, changes: kept, send }, withheld, blocked: null };
}

/**
 * What a PR script preview may do to an item: create it, or edit a draft
 * (never rendered) as far as main's manifest of it reaches (previewEdit).
 * The title is how every other run finds the item, so a rename waits for
 * the merge; a rendered or published item is not touched before the merge
 * at all.
 */
export function asPreview(item: PlanItem): PlanItem[] {
  if (item.remote !== null && item.remote.status !== 'NEW') return [];
  const steps = item.steps.flatMap((step): Step[] => {
    if (step.kind !== 'edit') return [step];
    if (item.remote === null) return [];
    const edit = previewEdit(item, step, item.preview).step;
    return edit === null ? [] : [edit];
  });
  return [{ ...item, steps }];
}
