import { createHash } from 'node:crypto';
import { statusOf, type GitHubClient } from './client.ts';

// The sticky PR comment: one per PR (per shard), found again on every run by
// a hidden marker, edited in place, left alone when nothing changed.
//
// Which comment is ours: it must carry the marker AND be written by the
// token's own identity. `GET /user` answers for personal tokens; for the
// workflow's GITHUB_TOKEN and for GitHub App tokens it fails (403), and then
// the comment must be written by a bot account (`user.type === 'Bot'`, which
// is how `github-actions[bot]` and every app appear). A person can copy the
// marker into their own comment; they cannot make it a bot's.
//
// Every page of comments is read. If any lookup fails, nothing is posted: a
// failed lookup that fell back to "create" is how duplicates appear.

export const MARKER_PREFIX = '<!-- content-as-code:pr-comment';

export function markerFor(shard: { index: number; count: number } | null): string {
  return `${MARKER_PREFIX}${shard ? ` shard=${shard.index}/${shard.count}` : ''} -->`;
}

interface IssueComment {
  id: number;
  body?: string | null | undefined;
  html_url?: string | undefined;
  user?: { login?: string | undefined; type?: string | undefined } | null | undefined;
}

export interface StickyCommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
  /** The marker line; one comment per marker. */
  marker: string;
}

export type StickyOutcome =
  | { action: 'created'; id: number; url: string | null }
  | { action: 'updated'; id: number; url: string | null }
  | { action: 'unchanged'; id: number; url: string | null };

/**
 * Creates or edits the comment. `stable` is the body without run-specific
 * parts (links to this run): when its digest matches the existing comment's,
 * the comment is not touched.
 */
export async function upsertStickyComment(
  github: GitHubClient,
  target: StickyCommentTarget,
  body: string,
  stable: string,
): Promise<StickyOutcome> {
  const digest = `<!-- content-as-code:digest ${createHash('sha256').update(stable).digest('hex').slice(0, 32)} -->`;
  const full = `${target.marker}\n${digest}\n${body}`;
  const existing = await findOwnComment(github, target);
  const { owner, repo } = target;
  if (existing) {
    if (existing.body?.includes(digest)) {
      return { action: 'unchanged', id: existing.id, url: existing.html_url ?? null };
    }
    const { data } = await github.rest.issues.updateComment({
      owner,
      repo,
      comment_id: existing.id,
      body: full,
    });
    return { action: 'updated', id: data.id, url: data.html_url ?? null };
  }
  return createOnce(github, target, full);
}

/** How many times a comment is posted when GitHub answers 5xx. */
const CREATE_ATTEMPTS = 3;

/**
 * Posts the comment. A 5xx may come after GitHub wrote it, so the retry
 * plugin does not resend this POST by itself: the comments are read again
 * first, and the post is sent again only when it is not there. Rate limits
 * (403/429, nothing written) are still waited out by the throttling plugin.
 */
async function createOnce(
  github: GitHubClient,
  target: StickyCommentTarget,
  body: string,
): Promise<StickyOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { data } = await github.rest.issues.createComment({
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        body,
        request: { retries: 0 },
      });
      return { action: 'created', id: data.id, url: data.html_url ?? null };
    } catch (error) {
      const status = statusOf(error);
      if (status === null || status < 500 || attempt >= CREATE_ATTEMPTS) throw error;
      const written = await findOwnComment(github, target);
      if (written) return { action: 'created', id: written.id, url: written.html_url ?? null };
    }
  }
}

async function whoAmI(github: GitHubClient): Promise<string | null> {
  try {
    const { data } = await github.rest.users.getAuthenticated();
    return typeof data.login === 'string' ? data.login : null;
  } catch (error) {
    // GITHUB_TOKEN and app tokens cannot read /user (401/403): then "a bot
    // wrote it" identifies the comment. Any other failure is a failed lookup,
    // and a failed lookup must not end in a second comment.
    const status = statusOf(error);
    if (status === 401 || status === 403) return null;
    throw error;
  }
}

export async function findOwnComment(
  github: GitHubClient,
  target: StickyCommentTarget,
): Promise<IssueComment | null> {
  const self = await whoAmI(github);
  const isOurs = (comment: IssueComment) =>
    self !== null
      ? comment.user?.login === self
      : comment.user?.type === 'Bot' || comment.user?.login === 'github-actions[bot]';
  const pages = github.paginate.iterator(github.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  for await (const page of pages) {
    for (const comment of page.data) {
      // The marker is the first line of our body; a quote of it elsewhere does not count.
      if (isOurs(comment) && (comment.body ?? '').startsWith(`${target.marker}\n`)) return comment;
    }
  }
  return null;
}
