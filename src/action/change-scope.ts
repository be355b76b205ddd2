import { changesSince, listedChanges, type ChangeScope } from '../git/changes.ts';
import type { RunDecision } from './mode.ts';
import type { RunBase } from './run-base.ts';

// A pull request's plan reads what its change touches: the manifests that
// differ from the pull request's base commit, by git. Where git cannot read
// the base (run-base.ts), GitHub's own list of the pull request's files
// stands for it, when that list is whole, with what the checkout changed
// since (git status); else the plan is a full read with a note: reading
// everything costs time, guessing the change could show a wrong plan.

export interface PullRequestScope {
  changes?: ChangeScope;
  /** What the run says of the plan's reach: why it reads every item, or what it reads the change from; null when nothing. */
  note: string | null;
}

/** The change a pull request's plan covers, or why it reads everything. */
export async function pullRequestScope(
  run: { decision: RunDecision; workspace: string },
  base: RunBase | null,
): Promise<PullRequestScope> {
  if (run.decision.reads !== 'change') return { note: null };
  if (base === null)
    return {
      note: "The pull request's event names no base commit: this plan reads every item, as a full plan does.",
    };
  const named = base.sha.slice(0, 12);
  const found = await changeFrom(run.workspace, base);
  if ('changes' in found) return { changes: found.changes, note: found.note };
  return {
    note:
      `The pull request's base commit ${named} could not be read (a clone that cannot fetch it, or a branch ` +
      `deleted since), ${found.why}: this plan reads every item, as a full plan does.`,
  };
}

/** The change since the base, from git or from GitHub's whole list of the files; else why not. */
async function changeFrom(
  workspace: string,
  base: RunBase,
): Promise<{ changes: ChangeScope; note: string | null } | { why: string }> {
  const source = await base.source();
  if (source.kind === 'unread') return { why: source.why };
  if (source.kind === 'git') {
    const changes = await changesSince(workspace, base.sha, base.sha.slice(0, 12));
    return changes === null
      ? { why: 'and git cannot compare the checkout with it' }
      : { changes, note: null };
  }
  const { gap, files } = source.listing;
  if (gap !== null) return { why: `and GitHub's list of its files may not be whole (${gap})` };
  const changes = await listedChanges(workspace, files, "the pull request's files on GitHub");
  if (changes === null) return { why: 'and git cannot say what the checkout changed' };
  const note =
    `The pull request's base commit ${base.sha.slice(0, 12)} could not be read (a clone that cannot fetch it, ` +
    'or a branch deleted since): this plan reads the files GitHub lists for the pull request.';
  return { changes, note };
}
