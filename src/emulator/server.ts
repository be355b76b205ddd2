// The HTTP pipeline: faults, authentication, routing, scopes, limits, handler.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { authenticate, hasScopes } from './auth.ts';
import type { Core, Reply } from './core.ts';
import { echoKey, type Faults } from './faults.ts';
import { HttpError } from './http-error.ts';
import { idempotencyKeyOf, once } from './idempotency.ts';
import { takeGenerationAllowance, videoCapReached } from './limits.ts';
import { endpointOf, matchRoute } from './routes.ts';
import type { Exchange, Interception } from './readings/types.ts';
import type { Route } from './routes.ts';
import { verifySignedUrl } from './shapes.ts';
import type { Fault, RequestLogEntry } from './types.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export interface ServerState {
  core: Core;
  faults: Faults;
  log: RequestLogEntry[];
  /** Pending waits of the pipeline, cleared on close. */
  timers: Set<NodeJS.Timeout>;
}

class Dropped extends Error {}

function wait(state: ServerState, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      resolve();
    }, ms);
    state.timers.add(timer);
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, { error: 'The request body exceeds 1 MiB.' }));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => reject(new Dropped()));
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, { error: 'The request body is not valid JSON.' });
  }
}

/** Error bodies: {error} everywhere, {success: false, error} on the subscription endpoint. */
function errorReply(error: HttpError, route: Route | null): Reply {
  const body = route?.errors === 'success' ? { success: false, ...error.body } : error.body;
  return { status: error.status, body, headers: error.headers };
}

function tooMany(seconds: number, limit: string): HttpError {
  return new HttpError(
    429,
    { error: 'rate_limited', limit, retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
}

async function handle(
  state: ServerState,
  req: IncomingMessage,
  entry: RequestLogEntry,
  exchange: Exchange,
): Promise<Reply> {
  const { core } = state;
  const { method } = exchange;
  const url = exchange.url;

  if (url.pathname.startsWith('/media/')) {
    if (method !== 'GET' || !verifySignedUrl(core.shapes, url)) {
      return { status: 403, body: { error: 'The signed URL is invalid or has expired.' } };
    }
    return { status: 200, body: Buffer.from('emulated media'), headers: { 'content-type': 'video/mp4' } };
  }
  if (!url.pathname.startsWith('/v1/')) {
    return { status: 404, body: { error: `No such path ${url.pathname}: the service lives under /v1.` } };
  }
  const path = exchange.path;
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matchRoute(method, path);
  } catch {
    match = null;
  }
  const errorsOf = match && 'route' in match ? match.route : null;
  try {
    const auth = authenticate(core.store, req.headers);
    if (!auth.ok) throw new HttpError(401, { error: auth.error });
    entry.user = auth.user.id;
    if (!match) throw new HttpError(404, { error: `No endpoint ${method} /v1${path}.` });
    if ('allowed' in match) {
      throw new HttpError(
        405,
        { error: `${method} is not allowed on /v1${path}.` },
        { allow: match.allowed.join(', ') },
      );
    }
    const { route } = match;
    const scopes = route.contentWrite ? [core.config.writes.contentWrites] : route.scopes;
    if (!hasScopes(auth.key, scopes)) {
      throw new HttpError(403, { error: 'insufficient_scope', required: [...scopes] });
    }
    // A POST whose key was seen is answered as the first time, without taking an allowance (idempotency.ts).
    const request = { method, user: auth.user.id, key: idempotencyKeyOf(req.headers) };
    return once(core, request, () => {
      if (route.limited) {
        const retry = takeGenerationAllowance(auth.user, core.clock, core.config);
        if (retry !== null) throw tooMany(retry, 'generation');
      }
      if (route.videoCap) {
        const retry = videoCapReached(auth.user, core.clock, core.config);
        if (retry !== null) throw tooMany(retry, 'daily_video_cap');
      }
      const body = route.method === 'GET' ? undefined : parseJson(exchange.body);
      return route.handle({ core, user: auth.user, key: auth.key, url, body, params: match.params });
    });
  } catch (error) {
    if (error instanceof HttpError) return errorReply(error, errorsOf);
    throw error;
  }
}

/** The request as the readings see it; the body is read here, once. */
async function exchangeOf(
  state: ServerState,
  req: IncomingMessage,
  entry: RequestLogEntry,
): Promise<Exchange> {
  const url = new URL(entry.path, 'http://emulator');
  const body = await readBody(req);
  const path = url.pathname.startsWith('/v1/') ? url.pathname.slice(3) : url.pathname;
  const endpoint = url.pathname.startsWith('/v1/') ? endpointOf(entry.method, path) : null;
  return { method: entry.method, path, endpoint, url, body, index: state.log.length - 1 };
}

/** The readings' interceptions in turn: the first answer, drop or loss wins; delays add up. */
async function intercept(state: ServerState, exchange: Exchange): Promise<Interception | null> {
  let lose: Interception | null = null;
  // Readings of how values are written (ids) translate the request before the others see it.
  const { hooks: all } = state.core.config;
  for (const hooks of [...all.filter((h) => h.late), ...all.filter((h) => !h.late)]) {
    const found = hooks.request?.(exchange, state.core);
    if (!found) continue;
    if ('delayMs' in found) await wait(state, found.delayMs);
    else if ('lose' in found) lose = found;
    else return found;
  }
  // A rewritten path is handled as if it had been asked for.
  exchange.url = new URL(
    `${exchange.url.pathname.startsWith('/v1/') ? '/v1' : ''}${exchange.path}${exchange.url.search}`,
    'http://emulator',
  );
  return lose;
}

function rewritten(state: ServerState, exchange: Exchange, reply: Reply): Reply {
  return state.core.config.hooks.reduce(
    (current, hooks) => (hooks.reply ? hooks.reply(exchange, current, state.core) : current),
    reply,
  );
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: Buffer | string;
  if (reply.status === 204) payload = '';
  else if (Buffer.isBuffer(reply.body)) payload = reply.body;
  else if (typeof reply.body === 'string') {
    payload = reply.body;
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else {
    payload = JSON.stringify(reply.body ?? null);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

async function onRequest(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const entry: RequestLogEntry = {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    status: 0,
    time: Date.now(),
    user: null,
  };
  const idempotencyKey = idempotencyKeyOf(req.headers);
  if (idempotencyKey !== null) entry.idempotencyKey = idempotencyKey;
  state.log.push(entry);
  await wait(state, state.faults.latencyMs);
  let fault = state.faults.take(entry.method, new URL(entry.path, 'http://emulator').pathname);
  if (fault) entry.fault = fault.kind;
  if (fault?.kind === 'latency') {
    await wait(state, fault.ms);
    fault = null;
  }
  if (fault?.kind === 'drop') {
    req.socket.destroy();
    return;
  }
  const exchange = await exchangeOf(state, req, entry);
  const interception = fault ? null : await intercept(state, exchange);
  if (interception && 'drop' in interception) {
    entry.fault = 'drop';
    req.socket.destroy();
    return;
  }
  let reply: Reply;
  if (fault?.kind === 'status') reply = injected(fault);
  else if (interception && 'reply' in interception) reply = interception.reply;
  else reply = rewritten(state, exchange, await handle(state, req, entry, exchange));
  entry.status = reply.status;
  if (state.faults.echoKey && reply.status >= 400)
    reply = { ...reply, body: echoKey(reply.body, req.headers) };
  if (fault?.kind === 'lose-response' || (interception && 'lose' in interception)) {
    // The write is applied; only the answer is lost.
    entry.fault = 'lose-response';
    req.socket.destroy();
    return;
  }
  send(res, reply);
}

function injected(fault: Extract<Fault, { kind: 'status' }>): Reply {
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  return {
    status: fault.status,
    body: fault.body ?? { error: `Injected fault: status ${fault.status}.` },
    headers,
  };
}

export function createEmulatorServer(state: ServerState): Server {
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    onRequest(state, req, res).catch((error: unknown) => {
      if (error instanceof Dropped) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, { status: 500, body: { error: `Emulator error: ${String(error)}` } });
    });
  });
  return server;
}
