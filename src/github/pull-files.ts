import type { GitHubClient } from './client.ts';

// A pull request's files as GitHub lists them (GET /repos/{owner}/{repo}/
// pulls/{pull_number}/files): what the run falls back on when git cannot
// give the pull request's base commit. The list is of the pull request as it
// is now, which a push since the run's event may have moved, and GitHub lists
// at most 3,000 files: it is whole only when the pull request's head, read
// before and after it, is the head the run checked out, and it holds as many
// files as the pull request says it changes.

export interface PullFile {
  filename: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  status: string;
  /** The name before a rename. */
  previousFilename: string | null;
}

export interface PullFiles {
  files: PullFile[];
  /** Why the list may not be every file of the run's pull request; null when it is. */
  gap: string | null;
}

export interface PullRequestRef {
  owner: string;
  repo: string;
  pullNumber: number;
  /** The head commit the run checked out (the event's); null when the event does not say. */
  headSha: string | null;
}

export async function listPullFiles(github: GitHubClient, pull: PullRequestRef): Promise<PullFiles> {
  const ask = { owner: pull.owner, repo: pull.repo, pull_number: pull.pullNumber };
  const before = (await github.rest.pulls.get(ask)).data;
  const listed = await github.paginate(github.rest.pulls.listFiles, { ...ask, per_page: 100 });
  const after = (await github.rest.pulls.get(ask)).data;
  const files = listed.map((file) => ({
    filename: file.filename,
    status: file.status,
    previousFilename: file.previous_filename ?? null,
  }));
  const sameHead =
    pull.headSha !== null && before.head.sha === pull.headSha && after.head.sha === pull.headSha;
  const gap = !sameHead
    ? "the pull request's head has moved since this run's event"
    : files.length !== after.changed_files
      ? `GitHub lists ${files.length} of its ${after.changed_files} files`
      : null;
  return { files, gap };
}
