// The endpoints of the interface, the scope each needs (A29) and which are
// rate limited (A31). Paths are relative to /v1.
import type { Scope } from '../interface/enumerations.ts';
import { createContent, editContent, getContent, listContents, listVersions } from './contents.ts';
import type { Call, Reply } from './core.ts';
import { generateVideo, getTaskStatus, processContent, upload } from './generation.ts';
import { creditsBody, listing, subscriptionBody } from './shapes.ts';

export interface Route {
  /** As the interface names it: `GET /contents/{id}`. */
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  pattern: RegExp;
  scopes: Scope[];
  /** Counts towards the per-user generation allowance. */
  limited: boolean;
  /** Also counts towards the daily video cap. */
  videoCap: boolean;
  /** POST /contents and PUT /contents/{id}: the scope is the dialect's choice (A29). */
  contentWrite: boolean;
  /** How error bodies of this endpoint look (interface, Deviating endpoints). */
  errors: 'error' | 'success';
  handle(call: Call): Reply;
}

const ID = '([^/]+)';

function route(
  method: Route['method'],
  path: string,
  scopes: Scope[],
  handle: Route['handle'],
  extra: Partial<Pick<Route, 'limited' | 'videoCap' | 'errors' | 'contentWrite'>> = {},
): Route {
  return {
    name: `${method} ${path.replaceAll(ID, '{id}')}`,
    method,
    pattern: new RegExp(`^${path}$`),
    scopes,
    limited: extra.limited ?? false,
    videoCap: extra.videoCap ?? false,
    contentWrite: extra.contentWrite ?? false,
    errors: extra.errors ?? 'error',
    handle,
  };
}

function listAccounts(call: Call): Reply {
  const rows = call.user.accounts.map((account) => ({ ...account }));
  const { accountsEnvelope } = call.core.config.listing;
  return { status: 200, body: listing(rows, call.url, call.core.shapes, undefined, accountsEnvelope) };
}

function credits(call: Call): Reply {
  return { status: 200, body: creditsBody(call.user.credits, call.core.shapes) };
}

function subscription(call: Call): Reply {
  return { status: 200, body: subscriptionBody(call.user, call.core.shapes) };
}

function introspect(call: Call): Reply {
  return { status: 200, body: { active: true, subject: call.user.id, scopes: [...call.key.scopes] } };
}

const ROUTES: readonly Route[] = [
  route('GET', '/contents', ['read'], listContents),
  route('POST', '/contents', [], createContent, { contentWrite: true }),
  route('POST', `/contents/upload/${ID}`, ['generate'], upload, { limited: true }),
  route('GET', `/contents/${ID}/versions`, ['read'], listVersions),
  route('GET', `/contents/${ID}`, ['read'], getContent),
  route('PUT', `/contents/${ID}`, [], editContent, { contentWrite: true }),
  route('POST', '/gen/process-content-async', ['generate'], processContent, { limited: true }),
  route('POST', '/gen/video', ['generate'], generateVideo, { limited: true, videoCap: true }),
  route('GET', `/gen/task-status/${ID}`, ['read'], getTaskStatus),
  route('GET', '/accounts', ['read'], listAccounts),
  route('GET', '/users/credits', ['read'], credits),
  route('GET', '/subscription/current', ['read'], subscription, { errors: 'success' }),
  route('GET', '/api-keys/introspect', [], introspect),
];

/** The endpoint a request is for, as the interface names it; null when none matches. */
export function endpointOf(method: string, path: string): string | null {
  return (
    ROUTES.find((candidate) => candidate.method === method && candidate.pattern.test(path))?.name ?? null
  );
}

export type Match = { route: Route; params: string[] } | { allowed: string[] } | null;

export function matchRoute(method: string, path: string): Match {
  const allowed: string[] = [];
  for (const candidate of ROUTES) {
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    if (candidate.method === method) {
      return { route: candidate, params: found.slice(1).map((p) => decodeURIComponent(p)) };
    }
    allowed.push(candidate.method);
  }
  return allowed.length > 0 ? { allowed } : null;
}
