import type { ItemResult } from '../apply/types.ts';
import type { PlanItem } from '../plan/types.ts';
import { inlineCode } from './escape.ts';
import { thousands } from '../text/thousands.ts';

// Reports that grow with the change, not the catalogue. A pull request that
// edits 25 of 10,000 manifests shows those 25 rows; the other items are
// counted by stage in one sentence. When even the changed rows do not fit
// (a first apply of 10,000 items), the tables keep as many rows as fit and
// say how many more there are and where: the full plan file and the job summary.

/** A plan item with no step, hold or drift: counted, not listed. */
export function isQuiet(item: PlanItem): boolean {
  return (
    item.steps.length === 0 &&
    item.holds.length === 0 &&
    item.drift.length === 0 &&
    (item.serviceEdits ?? []).length === 0
  );
}

/** A result that changed nothing and says nothing: counted, not listed. */
export function isQuietResult(item: ItemResult, plan: PlanItem | undefined): boolean {
  return item.outcome === 'unchanged' && item.error === null && (plan === undefined || isQuiet(plan));
}

/** "9,975 unchanged items are not listed: 9,000 published, 975 draft." — null when none is left out. */
export function quietSentence(quiet: readonly PlanItem[]): string | null {
  if (quiet.length === 0) return null;
  const byStage = new Map<string, number>();
  for (const item of quiet) byStage.set(item.stage, (byStage.get(item.stage) ?? 0) + 1);
  const stages = [...byStage]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([stage, n]) => `${thousands(n)} ${stage}`)
    .join(', ');
  const what = quiet.length === 1 ? 'unchanged item is' : 'unchanged items are';
  return `${thousands(quiet.length)} ${what} not listed (by stage: ${stages}).`;
}

/** Where a reader finds the rows a table left out. */
export interface Elsewhere {
  /** The job summary's link, when the text is the PR comment. */
  summaryUrl: string | null;
  /** The full plan file's name (the `plan-file` output), when one was written. */
  planFile: string | null;
}

/** "Showing 1,200 of 10,000 items; the other 8,800 are in …" */
export function moreRowsSentence(shown: number, total: number, where: Elsewhere): string {
  const places = [
    where.planFile
      ? `the full plan file ${inlineCode(where.planFile)} (the \`plan-file\` output; keep it with actions/upload-artifact)`
      : null,
    where.summaryUrl === null ? null : `the [job summary](${where.summaryUrl})`,
  ].filter((place): place is string => place !== null);
  const rest = total - shown;
  return (
    `**Showing ${thousands(shown)} of ${thousands(total)} items;** the other ${thousands(rest)} ` +
    `${rest === 1 ? 'is' : 'are'} in ${places.length > 0 ? places.join(' and ') : 'the `plan` output and the log'}.`
  );
}
