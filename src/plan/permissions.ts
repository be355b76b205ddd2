import type { Mode, Permissions, PlanItem, Step } from './types.ts';

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

/**
 * What a PR script preview may do to an item: create it, or edit a draft
 * (never rendered) other than its title. The title is how every other run
 * finds the item, so a rename waits for the merge; a rendered or published
 * item is not touched before the merge at all.
 */
export function asPreview(item: PlanItem): PlanItem[] {
  if (item.remote !== null && item.remote.status !== 'NEW') return [];
  const steps = item.steps.flatMap((step): Step[] => {
    if (step.kind !== 'edit') return [step];
    const changes = step.changes.filter((change) => change.field !== 'title');
    const send = item.remote === null ? step.send : { ...step.send, title: item.remote.title };
    return changes.length > 0 ? [{ ...step, changes, send }] : [];
  });
  return [{ ...item, steps }];
}
