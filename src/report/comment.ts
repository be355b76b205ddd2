import { createHash } from 'node:crypto';
import { GitHubApiError, type GitHubApi } from '../action/github-api.ts';

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
  body?: string | null;
  html_url?: string;
  user?: { login?: string; type?: string } | null;
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
  api: GitHubApi,
  target: StickyCommentTarget,
  body: string,
  stable: string,
): Promise<StickyOutcome> {
  const digest = `<!-- content-as-code:digest ${createHash('sha256').update(stable).digest('hex').slice(0, 32)} -->`;
  const full = `${target.marker}\n${digest}\n${body}`;
  const existing = await findOwnComment(api, target);
  const base = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}/issues`;
  if (existing) {
    if (existing.body?.includes(digest)) {
      return { action: 'unchanged', id: existing.id, url: existing.html_url ?? null };
    }
    const updated = await api.request<IssueComment>('PATCH', `${base}/comments/${existing.id}`, {
      body: full,
    });
    return { action: 'updated', id: updated.id, url: updated.html_url ?? null };
  }
  const created = await api.request<IssueComment>('POST', `${base}/${target.issueNumber}/comments`, {
    body: full,
  });
  return { action: 'created', id: created.id, url: created.html_url ?? null };
}

async function whoAmI(api: GitHubApi): Promise<string | null> {
  try {
    const user = await api.request<{ login?: unknown }>('GET', '/user');
    return typeof user.login === 'string' ? user.login : null;
  } catch (error) {
    // GITHUB_TOKEN and app tokens cannot read /user (401/403): then "a bot
    // wrote it" identifies the comment. Any other failure is a failed lookup,
    // and a failed lookup must not end in a second comment.
    if (error instanceof GitHubApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export async function findOwnComment(
  api: GitHubApi,
  target: StickyCommentTarget,
): Promise<IssueComment | null> {
  const self = await whoAmI(api);
  const isOurs = (comment: IssueComment) =>
    self !== null
      ? comment.user?.login === self
      : comment.user?.type === 'Bot' || comment.user?.login === 'github-actions[bot]';
  const path = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}/issues/${target.issueNumber}/comments?per_page=100`;
  for await (const page of api.paginate<IssueComment>(path)) {
    for (const comment of page) {
      // The marker is the first line of our body; a quote of it elsewhere does not count.
      if (isOurs(comment) && (comment.body ?? '').startsWith(`${target.marker}\n`)) return comment;
    }
  }
  return null;
}
