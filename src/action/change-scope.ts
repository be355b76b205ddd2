import { changesSince, type ChangeScope } from '../git/changes.ts';
import { fetchCommit, hasCommit } from '../git/history.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunDecision } from './mode.ts';

// A pull request's plan reads what its change touches: the manifests that
// differ from the pull request's base commit, by git. actions/checkout clones
// one commit deep, so the base is fetched when the clone lacks it (one
// request, no history). A base that cannot be read (a deleted branch, a
// clone that cannot fetch) is a full read with a note: reading everything
// costs time, guessing the change could show a wrong plan.

export interface PullRequestScope {
  changes?: ChangeScope;
  /** Why the plan reads every item although it is a pull request's; null when it need not say. */
  note: string | null;
}

/** The change a pull request's plan covers, or why it reads everything. */
export async function pullRequestScope(
  decision: RunDecision,
  event: RunEvent,
  inputs: Pick<ActionInputs, 'fullRead'>,
  workspace: string,
): Promise<PullRequestScope> {
  if (decision.mode !== 'plan' || event.pullRequest === null || inputs.fullRead) return { note: null };
  const base = event.baseSha ?? '';
  const readable = (await hasCommit(workspace, base)) || (await fetchCommit(workspace, base));
  const changes = readable ? await changesSince(workspace, base, base.slice(0, 12)) : null;
  if (changes === null) {
    return {
      note:
        `The pull request's base commit${base === '' ? '' : ` ${base.slice(0, 12)}`} could not be read ` +
        '(a clone that cannot fetch it, or a branch deleted since): this plan reads every item, as a full plan does.',
    };
  }
  return { changes, note: null };
}
