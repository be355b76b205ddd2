// The deployments part of the fake GitHub (github-fake.ts), as GitHub's REST
// description (@octokit/openapi, "repos/*-deployment*") has them:
//   POST /repos/{o}/{r}/deployments               ref required and resolved to a commit (422 "No ref found
//                                                  for"); wrong types 422; commit statuses not success and
//                                                  no `required_contexts: []`: 409; `environment` default
//                                                  production, `production_environment` default true there
//   GET  /repos/{o}/{r}/deployments               filters sha, ref, task, environment; newest first; paged
//   GET  /repos/{o}/{r}/deployments/{id}          404 when unknown
//   POST /repos/{o}/{r}/deployments/{id}/statuses state of the enum; description <= 140 characters;
//                                                  log_url sets target_url; auto_inactive (default true)
//                                                  marks earlier non-transient, non-production deployments
//                                                  of the environment whose latest status is success inactive
//   GET  /repos/{o}/{r}/deployments/{id}/statuses newest first; paged
// The token's `deployments` permission decides: none refuses every request,
// read every write, with the 403 GitHub gives an installation token.

interface FakeDeploymentStatus {
  id: number;
  state: string;
  description: string;
  environment: string;
  environment_url: string;
  log_url: string;
  target_url: string;
  /** Added by GitHub itself (auto_inactive), not by a request. */
  auto: boolean;
}

export interface FakeDeployment {
  id: number;
  sha: string;
  ref: string;
  task: string;
  environment: string;
  payload: unknown;
  description: string | null;
  transient_environment: boolean;
  production_environment: boolean;
  /** As the request gave them (GitHub does not show them back). */
  asked: { auto_merge: unknown; required_contexts: unknown };
  /** Oldest first. */
  statuses: FakeDeploymentStatus[];
}

export interface DeploymentsFakeOptions {
  /** Branch name → commit SHA. */
  branches?: Record<string, string>;
  /** Further commits the repository has, by full SHA. */
  commits?: string[];
  /** Contexts whose commit status is not success: a deployment that does not waive them is refused 409. */
  pendingContexts?: string[];
  /** The token's `deployments` permission; default write. */
  permission?: 'none' | 'read' | 'write';
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const STATES = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success'];
const DESCRIPTION_LIMIT = 140;

const invalid = (message: string): Answer => ({
  status: 422,
  body: { message, documentation_url: 'https://docs.github.com/rest/deployments/deployments' },
});
const notFound: Answer = { status: 404, body: { message: 'Not Found' } };

/** The type of each field a body may carry; a value of another type is refused 422. */
function typeProblem(body: Record<string, unknown>, types: Record<string, string>): string | null {
  for (const [field, type] of Object.entries(types)) {
    const value = body[field];
    if (value === undefined) continue;
    const fits =
      type === 'string[]'
        ? Array.isArray(value) && value.every((entry) => typeof entry === 'string')
        : type === 'object|string'
          ? typeof value === 'string' ||
            (typeof value === 'object' && value !== null && !Array.isArray(value))
          : type === 'string|null'
            ? value === null || typeof value === 'string'
            : typeof value === type;
    if (!fits)
      return `Invalid request.\n\nFor 'properties/${field}', ${JSON.stringify(value)} is not a ${type}.`;
  }
  return null;
}

/** A page of `list` (per_page at most 100, default 30) and GitHub's Link header to the next one. */
function paged<T>(url: URL, list: T[]): Answer {
  const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
  const page = Number(url.searchParams.get('page') ?? 1);
  const headers: Record<string, string> = {};
  if (page * perPage < list.length) {
    const next = new URL(url);
    next.searchParams.set('page', String(page + 1));
    headers.link = `<${next.href}>; rel="next"`;
  }
  return { status: 200, body: list.slice((page - 1) * perPage, page * perPage), headers };
}

export function deploymentsFake(options: DeploymentsFakeOptions = {}) {
  const deployments: FakeDeployment[] = [];
  let nextId = 80_001;
  const branches = options.branches ?? {};
  const commits = new Set([...(options.commits ?? []), ...Object.values(branches)]);
  const resolve = (ref: string): string | null =>
    branches[ref.replace(/^refs\/heads\//, '')] ??
    (commits.has(ref.toLowerCase()) ? ref.toLowerCase() : null);

  function create(body: Record<string, unknown>): Answer {
    if (typeof body.ref !== 'string' || body.ref === '')
      return invalid(`Invalid request.\n\n"ref" wasn't supplied.`);
    const bad = typeProblem(body, {
      task: 'string',
      auto_merge: 'boolean',
      required_contexts: 'string[]',
      payload: 'object|string',
      environment: 'string',
      description: 'string|null',
      transient_environment: 'boolean',
      production_environment: 'boolean',
    });
    if (bad !== null) return invalid(bad);
    const sha = resolve(body.ref);
    if (sha === null) return invalid(`No ref found for: ${body.ref}`);
    const required = (body.required_contexts as string[] | undefined) ?? options.pendingContexts ?? [];
    const failing = required.filter((context) => options.pendingContexts?.includes(context));
    if (failing.length > 0) {
      return { status: 409, body: { message: `Conflict: Commit status checks failed for ${body.ref}.` } };
    }
    const environment = (body.environment as string | undefined) ?? 'production';
    const deployment: FakeDeployment = {
      id: nextId++,
      sha,
      ref: body.ref,
      task: (body.task as string | undefined) ?? 'deploy',
      environment,
      payload: body.payload ?? {},
      description: (body.description as string | null | undefined) ?? null,
      transient_environment: (body.transient_environment as boolean | undefined) ?? false,
      production_environment:
        (body.production_environment as boolean | undefined) ?? environment === 'production',
      asked: { auto_merge: body.auto_merge, required_contexts: body.required_contexts },
      statuses: [],
    };
    deployments.push(deployment);
    return { status: 201, body: shown(deployment) };
  }

  function addStatus(deployment: FakeDeployment, body: Record<string, unknown>): Answer {
    if (!STATES.includes(body.state as string)) {
      return invalid(
        `Invalid request.\n\n${JSON.stringify(body.state ?? null)} is not a member of ${JSON.stringify(STATES)}.`,
      );
    }
    const bad = typeProblem(body, {
      target_url: 'string',
      log_url: 'string',
      description: 'string',
      environment: 'string',
      environment_url: 'string',
      auto_inactive: 'boolean',
    });
    if (bad !== null) return invalid(bad);
    const description = (body.description as string | undefined) ?? '';
    if ([...description].length > DESCRIPTION_LIMIT) {
      return invalid('Validation Failed: description is too long (maximum is 140 characters)');
    }
    const environment =
      (body.environment as string | undefined) ??
      deployment.statuses.at(-1)?.environment ??
      deployment.environment;
    const logUrl = (body.log_url as string | undefined) ?? (body.target_url as string | undefined) ?? '';
    const status: FakeDeploymentStatus = {
      id: nextId++,
      state: body.state as string,
      description,
      environment,
      environment_url: (body.environment_url as string | undefined) ?? '',
      log_url: logUrl,
      target_url: logUrl,
      auto: false,
    };
    deployment.environment = environment;
    deployment.statuses.push(status);
    if (status.state === 'success' && body.auto_inactive !== false) markOthersInactive(deployment);
    return { status: 201, body: { ...status, auto: undefined } };
  }

  function markOthersInactive(deployment: FakeDeployment): void {
    for (const other of deployments) {
      if (other === deployment || other.id > deployment.id || other.environment !== deployment.environment)
        continue;
      if (other.transient_environment || other.production_environment) continue;
      const latest = other.statuses.at(-1);
      if (latest?.state !== 'success') continue;
      other.statuses.push({ ...latest, id: nextId++, state: 'inactive', description: '', auto: true });
    }
  }

  const shown = ({ asked: _asked, statuses: _statuses, ...deployment }: FakeDeployment) => deployment;

  function list(url: URL): Answer {
    const query = Object.fromEntries(url.searchParams);
    const matching = deployments.filter(
      (d) =>
        (query.sha === undefined || d.sha === query.sha) &&
        (query.ref === undefined || d.ref === query.ref) &&
        (query.task === undefined || d.task === query.task) &&
        (query.environment === undefined || d.environment === query.environment),
    );
    return paged(url, matching.reverse().map(shown));
  }

  /** The answer to a deployments request, or null when the path is not one of them. */
  function route(method: string, url: URL, text: string): Answer | null {
    const match = /^\/repos\/[^/]+\/[^/]+\/deployments(?:\/(\d+)(\/statuses)?)?$/.exec(url.pathname);
    if (!match) return null;
    const permission = options.permission ?? 'write';
    if (permission === 'none' || (permission === 'read' && method !== 'GET')) {
      return { status: 403, body: { message: 'Resource not accessible by integration' } };
    }
    let body: Record<string, unknown> = {};
    if (method === 'POST') {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return { status: 400, body: { message: 'Problems parsing JSON' } };
      }
    }
    if (match[1] === undefined)
      return method === 'POST' ? create(body) : method === 'GET' ? list(url) : notFound;
    const deployment = deployments.find((d) => d.id === Number(match[1]));
    if (!deployment) return notFound;
    if (match[2] === undefined) return method === 'GET' ? { status: 200, body: shown(deployment) } : notFound;
    if (method === 'POST') return addStatus(deployment, body);
    if (method === 'GET') {
      return paged(
        url,
        [...deployment.statuses].reverse().map((status) => ({ ...status, auto: undefined })),
      );
    }
    return notFound;
  }

  return { route, deployments: () => structuredClone(deployments) };
}
