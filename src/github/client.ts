import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';
import { USER_AGENT } from '../version.ts';

// Every GitHub REST call of the action goes through this Octokit: the
// toolkit's own client (@actions/github), which honours GITHUB_API_URL (GHES)
// and HTTPS_PROXY/HTTP_PROXY/NO_PROXY, with the retry plugin for 5xx answers
// and the throttling plugin for primary and secondary rate limits.

export type GitHubClient = ReturnType<typeof getOctokit>;

/** How often a rate-limited request is tried again before the call fails. */
const RATE_LIMIT_RETRIES = 2;
/** A wait GitHub asks for beyond this fails the call instead: the job should not sleep for an hour. */
const LONGEST_WAIT_SECONDS = 120;

export interface GitHubClientOptions {
  /** GITHUB_API_URL, for example https://api.github.com or https://ghe.example/api/v3. */
  apiUrl: string;
  token: string;
  /** Where the client says it waits for a rate limit. */
  log?: (message: string) => void;
  /**
   * Milliseconds per second of waiting that GitHub asks for (retry-after,
   * the rate-limit reset, the retry back-off); 1000 unless the environment
   * sets CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS, which tests shrink.
   */
  waitUnitMs?: number;
}

function waitUnit(options: GitHubClientOptions): number {
  if (options.waitUnitMs !== undefined) return options.waitUnitMs;
  const fromEnv = Number(process.env.CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS);
  return Number.isFinite(fromEnv) && fromEnv >= 0 && process.env.CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS
    ? fromEnv
    : 1000;
}

/**
 * The throttling plugin spaces writes 1 s apart, and writes that notify
 * people (a new comment) 3 s apart, as GitHub's guidance for secondary rate
 * limits asks. Its own groups have those seconds fixed; these are the same
 * groups counted in wait units, so tests that shrink GitHub's waits shrink
 * the spacing too. One pair per unit, shared by every client of the process
 * as the plugin shares its own.
 */
const WRITE_SPACING_SECONDS = { write: 1, notifications: 3 } as const;
const THROTTLE_GROUP_TIMEOUT_MS = 2 * 60 * 1000;

type WriteGroups = Record<keyof typeof WRITE_SPACING_SECONDS, Bottleneck.Group>;
const writeGroups = new Map<number, WriteGroups>();

/** Milliseconds between writes, and between writes that notify, for a wait unit. */
export function writeSpacingMs(unit: number): Record<keyof typeof WRITE_SPACING_SECONDS, number> {
  return {
    write: WRITE_SPACING_SECONDS.write * unit,
    notifications: WRITE_SPACING_SECONDS.notifications * unit,
  };
}

export function throttleGroups(unit: number): WriteGroups {
  let groups = writeGroups.get(unit);
  if (!groups) {
    const spacing = writeSpacingMs(unit);
    const group = (kind: keyof WriteGroups) =>
      new Bottleneck.Group({
        id: `octokit-${kind}`,
        maxConcurrent: 1,
        minTime: spacing[kind],
        timeout: THROTTLE_GROUP_TIMEOUT_MS,
      });
    groups = { write: group('write'), notifications: group('notifications') };
    writeGroups.set(unit, groups);
  }
  return groups;
}

/**
 * The REST API version every request names (GitHub's `X-GitHub-Api-Version`):
 * without it GitHub picks its default, which may change under the action.
 */
const GITHUB_API_VERSION = '2022-11-28';

/** A run's one client, made on first need: null when the workflow gave no token. */
export function clientOnFirstNeed(options: GitHubClientOptions): () => GitHubClient | null {
  let client: GitHubClient | null = null;
  return () => (options.token === '' ? null : (client ??= createGitHubClient(options)));
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const log = options.log ?? (() => {});
  const unit = waitUnit(options);
  const onLimit =
    (kind: string) =>
    (after: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      if (retryCount >= RATE_LIMIT_RETRIES || after > LONGEST_WAIT_SECONDS) return false;
      log(`GitHub's ${kind} rate limit on ${request.method} ${request.url}: trying again in ${after} s.`);
      return true;
    };
  const github = getOctokit(
    options.token,
    {
      baseUrl: options.apiUrl.replace(/\/+$/, ''),
      userAgent: USER_AGENT,
      retry: { retryAfterBaseValue: unit },
      throttle: {
        retryAfterBaseValue: unit,
        ...throttleGroups(unit),
        onRateLimit: onLimit('primary'),
        onSecondaryRateLimit: onLimit('secondary'),
      },
      // The toolkit's proxy-aware fetch, with a deadline per request: a
      // GitHub that never answers must not hold the job until it times out.
      request: { ...defaults.request, fetch: withDeadline(defaults.request?.fetch as typeof fetch) },
    },
    retry,
    throttling,
  );
  // Octokit has no option for a header on every request; a hook is its documented way.
  github.hook.before('request', (request) => {
    request.headers['x-github-api-version'] = GITHUB_API_VERSION;
  });
  return github;
}

const REQUEST_DEADLINE_MS = 30_000;

function withDeadline(send: typeof fetch): typeof fetch {
  return (url, init) =>
    send(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_DEADLINE_MS) });
}

/** The HTTP status of a failed Octokit call, or null for anything else. */
export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}
