import { createHash } from 'node:crypto';
import { statusOf, type GitHubClient } from './client.ts';

// The sticky PR comment: one per PR (per shard), found again on every run by
// a hidden marker, edited in place, left alone when nothing changed.
//
// Which comment is ours: it must carry the marker AND be written by the one
// login the action posts as (commentAuthor below). Any other account, a
// person or another app's bot, can post a comment with the marker, first or
// not: it is never taken for ours. What the comment says may still have been
// edited by anyone allowed to edit comments; the reviewed plan inside it is
// sealed for that (reviewed-block.ts).
//
// Every page of comments is read. If any lookup fails, nothing is posted: a
// failed lookup that fell back to "create" is how duplicates appear.

/** The login of the workflow's GITHUB_TOKEN, which GET /user does not answer for. */
const ACTIONS_LOGIN = 'github-actions[bot]';

const MARKER_PREFIX = '<!-- content-as-code:pr-comment';

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
  /** The only login whose comment is ours (commentAuthor). */
  author: string;
}

export type StickyOutcome =
  | {
      action: 'created';
      id: number;
      url: string | null;
      /** Who GitHub says wrote it: when not `author`, the next run will not find it. */
      writtenBy: string | null;
    }
  | { action: 'updated'; id: number; url: string | null }
  | { action: 'unchanged'; id: number; url: string | null };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Creates or edits the comment. `stable` is the body without run-specific
 * parts (links to this run): when its digest matches the existing comment's,
 * and the comment is still exactly as written, it is not touched. "As
 * written" is checked by a seal of the body kept on the digest line
 * (`sealBody`, keyed by the caller so that an editor cannot make a new one):
 * an edited comment, its hidden reviewed plan included, is written again.
 */
/** The length of the lines a sticky comment starts with (the marker, then the digest and its seal), before its body. */
export function stickyHeadLength(marker: string, sealBody: (body: string) => string = sha256): number {
  return `${marker}\n${DIGEST}${'0'.repeat(32)} ${sealBody('')} -->\n`.length;
}

export async function upsertStickyComment(
  github: GitHubClient,
  target: StickyCommentTarget,
  body: string,
  stable: string,
  sealBody: (body: string) => string = sha256,
): Promise<StickyOutcome> {
  const digest = `${DIGEST}${sha256(stable).slice(0, 32)}`;
  const full = `${target.marker}\n${digest} ${sealBody(body)} -->\n${body}`;
  const existing = await findOwnComment(github, target);
  const { owner, repo } = target;
  if (existing) {
    if (unchangedSince(existing.body ?? '', `${target.marker}\n${digest} `, sealBody)) {
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

const DIGEST = '<!-- content-as-code:digest ';

/**
 * Whether a comment starts with `head` (marker and digest) and the rest is
 * the body its seal was made for: a digest alone is no proof, whoever edits
 * the comment can leave that line as it was.
 */
function unchangedSince(existing: string, head: string, sealBody: (body: string) => string): boolean {
  if (!existing.startsWith(head)) return false;
  const lineEnd = existing.indexOf('\n', head.length);
  if (lineEnd === -1) return false;
  const seal = existing.slice(head.length, lineEnd);
  return seal === `${sealBody(existing.slice(lineEnd + 1))} -->`;
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
      const writtenBy = data.user?.login ?? null;
      return { action: 'created', id: data.id, url: data.html_url ?? null, writtenBy };
    } catch (error) {
      const status = statusOf(error);
      if (status === null || status < 500 || attempt >= CREATE_ATTEMPTS) throw error;
      const written = await findOwnComment(github, target);
      if (written) {
        return { action: 'created', id: written.id, url: written.html_url ?? null, writtenBy: target.author };
      }
    }
  }
}

/**
 * The one login whose comment the action trusts, which must be the login it
 * posts as: `configured` (the `comment-author` input, for a GitHub App's
 * token: `my-app[bot]`) when given; else the token's own login where GitHub
 * says it (GET /user answers for a personal token); else the workflow's
 * GITHUB_TOKEN, `github-actions[bot]` (GET /user answers it 403). Never
 * "any bot": every app installed on the repository is one.
 */
export async function commentAuthor(github: GitHubClient, configured: string): Promise<string> {
  if (configured !== '') return configured;
  try {
    const { data } = await github.rest.users.getAuthenticated();
    if (typeof data.login === 'string' && data.login !== '') return data.login;
    throw new Error('GitHub named no login for the github-token (GET /user)');
  } catch (error) {
    // An installation token cannot read /user (401/403). Any other failure is
    // a failed lookup, and a failed lookup must not end in a second comment.
    const status = statusOf(error);
    if (status === 401 || status === 403) return ACTIONS_LOGIN;
    throw error;
  }
}

/** The first comment with the marker on its first line that `target.author` wrote; null when there is none. */
export async function findOwnComment(
  github: GitHubClient,
  target: StickyCommentTarget,
): Promise<IssueComment | null> {
  const author = target.author.toLowerCase();
  const pages = github.paginate.iterator(github.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  for await (const page of pages) {
    for (const comment of page.data) {
      const ours = comment.user?.login?.toLowerCase() === author;
      // The marker is the first line of our body; a quote of it elsewhere does not count.
      if (ours && (comment.body ?? '').startsWith(`${target.marker}\n`)) return comment;
    }
  }
  return null;
}
