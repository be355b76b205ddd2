import { describeError } from '../service-client/index.ts';
import { haveCommit } from '../git/history.ts';
import type { GitHubClient } from '../github/client.ts';
import { listPullFiles, type PullFiles } from '../github/pull-files.ts';
import type { RunEvent } from './event.ts';

// Where a run reads its base from (a pull request's base commit, a push's
// `before`), decided once for the run: git, when the clone has the commit or
// can fetch it (actions/checkout clones one commit deep: one request, no
// history); else, in a pull request, the files GitHub lists for it; else
// nothing, with the reason. The plan's scope (change-scope.ts) and the
// earlier versions (previous.ts) both read this one answer: a fetch that
// fails can take a minute, and the list is asked for once.

export type BaseSource =
  | { kind: 'git' }
  | { kind: 'listed'; listing: PullFiles }
  /** `failure`: GitHub was asked and did not answer; null when there was no one to ask. */
  | { kind: 'unread'; why: string; failure: Error | null };

/** What of the run's event its base is found from. */
export type BaseEvent = Pick<RunEvent, 'baseSha' | 'owner' | 'repo'> & {
  pullRequest: { number: number; headSha: string | null } | null;
};

export interface RunBase {
  /** The base commit. */
  sha: string;
  /** Where it is read from, decided on the first ask. */
  source(): Promise<BaseSource>;
}

/** The run's base, or null when its event has none (a schedule, a dispatch). */
export function runBase(
  event: BaseEvent,
  workspace: string,
  github: () => GitHubClient | null,
): RunBase | null {
  const sha = event.baseSha;
  if (!sha) return null;
  let source: Promise<BaseSource> | null = null;
  return { sha, source: () => (source ??= sourceOf(event, sha, workspace, github)) };
}

async function sourceOf(
  event: BaseEvent,
  sha: string,
  workspace: string,
  github: () => GitHubClient | null,
): Promise<BaseSource> {
  if (await haveCommit(workspace, sha)) return { kind: 'git' };
  const { owner, repo, pullRequest } = event;
  if (!owner || !repo || pullRequest === null)
    return { kind: 'unread', why: 'and GitHub was not asked for its files', failure: null };
  const client = github();
  if (client === null)
    return { kind: 'unread', why: 'and no github-token was given to list its files', failure: null };
  try {
    const listing = await listPullFiles(client, {
      owner,
      repo,
      pullNumber: pullRequest.number,
      headSha: pullRequest.headSha,
    });
    return { kind: 'listed', listing };
  } catch (error) {
    return {
      kind: 'unread',
      why: `and GitHub's list of its files could not be read (${describeError(error)})`,
      failure: error instanceof Error ? error : new Error(String(error)),
    };
  }
}
