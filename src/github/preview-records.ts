import type { GitHubClient } from './client.ts';
import { blockScope, readReviewedBlock, type ReviewSeal } from './reviewed-block.ts';
import { findOwnComment } from './sticky-comment.ts';

// What pull requests' script previews wrote into drafts, as their sealed
// comments record it (engine/preview-records.ts): read by main's apply when
// a draft holds a value the repository never asked for, to tell a preview's
// value (put back) from a person's edit (kept). The pull requests updated
// last are read, open or closed: a preview's draft is put back by the first
// apply after it, so older ones have nothing left in the service. Errors are
// thrown: the caller takes the records as unreadable.

/** How many pull requests, updated last, are read. */
const PULLS_READ = 30;

export interface PreviewRecordsLookup {
  owner: string;
  repo: string;
  /** The sticky comment's marker (one per shard). */
  marker: string;
  /** The only login whose comment is read (commentAuthor). */
  author: string;
  seal: ReviewSeal;
}

/** The keys of every write the pull requests updated last recorded in a comment that verifies. */
export async function readPreviewRecords(
  github: GitHubClient,
  lookup: PreviewRecordsLookup,
): Promise<Set<string>> {
  const { owner, repo, marker, author, seal } = lookup;
  const { data } = await github.rest.pulls.list({
    owner,
    repo,
    state: 'all',
    sort: 'updated',
    direction: 'desc',
    per_page: PULLS_READ,
  });
  const keys = new Set<string>();
  for (const pull of data) {
    const comment = await findOwnComment(github, { owner, repo, issueNumber: pull.number, marker, author });
    if (comment === null) continue;
    const read = readReviewedBlock(comment.body ?? '', {
      seal,
      scope: blockScope(owner, repo, pull.number, marker),
    });
    if (read.kind === 'plan') for (const key of read.plan.w ?? []) keys.add(key);
  }
  return keys;
}
