import type { ReviewEvidence, ReviewSource } from '../engine/review.ts';
import type { GitHubClient } from './client.ts';
import { blockScope, readReviewedBlock, type ReviewSeal } from './reviewed-block.ts';
import { findOwnComment } from './sticky-comment.ts';

// Where a pushed commit came from: the merged pull requests GitHub associates
// with it (GET /repos/{owner}/{repo}/commits/{sha}/pulls), and the reviewed
// plan each one's sticky comment holds: the comment of the action's own
// login, its block verified for that pull request. Errors are thrown to the caller,
// which decides what an unreadable review means (src/action/review.ts).

export interface ReviewLookup {
  owner: string;
  repo: string;
  sha: string;
  /** The sticky comment's marker (one per shard). */
  marker: string;
  /** The only login whose comment is read (commentAuthor). */
  author: string;
  /** What verifies each comment's plan block. */
  seal: ReviewSeal;
}

export async function readReviewEvidence(
  github: GitHubClient,
  lookup: ReviewLookup,
): Promise<ReviewEvidence> {
  const { owner, repo, sha, marker, author, seal } = lookup;
  const { data } = await github.rest.repos.listPullRequestsAssociatedWithCommit({
    owner,
    repo,
    commit_sha: sha,
    per_page: 100,
  });
  // An open pull request whose branch holds the commit did not bring it here: only merged ones did.
  const merged = data
    .filter((pull) => typeof pull.merged_at === 'string' && pull.merged_at !== '')
    .sort((a, b) => Date.parse(b.merged_at ?? '') - Date.parse(a.merged_at ?? ''));
  if (merged.length === 0) return { kind: 'direct_push' };
  const sources: ReviewSource[] = [];
  for (const pull of merged) {
    const comment = await findOwnComment(github, { owner, repo, issueNumber: pull.number, marker, author });
    const sealed = { seal, scope: blockScope(owner, repo, pull.number, marker) };
    const read = comment ? readReviewedBlock(comment.body ?? '', sealed) : { kind: 'absent' as const };
    sources.push({
      pr: pull.number,
      url: pull.html_url ?? null,
      head: pull.head?.sha ?? null,
      plan: read.kind === 'plan' ? read.plan : null,
      unverified: read.kind === 'unverified',
    });
  }
  return { kind: 'pulls', sources };
}
