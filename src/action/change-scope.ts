import { describeError } from '../api/index.ts';
import { changesSince, listedChanges, type ChangeScope } from '../git/changes.ts';
import type { PullFiles } from '../github/pull-files.ts';
import type { RunEvent } from './event.ts';
import type { RunDecision } from './mode.ts';

// A pull request's plan reads what its change touches: the manifests that
// differ from the pull request's base commit, by git. actions/checkout clones
// one commit deep, so the base is fetched when the clone lacks it (one
// request, no history). A base that cannot be read (a deleted branch, a
// clone that cannot fetch) leaves GitHub's own list of the pull request's
// files, when that list is whole, with what the checkout changed since (git
// status); else the plan is a full read with a note: reading everything costs
// time, guessing the change could show a wrong plan.

export interface PullRequestScope {
  changes?: ChangeScope;
  /** What the run says of the plan's reach: why it reads every item, or what it reads the change from; null when nothing. */
  note: string | null;
}

/** The change a pull request's plan covers, or why it reads everything. */
export async function pullRequestScope(
  run: { decision: RunDecision; event: RunEvent; workspace: string },
  sources: {
    /** Whether the base commit is in the clone or could be fetched: asked once for the run. */
    baseCommit: () => Promise<boolean>;
    pullFiles: (() => Promise<PullFiles>) | null;
  },
): Promise<PullRequestScope> {
  const { decision, event, workspace } = run;
  if (decision.reads !== 'change') return { note: null };
  const base = event.baseSha ?? '';
  const named = base.slice(0, 12);
  const changes = (await sources.baseCommit()) ? await changesSince(workspace, base, named) : null;
  if (changes !== null) return { changes, note: null };
  const unread = `The pull request's base commit${named === '' ? '' : ` ${named}`} could not be read (a clone that cannot fetch it, or a branch deleted since)`;
  const listed = await listedScope(workspace, sources.pullFiles);
  if ('changes' in listed) {
    return {
      changes: listed.changes,
      note: `${unread}: this plan reads the files GitHub lists for the pull request.`,
    };
  }
  return { note: `${unread}, ${listed.why}: this plan reads every item, as a full plan does.` };
}

/** The change from GitHub's list of the pull request's files, when that list is whole and git can add the checkout's own edits. */
async function listedScope(
  workspace: string,
  pullFiles: (() => Promise<PullFiles>) | null,
): Promise<{ changes: ChangeScope } | { why: string }> {
  if (pullFiles === null) return { why: 'and GitHub was not asked for its files' };
  let listing: PullFiles;
  try {
    listing = await pullFiles();
  } catch (error) {
    return { why: `and GitHub's list of its files could not be read (${describeError(error)})` };
  }
  if (listing.gap !== null)
    return { why: `and GitHub's list of its files may not be whole (${listing.gap})` };
  const changes = await listedChanges(workspace, listing.files, "the pull request's files on GitHub");
  return changes === null ? { why: 'and git cannot say what the checkout changed' } : { changes };
}
