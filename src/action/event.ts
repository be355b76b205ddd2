import { readFileSync } from 'node:fs';

// What triggered the run, read from the runner's environment and the event
// payload file, as GitHub documents them: the few fields the run decides by,
// typed, with the checks an untrusted event needs (see mode.ts).

interface PullRequestInfo {
  number: number;
  baseSha: string | null;
  headSha: string | null;
  baseRepo: string | null;
  /** null when the head repository was deleted. */
  headRepo: string | null;
  /** The head lives in another repository (a fork), or is gone: untrusted code. */
  fork: boolean;
}

export interface RunEvent {
  /** GITHUB_EVENT_NAME, for example `pull_request`, `push`, `schedule`. */
  name: string;
  /** GITHUB_REF, for example `refs/heads/main`. */
  ref: string | null;
  /** The commit the workflow runs on (GITHUB_SHA); for a PR, its head when the payload has it. */
  sha: string | null;
  owner: string | null;
  repo: string | null;
  /** From the payload's `repository.default_branch`. */
  defaultBranch: string | null;
  pullRequest: PullRequestInfo | null;
  /**
   * Why the run's content may come from someone without write access to the
   * repository (a fork, a comment), in words for the log; null when it cannot.
   */
  untrusted: string | null;
  /** The commit manifests are compared with to find renames: PR base, push `before`, merge-group base. */
  baseSha: string | null;
  /** The payload's `repository.private`: only then may the PR comment link a preview's signed video URL. */
  privateRepo?: boolean;
  apiUrl: string;
  serverUrl: string;
  runUrl: string | null;
}

const ZERO_SHA = /^0+$/;

type Json = Record<string, unknown>;

function object(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function string(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads GITHUB_EVENT_PATH; a missing or unreadable payload is an empty one (a local run). */
export async function readEvent(env: NodeJS.ProcessEnv): Promise<RunEvent> {
  let payload: Json = {};
  const path = env.GITHUB_EVENT_PATH;
  if (path) {
    try {
      payload = object(JSON.parse(readFileSync(path, 'utf8'))) ?? {};
    } catch {
      payload = {};
    }
  }
  return eventFromPayload(env, payload);
}

export function eventFromPayload(env: NodeJS.ProcessEnv, payload: Json): RunEvent {
  const name = env.GITHUB_EVENT_NAME ?? '';
  const repository = object(payload.repository);
  const [envOwner, envRepo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const owner = string(object(repository?.owner)?.login) ?? string(envOwner);
  const repo = string(repository?.name) ?? string(envRepo);

  const pr = object(payload.pull_request);
  let pullRequest: PullRequestInfo | null = null;
  if (pr) {
    const base = object(pr.base);
    const head = object(pr.head);
    const baseRepo = string(object(base?.repo)?.full_name);
    const headRepo = string(object(head?.repo)?.full_name);
    pullRequest = {
      number: typeof pr.number === 'number' ? pr.number : Number(payload.number ?? 0),
      baseSha: string(base?.sha),
      headSha: string(head?.sha),
      baseRepo,
      headRepo,
      fork: headRepo === null || baseRepo === null || headRepo.toLowerCase() !== baseRepo.toLowerCase(),
    };
  }

  let baseSha: string | null = null;
  if (pullRequest) baseSha = pullRequest.baseSha;
  else if (name === 'push') baseSha = string(payload.before);
  else if (name === 'merge_group') baseSha = string(object(payload.merge_group)?.base_sha);
  if (baseSha && ZERO_SHA.test(baseSha)) baseSha = null; // a new branch: no previous commit

  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  const runUrl =
    env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? `${serverUrl}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : null;

  return {
    name,
    untrusted: untrustedSource(
      name,
      payload,
      pullRequest,
      string(repository?.full_name) ?? env.GITHUB_REPOSITORY,
    ),
    ref: string(env.GITHUB_REF),
    sha: pullRequest?.headSha ?? string(env.GITHUB_SHA),
    owner,
    repo,
    defaultBranch: string(repository?.default_branch),
    pullRequest,
    baseSha,
    privateRepo: repository?.private === true,
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl,
    runUrl,
  };
}

/** Events whose payload carries text anyone can write: a comment, a review. */
const COMMENT_EVENTS = new Set([
  'issue_comment',
  'pull_request_review',
  'pull_request_review_comment',
  'discussion_comment',
]);

function untrustedSource(
  name: string,
  payload: Json,
  pullRequest: PullRequestInfo | null,
  repository: string | null | undefined,
): string | null {
  if (name === 'pull_request_target')
    return 'pull_request_target acts for a pull request that may come from a fork';
  if (pullRequest?.fork) return 'the pull request comes from a fork';
  if (COMMENT_EVENTS.has(name)) return `${name}: its content comes from a comment`;
  if (name === 'workflow_run') {
    // A run that a fork's pull request triggered: its artifacts and head are the fork's.
    const run = object(payload.workflow_run);
    const head = string(object(run?.head_repository)?.full_name);
    if (head === null || !repository || head.toLowerCase() !== repository.toLowerCase()) {
      return `workflow_run of ${head ?? 'an unknown repository'}, not this repository`;
    }
  }
  return null;
}
