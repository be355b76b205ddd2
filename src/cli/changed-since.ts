import type { PlanScope } from '../engine/types.ts';
import { changesSince, type ChangeScope } from '../git/changes.ts';
import { scopeText } from '../report/words.ts';

// `plan --changed-since REF`: the plan of a branch's change, as a pull
// request's is: only the manifests that differ from REF (committed or not)
// are read in detail and planned. A ref git cannot read here is a full read
// with a warning, never a guess at the change.

/** The change since `ref` in the workspace `cwd`; null (and a warning) when git cannot read `ref`. */
export async function changedSince(
  cwd: string,
  ref: string | null,
  warn: (message: string) => void,
): Promise<ChangeScope | null> {
  if (ref === null) return null;
  const changes = await changesSince(cwd, ref);
  if (changes !== null) return changes;
  warn(`--changed-since ${ref}: git cannot read that ref here; the plan reads every item.`);
  return null;
}

/** What a change's plan covered, in one line. */
export function scopeNote(scope: PlanScope): string {
  return `${scopeText(scope)} (without --changed-since, every item is read).`;
}
