// A small local fake of the GitHub REST endpoints the action calls: issue
// comments (paginated with Link headers, authored by the token's identity,
// created with POST and edited with PATCH), GET /user, a PR's file listing,
// the pull requests of a commit, file contents at a commit, and deployments
// with their statuses (github-deployments.ts). Every request is logged so tests can assert
// the exact sequence and count. Faults can be queued: a 502 as from GitHub's
// front end, or a primary or secondary rate limit answered as GitHub does.
// Where GitHub's REST description (@octokit/openapi) is exact, so is the fake:
// a file's path keeps its slashes (`x-multi-segment`; an encoded %2F is not
// found, as GitHub has answered it), the raw media type answers the file's
// bytes as text, and an API version other than the one supported is refused.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deploymentsFake, type DeploymentsFakeOptions, type FakeDeployment } from './github-deployments.ts';

export interface FakeUser {
  login: string;
  type: 'User' | 'Bot';
}

interface FakeComment {
  id: number;
  body: string;
  user: FakeUser;
  html_url: string;
}

export interface GitHubFakeOptions {
  /** The token the fake accepts. */
  token?: string;
  /** Who the token is. A Bot identity cannot read GET /user (like GITHUB_TOKEN). */
  identity?: FakeUser;
  /** Largest page of comments served, whatever per_page asks; default 100. */
  maxPerPage?: number;
  /** POST and PATCH answer 403 (the read-only token of a fork PR). */
  readOnly?: boolean;
  /** Listing comments answers 500. */
  failListing?: boolean;
  /** GET /user answers 500, as in an outage. */
  failUser?: boolean;
  /** The repository's commits and the token's deployments permission. */
  deployments?: DeploymentsFakeOptions;
}

/**
 * One answer given instead of the real one, to the first request that
 * matches (by method and path prefix, when given), then forgotten.
 */
interface FakeFault {
  method?: string;
  pathStartsWith?: string;
  /** `bad_gateway_after_write`: a POST of a comment or a deployment is written, and still answered 502. */
  kind: 'bad_gateway' | 'bad_gateway_after_write' | 'secondary_rate_limit' | 'rate_limit';
  /** retry-after (secondary) or seconds until x-ratelimit-reset (primary); default 1. */
  seconds?: number;
}

/** A file of a PR's listing (GET /repos/{o}/{r}/pulls/{n}/files). */
interface FakePullFile {
  filename: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  /** A renamed file's name before (the description's diff-entry). */
  previous_filename?: string;
}

/** A pull request as GET /repos/{o}/{r}/commits/{sha}/pulls lists it. */
interface FakeCommitPull {
  number: number;
  /** null while open; the merge instant once merged. */
  merged_at: string | null;
  head: { sha: string };
  html_url?: string;
}

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
  /** When it was answered (performance.now()): how long a client waited between two requests. */
  at: number;
}

/** The only X-GitHub-Api-Version the fake accepts (GitHub answers 400 to a version it does not support). */
export const SUPPORTED_API_VERSION = '2022-11-28';

export const ACTIONS_BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };

export interface GitHubFake {
  apiUrl: string;
  token: string;
  requests: LoggedRequest[];
  options: GitHubFakeOptions;
  /** Comments of an issue, oldest first. */
  comments(issue: number): FakeComment[];
  /** Adds a comment as `user` wrote it; `first` puts it before every other (posted before them). */
  addComment(issue: number, body: string, user: FakeUser, first?: boolean): FakeComment;
  /** Serves `text` for GET contents/{path}?ref={ref}. */
  setFile(ref: string, path: string, text: string): void;
  /** Sets the files GET pulls/{n}/files lists. */
  setPullFiles(pull: number, files: FakePullFile[]): void;
  /**
   * What GET pulls/{n} says of the pull request: its head commit (by default
   * the default event's, c…c), and how many files it changes (by default as
   * many as setPullFiles gave).
   */
  setPull(pull: number, head: { sha: string; changedFiles?: number }): void;
  /** Sets the pull requests GET commits/{sha}/pulls lists (merged ones carry merged_at). */
  setCommitPulls(sha: string, pulls: FakeCommitPull[]): void;
  /** Queues faults, answered in order to the requests they match. */
  fault(...faults: FakeFault[]): void;
  /** Every deployment, oldest first, with its statuses (oldest first). */
  deployments(): FakeDeployment[];
  close(): Promise<void>;
}

export async function startGitHubFake(options: GitHubFakeOptions = {}): Promise<GitHubFake> {
  const token = options.token ?? 'ghs_faketoken0123456789';
  const identity = options.identity ?? ACTIONS_BOT;
  const issues = new Map<number, FakeComment[]>();
  const files = new Map<string, string>();
  const pullFiles = new Map<number, FakePullFile[]>();
  const pullHeads = new Map<number, { sha: string; changedFiles?: number }>();
  const commitPulls = new Map<string, FakeCommitPull[]>();
  const faults: FakeFault[] = [];
  const requests: LoggedRequest[] = [];
  const deployments = deploymentsFake(options.deployments);
  let nextId = 1000;
  let apiUrl = '';

  const addComment = (issue: number, body: string, user: FakeUser, first = false): FakeComment => {
    const id = nextId++;
    const comment = {
      id,
      body,
      user,
      html_url: `https://github.example/o/r/pull/${issue}#issuecomment-${id}`,
    };
    const list = issues.get(issue) ?? [];
    if (first) list.unshift(comment);
    else list.push(comment);
    issues.set(issue, list);
    return comment;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string): number => {
    // Links point where the client came from: a proxied client asks by another name.
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? new URL(apiUrl).host}`);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
      return status;
    };
    // GitHub takes both schemes; Octokit sends `token`.
    const auth = req.headers.authorization;
    if (auth !== `Bearer ${token}` && auth !== `token ${token}`) {
      return send(401, { message: 'Bad credentials' });
    }
    const fault = faults.findIndex(
      (f) =>
        (f.method === undefined || f.method === req.method) &&
        (f.pathStartsWith === undefined || url.pathname.startsWith(f.pathStartsWith)),
    );
    if (fault !== -1) {
      const [{ kind, seconds = 1 }] = faults.splice(fault, 1) as [FakeFault];
      const commentPost = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname);
      if (kind === 'bad_gateway_after_write' && commentPost && req.method === 'POST') {
        addComment(Number(commentPost[1]), (JSON.parse(body) as { body: string }).body, identity);
      } else if (kind === 'bad_gateway_after_write') {
        deployments.route(req.method ?? 'GET', url, body);
      }
      if (kind === 'bad_gateway' || kind === 'bad_gateway_after_write') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return 502;
      }
      if (kind === 'secondary_rate_limit') {
        return send(
          403,
          {
            message:
              'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
            documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          },
          { 'retry-after': String(seconds), 'x-ratelimit-remaining': '4000' },
        );
      }
      return send(
        403,
        { message: 'API rate limit exceeded for installation.' },
        {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + seconds),
        },
      );
    }
    const forbidden = () => send(403, { message: 'Resource not accessible by integration' });
    const version = req.headers['x-github-api-version'];
    if (version !== undefined && version !== SUPPORTED_API_VERSION) {
      return send(400, { message: `Unsupported 'X-GitHub-Api-Version': ${String(version)}` });
    }

    if (req.method === 'GET' && url.pathname === '/user') {
      if (options.failUser) return send(500, { message: 'Server Error' });
      return identity.type === 'Bot'
        ? forbidden()
        : send(200, { login: identity.login, type: identity.type });
    }
    let match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      if (options.failListing) return send(500, { message: 'Server Error' });
      const list = issues.get(Number(match[1])) ?? [];
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), options.maxPerPage ?? 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = list.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = {};
      if (page * perPage < list.length) {
        const next = new URL(url);
        next.searchParams.set('page', String(page + 1));
        headers.link = `<${next.href}>; rel="next", <${url.origin}${url.pathname}?page=1>; rel="first"`;
      }
      return send(200, slice, headers);
    }
    if (match && req.method === 'POST') {
      if (options.readOnly) return forbidden();
      const { body: text } = JSON.parse(body) as { body: string };
      return send(201, addComment(Number(match[1]), text, identity));
    }
    match = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (match && req.method === 'PATCH') {
      if (options.readOnly) return forbidden();
      const comment = [...issues.values()].flat().find((c) => c.id === Number(match![1]));
      if (!comment) return send(404, { message: 'Not Found' });
      if (comment.user.login !== identity.login) return forbidden();
      comment.body = (JSON.parse(body) as { body: string }).body;
      return send(200, comment);
    }
    match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      const number = Number(match[1]);
      // Unset: the head of the runner's default pull request event (support/runner.ts).
      const head = pullHeads.get(number) ?? { sha: 'c'.repeat(40) };
      const changed = head.changedFiles ?? (pullFiles.get(number) ?? []).length;
      return send(200, { number, state: 'open', head: { sha: head.sha }, changed_files: changed });
    }
    match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/files$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      const list = pullFiles.get(Number(match[1])) ?? [];
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      const headers: Record<string, string> = {};
      if (page * perPage < list.length) {
        const next = new URL(url);
        next.searchParams.set('page', String(page + 1));
        headers.link = `<${next.href}>; rel="next"`;
      }
      return send(200, list.slice((page - 1) * perPage, page * perPage), headers);
    }
    if (/^\/repos\/[^/]+\/[^/]+\/pulls$/.test(url.pathname) && req.method === 'GET') {
      // The pull requests setPull made, the newest first: updated last, as GET pulls?sort=updated lists them.
      const pulls = [...pullHeads].sort(([a], [b]) => b - a);
      return send(
        200,
        pulls.map(([number, head]) => ({ number, state: 'closed', head: { sha: head.sha } })),
      );
    }
    match = /^\/repos\/([^/]+\/[^/]+)\/commits\/([^/]+)\/pulls$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      const repo = match[1]!;
      const pulls = (commitPulls.get(match[2]!) ?? []).map((pull) => ({
        html_url: `https://github.com/${repo}/pull/${pull.number}`,
        state: pull.merged_at ? 'closed' : 'open',
        ...pull,
      }));
      return send(200, pulls);
    }
    match = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      // Segments are separated by real slashes only: `content%2Fotter.yml` names no file.
      const path = match[1]!.split('/').map(decodeURIComponent).join('/');
      const text = /%2f/i.test(match[1]!) ? undefined : files.get(`${url.searchParams.get('ref')}:${path}`);
      if (text === undefined) return send(404, { message: 'Not Found' });
      if (/application\/vnd\.github(\.v3)?\.raw/.test(req.headers.accept ?? '')) {
        res.writeHead(200, {
          'content-type': 'text/plain; charset=utf-8',
          'x-github-media-type': 'github.v3; param=raw',
        });
        res.end(Buffer.from(text, 'utf8'));
        return 200;
      }
      return send(200, { type: 'file', encoding: 'base64', content: Buffer.from(text).toString('base64') });
    }
    const answer = deployments.route(req.method ?? 'GET', url, body);
    if (answer) return send(answer.status, answer.body, answer.headers);
    return send(404, { message: 'Not Found' });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = handle(req, res, body);
      requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        status,
        body,
        headers: req.headers,
        at: performance.now(),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl,
    token,
    requests,
    options,
    comments: (issue) => issues.get(issue) ?? [],
    addComment,
    setFile: (ref, path, text) => void files.set(`${ref}:${path}`, text),
    setPullFiles: (pull, list) => void pullFiles.set(pull, list),
    setPull: (pull, head) => void pullHeads.set(pull, head),
    setCommitPulls: (sha, list) => void commitPulls.set(sha, list),
    fault: (...queued) => void faults.push(...queued),
    deployments: deployments.deployments,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
