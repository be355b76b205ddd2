import type { GitHubClient } from './client.ts';

// A pull request's files as GitHub lists them (GET /repos/{owner}/{repo}/
// pulls/{pull_number}/files): what the run falls back on when git cannot
// give the pull request's base commit. GitHub lists at most 3,000 files; a
// listing is whole only when it holds as many files as the pull request's
// own count says (the event's `changed_files`), or fewer than that cap.

/** The most files GitHub lists for one pull request. */
const MOST_LISTED_FILES = 3000;

export interface PullFile {
  filename: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  status: string;
  /** The name before a rename. */
  previousFilename: string | null;
}

export interface PullFiles {
  files: PullFile[];
  /** Whether the listing holds every file of the pull request. */
  whole: boolean;
}

export interface PullRequestRef {
  owner: string;
  repo: string;
  pullNumber: number;
  /** The event's `pull_request.changed_files`; null when the payload does not say. */
  changedFiles: number | null;
}

export async function listPullFiles(github: GitHubClient, pull: PullRequestRef): Promise<PullFiles> {
  const listed = await github.paginate(github.rest.pulls.listFiles, {
    owner: pull.owner,
    repo: pull.repo,
    pull_number: pull.pullNumber,
    per_page: 100,
  });
  const files = listed.map((file) => ({
    filename: file.filename,
    status: file.status,
    previousFilename: file.previous_filename ?? null,
  }));
  const whole =
    pull.changedFiles === null ? files.length < MOST_LISTED_FILES : files.length === pull.changedFiles;
  return { files, whole };
}
